// The request scheduler in simulated time: a fleet goes at the service's pace with few 429s whatever the
// parallelism and headers; two clients of one key both get through; the ceiling and in-flight cap hold.
import { RATE_LIMIT_HEADERS } from "../../emulator/harness/rate-limit";
import type { RateLimitConfig } from "../../emulator/types";
import { SimClock, limitedService, runFleet } from "../helpers/pacing-sim";
import { RequestScheduler, SchedulerHalted, type SchedulerSettings } from "../../provider/api/scheduler";

/** `n` requests, `parallel` at a time, on a simulated clock, against the emulator's limiter (a token bucket unless `window`). */
async function fleet(args: RateLimitConfig & { n: number; parallel: number; settings?: Partial<SchedulerSettings> }) {
  const { n, parallel, settings, ...limit } = args;
  const clock = new SimClock();
  const serve = limitedService(clock, limit);
  const scheduler = new RequestScheduler(settings, clock);
  const run = runFleet({ clock, scheduler, serve, n, parallel });
  await clock.run(run.done);
  const result = await run.result;
  return { ...result, ratio: result.wallMs / 1000 / (args.n / args.rps), share: result.throttled / result.sent, scheduler };
}

describe("a fleet at the service's limit: wall <= 1.2 x N / rps, at most 10% answered 429", () => {
  const cases = RATE_LIMIT_HEADERS.flatMap((headers) =>
    [
      [300, 10],
      [1000, 10],
      [1000, 50],
    ].flatMap(([n, rps]) => [8, 32, 64].map((parallel) => [n, rps, parallel, headers] as const)),
  );
  test.each(cases)("N = %d at %d/s, --parallel %d, headers: %s", async (n, rps, parallel, headers) => {
    const r = await fleet({ n, rps, parallel, headers });
    expect(r.sent - r.throttled).toBe(n);
    expect(r.ratio).toBeLessThanOrEqual(1.2);
    expect(r.share).toBeLessThanOrEqual(0.1);
  });
});

describe("a fixed window (N requests per window, Retry-After to its end): 300 requests within 1.1 x its floor", () => {
  const cases = RATE_LIMIT_HEADERS.flatMap((headers) => [2, 5, 10, 60].map((seconds) => [seconds * 10, seconds, headers] as const));
  test.each(cases)("%d per %d s, headers: %s", async (limit, seconds, headers) => {
    const n = 300;
    const r = await fleet({ n, rps: 10, window: seconds, parallel: 32, headers });
    // The floor: every window but the last waited out, and the last one's requests 16 at a time (maxInFlight).
    const floorMs = (Math.ceil(n / limit) - 1) * seconds * 1000 + Math.ceil(Math.min(n, limit) / 16) * 20;
    expect(r.sent - r.throttled).toBe(n);
    expect(r.wallMs).toBeLessThanOrEqual(1.1 * floorMs);
    // Stated, a window is spent whole and then waited out: no 429. Unstated, each window ends with the
    // requests already on their way refused (6-9% here; the 5% the rate-limit issue asks for is still open).
    if (headers === "none") expect(r.throttled / r.sent).toBeLessThanOrEqual(0.1);
    else expect(r.throttled).toBe(0);
  });
});

test("a burst larger than the rate (50 at 10/s) is not taken for the rate; a smaller one (5 at 20/s) is slower, each 429 a whole second's pause, which a ceiling at the limit avoids", async () => {
  const larger = await fleet({ n: 500, rps: 10, burst: 50, parallel: 32 });
  expect(larger.ratio).toBeLessThanOrEqual(1.2);
  expect(larger.share).toBeLessThanOrEqual(0.1);
  const learned = await fleet({ n: 300, rps: 20, burst: 5, parallel: 32 });
  expect(learned.sent - learned.throttled).toBe(300);
  expect(learned.ratio).toBeGreaterThan(1.2);
  expect(learned.ratio).toBeLessThan(2);
  const ceiling = await fleet({ n: 300, rps: 20, burst: 5, parallel: 32, settings: { maxRate: 20 } });
  expect(ceiling.ratio).toBeLessThanOrEqual(1.05);
  expect(ceiling.throttled).toBe(0);
});

test("a stated policy is kept to from the first answer on: no 429 once it is known", async () => {
  const r = await fleet({ n: 300, rps: 10, parallel: 8, headers: "ietf" });
  expect(r.throttled).toBe(0);
  expect(r.scheduler.state().rate).toBe(10);
});

test("two clients of one key, the second starting 3 s later, both get through at the key's pace", async () => {
  const clock = new SimClock();
  const serve = limitedService(clock, { rps: 10 });
  const [a, b] = [new RequestScheduler({}, clock), new RequestScheduler({}, clock)];
  const first = runFleet({ clock, scheduler: a, serve, n: 100, parallel: 32 });
  const second = runFleet({ clock, scheduler: b, serve, n: 100, parallel: 32, startAt: 3000 });
  await clock.run(() => first.done() && second.done());
  const [ra, rb] = [await first.result, await second.result];
  expect(ra.sent - ra.throttled + rb.sent - rb.throttled).toBe(200);
  // 200 requests at 10/s: 20 s of the key's time, whoever sends them.
  expect(clock.now() / 1000).toBeLessThanOrEqual(1.25 * 20);
  expect((ra.throttled + rb.throttled) / (ra.sent + rb.sent)).toBeLessThanOrEqual(0.2);
});

test("uptime:requestsPerSecond is a ceiling: no second holds more starts than it allows, and no 429 below the limit", async () => {
  const r = await fleet({ n: 50, rps: 100, parallel: 32, settings: { maxRate: 5 } });
  expect(r.throttled).toBe(0);
  for (let i = 5; i < r.starts.length; i++) expect(r.starts[i] - r.starts[i - 5]).toBeGreaterThanOrEqual(999);
  expect(r.wallMs / 1000).toBeGreaterThanOrEqual(9.5);
});

test("a service that is not limited is not paced: 500 requests go as fast as the round trips allow, no more in flight than maxInFlight", async () => {
  const capped = await fleet({ n: 200, rps: 10_000, parallel: 64, settings: { maxInFlight: 6 } });
  expect(capped.peakInFlight).toBe(6);
  expect(capped.throttled).toBe(0);
  const r = await fleet({ n: 500, rps: 100_000, parallel: 16 });
  expect(r.scheduler.state().rate).toBe(Infinity);
  // 500 requests, 16 at a time, 20 ms each.
  expect(r.wallMs).toBeLessThanOrEqual(Math.ceil(500 / 16) * 20 + 1);
});

test("a wake-up is never asked for with a negative delay, however late the clock is read (Node warns on one)", async () => {
  // Every read of this clock is 0.7 ms later than the last, as a busy process reads the real one.
  let t = 0;
  const delays: number[] = [];
  const clock = {
    now: () => (t += 0.7),
    after: (ms: number, fn: () => void) => {
      delays.push(ms);
      setImmediate(fn);
      return () => undefined;
    },
  };
  const scheduler = new RequestScheduler({ maxRate: 100 }, clock);
  const turns = Array.from({ length: 200 }, () => scheduler.turn().then((at) => scheduler.settle(at, 200)));
  await Promise.all(turns);
  expect(delays.length).toBeGreaterThan(0);
  expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
});

describe("what a 429 does to the others", () => {
  test("Retry-After pauses every request of the account, not only the refused one", async () => {
    const clock = new SimClock();
    const scheduler = new RequestScheduler({}, clock);
    const t0 = await scheduler.turn();
    scheduler.settle(t0, 429, { "retry-after": "2" }, 2000);
    let startedAt: number | undefined;
    void scheduler.turn().then((at) => (startedAt = at));
    await clock.run(() => startedAt !== undefined);
    expect(startedAt).toBe(2000);
  });

  test("Retry-After: 0 asks for no wait: nothing pauses and the pace is not cut", async () => {
    const scheduler = new RequestScheduler({}, new SimClock());
    for (let i = 0; i < 20; i++) {
      const at = await scheduler.turn();
      scheduler.settle(at, i % 3 === 0 ? 429 : 200, {}, i % 3 === 0 ? 0 : undefined);
    }
    expect(scheduler.state()).toMatchObject({ rate: Infinity, pausedUntil: 0, throttled: 7 });
  });

  test("one cut per round: answers to requests sent before the cut do not cut again", async () => {
    const clock = new SimClock();
    const scheduler = new RequestScheduler({}, clock);
    // Ten got through in the first second: that is the pace a first 429 cuts from.
    for (let i = 0; i < 10; i++) scheduler.settle(await scheduler.turn(), 200);
    await clock.run(() => false);
    const sentBefore = await Promise.all([scheduler.turn(), scheduler.turn()]);
    scheduler.settle(sentBefore[0], 429, {}, 1000);
    const afterOne = scheduler.state().rate;
    scheduler.settle(sentBefore[1], 429, {}, 1000);
    expect(afterOne).toBeCloseTo(9);
    expect(scheduler.state().rate).toBe(afterOne);
  });

  test("before anything got through, a 429 pauses but sets no pace", async () => {
    const scheduler = new RequestScheduler({}, new SimClock());
    scheduler.settle(await scheduler.turn(), 429, {}, 1000);
    expect(scheduler.state()).toMatchObject({ rate: Infinity, pausedUntil: 1000 });
  });

  test("a Retry-After past maxWaitMs: every waiting request, and any before the wait ends, is refused", async () => {
    const scheduler = new RequestScheduler({ maxInFlight: 1, maxWaitMs: 5000 }, new SimClock());
    const first = await scheduler.turn();
    const waiting = scheduler.turn();
    scheduler.settle(first, 429, {}, 3_600_000);
    await expect(waiting).rejects.toBeInstanceOf(SchedulerHalted);
    await expect(scheduler.turn()).rejects.toMatchObject({ askedMs: 3_600_000, until: 3_600_000 });
  });
});
