// Every request of an account waits its turn here, so a fleet at any --parallel goes at the pace the
// service allows instead of meeting 429s one resource at a time. The pace is learned from the answers:
// rate-limit headers where sent (rate-limit-headers.ts), else 429s and Retry-After.
import { type ResponseHeaders, parseRateLimitHeaders } from "./rate-limit-headers";

/** Replaceable: tests run the scheduler in simulated time. */
export interface SchedulerClock {
  now(): number;
  /** Returns what cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const realClock: SchedulerClock = {
  now: () => performance.now(),
  after: (ms, fn) => {
    // A negative delay makes Node print a TimeoutNegativeWarning into the user's output.
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

export const DEFAULT_SCHEDULER_SETTINGS = {
  /** Requests in flight at once, at most. */
  maxInFlight: 16,
  /** A ceiling on requests per second (`uptime:requestsPerSecond`); by default only what the service's answers teach. */
  maxRate: Infinity,
  /** How long one request may keep being refused (`uptime:rateLimitWaitSeconds`). */
  maxWaitMs: 300_000,
};
export type SchedulerSettings = typeof DEFAULT_SCHEDULER_SETTINGS;

/** One given as undefined keeps its default (a spread would copy the undefined: unlimited retries). */
export const givenOnly = <T extends object>(settings: T): Partial<T> =>
  Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The service asked for a wait longer than maxWaitMs: no request of the account can go before it ends. */
export class SchedulerHalted extends Error {
  constructor(
    readonly askedMs: number,
    readonly until: number,
  ) {
    super(`the service asks to wait ${Math.round(askedMs / 1000)} s (Retry-After)`);
  }
}

/** After a 429, the pace drops to this share of what was going through. */
const DECREASE = 0.9;
/** A bucket's burst weighs little against ten seconds of its rate. */
const DELIVERY_WINDOW_MS = 10_000;
/** While requests wait on the pace and none is refused, it rises by this share, doubled at each rise up to MAX_PROBE_GAIN... */
const PROBE_GAIN = 0.04;
const MAX_PROBE_GAIN = 0.5;
/** ...at least this many requests per second... */
const PROBE_STEP = 0.1;
/** ...once per this many milliseconds. */
const PROBE_EVERY_MS = 1000;
/** A reset at least this far off, with nothing remaining, is waited out (see learnFromHeaders). */
const WINDOW_RESET_MS = 2000;
/** Successes needed before a first 429 sets a pace from them. */
const MIN_SAMPLE = 5;
const MIN_RATE = 0.05;
/** A pause the service asks for is honoured up to this long at a time. */
const MAX_PAUSE_MS = 60_000;
/** Without Retry-After, consecutive 429s pause 0.5 s, 1 s, 2 s, ... up to this. */
const MAX_BACKOFF_MS = 20_000;

export type SchedulerState = ReturnType<RequestScheduler["state"]>;

interface Waiter {
  resolve(startedAt: number): void;
  reject(error: Error): void;
}

export class RequestScheduler {
  /** pacing-report.ts: told of every request. */
  watcher: { watch(): void } | undefined;
  private settings: SchedulerSettings = { ...DEFAULT_SCHEDULER_SETTINGS };
  /** Requests per second; Infinity while unpaced. */
  private rate = Infinity;
  /** Requests per second the service's stated policy allows; probing never goes past it. */
  private policyRate = Infinity;
  private nextStartAt = 0;
  /** Retry-After, or a spent allowance until its reset. */
  private pausedUntil = 0;
  /** Requests the service's `Remaining` still allows before its reset; undefined when unknown. */
  private allowance: number | undefined;
  /** The allowance is a window's (its reset seconds away), not a bucket's next token. */
  private windowed = false;
  private inFlight = 0;
  private readonly queue: Waiter[] = [];
  private cancelWake: (() => void) | undefined;
  private wakeAt = Infinity;
  private lastCutAt = -Infinity;
  /** What went through when the pace was last cut: the pace climbs back to it quickly, and past it slowly. */
  private lastDelivered = 0;
  /** When the last pause a 429 asked for ended: delivery is measured from there. */
  private resumedAt = -Infinity;
  private lastProbeAt = -Infinity;
  /** The share of the next rise: small just after a cut, doubling while the service refuses nothing. */
  private probeGain = PROBE_GAIN;
  /** Whether a request waited on the pace since the last probe: only then is the pace the bottleneck. */
  private paceBound = false;
  private consecutiveThrottles = 0;
  private firstStartAt: number | undefined;
  /** Completion times of recent successes: the pace the service let through. */
  private readonly successes: number[] = [];
  /** What was counted, for the progress lines (pacing-report.ts) and the error of a long refusal. */
  private readonly counts = {
    /** Requests started so far, and of them, answered 429. */
    sent: 0,
    throttled: 0,
    /** When a request last waited for the pace or a pause. */
    lastPacedAt: undefined as number | undefined,
    /** "429 Too Many Requests", "the service's policy of 10 requests per 1 s", ... */
    reason: undefined as string | undefined,
    /** The most requests asked for at once, in flight and waiting: what --parallel allowed. */
    peakDemand: 0,
  };
  /** Every turn before its end is refused. */
  private halted: SchedulerHalted | undefined;

  constructor(
    settings: Partial<SchedulerSettings> = {},
    readonly clock: SchedulerClock = realClock,
  ) {
    this.configure(settings);
  }

  /** A later configure() of the same account: a lower ceiling applies at once. */
  configure(settings: Partial<SchedulerSettings>): void {
    this.settings = { ...this.settings, ...givenOnly(settings) };
    this.rate = Math.min(this.rate, this.settings.maxRate);
    this.pump();
  }

  state() {
    const { rate, inFlight, pausedUntil } = this;
    return { ...this.counts, rate, waiting: this.queue.length, inFlight, pausedUntil };
  }

  get maxWaitMs(): number {
    return this.settings.maxWaitMs;
  }

  /**
   * Resolves, at the request's turn, with the time. `first`: refused before, it goes ahead of the others.
   * Rejects with SchedulerHalted while the service's asked wait is too long.
   */
  turn(first = false): Promise<number> {
    this.watcher?.watch();
    if (this.halted && this.clock.now() < this.halted.until) return Promise.reject(this.halted);
    return new Promise<number>((resolve, reject) => {
      const waiter = { resolve, reject };
      if (first) this.queue.unshift(waiter);
      else this.queue.push(waiter);
      this.counts.peakDemand = Math.max(this.counts.peakDemand, this.queue.length + this.inFlight);
      this.pump();
    });
  }

  /** The request sent at `startedAt` got an answer, or none (`status` undefined): frees its place, learns from it. */
  settle(startedAt: number, status: number | undefined, headers: ResponseHeaders = {}, retryAfterMs?: number): void {
    this.inFlight--;
    const now = this.clock.now();
    if (status !== undefined) this.learnFromHeaders(headers, now);
    if (status === 429) this.throttledAt(startedAt, now, retryAfterMs);
    // Any other answer was let through (it spent the service's allowance as a success does).
    else if (status !== undefined) this.succeededAt(now);
    this.pump();
  }

  private learnFromHeaders(headers: ResponseHeaders, now: number): void {
    const hint = parseRateLimitHeaders(headers);
    if (hint.limit !== undefined && hint.windowMs !== undefined && hint.limit > 0 && hint.windowMs > 0) {
      const policy = (hint.limit * 1000) / hint.windowMs;
      if (policy !== this.policyRate) {
        this.policyRate = policy;
        if (policy < this.rate) {
          this.rate = Math.min(policy, this.settings.maxRate);
          this.counts.reason ??= `the service's policy of ${hint.limit} requests per ${hint.windowMs / 1000} s`;
        }
      }
    }
    if (hint.remaining === undefined) return;
    // The requests still in flight may not be counted in this answer yet.
    this.allowance = hint.remaining - this.inFlight;
    this.windowed = hint.resetMs !== undefined && hint.resetMs >= WINDOW_RESET_MS;
    // A spent allowance with a reset seconds away is a window to wait out; a shorter one, a bucket about to
    // refill, whose whole-second reset would hold requests back longer than the service does.
    if (hint.remaining <= 0 && this.windowed) {
      this.pauseUntil(now + Math.min(hint.resetMs!, MAX_PAUSE_MS));
      this.counts.reason ??= "the service's rate-limit headers (none remaining until their reset)";
      this.allowance = undefined;
    }
  }

  private succeededAt(now: number): void {
    this.consecutiveThrottles = 0;
    this.successes.push(now);
    while (this.successes.length > 0 && this.successes[0] < now - DELIVERY_WINDOW_MS) this.successes.shift();
    // Probe upward while the pace is what holds requests back and the service has refused none lately.
    if (Number.isFinite(this.rate) && this.paceBound && now - Math.max(this.lastCutAt, this.lastProbeAt) >= PROBE_EVERY_MS) {
      // Back up to what last went through quickly, then past it carefully, faster the longer nothing is refused.
      const next =
        this.rate < this.lastDelivered
          ? this.rate + (this.lastDelivered - this.rate) / 2 + PROBE_STEP
          : this.rate * (1 + (this.probeGain *= 2) / 2) + PROBE_STEP;
      this.probeGain = Math.min(MAX_PROBE_GAIN, this.probeGain);
      this.rate = Math.min(this.settings.maxRate, this.policyRate, next);
      this.lastProbeAt = now;
      this.paceBound = false;
    }
  }

  private throttledAt(startedAt: number, now: number, retryAfterMs: number | undefined): void {
    this.counts.throttled++;
    this.consecutiveThrottles++;
    this.counts.reason ??= "429 Too Many Requests";
    // `Retry-After: 0` asks for no wait: the refusal is not about the pace.
    if (retryAfterMs === 0) return;
    if (retryAfterMs !== undefined && retryAfterMs > this.settings.maxWaitMs) {
      // Nothing can be sent before the wait is over, and a run may not wait that long: every request fails now.
      this.halted = new SchedulerHalted(retryAfterMs, now + retryAfterMs);
      for (const waiter of this.queue.splice(0)) waiter.reject(this.halted);
      return;
    }
    const pause = retryAfterMs ?? Math.min(MAX_BACKOFF_MS, 500 * 2 ** (this.consecutiveThrottles - 1));
    const delivered = this.deliveredRate(now);
    this.pauseUntil(now + Math.min(pause, MAX_PAUSE_MS));
    this.resumedAt = this.pausedUntil;
    // One cut per round: answers to requests sent before the last cut say nothing of the new pace.
    if (startedAt <= this.lastCutAt) return;
    // Until a few requests got through there is no pace to learn from: the pause and backoff alone act.
    if (!Number.isFinite(this.rate) && this.successes.length < MIN_SAMPLE) return;
    const basis = Math.min(this.rate, delivered);
    this.lastDelivered = basis;
    this.rate = Math.max(MIN_RATE, basis * DECREASE);
    this.lastCutAt = now;
    this.paceBound = false;
    this.probeGain = PROBE_GAIN;
  }

  /**
   * Successes per second let through lately (at most the last 10 s): before any pace, since requests
   * began (over at least 1 s); after, since the last pause ended, once 2 s or more (before: Infinity,
   * the pace being the better guess).
   */
  private deliveredRate(now: number): number {
    if (!Number.isFinite(this.rate)) {
      const since = Math.max(now - DELIVERY_WINDOW_MS, this.firstStartAt ?? now);
      return this.successes.length / Math.max(1, (now - since) / 1000);
    }
    const since = Math.max(now - DELIVERY_WINDOW_MS, this.resumedAt, this.firstStartAt ?? now);
    if (now - since < 2000) return Infinity;
    return this.successes.filter((t) => t >= since).length / ((now - since) / 1000);
  }

  private pauseUntil(until: number): void {
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
    this.nextStartAt = Math.max(this.nextStartAt, until);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const now = this.clock.now();
      if (this.inFlight >= this.settings.maxInFlight) return;
      // A spent allowance waits for the answers in flight, which bring a new count; with none in flight, one goes to ask.
      if (this.allowance !== undefined && this.allowance <= 0) {
        if (this.inFlight > 0) return;
        this.allowance = undefined;
      }
      // Within a stated window's allowance requests go as fast as they may: they are that window's to spend,
      // whatever its average rate. (A bucket about to refill, reset under WINDOW_RESET_MS, is paced.)
      const withinAllowance = this.windowed && this.allowance !== undefined && this.allowance > 0;
      const at = withinAllowance ? this.pausedUntil : Math.max(this.pausedUntil, this.nextStartAt);
      if (now < at) {
        this.paceBound = true;
        this.counts.lastPacedAt = now;
        this.wake(at);
        return;
      }
      const waiter = this.queue.shift() as Waiter;
      this.inFlight++;
      this.counts.sent++;
      this.firstStartAt ??= now;
      if (this.allowance !== undefined) this.allowance--;
      if (Number.isFinite(this.rate) && !withinAllowance) this.nextStartAt = Math.max(now, this.nextStartAt) + 1000 / this.rate;
      waiter.resolve(now);
    }
  }

  private wake(at: number): void {
    if (this.cancelWake && this.wakeAt <= at) return;
    this.cancelWake?.();
    this.wakeAt = at;
    this.cancelWake = this.clock.after(Math.max(0, at - this.clock.now()), () => {
      this.cancelWake = undefined;
      this.wakeAt = Infinity;
      this.pump();
    });
  }
}
