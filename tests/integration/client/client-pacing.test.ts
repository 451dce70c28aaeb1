// The account's scheduler against the emulator's real token bucket, in real time: a burst of creations lands
// exactly once; a ceiling below the limit is never refused; a stated policy is learned and kept to.
import { UptimeClient, closeAllPools } from "../../../provider/api/client";
import type { SchedulerSettings } from "../../../provider/api/scheduler";
import { useEmulator } from "../../helpers/emulator";
import { API_KEY } from "../../helpers/servers";

jest.setTimeout(60_000);

const { emulator, admin } = useEmulator({ resetEach: true });
// Each test a scheduler of its own: the same origin and key would share one.
beforeEach(() => closeAllPools());

function client(pacing: Partial<SchedulerSettings> = {}, info: string[] = []): UptimeClient {
  const log = { debug: () => undefined, warn: () => undefined, info: (line: string) => info.push(line) };
  return new UptimeClient({ baseUrl: emulator.url, apiKey: API_KEY, log, pacing });
}

const body = (i: number) => ({ name: `paced-${i}`, type: "https", urn: `https://svc-${i}.example.com`, interval: 60, regions: [1] });

async function createAll(c: UptimeClient, n: number): Promise<{ seconds: number; refused: number }> {
  const started = performance.now();
  await Promise.all(Array.from({ length: n }, (_, i) => c.monitors.create(body(i))));
  const counters = await admin.counters();
  return { seconds: (performance.now() - started) / 1000, refused: counters.rateLimited };
}
const names = (n: number) => Array.from({ length: n }, (_, i) => `paced-${i}`).sort();

test("100 creations asked at once against 20/s (burst 20, no headers): each created exactly once, at the service's pace", async () => {
  await admin.rateLimit({ rps: 20, burst: 20 });
  const c = client();
  const { seconds, refused } = await createAll(c, 100);
  expect(await admin.monitorNames()).toEqual(names(100));
  // Refused ones were refused, not processed: 100 POSTs got through, and the rest were 429s.
  const counters = await admin.counters();
  expect(counters.requestsByRoute["POST /monitors"]).toBe(100 + refused);
  expect(refused).toBeLessThanOrEqual(20);
  // 80 beyond the burst at 20/s take 4 s.
  expect(seconds).toBeGreaterThan(3.5);
  expect(c.scheduler.state().rate).toBeLessThan(40);
});

test("uptime:requestsPerSecond below the limit: never refused", async () => {
  await admin.rateLimit({ rps: 20, burst: 20 });
  const { refused } = await createAll(client({ maxRate: 16 }), 40);
  expect(refused).toBe(0);
  expect(await admin.monitorNames()).toEqual(names(40));
});

test("a stated policy (RateLimit-Policy) is learned from the first answer and kept to", async () => {
  await admin.rateLimit({ rps: 20, burst: 20, headers: "ietf" });
  const c = client();
  await c.monitors.create(body(100));
  expect(c.scheduler.state().rate).toBe(20);
  const { refused } = await createAll(c, 60);
  expect(refused).toBe(0);
});

test("X-RateLimit-Remaining and -Reset: what remains is not overdrawn", async () => {
  await admin.rateLimit({ rps: 5, burst: 10, headers: "x-ratelimit" });
  const c = client({ maxInFlight: 4 });
  await c.monitors.create(body(100));
  // Nine remain: four go at once, and each answer says how many more may follow it.
  const { refused } = await createAll(c, 20);
  expect(refused).toBeLessThanOrEqual(4);
  expect(await admin.monitorNames()).toEqual([...names(20), "paced-100"].sort());
});

test("a paced run says so, at info level: why, the pace, what waits", async () => {
  await admin.rateLimit({ rps: 20, burst: 20 });
  const info: string[] = [];
  const c = client({}, info);
  await createAll(c, 60);
  // The report looks once a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(info[0]).toMatch(
    /^uptime: the service limits requests \(429 Too Many Requests\): pacing to \d+(\.\d)?\/s \(about \d+ s per 100 requests\)/,
  );
});
