// The one emulator helper: /v1 and /admin calls for every tier, and `useEmulator`, which starts one per file
// and hands back stand-ins for what its hooks make (the emulator, admin calls, clients with the test key).
import { UptimeClient, UptimeClientOptions, closeAllPools } from "../../provider/api/client";
import { RequestScheduler } from "../../provider/api/scheduler";
import type { EmulatorOptions, RunningEmulator } from "../../emulator/types";
import { skippingClock } from "./pacing-sim";
import { API_KEY, startTestEmulator } from "./servers";

export interface TestClient {
  client: UptimeClient;
  debug: string[];
  warn: string[];
  /** Every wait the client asked for, in ms: its retries' backoffs and its scheduler's pauses (none is waited for real). */
  waits: number[];
}

/** A client of `service` (an emulator, a scripted server) with the test key, its log lines and waits captured. */
export function testClient(service: Pick<RunningEmulator, "url">, options: Partial<UptimeClientOptions> = {}): TestClient {
  const debug: string[] = [];
  const warn: string[] = [];
  const waits: number[] = [];
  const client = new UptimeClient({
    baseUrl: service.url,
    apiKey: API_KEY,
    log: { debug: (m) => debug.push(m), warn: (m) => warn.push(m) },
    sleep: async (ms) => void waits.push(ms),
    scheduler: new RequestScheduler(options.pacing, skippingClock(waits)),
    ...options,
  });
  return { client, debug, warn, waits };
}

/** Waits (5 ms at a time, 10 s at most) until `condition` holds: an order to wait for, not a time. */
export async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const end = Date.now() + 10_000; !(await condition()); await new Promise((resolve) => setTimeout(resolve, 5)))
    if (Date.now() > end) throw new Error(`still waiting, after 10 s, for ${what}`);
}

/** A stand-in usable at module level for the object a hook makes later: every property is read from `current()`. */
export function late<T extends object>(current: () => T | undefined, what: string): T {
  const target = (): T => {
    const value = current();
    if (value === undefined) throw new Error(`${what} is made by a beforeAll hook: use it inside a hook or a test`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const object = target();
      const value: unknown = Reflect.get(object, key);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

export interface UseEmulatorOptions extends Partial<EmulatorOptions> {
  /** Before each test, POST /admin/reset with the startup `seed`: an empty service, log, counters and faults, the seed again. */
  resetEach?: boolean;
  /** Before each test, a fresh `t` with these options (its log lines and waits are each test's own). */
  testClient?: Partial<UptimeClientOptions>;
}

/** Starts an emulator (the test key, quiet) before the calling file's tests; closes it and the client's pools after. */
export function useEmulator(options: UseEmulatorOptions = {}) {
  const { resetEach, testClient: clientOptions, ...emulatorOptions } = options;
  let running: RunningEmulator | undefined;
  let client: UptimeClient | undefined;
  let t: TestClient | undefined;
  const emulator = late(() => running, "the emulator");
  const admin = adminApi(emulator);
  beforeAll(async () => {
    running = await startTestEmulator(emulatorOptions);
  });
  afterAll(async () => {
    await closeAllPools();
    await running?.close();
  });
  beforeEach(async () => {
    if (resetEach) await admin.reset(typeof emulatorOptions.seed === "object" ? emulatorOptions.seed : undefined);
    if (clientOptions) t = testClient(emulator, clientOptions);
  });
  return {
    emulator,
    admin,
    /** An UptimeClient with the test key and no retries, made on first use and kept for the file. */
    client: late(
      () => (running ? (client ??= new UptimeClient({ baseUrl: running.url, apiKey: API_KEY, retry: { maxRetries: 0 } })) : undefined),
      "the client",
    ),
    /** Each test's own client with captured log lines and waits (the `testClient` option). */
    t: late(() => t, "t (the testClient option)"),
  };
}

/** Response JSON is whatever the server sent; tests assert its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON the server sent: each test asserts its shape
export type Json = any;

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: Json;
}

export interface CallOptions {
  /** Headers replacing the defaults (Authorization with the test key, Content-Type when a body is sent). */
  headers?: Record<string, string>;
  /** Body text sent as is instead of JSON-encoding `body`. */
  raw?: string;
  signal?: AbortSignal;
}

/** A fetch answer read whole: its text, and its JSON when it is JSON. */
export async function toReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: Json;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A /v1 call: path is relative to the base URL, e.g. "/monitors". */
export async function api(
  emulator: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Reply> {
  const payload = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  const headers = options.headers ?? {
    authorization: API_KEY,
    ...(payload !== undefined ? { "content-type": "application/json" } : {}),
  };
  return toReply(await fetch(`${emulator.url}${path}`, { method, headers, body: payload, signal: options.signal }));
}

/** An /admin call (no credential). */
export async function admin(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<Reply> {
  const sent = body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
  return toReply(await fetch(`${emulator.adminUrl}${path}`, { method, ...sent }));
}

/** An /admin call that must succeed: its JSON (undefined for an empty answer); a failure throws with the status and the text. */
export async function adminJson(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<Json> {
  const reply = await admin(emulator, method, path, body);
  if (reply.status >= 300) throw new Error(`admin ${method} ${path}: ${reply.status} ${reply.text}`);
  return reply.json;
}

/** The admin calls a test makes, bound to one emulator. */
export const adminApi = (emulator: RunningEmulator) => ({
  /** GET of an /admin path: its JSON, whatever the status (an error's body says what is missing). */
  get: async (path: string): Promise<Json> => (await admin(emulator, "GET", path)).json,
  reset: (seed?: unknown) => adminJson(emulator, "POST", "/reset", seed),
  monitors: async (): Promise<Json[]> => (await adminJson(emulator, "GET", "/state")).monitors,
  /** The names of the monitors the service holds, sorted. */
  monitorNames: async (): Promise<string[]> => (await adminApi(emulator).monitors()).map((m) => m.name as string).sort(),
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
  /** The /v1 requests logged since the last clear, as "METHOD /path" lines. */
  requestLines: async (): Promise<string[]> =>
    (await adminApi(emulator).requests()).map((r: { method: string; path: string }) => `${r.method} ${r.path.replace(/\?.*$/, "")}`),
  clearRequests: () => adminJson(emulator, "DELETE", "/requests"),
  counters: () => adminJson(emulator, "GET", "/counters"),
  faults: (config: unknown) => adminJson(emulator, "PUT", "/faults", config),
  rateLimit: (config: unknown) => adminJson(emulator, "PUT", "/rate-limit", config),
});

/** The smallest valid monitor body; overrides are merged in. */
export function monitorBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "api", type: "https", urn: "https://api.example.com/health", interval: 60, regions: [1], ...overrides };
}

export async function createMonitor(emulator: RunningEmulator, overrides: Record<string, unknown> = {}): Promise<Json> {
  const reply = await api(emulator, "POST", "/monitors", monitorBody(overrides));
  if (reply.status !== 201) throw new Error(`POST /monitors: ${reply.status} ${reply.text}`);
  return reply.json.monitor;
}

export const RFC3339_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
