// A per-key rate limit in front of /v1, as a gateway puts one before a service: a token bucket per
// API key, decided on arrival (before latency and faults), refusing with 429 and Retry-After.

import { ApiError, ValidationError } from "../service/errors";
import { Answer, errorAnswer } from "../service/http-io";
import type { RateLimitConfig, RateLimitHeaders } from "../types";
import { expectInteger, expectObject, has, JsonObject, rejectUnknownKeys } from "../service/validate-primitives";

/** A config with its defaults filled in, as GET /admin/rate-limit shows it (`window` only for a fixed window). */
export type ResolvedRateLimit = Required<Omit<RateLimitConfig, "window">> & { window?: number };

export const RATE_LIMIT_HEADERS: readonly RateLimitHeaders[] = ["none", "x-ratelimit", "ietf"];

/** What the limiter decided for one request. */
export interface Admission {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until the bucket is full again, rounded up; 0 when full. */
  resetSeconds: number;
  /** The rate-limit headers the config asks for, to add to whatever answers the request. */
  headers: Record<string, string>;
  /** When refused: the 429 to send (Retry-After: seconds until one token is there, rounded up, >= 1). */
  refusal?: Answer;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date, in the limiter's clock (ms). */
  at: number;
}

/** Refill adds fractions of tokens: a sum a hair below a whole number counts as that number. */
const EPSILON = 1e-9;

const present = (obj: JsonObject, key: string) => has(obj, key) && obj[key] !== undefined && obj[key] !== null;

/** Validates a config (the body of PUT /admin/rate-limit, or `rateLimit` of the options) and fills its defaults. */
export function parseRateLimitConfig(input: unknown): ResolvedRateLimit {
  const obj = expectObject(input, "");
  rejectUnknownKeys(obj, ["rps", "burst", "headers", "window"], "");
  const rps = obj.rps;
  if (typeof rps !== "number" || !Number.isFinite(rps) || rps <= 0) {
    throw new ValidationError("rps", "expected a number > 0 (requests per second)");
  }
  const window = present(obj, "window") ? expectInteger(obj.window, "window") : undefined;
  if (window !== undefined && window < 1) throw new ValidationError("window", "must be >= 1 (seconds)");
  if (window !== undefined && present(obj, "burst")) {
    throw new ValidationError("burst", "a token bucket's size: a fixed window allows rps * window requests in each");
  }
  const burst =
    window !== undefined
      ? Math.max(1, Math.round(rps * window))
      : present(obj, "burst")
        ? expectInteger(obj.burst, "burst")
        : Math.max(1, Math.ceil(rps));
  if (burst < 1) throw new ValidationError("burst", "must be >= 1");
  const headers = present(obj, "headers") ? obj.headers : "none";
  if (!RATE_LIMIT_HEADERS.includes(headers as RateLimitHeaders)) {
    throw new ValidationError("headers", `expected one of ${RATE_LIMIT_HEADERS.map((h) => `"${h}"`).join(", ")}`);
  }
  return { rps, burst, headers: headers as RateLimitHeaders, ...(window !== undefined ? { window } : {}) };
}

export class RateLimiter {
  private config: ResolvedRateLimit | null = null;
  private readonly buckets = new Map<string, Bucket>();
  /** When the config was set: a fixed window's windows start there, every `window` seconds. */
  private since = 0;

  /**
   * @param initial the config reset() restores (the emulator's startup option); validated here.
   * @param now the clock in ms; monotonic by default so a wall-clock step cannot refill a bucket.
   */
  constructor(
    private readonly initial: RateLimitConfig | undefined,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.reset();
  }

  /** Replaces the config; every key starts again with a full bucket. */
  set(input: unknown): void {
    this.config = parseRateLimitConfig(input);
    this.buckets.clear();
    this.since = this.now();
  }

  /** No limit. */
  clear(): void {
    this.config = null;
    this.buckets.clear();
  }

  /** Back to the startup config, with full buckets. */
  reset(): void {
    if (this.initial === undefined) this.clear();
    else this.set(this.initial);
  }

  /** The active config (defaults filled, null when none) and how many keys have a bucket. */
  describe(): { rateLimit: ResolvedRateLimit | null; buckets: number } {
    return { rateLimit: this.config && { ...this.config }, buckets: this.buckets.size };
  }

  /** Takes a token from `key`'s bucket; undefined when no limit is set. */
  admit(key: string): Admission | undefined {
    const config = this.config;
    if (config === null) return undefined;
    if (config.window !== undefined) return this.admitInWindow(key, config, config.window * 1000);
    const at = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: config.burst, at };
    const elapsedSeconds = Math.max(0, at - bucket.at) / 1000;
    const tokens = Math.min(config.burst, bucket.tokens + elapsedSeconds * config.rps);
    const allowed = tokens >= 1 - EPSILON;
    bucket.tokens = allowed ? tokens - 1 : tokens;
    bucket.at = at;
    this.buckets.set(key, bucket);
    const remaining = Math.max(0, Math.floor(bucket.tokens + EPSILON));
    const resetSeconds = ceilSeconds((config.burst - bucket.tokens) / config.rps);
    const headers = rateLimitHeaders(config, remaining, resetSeconds);
    if (allowed) return { allowed, remaining, resetSeconds, headers };
    const retryAfter = Math.max(1, ceilSeconds((1 - bucket.tokens) / config.rps));
    const message = `rate limit exceeded: ${config.rps} requests per second, burst ${config.burst}`;
    const refusal = errorAnswer(new ApiError(429, "rate_limited", message, { "retry-after": String(retryAfter) }));
    return { allowed, remaining, resetSeconds, headers, refusal };
  }

  /** A fixed window: `burst` requests per key in each window; `tokens` counts what is left, `at` the window's start. */
  private admitInWindow(key: string, config: ResolvedRateLimit, windowMs: number): Admission {
    const now = this.now();
    const start = this.since + Math.floor((now - this.since) / windowMs) * windowMs;
    const bucket = this.buckets.get(key);
    const left = bucket && bucket.at === start ? bucket.tokens : config.burst;
    const allowed = left >= 1;
    this.buckets.set(key, { tokens: allowed ? left - 1 : left, at: start });
    const remaining = allowed ? left - 1 : left;
    const resetSeconds = Math.max(1, ceilSeconds((start + windowMs - now) / 1000));
    const headers = rateLimitHeaders(config, remaining, resetSeconds);
    if (allowed) return { allowed, remaining, resetSeconds, headers };
    const message = `rate limit exceeded: ${config.burst} requests per ${config.window} s window`;
    const refusal = errorAnswer(new ApiError(429, "rate_limited", message, { "retry-after": String(resetSeconds) }));
    return { allowed, remaining, resetSeconds, headers, refusal };
  }
}

function ceilSeconds(seconds: number): number {
  return Math.max(0, Math.ceil(seconds - EPSILON));
}

/** The header forms are documented in emulator/README.md (Rate limit). */
function rateLimitHeaders(config: ResolvedRateLimit, remaining: number, resetSeconds: number): Record<string, string> {
  switch (config.headers) {
    case "x-ratelimit":
      return {
        "x-ratelimit-limit": String(config.burst),
        "x-ratelimit-remaining": String(remaining),
        "x-ratelimit-reset": String(resetSeconds),
      };
    case "ietf": {
      // draft-ietf-httpapi-ratelimit-headers-08..10: a fixed window's own; for a bucket, the window is the time an
      // empty bucket takes to fill (at least 1 s), and the quota what the rate lets through in it, so that
      // quota / window is the rate.
      const window = config.window ?? Math.max(1, Math.ceil(config.burst / config.rps));
      const quota = config.window !== undefined ? config.burst : Math.max(1, Math.round(config.rps * window));
      return {
        "ratelimit-policy": `"default";q=${quota};w=${window}`,
        ratelimit: `"default";r=${remaining};t=${resetSeconds}`,
      };
    }
    case "none":
      return {};
  }
}
