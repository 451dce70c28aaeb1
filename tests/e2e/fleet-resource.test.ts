// MonitorFleet through the real engine, as a TypeScript program declares it (tests/e2e/programs/fleet,
// mode `fleet`): 300 monitors as one resource at --parallel 32, a page listing three members; an empty
// preview sends nothing; an edit of 10 members is 10 PATCHes; an alerts change of one replaces that
// member only; removing 20 deletes 20; refresh finds an edit and a deletion made outside; destroy
// deletes every member and releases the page. A run that fails for some members keeps exactly what it
// made, and the next `up` makes the rest, none twice.
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { TestStack, collect, createStack, rawCheckpoint } from "../helpers/pulumi";
import { Json, SEEDED_ALERT, SEEDED_PAGE, adminCall, adminGet, clearRequests, mutating, requestLines } from "../helpers/e2e";
import { fleetNames } from "../helpers/rate-limit";
import { E2E_API_KEY, startE2eEmulator } from "../helpers/servers";

jest.setTimeout(600_000);

const PROGRAM = path.join(__dirname, "programs/fleet");
let emulator: RunningEmulator;
const stacks: TestStack[] = [];

beforeAll(async () => {
  emulator = await startE2eEmulator();
});
afterAll(async () => {
  for (const t of stacks) await t.remove();
  await emulator?.close();
});

async function fleetStack(count: number, extra: Record<string, string> = {}): Promise<TestStack> {
  const t = await createStack(PROGRAM, {
    stackName: "fleet-resource",
    config: {
      "uptime:baseUrl": { value: emulator.url },
      "uptime:apiKey": { value: E2E_API_KEY, secret: true },
      "fleet:mode": { value: "fleet" },
      "fleet:count": { value: String(count) },
      "fleet:alert": { value: SEEDED_ALERT },
      ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`fleet:${k}`, { value: v }])),
    },
  });
  stacks.push(t);
  return t;
}

/** The fleet's members as the state holds them, by name. */
async function members(t: TestStack): Promise<Record<string, Json>> {
  const { deployment } = await t.stack.exportStack();
  const fleet = (deployment.resources as Json[]).find((r) => r.type === "pulumi-nodejs:dynamic/uptime:MonitorFleet");
  return fleet?.outputs?.monitors ?? {};
}

/** The state's members are the service's monitors: same uuids, same names, none besides. */
async function expectStateIsService(t: TestStack): Promise<void> {
  const inState = Object.values(await members(t))
    .map((m) => `${m.uuid} ${m.name}`)
    .sort();
  const inService = ((await adminGet(emulator, "/state")).monitors as Json[]).map((m) => `${m.uuid} ${m.name}`).sort();
  expect(inState).toEqual(inService);
}

const monitorsInService = async (): Promise<Json[]> => (await adminGet(emulator, "/state")).monitors;

describe("a fleet of 300 with a page listing three of its members", () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await fleetStack(300, { page: SEEDED_PAGE });
  });

  test("up at --parallel 32: exactly the 300, two resources besides the stack; the line says what it does to the members", async () => {
    const out: string[] = [];
    const up = await t.stack.up({ parallel: 32, onOutput: collect(out) });
    expect(up.summary.resourceChanges).toMatchObject({ create: 3 });
    expect(await fleetNames(emulator)).toEqual(fleetNames.expected(300));
    await expectStateIsService(t);
    expect(out.join("")).toContain("monitor fleet: create 300 (m0, m1, m2, m3, m4,");
    // The page lists the members' uuids, in the order the program gives them.
    const held = await members(t);
    const page = (await adminGet(emulator, "/state")).pages.find((p: Json) => p.uuid === SEEDED_PAGE);
    expect(page.items).toEqual([held.m0.uuid, held.m1.uuid, held.m2.uuid]);
    expect(up.outputs.created.value).toBe(300);
  });

  test("a second preview is empty and sends nothing but the account check", async () => {
    await clearRequests(emulator);
    const preview = await t.stack.preview({ parallel: 32, expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 3 });
    expect(await requestLines(emulator)).toEqual(["GET /v1/webhooks"]);
  });

  test("an edit of 10 members: 10 PATCHes of those, nothing else; the page unchanged", async () => {
    const before = await members(t);
    await t.stack.setAllConfig({ "fleet:edited": { value: "10" }, "fleet:generation": { value: "1" } });
    // The dynamic-provider host cannot plan an update's outputs: the page listing members shows as a possible change (README).
    const preview = await t.stack.preview({ parallel: 32 });
    expect(preview.changeSummary).toEqual({ same: 1, update: 2 });
    await clearRequests(emulator);
    const out: string[] = [];
    const up = await t.stack.up({ parallel: 32, onOutput: collect(out) });
    expect(up.summary.resourceChanges).toMatchObject({ update: 1, same: 2 });
    const lines = mutating(await requestLines(emulator));
    expect(lines.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `PATCH /v1/monitors/${before[`m${i}`].uuid}`).sort());
    expect(out.join("")).toMatch(/monitor fleet: update 10 \(m0: interval, m1: interval, /);
    const service = await monitorsInService();
    expect(service.filter((m) => m.intervalId === 120).map((m) => m.name)).toEqual(fleetNames.expected(10));
  });

  test("an alerts change of one member replaces that member only: one POST, one DELETE of its old monitor", async () => {
    const before = await members(t);
    await t.stack.setConfig("fleet:alerted", { value: "[5]" });
    await clearRequests(emulator);
    const out: string[] = [];
    await t.stack.up({ parallel: 32, onOutput: collect(out) });
    expect(mutating(await requestLines(emulator))).toEqual(["POST /v1/monitors", `DELETE /v1/monitors/${before.m5.uuid}`]);
    const after = await members(t);
    expect(after.m5.uuid).not.toBe(before.m5.uuid);
    expect(after.m5.alerts).toEqual([SEEDED_ALERT]);
    for (const key of Object.keys(before)) if (key !== "m5") expect(after[key].uuid).toBe(before[key].uuid);
    expect(out.join("")).toContain("monitor fleet: replace 1 (m5: alerts)");
    await expectStateIsService(t);
  });

  test("removing 20 members deletes those 20", async () => {
    const before = await members(t);
    await t.stack.setConfig("fleet:count", { value: "280" });
    await clearRequests(emulator);
    await t.stack.up({ parallel: 32 });
    const removed = Array.from({ length: 20 }, (_, i) => `DELETE /v1/monitors/${before[`m${280 + i}`].uuid}`);
    expect(mutating(await requestLines(emulator)).sort()).toEqual(removed.sort());
    expect(await fleetNames(emulator)).toEqual(fleetNames.expected(280));
    await expectStateIsService(t);
  });

  test("refresh finds an edit and a deletion made outside Pulumi; the next up puts both back", async () => {
    const before = await members(t);
    await adminCall(emulator, "PATCH", `/monitors/${before.m20.uuid}`, { intervalId: 900 });
    await adminCall(emulator, "DELETE", `/monitors/${before.m21.uuid}`);
    await t.stack.refresh({ parallel: 32 });
    const refreshed = await members(t);
    expect(refreshed.m20.intervalId).toBe(900);
    expect(refreshed).not.toHaveProperty("m21");
    await clearRequests(emulator);
    await t.stack.up({ parallel: 32 });
    expect(mutating(await requestLines(emulator)).sort()).toEqual([`PATCH /v1/monitors/${before.m20.uuid}`, "POST /v1/monitors"]);
    expect(await fleetNames(emulator)).toEqual(fleetNames.expected(280));
    expect((await monitorsInService()).find((m) => m.uuid === before.m20.uuid).intervalId).toBe(60);
    await expectStateIsService(t);
  });

  test("destroy deletes every member and releases the page, which stays", async () => {
    await clearRequests(emulator);
    const destroy = await t.stack.destroy({ parallel: 32 });
    expect(destroy.summary.resourceChanges).toMatchObject({ delete: 3 });
    expect(await monitorsInService()).toEqual([]);
    const lines = mutating(await requestLines(emulator));
    expect(lines).toHaveLength(280);
    expect(lines.every((l) => l.startsWith("DELETE /v1/monitors/"))).toBe(true);
    expect((await adminGet(emulator, "/state")).pages.map((p: Json) => p.uuid)).toContain(SEEDED_PAGE);
  });
});

test("an up that fails for some members keeps exactly those it made; the next up makes the rest, none twice", async () => {
  const t = await fleetStack(50);
  await adminCall(emulator, "PUT", "/faults", {
    rules: [{ route: "POST /monitors", respond: { status: 422, body: '{"error":{"message":"refused"}}' }, times: 4 }],
  });
  const out: string[] = [];
  await expect(t.stack.up({ parallel: 32, onOutput: collect(out) })).rejects.toThrow();
  // The engine prints why members failed, the four failing for one reason on one line, then what the state holds.
  const text = out.join("");
  const failed = text.match(/\* monitors\.m\d+(?:, monitors\.m\d+)*: POST \/monitors failed with 422 Unprocessable Entity: refused/g);
  expect(failed).toHaveLength(1);
  expect(failed![0].match(/monitors\.m\d+/g)).toHaveLength(4);
  expect(text).toContain("* the fleet's state records what was done (46 members), so running the command again retries only these");
  expect(Object.keys(await members(t))).toHaveLength(46);
  await expectStateIsService(t);

  await adminCall(emulator, "PUT", "/faults", { rules: [] });
  await clearRequests(emulator);
  await t.stack.up({ parallel: 32 });
  expect(mutating(await requestLines(emulator))).toEqual(Array(4).fill("POST /v1/monitors"));
  expect(await fleetNames(emulator)).toEqual(fleetNames.expected(50));
  await expectStateIsService(t);
  await t.stack.destroy();
  expect(await monitorsInService()).toEqual([]);
});

test("moving monitors between Monitor resources and a fleet re-creates none, either way (README, MonitorFleet)", async () => {
  const t = await fleetStack(5, { mode: "uptime", retain: "true" });
  await t.stack.up({ parallel: 32 });
  const uuids = Object.fromEntries(((await monitorsInService()) as Json[]).map((m) => [m.name, m.uuid]));
  const adopt = JSON.stringify(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [String(i), uuids[`fleet-000${i}`]])));

  // Into a fleet: the Monitors have retainOnDelete; the members take them over with adoptUuid.
  await t.stack.setAllConfig({ "fleet:mode": { value: "fleet" }, "fleet:adopt": { value: adopt } });
  await clearRequests(emulator);
  await t.stack.up({ parallel: 32 });
  expect(mutating(await requestLines(emulator)).sort()).toEqual(
    Object.values(uuids)
      .map((u) => `PATCH /v1/monitors/${u}`)
      .sort(),
  );
  const held = await members(t);
  expect(
    Object.values(held)
      .map((m) => m.uuid)
      .sort(),
  ).toEqual(Object.values(uuids).sort());
  const { deployment } = await t.stack.exportStack();
  expect((deployment.resources as Json[]).filter((r) => r.type === "pulumi-nodejs:dynamic/uptime:Monitor")).toEqual([]);

  // A member removed with retainOnRemove is released: no request, still in the service, no longer in the state.
  await t.stack.setConfig("fleet:count", { value: "4" });
  await clearRequests(emulator);
  await t.stack.up({ parallel: 32 });
  expect(mutating(await requestLines(emulator))).toEqual([]);
  expect(await members(t)).not.toHaveProperty("m4");
  expect((await monitorsInService()).map((m) => m.uuid)).toContain(uuids["fleet-0004"]);

  // Back to Monitor resources: the fleet has retainOnDelete; each Monitor takes its monitor over.
  await t.stack.setAllConfig({ "fleet:mode": { value: "uptime" }, "fleet:count": { value: "5" } });
  await clearRequests(emulator);
  await t.stack.up({ parallel: 32 });
  expect(mutating(await requestLines(emulator)).sort()).toEqual(
    Object.values(uuids)
      .map((u) => `PATCH /v1/monitors/${u}`)
      .sort(),
  );
  expect((await monitorsInService()).map((m) => m.uuid).sort()).toEqual(Object.values(uuids).sort());
  await expectMonitorsAreService(t);
  await t.stack.setConfig("fleet:retain", { value: "false" });
  await t.stack.up({ parallel: 32 });
  await t.stack.destroy({ parallel: 32 });
  expect(await monitorsInService()).toEqual([]);
});

/** The stack's Monitor resources are the service's monitors. */
async function expectMonitorsAreService(t: TestStack): Promise<void> {
  const { deployment } = await t.stack.exportStack();
  const inState = (deployment.resources as Json[])
    .filter((r) => r.type === "pulumi-nodejs:dynamic/uptime:Monitor")
    .map((r) => `${r.id} ${r.outputs?.name}`)
    .sort();
  expect(inState).toEqual(((await monitorsInService()) as Json[]).map((m) => `${m.uuid} ${m.name}`).sort());
}

test("a header value wrapped in pulumi.secret() in a member is never stored in plain text", async () => {
  const secret = "Bearer fleet-secret-7d2c9e";
  const t = await fleetStack(3);
  await t.stack.setConfig("fleet:secretHeader", { value: secret, secret: true });
  await t.stack.up({ parallel: 32 });
  const service = await monitorsInService();
  expect(service.filter((m) => m.httpRequest?.headers?.[0]?.value === secret)).toHaveLength(3);
  expect(rawCheckpoint(t)).not.toContain("fleet-secret-7d2c9e");
  await t.stack.destroy();
  expect(await monitorsInService()).toEqual([]);
});

test("a wrong address: refresh and destroy fail with one line naming uptime:baseUrl for the members; nothing changes; the right address works", async () => {
  const t = await fleetStack(3);
  await t.stack.up({ parallel: 32 });
  const before = await members(t);
  const wrong = new URL(emulator.url).origin; // the API's address without its /v1
  await t.stack.setConfig("uptime:baseUrl", { value: wrong });
  await clearRequests(emulator);
  // With --run-program, as a changed setting needs (without it they use the settings of the last `up`).
  for (const run of [t.stack.refresh.bind(t.stack), t.stack.destroy.bind(t.stack)]) {
    const out: string[] = [];
    const error = await run({ parallel: 32, runProgram: true, onOutput: collect(out) }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toBeDefined();
    // The three members fail for one reason: one line names them and the setting, with the fix.
    const text = `${out.join("")}\n${error!.message}`;
    expect(text).toContain(`monitors.m0, monitors.m1, monitors.m2: uptime:baseUrl (${wrong}) does not answer as the service's API`);
    expect(text).toContain("ending in its version segment, e.g. https://<host>/v1");
    // What the message says running again does is what happens: nothing was changed by either.
    expect(text).toMatch(/the fleet's state is unchanged|the fleet stays in the stack as it was/);
  }
  // Nothing reached the service's API, and the state still holds the three.
  expect(mutating(await requestLines(emulator))).toEqual([]);
  expect(await members(t)).toEqual(before);
  expect(await monitorsInService()).toHaveLength(3);

  // The advice followed: the API's base address, with its version segment. Refresh finds the three as they are.
  await t.stack.setConfig("uptime:baseUrl", { value: emulator.url });
  const fixed = await t.stack.refresh({ parallel: 32, runProgram: true });
  expect(fixed.summary.resourceChanges).toEqual({ same: 2 });
  expect(await members(t)).toEqual(before);
  await expectStateIsService(t);
  await t.stack.destroy({ parallel: 32 });
  expect(await monitorsInService()).toEqual([]);
});
