// The Alert provider against the emulator: taking a seeded alert over, reordered recipients that
// cause no update, updates and removals, refresh (release, unknown uuids and gone alerts: adopted-kinds.test.ts).
import { alerts, AlertOutputs } from "../../../provider/alert";
import { type Json, adminJson } from "../../helpers/emulator-http";
import { useEmulator } from "../../helpers/emulator";
import { checkedAlert, found } from "../../helpers/checked";

const ALERT = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";
const EMAIL = { type: "email", target: "oncall@acme.example" };
const SLACK = { type: "slack", target: "https://hooks.slack.com/services/T0/B0/X" };
const SMS = { type: "sms", target: "+14155550123" };

const { emulator, admin, client } = useEmulator({
  seed: {
    alerts: [{ uuid: ALERT, name: "On-call", up: false, down: true, maintenance: true, recipients: [{ ...EMAIL, uuid: "seeded-email" }] }],
  },
});

const storedAlert = () => admin.get(`/alerts/${ALERT}`);
const checked = (args: Record<string, unknown>) => checkedAlert({ uuid: ALERT, ...args });
/** The alert as most steps declare it, with `more` fields. */
const primary = (more: Record<string, unknown> = {}) => checked({ name: "Primary on-call", up: true, down: true, ...more });

let state: AlertOutputs;
/** Updates the alert from `olds` to `news`, keeping the new state; the one PATCH's body. */
async function update(news: ReturnType<typeof checked>, olds: AlertOutputs = state) {
  await admin.clearRequests();
  state = (await alerts.update(client, ALERT, olds, news)).outs;
  const [patch] = await admin.requests();
  return patch.body;
}

test("create takes the seeded alert over with one PATCH; outputs carry the recipients as the service returned them", async () => {
  await admin.clearRequests();
  const { id, outs } = await alerts.create(client, primary({ recipients: [SLACK, EMAIL] }));
  expect(id).toBe(ALERT);
  state = outs;

  const log = await admin.requests();
  expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /v1/alerts/${ALERT}`]);
  // Recipients are a set: check() puts them in one canonical order (type, then target).
  expect(log[0].body).toEqual({ name: "Primary on-call", up: true, down: true, recipients: [EMAIL, SLACK] });

  const alert = await storedAlert();
  expect(alert).toMatchObject({ name: "Primary on-call", up: true, down: true, maintenance: true });
  expect(outs.recipients).toEqual(alert.recipients);
  expect(outs.recipients).toContainEqual(expect.objectContaining({ ...EMAIL, uuid: "seeded-email" }));
  expect(outs).toMatchObject({ uuid: ALERT, maintenance: true, declaredFields: ["name", "up", "down", "recipients"] });
});

test("recipients in another order are no diff, so no update is made", async () => {
  expect(alerts.diff(state, primary({ recipients: [EMAIL, SLACK] }))).toEqual({ changes: false, replaces: [], changed: [] });
});

test("update PATCHes the full declared state; the recipients replace the list", async () => {
  const news = primary({ degraded: true, recipients: [{ type: "sms", target: "+1 415-555-0123" }, EMAIL] });
  expect(alerts.diff(state, news).changed).toEqual(["degraded", "recipients"]);
  expect(await update(news)).toEqual({ name: "Primary on-call", up: true, degraded: true, down: true, recipients: [EMAIL, SMS] });
  const alert = await storedAlert();
  expect(alert.recipients.map((r: Json) => `${r.type}:${r.target}`)).toEqual(["email:oncall@acme.example", "sms:+14155550123"]);
  expect(alert.recipients[0].uuid).toBe("seeded-email");
  expect(state.recipients).toEqual(alert.recipients);
  expect(alerts.diff(state, news).changes).toBe(false);
});

test("fields removed from the program are cleared with null", async () => {
  const news = primary();
  expect(alerts.diff(state, news).changed).toEqual(["degraded", "recipients"]);
  expect(await update(news)).toEqual({ name: "Primary on-call", up: true, down: true, degraded: null, recipients: null });
  expect(await storedAlert()).toMatchObject({ degraded: null, recipients: [] });
  expect(state.recipients).toEqual([]);
  expect(state.declaredFields).toEqual(["name", "up", "down"]);
});

test("refresh sees a recipient added in the dashboard, and the next diff puts the declared list back", async () => {
  const news = primary({ recipients: [EMAIL] });
  await update(news);
  await adminJson(emulator, "PATCH", `/alerts/${ALERT}`, { recipients: [EMAIL, SLACK] });
  const outcome = found(await alerts.read(client, ALERT, state));
  expect((outcome.props.recipients as Json[]).map((r) => r.type)).toEqual(["email", "slack"]);
  expect(outcome.inputs).toEqual({ uuid: ALERT, name: "Primary on-call", up: true, down: true, recipients: [EMAIL, SLACK] });
  expect(alerts.diff(outcome.props, news).changed).toEqual(["recipients"]);
  await update(news, outcome.props);
  expect((await storedAlert()).recipients.map((r: Json) => r.type)).toEqual(["email"]);
});
