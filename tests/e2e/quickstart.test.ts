// examples/quickstart through the real engine against the emulator: up, an empty second preview, an
// in-place edit, a replacement, drift put back, destroy, and what the state may never hold.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { REPO, TestStack, rawCheckpoint } from "../helpers/pulumi";
import { Json, SEEDED_ALERT, SEEDED_PAGE, adminCall, adminGet, clearRequests, exampleStack, mutating, requestLines } from "../helpers/e2e";
import { E2E_API_KEY, startE2eEmulator } from "../helpers/servers";

jest.setTimeout(300_000);

let emulator: RunningEmulator;
let t: TestStack;
const monitorsByName = async (): Promise<Record<string, Json>> =>
  Object.fromEntries((await adminGet(emulator, "/state")).monitors.map((m: Json) => [m.name, m]));

beforeAll(async () => {
  emulator = await startE2eEmulator();
  t = await exampleStack("quickstart", emulator);
});
afterAll(async () => {
  await t?.remove();
  await emulator?.close();
});

test("up creates both monitors and takes over the seeded alert and page", async () => {
  const up = await t.stack.up();
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toMatchObject({ create: 5 });

  const monitors = await monitorsByName();
  expect(Object.keys(monitors).sort()).toEqual(["Primary database", "Public API"]);
  const api = monitors["Public API"];
  expect(api).toMatchObject({ type: "https", intervalId: 60, httpFollowRedirects: true, alerts: [SEEDED_ALERT] });
  expect(api.httpRequest.headers).toEqual([
    { name: "Accept", value: "application/json" },
    { name: "X-Health-Token", value: "not-a-real-token" },
  ]);
  const db = monitors["Primary database"];
  expect(db).toMatchObject({ type: "tcp", urn: "db.acme.example:5432", intervalId: 120 });
  expect(db.tcpOptions).toMatchObject({ dataRequest: "PING", keywordResponse: "PONG", keywordResponseExists: true });
  expect(db.maintenance).toMatchObject({ days: [0, 6], timeZone: "Europe/Paris" });

  const state = await adminGet(emulator, "/state");
  const alert = state.alerts.find((a: Json) => a.uuid === SEEDED_ALERT);
  expect(alert.recipients.map((r: Json) => `${r.type}:${r.target}`).sort()).toEqual([
    "email:oncall@acme.example",
    "slack:https://hooks.slack.example/services/T000/B000/XXXX",
  ]);
  const page = state.pages.find((p: Json) => p.uuid === SEEDED_PAGE);
  expect(page.items).toEqual([api.uuid, db.uuid]);
  expect(page.logoFileBase64).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\//);
  const logo = await fetch(page.logoFileBase64);
  expect(Buffer.from(await logo.arrayBuffer())).toEqual(fs.readFileSync(path.join(REPO, "examples/quickstart/logo.svg")));

  expect(up.outputs.apiMonitor.value).toBe(api.uuid);
  expect(up.outputs.pageLogoUrl.value).toBe(page.logoFileBase64);
  expect(up.outputs.webhookCount.value).toBe(3);
});

test("a second preview proposes no change and sends no request that changes anything", async () => {
  await clearRequests(emulator);
  const preview = await t.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 5 });
  expect(mutating(await requestLines(emulator))).toEqual([]);
});

test("the state holds neither the API key nor the logo's base64", async () => {
  // The checkpoint as stored by the backend (the Automation API's exportStack decrypts secrets).
  const exported = rawCheckpoint(t);
  expect(exported).toContain("pulumi-nodejs:dynamic/uptime:Page");
  expect(exported).not.toContain(E2E_API_KEY);
  const logoBase64 = fs.readFileSync(path.join(REPO, "examples/quickstart/logo.svg")).toString("base64");
  expect(exported).not.toContain(logoBase64.slice(0, 40));
  expect(exported).not.toContain("not-a-real-token"); // the secret header value is encrypted
});

test("an in-place edit updates only the changed monitor, by one PATCH", async () => {
  await t.stack.setConfig("uptime-quickstart:apiInterval", { value: "120" });
  await clearRequests(emulator);
  const up = await t.stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ update: 1, same: 4 });
  const lines = mutating(await requestLines(emulator));
  expect(lines).toEqual([`PATCH /v1/monitors/${up.outputs.apiMonitor.value}`]);
  expect((await monitorsByName())["Public API"].intervalId).toBe(120);
});

test("giving the database monitor alerts replaces it: POST of the new one, DELETE of the old", async () => {
  const old = (await monitorsByName())["Primary database"].uuid;
  await t.stack.setConfig("uptime-quickstart:databaseAlerts", { value: "true" });
  await clearRequests(emulator);
  const up = await t.stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
  const lines = mutating(await requestLines(emulator));
  expect(lines).toContain("POST /v1/monitors");
  expect(lines).toContain(`DELETE /v1/monitors/${old}`);
  const db = (await monitorsByName())["Primary database"];
  expect(db.uuid).not.toBe(old);
  expect(db.alerts).toEqual([SEEDED_ALERT]);
  // The page lists the new monitor in the old one's place.
  const page = (await adminGet(emulator, "/state")).pages.find((p: Json) => p.uuid === SEEDED_PAGE);
  expect(page.items[1]).toBe(db.uuid);
});

test("drift: an out-of-band edit is shown by refresh and put back by up", async () => {
  const api = (await monitorsByName())["Public API"];
  await adminCall(emulator, "PATCH", `/monitors/${api.uuid}`, { name: "renamed in the dashboard", intervalId: 900 });
  const refresh = await t.stack.refresh();
  expect(refresh.summary.resourceChanges).toMatchObject({ update: 1 });
  const output: string[] = [];
  await t.stack.preview({ diff: true, onOutput: (l) => output.push(l) });
  // The preview shows the drifted fields being put back, and nothing else: the page lists the
  // monitor's uuid, which an update keeps (the SDK's `uuid` is the resource id, known in preview).
  expect(output.join("")).toMatch(/~ interval\s*: 900 => 120/);
  expect(output.join("")).not.toMatch(/uptime:Page: \(update\)/);
  expect(output.join("")).toMatch(/~ name\s*: "renamed in the dashboard" => "Public API"/);
  await clearRequests(emulator);
  const up = await t.stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ update: 1, same: 4 });
  expect(mutating(await requestLines(emulator))).toEqual([`PATCH /v1/monitors/${api.uuid}`]);
  expect((await monitorsByName())["Public API"]).toMatchObject({ uuid: api.uuid, intervalId: 120 });
});

test("drift: a monitor deleted out-of-band is created again", async () => {
  const db = (await monitorsByName())["Primary database"];
  await adminCall(emulator, "DELETE", `/monitors/${db.uuid}`);
  const refresh = await t.stack.refresh();
  expect(refresh.summary.resourceChanges).toMatchObject({ delete: 1 });
  const up = await t.stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 1 });
  const again = (await monitorsByName())["Primary database"];
  expect(again.uuid).not.toBe(db.uuid);
  const preview = await t.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 5 });
});

test("destroy deletes the monitors and leaves the page and the alert in the service, untouched", async () => {
  const before = await adminGet(emulator, "/state");
  await clearRequests(emulator);
  const destroy = await t.stack.destroy();
  expect(destroy.summary.resourceChanges).toMatchObject({ delete: 5 });
  const after = await adminGet(emulator, "/state");
  expect(after.monitors).toEqual([]);
  expect(after.pages).toEqual(before.pages);
  expect(after.alerts).toEqual(before.alerts);
  const lines = mutating(await requestLines(emulator));
  expect(lines.every((l) => l.startsWith("DELETE /v1/monitors/"))).toBe(true);
  expect(lines).toHaveLength(2);
});
