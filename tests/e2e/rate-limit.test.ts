// A fleet against a service limiting each key to 10 requests a second (429 and Retry-After only), at --parallel
// 32 with default settings, as a platform team first meets it (the YAML face: rate-limit-yaml.test.ts).
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { TestStack, collect } from "../helpers/pulumi";
import { adminCall, e2eFile, monitorNames, serviceState, stateResources } from "../helpers/e2e";
import { pacedFleetLifecycle, rateLimitShare, fleetNamesUpTo } from "../helpers/fleets";
import { startE2eEmulator } from "../helpers/servers";

jest.setTimeout(900_000);

const FLEET = path.join(__dirname, "programs/fleet");
const { emulator, stack } = e2eFile({ seed: {}, rateLimit: { rps: 10, burst: 10 } });

const fleet = (count: number, stackName: string, on?: RunningEmulator) =>
  stack(FLEET, { stackName, emulator: on, config: { "fleet:count": String(count) } });

test("300 monitors at 10 requests/s, --parallel 32, default settings: up, an empty preview and destroy succeed", async () => {
  await pacedFleetLifecycle(await fleet(300, "paced"), emulator, "dynamic resources");
});

test("two stacks of 100, applied at once against one key at 10/s, both succeed: none twice", async () => {
  await adminCall(emulator, "POST", "/reset", {});
  const [a, b] = [await fleet(100, "first-job"), await fleet(100, "second-job")];
  // Both name their monitors fleet-0000..0099: each stack's own are told apart by uuid.
  const [upA, upB] = await Promise.all([a.stack.up({ parallel: 32 }), b.stack.up({ parallel: 32 })]);
  expect([upA.summary.result, upB.summary.result]).toEqual(["succeeded", "succeeded"]);
  const { monitors } = await serviceState(emulator);
  expect(monitors).toHaveLength(200);
  const [idsA, idsB] = [await stackIds(a), await stackIds(b)];
  expect(idsA.size + idsB.size).toBe(200);
  expect(new Set(monitors.map((m) => m.uuid))).toEqual(new Set([...idsA, ...idsB]));
  console.log(`two stacks of 100 at once: ${(await rateLimitShare(emulator)).text}`);

  const [downA, downB] = await Promise.all([a.stack.destroy({ parallel: 32 }), b.stack.destroy({ parallel: 32 })]);
  expect([downA.summary.result, downB.summary.result]).toEqual(["succeeded", "succeeded"]);
  expect((await serviceState(emulator)).monitors).toEqual([]);
});

test("a limit of one request per 5 s: while requests wait, a line every 10 s says what was sent and what waits", async () => {
  // Five creations (and the account check) at 0.2/s: the last cannot leave before 20 s, so requests wait
  // through the first 10 s of pacing whatever the machine's speed, and the progress line must be printed.
  const slow = await startE2eEmulator({ seed: {}, rateLimit: { rps: 0.2, burst: 1 } });
  try {
    const t = await fleet(5, "slow", slow);
    const out: string[] = [];
    const up = await t.stack.up({ parallel: 32, onOutput: collect(out) });
    expect(up.summary.resourceChanges).toMatchObject({ create: 6 });
    expect(await monitorNames(slow)).toEqual(fleetNamesUpTo(5));
    // The pace is what the scheduler learned: a rate, or (as here, where each 429 asks for its own wait) the waits.
    expect(out.join("")).toMatch(
      /uptime: (pacing to \d+(\.\d)?\/s \(about \d+ s per 100 requests\)|waiting as the service asks): \d+ requests sent in \d+ s, \d+ answered 429; [1-9]\d* requests waiting/,
    );
  } finally {
    await slow.close();
  }
});

const stackIds = async (t: TestStack) =>
  new Set((await stateResources(t)).filter((r) => r.type.endsWith("uptime:Monitor")).map((r) => r.id));
