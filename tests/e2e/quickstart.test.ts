// examples/quickstart through the real engine against the emulator. Its Monitor, Page and Alert are
// dynamic resources: this is also the engine, the Node.js language host and the dynamic-provider host working together.
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO, TestStack, rawCheckpoint } from "../helpers/pulumi";
import { Json, SEEDED_ALERT, adminCall, e2eFile, seededPage, sending, serviceState, stateResources } from "../helpers/e2e";

jest.setTimeout(300_000);

const { emulator, stack } = e2eFile();
let t: TestStack;
beforeAll(async () => (t = await stack("quickstart")));
const monitorsByName = async (): Promise<Record<string, Json>> =>
  Object.fromEntries((await serviceState(emulator)).monitors.map((m) => [m.name, m]));

test("up creates both monitors and takes over the seeded alert and page", async () => {
  const up = await t.stack.up();
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toMatchObject({ create: 5 });

  const monitors = await monitorsByName();
  expect(Object.keys(monitors).sort()).toEqual(["Primary database", "Public API"]);
  const { "Public API": api, "Primary database": db } = monitors;
  expect(api).toMatchObject({ type: "https", intervalId: 60, httpFollowRedirects: true, alerts: [SEEDED_ALERT] });
  expect(api.httpRequest.headers).toEqual([
    { name: "Accept", value: "application/json" },
    { name: "X-Health-Token", value: "not-a-real-token" },
  ]);
  expect(db).toMatchObject({ type: "tcp", urn: "db.acme.example:5432", intervalId: 120 });
  expect(db.tcpOptions).toMatchObject({ dataRequest: "PING", keywordResponse: "PONG", keywordResponseExists: true });
  expect(db.maintenance).toMatchObject({ days: [0, 6], timeZone: "Europe/Paris" });

  const alert = (await serviceState(emulator)).alerts.find((a) => a.uuid === SEEDED_ALERT);
  expect(alert.recipients.map((r: Json) => `${r.type}:${r.target}`).sort()).toEqual([
    "email:oncall@acme.example",
    "slack:https://hooks.slack.example/services/T000/B000/XXXX",
  ]);
  const page = await seededPage(emulator);
  expect(page.items).toEqual([api.uuid, db.uuid]);
  expect(page.logoFileBase64).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\//);
  const logo = await fetch(page.logoFileBase64);
  expect(Buffer.from(await logo.arrayBuffer())).toEqual(fs.readFileSync(path.join(REPO, "examples/quickstart/logo.svg")));

  expect(up.outputs.apiMonitor.value).toBe(api.uuid);
  expect(up.outputs.pageLogoUrl.value).toBe(page.logoFileBase64);
  expect(up.outputs.webhookCount.value).toBe(3);
});

test("a second preview proposes no change and sends no request that changes anything", async () => {
  const [preview, sent] = await sending(emulator, () => t.stack.preview({ expectNoChanges: true }));
  expect(preview.changeSummary).toEqual({ same: 5 });
  expect(sent).toEqual([]);
});

test("the state holds no logo's base64 (the key and the header value: secrets.test.ts)", async () => {
  // The checkpoint as stored by the backend (the Automation API's exportStack decrypts secrets).
  const exported = rawCheckpoint(t);
  expect(exported).toContain("pulumi-nodejs:dynamic/uptime:Page");
  const logoBase64 = fs.readFileSync(path.join(REPO, "examples/quickstart/logo.svg")).toString("base64");
  expect(exported).not.toContain(logoBase64.slice(0, 40));
});

test("one up: the in-place edit is one PATCH of the changed monitor; giving the database monitor alerts replaces it (POST, then DELETE of the old)", async () => {
  const api = (await monitorsByName())["Public API"].uuid;
  const old = (await monitorsByName())["Primary database"].uuid;
  await t.stack.setAllConfig({
    "uptime-quickstart:apiInterval": { value: "120" },
    "uptime-quickstart:databaseAlerts": { value: "true" },
  });
  const [up, lines] = await sending(emulator, () => t.stack.up());
  expect(up.summary.resourceChanges).toEqual({ same: 2, update: 2, replace: 1 }); // the API monitor; the page listing the new one
  expect(lines.filter((l) => l.includes("/v1/monitors")).sort()).toEqual([
    `DELETE /v1/monitors/${old}`,
    `PATCH /v1/monitors/${api}`,
    "POST /v1/monitors",
  ]);
  expect(lines.indexOf("POST /v1/monitors")).toBeLessThan(lines.indexOf(`DELETE /v1/monitors/${old}`));
  expect((await monitorsByName())["Public API"].intervalId).toBe(120);
  const db = (await monitorsByName())["Primary database"];
  expect(db.uuid).not.toBe(old);
  expect(db.alerts).toEqual([SEEDED_ALERT]);
  // The page lists the new monitor in the old one's place.
  expect((await seededPage(emulator)).items[1]).toBe(db.uuid);
});

test("drift: an out-of-band edit and a deletion are shown by one refresh; up puts the edit back and creates the deleted monitor again", async () => {
  const { "Public API": api, "Primary database": db } = await monitorsByName();
  await adminCall(emulator, "PATCH", `/monitors/${api.uuid}`, { name: "renamed in the dashboard", intervalId: 900 });
  await adminCall(emulator, "DELETE", `/monitors/${db.uuid}`);
  const refresh = await t.stack.refresh();
  expect(refresh.summary.resourceChanges).toMatchObject({ update: 1, delete: 1 });
  const output: string[] = [];
  await t.stack.preview({ diff: true, onOutput: (l) => output.push(l) });
  // The preview shows the drifted fields being put back. The page's first item, that monitor's uuid, stays
  // known (an update keeps it: the SDK's `uuid` is the resource id, known in preview); only the re-created one's is not.
  const text = output.join("");
  expect(text).toMatch(/~ interval\s*: 900 => 120/);
  expect(text).toMatch(/~ name\s*: "renamed in the dashboard" => "Public API"/);
  expect(text).toMatch(new RegExp(`~ items\\s*: \\[\\s*\\[0\\]: "${api.uuid}"\\s*~ \\[1\\]: "${db.uuid}" => \\[unknown\\]\\s*\\]`));
  const [up, sent] = await sending(emulator, () => t.stack.up());
  expect(up.summary.resourceChanges).toEqual({ same: 2, update: 2, create: 1 }); // the page lists the new one
  const toMonitors = sent.filter((l) => l.includes("/v1/monitors"));
  expect(toMonitors.sort()).toEqual([`PATCH /v1/monitors/${api.uuid}`, "POST /v1/monitors"]);
  expect((await monitorsByName())["Public API"]).toMatchObject({ uuid: api.uuid, intervalId: 120 });
  expect((await monitorsByName())["Primary database"].uuid).not.toBe(db.uuid);
});

test("destroy deletes the monitors and leaves the page and the alert in the service, untouched", async () => {
  const before = await serviceState(emulator);
  const [destroy, lines] = await sending(emulator, () => t.stack.destroy());
  expect(destroy.summary.resourceChanges).toMatchObject({ delete: 5 });
  const after = await serviceState(emulator);
  expect(after.monitors).toEqual([]);
  expect(after.pages).toEqual(before.pages);
  expect(after.alerts).toEqual(before.alerts);
  expect(lines.every((l) => l.startsWith("DELETE /v1/monitors/"))).toBe(true);
  expect(lines).toHaveLength(2);
  expect(await stateResources(t)).toHaveLength(0);
});
