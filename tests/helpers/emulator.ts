// The integration tier's one emulator helper: `useEmulator(options)` starts an emulator for the
// calling file (its hooks registered there) and hands back module-level stand-ins for what the hooks
// make: the running emulator, its admin calls (./emulator-http), a client with the test key, and a
// client with captured log lines and an injected sleep (`t`, made afresh before each test).
import { UptimeClient, UptimeClientOptions, closeAllPools } from "../../provider/api/client";
import { RequestScheduler } from "../../provider/api/scheduler";
import type { EmulatorOptions, RunningEmulator } from "../../emulator/types";
import { adminApi } from "./emulator-http";
import { skippingClock } from "./pacing-sim";
import { API_KEY, startTestEmulator } from "./servers";

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

/**
 * Starts an emulator (the test key, quiet) before the calling file's tests and closes it, with the
 * client's connection pools, after them.
 */
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
