// The provider's monitor functions against an in-process emulator: a client with captured log
// lines and an injected sleep, plus admin shortcuts (state, request log, faults, drift).
import { UptimeClient, UptimeClientOptions } from "../../provider/api/client";
import type { RunningEmulator } from "../../emulator/types";
import { API_KEY, Json, admin } from "./emulator-http";

export interface TestClient {
  client: UptimeClient;
  debug: string[];
  warn: string[];
  /** Every wait the client asked for, in ms (none is waited for real). */
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
    ...options,
  });
  return { client, debug, warn, waits };
}

async function ok(reply: Promise<{ status: number; text: string; json: Json }>, what: string): Promise<Json> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.json;
}

export const adminApi = (emulator: RunningEmulator) => ({
  reset: (seed?: unknown) => ok(admin(emulator, "POST", "/reset", seed), "reset"),
  monitors: async (): Promise<Json[]> => (await ok(admin(emulator, "GET", "/state"), "state")).monitors,
  monitor: (uuid: string) => ok(admin(emulator, "GET", `/monitors/${uuid}`), "get monitor"),
  /** Creates a monitor as if made in the dashboard (request spelling). */
  createMonitor: async (body: Record<string, unknown>): Promise<Json> => {
    const json = await ok(admin(emulator, "POST", "/monitors", body), "create monitor");
    return json.monitor ?? json;
  },
  /** An out-of-band change (record field names), as if made in the dashboard. */
  drift: (uuid: string, fields: Record<string, unknown>) => ok(admin(emulator, "PATCH", `/monitors/${uuid}`, fields), "drift"),
  remove: (uuid: string) => ok(admin(emulator, "DELETE", `/monitors/${uuid}`), "remove"),
  requests: async (): Promise<Json[]> => (await ok(admin(emulator, "GET", "/requests"), "requests")).requests,
  clearRequests: () => ok(admin(emulator, "DELETE", "/requests"), "clear requests"),
  counters: () => ok(admin(emulator, "GET", "/counters"), "counters"),
  faults: (config: unknown) => ok(admin(emulator, "PUT", "/faults", config), "faults"),
});
