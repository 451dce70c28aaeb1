// The Monitor's operations against the emulator: what create sends, drift seen by refresh, clearing
// fields, adoption, and a service that answers 404 or 405 (read-back without drift: monitor-properties).
import { ApiError } from "../../../provider/api/errors";
import { readSettings, settingWords } from "../../../provider/config";
import {
  MonitorInputs,
  MonitorOutputs,
  createMonitor,
  deleteMonitor,
  diffMonitor,
  readMonitor,
  updateMonitor,
} from "../../../provider/monitor";
import { monitorBody, testClient, useEmulator } from "../../helpers/emulator";
import { HTTP_FULL, HTTP_MIN } from "../../helpers/monitor-records";
import { checkedMonitor, found } from "../../helpers/checked";
import { rejection } from "../../helpers/rejection";

type Args = Record<string, unknown>;
const ALERT_1 = "alert-0001";
const ALERT_2 = "alert-0002";
const SEED = {
  alerts: [
    { uuid: ALERT_1, name: "On-call", recipients: [] },
    { uuid: ALERT_2, name: "Team", recipients: [] },
  ],
};

const { admin, t } = useEmulator({ seed: SEED, resetEach: true, testClient: {} });

const checked = checkedMonitor;
/** HTTP_MIN as a request body (its target as urn), for seeding through the admin API. */
const asSeeded = (extra: Args) => monitorBody({ name: HTTP_MIN.name, urn: HTTP_MIN.target, ...extra });

async function created(raw: Args): Promise<{ id: string; outs: MonitorOutputs; inputs: MonitorInputs }> {
  const inputs = checked(raw);
  const { id, outs } = await createMonitor(t.client, inputs);
  return { id, outs, inputs };
}

describe("create", () => {
  test("POSTs the declared fields in the API's names; the id is the uuid; the state is the record", async () => {
    const { id, outs } = await created({ ...HTTP_FULL, alerts: [ALERT_1], adoptUuid: undefined });
    const [stored] = await admin.monitors();
    expect(id).toBe(stored.uuid);
    expect(outs.uuid).toBe(id);
    expect(stored).toMatchObject({ name: "api", urn: HTTP_FULL.target, httpFollowRedirects: true, intervalId: 60, alerts: [ALERT_1] });
    // The base URL is checked once (the documented GET /webhooks) before the client's first creation.
    const [probe, post] = await admin.requests();
    expect(probe).toMatchObject({ method: "GET", route: "GET /webhooks", status: 200 });
    expect(post).toMatchObject({ method: "POST", route: "POST /monitors", status: 201 });
    expect(post.body).toMatchObject({ urn: HTTP_FULL.target, interval: 60, followRedirects: true, alerts: [ALERT_1] });
    expect(post.body).not.toHaveProperty("target");
    expect(outs).toMatchObject({ target: HTTP_FULL.target, intervalId: 60, httpFollowRedirects: true, alerts: [ALERT_1] });
    expect(outs.declaredFields).toContain("alerts");
  });

  test("an alert uuid the service does not know: the 422 names the field, a plain answer with no recovery advice", async () => {
    const error = await rejection(createMonitor(t.client, checked({ ...HTTP_MIN, alerts: ["no-such-alert"] })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/^POST \/monitors failed with 422 Unprocessable Entity: alerts\[0\]: no alert with uuid "no-such-alert"/);
    expect(error.message).not.toContain("adoptUuid");
  });
});

test("refresh: declared fields changed in the dashboard show as a diff, an alert attached as a replace; an undeclared one does not", async () => {
  const { id, outs, inputs } = await created({ ...HTTP_MIN, alerts: [ALERT_1] });
  await admin.drift(id, { name: "renamed by hand", description: "added by hand", alerts: [ALERT_1, ALERT_2] });
  const outcome = found(await readMonitor(t.client, id, outs));
  expect(outcome.props).toMatchObject({ name: "renamed by hand", description: "added by hand" });
  expect(outcome.props.declaredFields).toEqual(outs.declaredFields);
  expect(outcome.inputs).not.toHaveProperty("description");
  expect(diffMonitor(outcome.props, inputs)).toEqual({ changes: true, replaces: ["alerts"], changed: ["name", "alerts"] });
});

describe("update", () => {
  test("clearing fields: each removed field is sent as null and is empty afterwards", async () => {
    const { id, outs } = await created({ ...HTTP_FULL, alerts: [ALERT_1] });
    const next = checked({ ...HTTP_MIN, name: "api", target: HTTP_FULL.target, alerts: [ALERT_1] });
    const { outs: after } = await updateMonitor(t.client, id, outs, next);
    const patch = (await admin.requests()).find((r) => r.method === "PATCH");
    const stored = await admin.monitor(id);
    // Each field as the PATCH names it, as the record does, and the record's empty value.
    const cleared: [string, string, unknown][] = [
      ...["title", "timeout", "description", "degradedThreshold", "apdexThreshold", "httpRequest", "httpResponse", "maintenance"].map(
        (f): [string, string, unknown] => [f, f, null],
      ),
      ["followRedirects", "httpFollowRedirects", null],
      ["groups", "groups", []],
    ];
    for (const [field, recordField, empty] of cleared) {
      expect([field, patch.body[field], stored[recordField]]).toEqual([field, null, empty]);
    }
    expect(stored.alerts).toEqual([ALERT_1]);
    for (const field of ["title", "httpFollowRedirects", "groups", "httpRequest", "maintenance"]) expect(after).not.toHaveProperty(field);
    expect(after.declaredFields).toEqual(["name", "type", "target", "interval", "regions", "alerts"]);
    expect(diffMonitor(after, next).changes).toBe(false);
  });

  test("a field the program never declared is left as the dashboard set it", async () => {
    const { id, outs, inputs } = await created(HTTP_MIN);
    await admin.drift(id, { description: "by hand" });
    await updateMonitor(t.client, id, outs, { ...inputs, name: "web 2" });
    expect(await admin.monitor(id)).toMatchObject({ name: "web 2", description: "by hand" });
  });

  test("the monitor deleted in the dashboard: the message names it and the command that creates it again", async () => {
    const { id, outs, inputs } = await created(HTTP_MIN);
    await admin.remove(id);
    const journalKey = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/uptime:Monitor::web";
    const error = await rejection(updateMonitor(t.client, id, { ...outs, journalKey }, { ...inputs, name: "x" }));
    expect(error.message).toBe(
      `monitor "x" (${id}): the service has no such monitor any more (it was deleted outside Pulumi), so nothing was sent. ` +
        "Run `pulumi up --replace 'urn:pulumi:dev::p::pulumi-nodejs:dynamic/uptime:Monitor::web'` to create it again.",
    );
    expect(error.cause).toBeInstanceOf(ApiError);
  });
});

describe("adoption (adoptUuid)", () => {
  test("takes over an existing monitor with a PATCH to the declared state, no POST", async () => {
    const old = { name: "legacy", urn: "https://old.example.com", interval: 300, regions: [9], title: "Old" };
    const existing = await admin.createMonitor(monitorBody(old));
    await admin.clearRequests();
    const { id, outs, inputs } = await created({ ...HTTP_FULL, adoptUuid: existing.uuid });
    expect(id).toBe(existing.uuid);
    const log = await admin.requests();
    expect(log.map((r) => r.route)).toEqual(["PATCH /monitors/:uuid"]);
    expect(log[0].body).not.toHaveProperty("adoptUuid");
    expect(await admin.monitors()).toHaveLength(1);
    expect(await admin.monitor(id)).toMatchObject({ name: "api", urn: HTTP_FULL.target, regions: [1, 2, 3], title: "API" });
    expect(diffMonitor(outs, inputs).changes).toBe(false);
  });

  test("declared alerts equal to the adopted monitor's (in any order): adopted", async () => {
    const existing = await admin.createMonitor(asSeeded({ alerts: [ALERT_1, ALERT_2] }));
    const { id, outs } = await created({ ...HTTP_MIN, alerts: [ALERT_2, ALERT_1], adoptUuid: existing.uuid });
    expect(id).toBe(existing.uuid);
    expect(outs.alerts).toEqual([ALERT_1, ALERT_2]);
  });

  test("declared alerts that differ: an error that still hands the adopted monitor to the state", async () => {
    const existing = await admin.createMonitor(asSeeded({ alerts: [ALERT_1] }));
    type Adopted = Error & { id?: string; properties?: Args; reasons?: string[] };
    const error = await rejection<Adopted>(created({ ...HTTP_MIN, alerts: [ALERT_2], adoptUuid: existing.uuid }));
    expect(error.message).toMatch(/adopted .* but its alerts \["alert-0001"\] differ from the declared \["alert-0002"\]/);
    expect(error.message).toMatch(/Declare the alerts it has, or remove adoptUuid/);
    expect(error.id).toBe(existing.uuid);
    expect(error.properties).toMatchObject({ uuid: existing.uuid, name: "web" });
    expect(error.reasons).toEqual([expect.stringContaining("alerts")]);
  });

  test("an adoptUuid that does not exist: the message names adoptUuid and the uuid", async () => {
    await expect(created({ ...HTTP_MIN, adoptUuid: "no-such-monitor" })).rejects.toThrow(
      'monitor "web": adoptUuid "no-such-monitor": the service has no monitor with this uuid, so nothing was taken over.',
    );
  });
});

describe("a service that only has the documented routes (GET and DELETE answer 405)", () => {
  const { emulator: documented, admin: documentedAdmin, t: d } = useEmulator({ documentedOnly: true, testClient: {} });

  test("create, update and adoption work; delete: an error that says nothing was deleted and names the way to leave it", async () => {
    const { id, outs } = await createMonitor(d.client, checked(HTTP_MIN));
    expect((await updateMonitor(d.client, id, outs, checked({ ...HTTP_MIN, title: "T" }))).outs.title).toBe("T");
    expect((await createMonitor(d.client, checked({ ...HTTP_MIN, name: "again", adoptUuid: id }))).id).toBe(id);
    const error = await rejection(deleteMonitor(d.client, id, "web"));
    expect(error.message).toBe(
      `monitor "web" (${id}): the service does not allow deleting monitors through the API (DELETE answered 405); nothing was ` +
        "deleted, and it is still in the service. To drop it from the stack and leave it in the service, run the same command again " +
        "with UPTIME_DELETE_UNSUPPORTED=leave in the environment (a warning names each monitor left; delete it in the dashboard if " +
        "it should go). To make that the rule, run `pulumi config set uptime:deleteUnsupported leave` and `pulumi up`.",
    );
    expect(error.cause).toBeInstanceOf(ApiError);
  });

  test("under an Account: the rule it names is the Account's argument, and giving it leaves the monitor with a warning in its words", async () => {
    const words = settingWords("staging");
    const a = testClient(documented, { names: words });
    const { id } = await createMonitor(a.client, checked(HTTP_MIN));
    const error = await rejection(deleteMonitor(a.client, id, "web"));
    expect(error.message).toContain('To make that the rule, give Account "staging" deleteUnsupported: "leave" and run `pulumi up`.');
    // Following it: the Account's argument reaches its provider as its setting, and delete leaves the monitor.
    const onUnsupported = readSettings((key) => ({ deleteUnsupported: "leave" })[key], {}, words).deleteUnsupported ?? "fail";
    const warnings: string[] = [];
    await deleteMonitor(a.client, id, "web", { onUnsupported, warn: (m) => warnings.push(m) });
    expect(warnings).toEqual([expect.stringContaining('and deleteUnsupported of Account "staging" is "leave".')]);
    expect((await documentedAdmin.monitors()).map((m) => m.uuid)).toContain(id);
  });
});
