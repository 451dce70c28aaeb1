// What the rate-limit e2e tests check after each run: the stack holds exactly the service's monitors,
// and how many requests the limit refused.
import type { RunningEmulator } from "../../emulator/types";
import { adminGet, serviceState, stateResources } from "./e2e";
import type { TestStack } from "./pulumi";

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
