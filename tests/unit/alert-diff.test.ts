// Alert diff: recipients compare as a multiset of (type, target), so reordering them, or the
// service's recipient uuids and timestamps, are no change; removed fields are; the PATCH body.
import type { AlertRecord } from "../../provider/model/records";
import { alerts, alertOutputs, alertRequestBody } from "../../provider/alert";
import { UNKNOWN } from "../../provider/model/values";
import { checkedAlert, stored } from "../helpers/checked";

const UUID = "alert-1";
const EMAIL = { type: "email", target: "oncall@acme.example" };
const SLACK = { type: "slack", target: "https://hooks.slack.com/services/T0/B0/X" };
const SMS = { type: "sms", target: "+14155550123" };

const served = (r: { type: string; target: string }, n: number) => ({
  uuid: `r-${n}`,
  ...r,
  createdAt: `2026-01-0${n}T00:00:00.000Z`,
  updatedAt: `2026-01-0${n}T00:00:00.000Z`,
});

const RECORD: AlertRecord = {
  uuid: UUID,
  name: "On-call",
  up: true,
  degraded: null,
  disrupted: false,
  down: true,
  maintenance: null,
  recipients: [served(EMAIL, 1), served(SLACK, 2), served(SMS, 3)],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: null,
};

const checked = (args: Record<string, unknown>) => checkedAlert({ uuid: UUID, ...args });

const stateFor = (inputs: Record<string, unknown>, record: AlertRecord = RECORD) => alertOutputs(record, Object.keys(inputs));

test("outputs: the record as returned, recipients with their uuids and timestamps (an empty list kept), nulls dropped", () => {
  const outs = stateFor(checked({ name: "On-call", recipients: [EMAIL, SLACK, SMS] }));
  expect(outs).toEqual({
    uuid: UUID,
    name: "On-call",
    up: true,
    disrupted: false,
    down: true,
    recipients: [served(EMAIL, 1), served(SLACK, 2), served(SMS, 3)],
    createdAt: "2026-01-01T00:00:00.000Z",
    declaredFields: ["name", "recipients"],
  });
  // An empty list, the service's empty too: kept, and no change.
  const empty = stateFor(checked({ recipients: [] }), { ...RECORD, recipients: [] });
  expect(empty.recipients).toEqual([]);
  expect(alerts.diff(empty, checked({ recipients: [] })).changes).toBe(false);
});

const CALL = { type: "call", target: SMS.target };
const ALL = { recipients: [EMAIL, SLACK, SMS] };
const ONE = { recipients: [EMAIL] };
const FLAGS = { up: true, down: true };

// Recipients compare as a multiset of (type, target): order and the service's uuids and timestamps
// mean nothing, counts do. A flag diffs when changed or removed, not while never declared.
test.each<[string, Record<string, unknown>, Record<string, unknown>, string[], AlertRecord?]>([
  ["reordered recipients", ALL, { recipients: [SMS, EMAIL, SLACK] }, []],
  ["reordered, a phone number spaced out", ALL, { recipients: [{ ...SMS, target: "+1 415-555-0123" }, SLACK, EMAIL] }, []],
  ["a recipient removed", ALL, { recipients: [EMAIL, SLACK] }, ["recipients"]],
  ["a recipient added", ALL, { recipients: [EMAIL, SLACK, SMS, CALL] }, ["recipients"]],
  ["a recipient's type changed", ALL, { recipients: [EMAIL, SLACK, CALL] }, ["recipients"]],
  ["one recipient the service holds twice", ONE, ONE, ["recipients"], { ...RECORD, recipients: [served(EMAIL, 1), served(EMAIL, 2)] }],
  ["the same flags", FLAGS, FLAGS, []],
  ["a flag changed", FLAGS, { up: false, down: true }, ["up"]],
  ["a flag removed", FLAGS, { up: true }, ["down"]],
  ["a flag declared that was not", FLAGS, { ...FLAGS, maintenance: true }, ["maintenance"]],
])("%s", (_name, before, after, changed, ...[record]) => {
  expect(alerts.diff(stateFor(checked(before), record), checked(after))).toEqual({ changes: changed.length > 0, replaces: [], changed });
});

test("another uuid replaces the resource; unknown values count as changes", () => {
  const olds = stateFor(checked({ name: "On-call" }));
  expect(alerts.diff(olds, checked({ uuid: "alert-2", name: "On-call" }))).toMatchObject({ replaces: ["uuid"] });
  expect(alerts.diff(olds, { uuid: UUID, name: "On-call", recipients: [{ type: "email", target: UNKNOWN }] })).toMatchObject({
    changes: true,
    changed: ["recipients"],
  });
});

// Recipients in their canonical order, null for removed fields: integration/provider/adopted-kinds.test.ts.
test("the PATCH body sends recipients as type and target only, never the service's own keys", () => {
  // Recipients as a refresh read them back from an older record.
  expect(alertRequestBody(stored({ uuid: UUID, recipients: [served(EMAIL, 1)] }))).toEqual({ recipients: [EMAIL] });
});
