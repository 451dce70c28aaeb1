// The scheduler in simulated time: rate-limited services, requests sent as the client sends them, and a clock
// jumping from timer to timer: thousands of requests in milliseconds, every run alike.
import type { ResponseHeaders } from "../../provider/api/rate-limit-headers";
import { RequestScheduler, SchedulerClock, SchedulerSettings, realClock } from "../../provider/api/scheduler";

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

export type HeaderStyle = "none" | "x-ratelimit" | "ietf";

interface Answer {
  status: number;
  headers: ResponseHeaders;
  retryAfterMs?: number;
}

/** The headers a service states its limit in, as `style` asks: the quota per window, what remains, the reset. */
function stated(style: HeaderStyle, quota: number, windowSeconds: number, remaining: number, resetSeconds: number): ResponseHeaders {
  if (style === "x-ratelimit") {
    return { "x-ratelimit-limit": `${quota}`, "x-ratelimit-remaining": `${remaining}`, "x-ratelimit-reset": `${resetSeconds}` };
  }
  if (style === "ietf") {
    return { "ratelimit-policy": `"default";q=${quota};w=${windowSeconds}`, ratelimit: `"default";r=${remaining};t=${resetSeconds}` };
  }
  return {};
}

/** A success, or a 429 asking to retry after `retryAfterSeconds`. */
const answer = (ok: boolean, headers: ResponseHeaders, retryAfterSeconds: number): Answer =>
  ok
    ? { status: 200, headers }
    : { status: 429, headers: { ...headers, "retry-after": `${retryAfterSeconds}` }, retryAfterMs: retryAfterSeconds * 1000 };

/** A service that allows `rps` requests a second per key, in bursts of `burst`, and says so as `style` asks. */
export class TokenBucketService {
  private tokens: number;
  private updatedAt = 0;

  constructor(
    private readonly clock: SimClock,
    private readonly rps: number,
    private readonly burst: number,
    private readonly style: HeaderStyle = "none",
  ) {
    this.tokens = burst;
  }

  handle(): Answer {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.rps);
    this.updatedAt = now;
    const ok = this.tokens >= 1;
    if (ok) this.tokens -= 1;
    const untilFull = Math.ceil((this.burst - this.tokens) / this.rps);
    const window = Math.max(1, Math.ceil(this.burst / this.rps));
    const headers = stated(this.style, this.burst, window, Math.floor(this.tokens), untilFull);
    return answer(ok, headers, Math.max(1, Math.ceil((1 - this.tokens) / this.rps)));
  }
}

// A service allowing `limit` requests per key in each fixed window of `windowMs` (from 0), answering 429 with a
// Retry-After to the window's end, and saying so as `style` asks.
export class FixedWindowService {
  private window = -1;
  private used = 0;

  constructor(
    private readonly clock: SimClock,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly style: HeaderStyle = "none",
  ) {}

  handle(): Answer {
    const now = this.clock.now();
    const window = Math.floor(now / this.windowMs);
    if (window !== this.window) [this.window, this.used] = [window, 0];
    const ok = this.used < this.limit;
    if (ok) this.used++;
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    return answer(ok, stated(this.style, this.limit, this.windowMs / 1000, this.limit - this.used, resetSeconds), resetSeconds);
  }
}

interface FleetResult {
  /** Simulated milliseconds from the first request to the last answer. */
  wallMs: number;
  sent: number;
  throttled: number;
  /** The most requests that were in flight at once. */
  peakInFlight: number;
  /** Each request's start, as its turn gave it. */
  starts: number[];
}

// `n` requests through `scheduler`, at most `parallel` at once (--parallel), each a round trip of `latencyMs`
// to `serve`; resolves when every one has been answered with a success.
export function runFleet(args: {
  clock: SimClock;
  scheduler: RequestScheduler;
  serve: () => Answer;
  n: number;
  parallel: number;
  latencyMs?: number;
  startAt?: number;
}): { done: () => boolean; result: Promise<FleetResult> } {
  const { clock, scheduler, serve, n, parallel } = args;
  const half = (args.latencyMs ?? 20) / 2;
  let next = 0;
  let finished = 0;
  let inFlight = 0;
  const stats = { sent: 0, throttled: 0, peakInFlight: 0, first: Infinity, last: 0, starts: [] as number[] };
  async function one(): Promise<void> {
    let refused = false;
    for (;;) {
      const startedAt = await scheduler.turn(refused);
      stats.starts.push(startedAt);
      stats.first = Math.min(stats.first, startedAt);
      stats.sent++;
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
    const { sent, throttled, peakInFlight, starts } = stats;
    return { wallMs: stats.last - stats.first, sent, throttled, peakInFlight, starts };
  })();
  return { done: () => finished >= n, result };
}

export function simScheduler(clock: SimClock, settings: Partial<SchedulerSettings> = {}): RequestScheduler {
  return new RequestScheduler(settings, clock);
}
