// MonitorFleet through the real engine, as a TypeScript program declares it (tests/e2e/programs/fleet,
// mode `fleet`); the same lifecycle in YAML through the plugin: fleet-resource-yaml.test.ts.
import * as path from "node:path";
import { TestStack, collect, rawCheckpoint } from "../helpers/pulumi";
import { Json, SEEDED_ALERT, SEEDED_PAGE, adminCall, e2eFile, fails } from "../helpers/e2e";
import { monitorNames, seededPage, sending, serviceState, stateResources } from "../helpers/e2e";
import { expectStateIsService, expectFleetEdited, fleetDrift, fleetMembers } from "../helpers/fleets";
import { expectMembersAreService, fleetNamesUpTo } from "../helpers/fleets";

jest.setTimeout(600_000);

const { emulator, stack } = e2eFile();

const fleetStack = (count: number, extra: Record<string, string> = {}): Promise<TestStack> =>
  stack(path.join(__dirname, "programs/fleet"), {
    stackName: "fleet-resource",
    config: {
      "fleet:mode": "fleet",
      "fleet:count": String(count),
      "fleet:alert": SEEDED_ALERT,
      ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`fleet:${k}`, v])),
    },
  });

const monitorsInService = async (): Promise<Json[]> => (await serviceState(emulator)).monitors;

describe("a fleet of 300 with a page listing three of its members", () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await fleetStack(300, { page: SEEDED_PAGE });
  });

  test("up at --parallel 32: exactly the 300, two resources besides the stack; the line says what it does to the members", async () => {
    const out: string[] = [];
    const up = await t.stack.up({ parallel: 32, onOutput: collect(out) });
    expect(up.summary.resourceChanges).toMatchObject({ create: 3 });
    expect(await monitorNames(emulator)).toEqual(fleetNamesUpTo(300));
    await expectMembersAreService(t, emulator);
    expect(out.join("")).toContain("monitor fleet: create 300 (m0, m1, m2, m3, m4,");
    // The page lists the members' uuids, in the order the program gives them.
    const held = await fleetMembers(t);
    expect((await seededPage(emulator)).items).toEqual([held.m0.uuid, held.m1.uuid, held.m2.uuid]);
    expect(up.outputs.created.value).toBe(300);
  });

  test("refresh finds an edit and a deletion made outside Pulumi; one up puts both back, edits 10 (PATCHes), replaces the one whose alerts changed, deletes 20 removed", async () => {
    const before = await fleetDrift(t, emulator, () => t.stack.refresh({ parallel: 32 }));

    await t.stack.setAllConfig({
      "fleet:edited": { value: "10" },
      "fleet:generation": { value: "1" },
      "fleet:alerted": { value: "[15]" },
      "fleet:count": { value: "280" },
    });
    // The dynamic-provider host cannot plan an update's outputs: the page listing members shows as a possible change (docs/fleets.md).
    const preview = await t.stack.preview({ parallel: 32 });
    expect(preview.changeSummary).toEqual({ same: 1, update: 2 });
    const out: string[] = [];
    const [up, sent] = await sending(emulator, () => t.stack.up({ parallel: 32, onOutput: collect(out) }));
    expect(up.summary.resourceChanges).toMatchObject({ update: 1, same: 2 });
    await expectFleetEdited(t, emulator, before, sent);
    expect(out.join("")).toMatch(
      /monitor fleet: create 1 \(m21\); update 11 \(m0: interval, m1: interval, .*m20: interval\); replace 1 \(m15: alerts\); delete 20 \(m280, /,
    );
    const service = await monitorsInService();
    const at120 = service.filter((m) => m.intervalId === 120).map((m) => m.name);
    expect(at120.sort()).toEqual(fleetNamesUpTo(10));
    expect(service.find((m) => m.uuid === before.m20.uuid).intervalId).toBe(60);
    // The page unchanged.
    expect((await seededPage(emulator)).items).toEqual([before.m0.uuid, before.m1.uuid, before.m2.uuid]);
  });

  test("destroy deletes every member and releases the page, which stays", async () => {
    const [destroy, lines] = await sending(emulator, () => t.stack.destroy({ parallel: 32 }));
    expect(destroy.summary.resourceChanges).toMatchObject({ delete: 3 });
    expect(await monitorsInService()).toEqual([]);
    expect(lines).toHaveLength(280);
    expect(lines.every((l) => l.startsWith("DELETE /v1/monitors/"))).toBe(true);
    expect(await seededPage(emulator)).toBeDefined();
  });
});

/** Deletes every monitor through the emulator's admin API: the next test starts from an empty service, no engine run spent on it. */
async function emptyService(): Promise<void> {
  for (const m of await monitorsInService()) await adminCall(emulator, "DELETE", `/monitors/${m.uuid}`);
}

test("an up that fails for some members keeps exactly those it made; the next up makes the rest, none twice; a secret header value stored in no plain text", async () => {
  const secret = "Bearer fleet-secret-7d2c9e";
  const t = await fleetStack(50);
  await t.stack.setConfig("fleet:secretHeader", { value: secret, secret: true });
  await adminCall(emulator, "PUT", "/faults", {
    rules: [{ route: "POST /monitors", respond: { status: 422, body: '{"error":{"message":"refused"}}' }, times: 4 }],
  });
  // The engine prints why members failed, the four failing for one reason on one line, then what the state holds.
  const text = await fails((onOutput) => t.stack.up({ parallel: 32, onOutput }));
  const failed = text.match(/\* monitors\.m\d+(?:, monitors\.m\d+)*: POST \/monitors failed with 422 Unprocessable Entity: refused/g);
  expect(failed).toHaveLength(1);
  expect(failed![0].match(/monitors\.m\d+/g)).toHaveLength(4);
  expect(text).toContain("* the fleet's state records what was done (46 members), so running the command again retries only these");
  expect(Object.keys(await fleetMembers(t))).toHaveLength(46);
  await expectMembersAreService(t, emulator);
  // The header value wrapped in pulumi.secret() in each member: sent, never stored in plain text.
  expect(rawCheckpoint(t)).not.toContain("fleet-secret-7d2c9e");

  await adminCall(emulator, "PUT", "/faults", { rules: [] });
  expect((await sending(emulator, () => t.stack.up({ parallel: 32 })))[1]).toEqual(Array(4).fill("POST /v1/monitors"));
  expect(await monitorNames(emulator)).toEqual(fleetNamesUpTo(50));
  await expectMembersAreService(t, emulator);
  expect((await monitorsInService()).filter((m) => m.httpRequest?.headers?.[0]?.value === secret)).toHaveLength(50);
  expect(rawCheckpoint(t)).not.toContain("fleet-secret-7d2c9e");
  await emptyService();
});

test("moving monitors between Monitor resources and a fleet re-creates none, either way (README, MonitorFleet)", async () => {
  const t = await fleetStack(5, { mode: "uptime", retain: "true" });
  await t.stack.up({ parallel: 32 });
  const uuids = Object.fromEntries(((await monitorsInService()) as Json[]).map((m) => [m.name, m.uuid]));
  const adopt = JSON.stringify(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [String(i), uuids[`fleet-000${i}`]])));
  const all = Object.values(uuids).sort();
  const patchedEach = all.map((u) => `PATCH /v1/monitors/${u}`);
  const up = async () => (await sending(emulator, () => t.stack.up({ parallel: 32 })))[1].sort();

  // Into a fleet: the Monitors have retainOnDelete; the members take them over with adoptUuid.
  await t.stack.setAllConfig({ "fleet:mode": { value: "fleet" }, "fleet:adopt": { value: adopt } });
  expect(await up()).toEqual(patchedEach);
  const memberUuids = Object.values(await fleetMembers(t)).map((m) => m.uuid);
  expect(memberUuids.sort()).toEqual(all);
  expect((await stateResources(t)).filter((r) => r.type === "pulumi-nodejs:dynamic/uptime:Monitor")).toEqual([]);

  // Back to Monitor resources: the fleet has retainOnDelete; each Monitor takes its monitor over.
  await t.stack.setConfig("fleet:mode", { value: "uptime" });
  expect(await up()).toEqual(patchedEach);
  expect((await monitorsInService()).map((m) => m.uuid).sort()).toEqual(all);
  await expectStateIsService(t, emulator);
  await emptyService();
});
