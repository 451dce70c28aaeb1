// The provider's monitor functions against an in-process emulator: a client with captured log
// lines and an injected sleep, plus admin shortcuts (state, request log, faults, drift).
import { UptimeClient, UptimeClientOptions } from "../../provider/api/client";
import { RequestScheduler } from "../../provider/api/scheduler";
import { skippingClock } from "./pacing-sim";
import type { RunningEmulator } from "../../emulator/types";
import { Json, adminJson } from "./emulator-http";
import { API_KEY } from "./servers";

export interface TestClient {
  client: UptimeClient;
  debug: string[];
  warn: string[];
  /** Every wait the client asked for, in ms: its retries' backoffs and its scheduler's pauses (none is waited for real). */
  waits: number[];
}

export function testClient(emulator: RunningEmulator, options: Partial<UptimeClientOptions> = {}): TestClient {
  const debug: string[] = [];
  const warn: string[] = [];
  const waits: number[] = [];
  const client = new UptimeClient({
    baseUrl: emulator.url,
    apiKey: API_KEY,
    log: { debug: (m) => debug.push(m), warn: (m) => warn.push(m) },
    sleep: async (ms) => {
      waits.push(ms);
    },
    scheduler: new RequestScheduler(options.pacing, skippingClock(waits)),
    ...options,
  });
  return { client, debug, warn, waits };
}

export const adminApi = (emulator: RunningEmulator) => ({
  reset: (seed?: unknown) => adminJson(emulator, "POST", "/reset", seed),
  monitors: async (): Promise<Json[]> => (await adminJson(emulator, "GET", "/state")).monitors,
  monitor: (uuid: string) => adminJson(emulator, "GET", `/monitors/${uuid}`),
  /** Creates a monitor as if made in the dashboard (request spelling). */
  createMonitor: async (body: Record<string, unknown>): Promise<Json> => {
    const json = await adminJson(emulator, "POST", "/monitors", body);
    return json.monitor ?? json;
  },
  /** An out-of-band change (record field names), as if made in the dashboard. */
  drift: (uuid: string, fields: Record<string, unknown>) => adminJson(emulator, "PATCH", `/monitors/${uuid}`, fields),
  remove: (uuid: string) => adminJson(emulator, "DELETE", `/monitors/${uuid}`),
  requests: async (): Promise<Json[]> => (await adminJson(emulator, "GET", "/requests")).requests,
  clearRequests: () => adminJson(emulator, "DELETE", "/requests"),
  counters: () => adminJson(emulator, "GET", "/counters"),
  faults: (config: unknown) => adminJson(emulator, "PUT", "/faults", config),
});
