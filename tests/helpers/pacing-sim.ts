// The scheduler in simulated time: rate-limited services, requests sent as the client sends them, and a clock
// jumping from timer to timer: thousands of requests in milliseconds, every run alike.
import { RateLimiter } from "../../emulator/harness/rate-limit";
import type { RateLimitConfig } from "../../emulator/types";
import type { ResponseHeaders } from "../../provider/api/rate-limit-headers";
import { RequestScheduler, SchedulerClock, realClock } from "../../provider/api/scheduler";

// Real time (or `base`, such as one standing still), but a timer fires at once as if its time had passed:
// a client's real requests, its scheduler's pauses recorded in `paused`, not waited for.
export function skippingClock(paused: number[], base: () => number = () => realClock.now()): SchedulerClock {
  let skipped = 0;
  return {
    now: () => base() + skipped,
    after: (ms, fn) => {
      if (ms > 0) paused.push(ms);
      skipped += Math.max(0, ms);
      setImmediate(fn);
      return () => undefined;
    },
  };
}

export class SimClock implements SchedulerClock {
  private t = 0;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.t;
  }

  after(ms: number, fn: () => void): () => void {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return () => this.timers.delete(id);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /** Runs until `done()` or no timer is left: settles every promise, then jumps to the next timer. */
  async run(done: () => boolean): Promise<void> {
    for (;;) {
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      if (done()) return;
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers) if (!next || entry[1].at < next[1].at) next = entry;
      if (!next) return;
      this.timers.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
  }
}

interface Answer {
  status: number;
  headers: ResponseHeaders;
  retryAfterMs?: number;
}

/** A service limited as the emulator's limiter is configured (`window` for fixed windows), its answers as the scheduler reads them. */
export function limitedService(clock: SimClock, config: RateLimitConfig): () => Answer {
  const limiter = new RateLimiter(config, () => clock.now());
  return () => {
    const { headers, refusal } = limiter.admit("key")!;
    if (!refusal?.headers) return { status: 200, headers };
    return { status: 429, headers: { ...headers, ...refusal.headers }, retryAfterMs: Number(refusal.headers["retry-after"]) * 1000 };
  };
}

// `n` requests through `scheduler`, at most `parallel` at once (--parallel), each a round trip of 20 ms to
// `serve`, until every one has been answered with a success. The result: `starts` (each request's start, as its
// turn gave it), `wallMs` from the first start to the last answer, the 429s, and the most in flight at once.
export function runFleet(args: {
  clock: SimClock;
  scheduler: RequestScheduler;
  serve: () => Answer;
  n: number;
  parallel: number;
  startAt?: number;
}) {
  const { clock, scheduler, serve, n, parallel } = args;
  const half = 10;
  let next = 0;
  let finished = 0;
  let inFlight = 0;
  const stats = { throttled: 0, peakInFlight: 0, last: 0, starts: [] as number[] };
  async function one(): Promise<void> {
    let refused = false;
    for (;;) {
      const startedAt = await scheduler.turn(refused);
      stats.starts.push(startedAt);
      inFlight++;
      stats.peakInFlight = Math.max(stats.peakInFlight, inFlight);
      await clock.sleep(half);
      const answer = serve();
      await clock.sleep(half);
      inFlight--;
      scheduler.settle(startedAt, answer.status, answer.headers, answer.retryAfterMs);
      if (answer.status !== 429) return;
      stats.throttled++;
      refused = true;
    }
  }
  async function worker(): Promise<void> {
    while (next < n) {
      next++;
      await one();
      finished++;
      stats.last = clock.now();
    }
  }
  const result = (async () => {
    if (args.startAt) await clock.sleep(args.startAt);
    await Promise.all(Array.from({ length: parallel }, worker));
    const { throttled, peakInFlight, starts } = stats;
    return { wallMs: stats.last - Math.min(...starts), sent: starts.length, throttled, peakInFlight, starts };
  })();
  return { done: () => finished >= n, result };
}
