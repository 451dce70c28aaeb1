// What the rate-limit e2e tests check after each run: the service holds exactly the declared
// monitors, the stack holds exactly the service's, and how many requests the limit refused.
import type { RunningEmulator } from "../../emulator/types";
import { type Json, adminGet, monitorNames } from "./e2e";
import type { TestStack } from "./pulumi";

/** The names of the monitors in the service, sorted; `fleetNames.expected(n)`: the fleet program's first n. */
export async function fleetNames(emulator: RunningEmulator): Promise<string[]> {
  return monitorNames(emulator);
}
fleetNames.expected = (n: number, prefix = "fleet-") =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, "0")}`).sort();

/** Every monitor of the stack is in the service under its id, and the service holds no other. */
export async function expectStateIsService(t: TestStack, emulator: RunningEmulator): Promise<void> {
  const { deployment } = await t.stack.exportStack();
  const inState = (deployment.resources as { type: string; id?: string; outputs?: Json }[])
    .filter((r) => /uptime:(index:)?Monitor$/.test(r.type))
    .map((r) => `${r.id} ${r.outputs?.name}`)
    .sort();
  const inService = ((await adminGet(emulator, "/state")).monitors as Json[]).map((m) => `${m.uuid} ${m.name}`).sort();
  expect(inState).toEqual(inService);
}

/** The emulator's counters since they were last cleared: requests, those the limit refused, by route. */
export async function rateLimitShare(emulator: RunningEmulator): Promise<{ text: string; byRoute: Record<string, number> }> {
  const counters = await adminGet(emulator, "/counters");
  const total = counters.requestsTotal as number;
  const refused = counters.rateLimited as number;
  const share = total > 0 ? (100 * refused) / total : 0;
  return { text: `${total} requests, ${refused} answered 429 (${share.toFixed(1)}%)`, byRoute: counters.requestsByRoute };
}
