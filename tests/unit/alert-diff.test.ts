// Alert diff: recipients compare as a multiset of (type, target), so reordering them, or the
// service's recipient uuids and timestamps, are no change; removed fields are; the PATCH body.
import type { AlertRecord } from "../../provider/api/schemas";
import { alertOutputs, alertRequestBody, diffAlert } from "../../provider/alert";
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

test("outputs: the record as returned, recipients with their uuids and timestamps, nulls dropped", () => {
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
});

test("reordered recipients are no change, whatever uuids and timestamps the service gave them", () => {
  const olds = stateFor(checked({ recipients: [EMAIL, SLACK, SMS] }));
  expect(diffAlert(olds, checked({ recipients: [SMS, EMAIL, SLACK] }))).toEqual({ changes: false, replaces: [], changed: [] });
  expect(diffAlert(olds, checked({ recipients: [{ type: "sms", target: "+1 415-555-0123" }, SLACK, EMAIL] })).changes).toBe(false);
});

test("a recipient added, removed or retargeted is a change of recipients", () => {
  const olds = stateFor(checked({ recipients: [EMAIL, SLACK, SMS] }));
  expect(diffAlert(olds, checked({ recipients: [EMAIL, SLACK] })).changed).toEqual(["recipients"]);
  expect(diffAlert(olds, checked({ recipients: [EMAIL, SLACK, SMS, { type: "call", target: "+14155550123" }] })).changed).toEqual([
    "recipients",
  ]);
  expect(diffAlert(olds, checked({ recipients: [EMAIL, SLACK, { type: "call", target: SMS.target }] })).changed).toEqual(["recipients"]);
});

test("recipients compare as a multiset: counts matter", () => {
  const twice = stateFor(checked({ recipients: [EMAIL] }), { ...RECORD, recipients: [served(EMAIL, 1), served(EMAIL, 2)] });
  expect(diffAlert(twice, checked({ recipients: [EMAIL] })).changed).toEqual(["recipients"]);
});

test("an empty recipient list equals the service's empty list", () => {
  const olds = stateFor(checked({ recipients: [] }), { ...RECORD, recipients: [] });
  expect(olds.recipients).toEqual([]);
  expect(diffAlert(olds, checked({ recipients: [] })).changes).toBe(false);
});

test("flags: a changed flag diffs, one never declared does not, one removed does", () => {
  const olds = stateFor(checked({ up: true, down: true }));
  expect(diffAlert(olds, checked({ up: true, down: true })).changes).toBe(false);
  expect(diffAlert(olds, checked({ up: false, down: true })).changed).toEqual(["up"]);
  expect(diffAlert(olds, checked({ up: true })).changed).toEqual(["down"]);
  expect(diffAlert(olds, checked({ up: true, down: true, maintenance: true })).changed).toEqual(["maintenance"]);
});

test("another uuid replaces the resource; unknown values count as changes", () => {
  const olds = stateFor(checked({ name: "On-call" }));
  expect(diffAlert(olds, checked({ uuid: "alert-2", name: "On-call" }))).toMatchObject({ replaces: ["uuid"] });
  expect(diffAlert(olds, { uuid: UUID, name: "On-call", recipients: [{ type: "email", target: UNKNOWN }] })).toMatchObject({
    changes: true,
    changed: ["recipients"],
  });
});

test("the PATCH body: declared fields, recipients as type and target only, null for removed ones", () => {
  const inputs = checked({ name: "On-call", up: true, recipients: [SLACK, EMAIL] });
  // check() puts the recipients in their canonical order (a set), and the body carries them so.
  expect(alertRequestBody(inputs, ["down", "recipients"])).toEqual({ name: "On-call", up: true, recipients: [EMAIL, SLACK], down: null });
  // Recipients as a refresh read them back from an older record: the service's own keys are never sent.
  expect(alertRequestBody(stored({ uuid: UUID, recipients: [served(EMAIL, 1)] }))).toEqual({ recipients: [EMAIL] });
});
