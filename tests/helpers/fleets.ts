// What the e2e files of fleets (rate limits, MonitorFleet, killed runs) check, and the scenarios both faces run.
import type { RunningEmulator } from "../../emulator/types";
import { type Json, SEEDED_ALERT, adminCall, adminGet, clearRequests, monitorNames, requestLines, serviceState } from "./e2e";
import { stateResources } from "./e2e";
import { type TestStack, collect } from "./pulumi";

/** Fleet program names: its first `n` monitors, `fleet-0000` on, sorted. */
export const fleetNamesUpTo = (n: number) => Array.from({ length: n }, (_, i) => `fleet-${String(i).padStart(4, "0")}`).sort();

/** Every monitor of the stack is in the service under its id, and the service holds no other. */
export async function expectStateIsService(t: TestStack, emulator: RunningEmulator): Promise<void> {
  const inState = (await stateResources(t)).filter((r) => /uptime:(index:)?Monitor$/.test(r.type)).map((r) => `${r.id} ${r.outputs?.name}`);
  const inService = (await serviceState(emulator)).monitors.map((m) => `${m.uuid} ${m.name}`);
  expect(inState.sort()).toEqual(inService.sort());
}

/** The emulator's counters since they were last cleared: requests, those the limit refused, by route. */
export async function rateLimitShare(emulator: RunningEmulator): Promise<{ text: string; byRoute: Record<string, number> }> {
  const counters = await adminGet(emulator, "/counters");
  const total = counters.requestsTotal as number;
  const refused = counters.rateLimited as number;
  const share = total > 0 ? (100 * refused) / total : 0;
  return { text: `${total} requests, ${refused} answered 429 (${share.toFixed(1)}%)`, byRoute: counters.requestsByRoute };
}

/**
 * The paced fleet of both faces (rate-limit*.test.ts), 300 monitors at --parallel 32 against 10 requests/s: up,
 * exactly the 300, the pacing said without --debug; an empty preview sending only the account check; destroy.
 */
export async function pacedFleetLifecycle(t: TestStack, emulator: RunningEmulator, face: string): Promise<void> {
  const out: string[] = [];
  const started = Date.now();
  const up = await t.stack.up({ parallel: 32, onOutput: collect(out) });
  const upSeconds = (Date.now() - started) / 1000;
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toMatchObject({ create: 301 });
  expect(await monitorNames(emulator)).toEqual(fleetNamesUpTo(300));
  await expectStateIsService(t, emulator);
  // That the run is paced, at what pace and what waits (the line every 10 s: rate-limit.test.ts).
  const text = out.join("");
  expect(text).toMatch(
    /uptime: the service limits requests \(429 Too Many Requests\): pacing to \d+(\.\d)?\/s \(about \d+ s per 100 requests\); \d+ requests waiting/,
  );
  const share = await rateLimitShare(emulator);
  console.log(
    `${face}: up of 300 at 10/s, --parallel 32: ${upSeconds.toFixed(1)} s (${(upSeconds / 30).toFixed(2)}x N/rps), ${share.text}`,
  );
  console.log([...new Set(text.split("\n").map((l) => /uptime: .*/.exec(l)?.[0]))].filter(Boolean).join("\n"));

  await clearRequests(emulator);
  const preview = await t.stack.preview({ parallel: 32, expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 301 });
  // Nothing but the account check, once (provider/session.ts accountProblem).
  expect(await requestLines(emulator)).toEqual(["GET /v1/webhooks"]);

  await adminCall(emulator, "DELETE", "/counters");
  const destroyStarted = Date.now();
  const destroy = await t.stack.destroy({ parallel: 32 });
  expect(destroy.summary.result).toBe("succeeded");
  expect(destroy.summary.resourceChanges).toMatchObject({ delete: 301 });
  expect((await serviceState(emulator)).monitors).toEqual([]);
  const deletes = await rateLimitShare(emulator);
  console.log(`${face}: destroy of 300: ${((Date.now() - destroyStarted) / 1000).toFixed(1)} s, ${deletes.text}`);
  expect(deletes.byRoute["DELETE /monitors/:uuid"]).toBeGreaterThanOrEqual(300);
}

/** A stack's MonitorFleet members as the state holds them, by key; `type`: the fleet's, on either face. */
export async function fleetMembers(t: TestStack, type = "pulumi-nodejs:dynamic/uptime:MonitorFleet"): Promise<Record<string, Json>> {
  return (await stateResources(t)).find((r) => r.type === type)?.outputs?.monitors ?? {};
}

/** The state's fleet members are the service's monitors: same uuids, same names, none besides. */
export async function expectMembersAreService(t: TestStack, emulator: RunningEmulator, type?: string): Promise<void> {
  const pairs = (list: Json[]) => list.map((m) => `${m.uuid} ${m.name}`).sort();
  expect(pairs(Object.values(await fleetMembers(t, type)))).toEqual(pairs((await serviceState(emulator)).monitors));
}

/**
 * The fleet scenario of both faces (fleet-resource*.test.ts): m20 edited and m21 deleted outside Pulumi, then
 * a refresh (`refresh`), which must find both. Returns the members as they were before.
 */
export async function fleetDrift(t: TestStack, emulator: RunningEmulator, refresh: () => Promise<unknown>, type?: string) {
  const before = await fleetMembers(t, type);
  await adminCall(emulator, "PATCH", `/monitors/${before.m20.uuid}`, { intervalId: 900 });
  await adminCall(emulator, "DELETE", `/monitors/${before.m21.uuid}`);
  await refresh();
  const refreshed = await fleetMembers(t, type);
  expect(refreshed.m20.intervalId).toBe(900);
  expect(refreshed).not.toHaveProperty("m21");
  return before;
}

/**
 * After the one up of fleetDrift's scenario (10 edited, m15 given an alert, 280 kept): exactly the requests that needs
 * (`sent`); m15 replaced with its alert, every other member its uuid, and the state is the service.
 */
export async function expectFleetEdited(
  t: TestStack,
  emulator: RunningEmulator,
  before: Record<string, Json>,
  sent: string[],
  type?: string,
) {
  const keys = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `m${from + i}`);
  expect(sent.sort()).toEqual(
    [
      ...[...keys(10), "m20"].map((k) => `PATCH /v1/monitors/${before[k].uuid}`),
      ...["POST /v1/monitors", "POST /v1/monitors"], // m21, made again; m15's replacement
      ...["m15", ...keys(20, 280)].map((k) => `DELETE /v1/monitors/${before[k].uuid}`),
    ].sort(),
  );
  const after = await fleetMembers(t, type);
  expect(after.m15).toMatchObject({ alerts: [SEEDED_ALERT], uuid: expect.not.stringMatching(before.m15.uuid) });
  for (const key of Object.keys(after)) if (!["m15", "m21"].includes(key)) expect(after[key].uuid).toBe(before[key].uuid);
  expect(await monitorNames(emulator)).toEqual(fleetNamesUpTo(280));
  await expectMembersAreService(t, emulator, type);
}
