// Which failures are retried, and how long to wait. 429 means the request was not processed, so it
// is retried for every method; 502/503/504 and connection errors only for idempotent methods, and a
// POST never once it may have reached the server (a retry could create a duplicate monitor).
import { ApiError, ConnectionError } from "./errors";

export const DEFAULT_RETRY_POLICY = {
  /** Retries after the first attempt. */
  maxRetries: 5,
  /** First backoff delay; doubles each retry, with full jitter. */
  baseDelayMs: 500,
  /** Cap of one backoff delay. */
  maxDelayMs: 20_000,
  /** Cap of a wait asked by `Retry-After`. */
  maxRetryAfterMs: 60_000,
};
export type RetryPolicy = typeof DEFAULT_RETRY_POLICY;

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const RETRIED_STATUSES = new Set([502, 503, 504]);

/** True when `error`, raised by a `method` request's attempt number `attempt` (0 for the first), may be retried safely. */
export function isRetryable(method: string, error: unknown, attempt = 0): boolean {
  if (error instanceof ApiError) {
    if (error.status === 429) return true;
    return RETRIED_STATUSES.has(error.status) && IDEMPOTENT.has(method);
  }
  if (error instanceof ConnectionError) {
    if (error.permanent) return false;
    // A server that accepts and never answers: one more try, not maxRetries more waits of the full timeout.
    if (error.timedOut && attempt >= 1) return false;
    return IDEMPOTENT.has(method) || !error.mayHaveReachedServer;
  }
  return false;
}

/** A `Retry-After` (seconds, or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date names its month; Date.parse alone would read "-1" or "1,2" as dates in 2001.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The wait before retry number `attempt` (1-based). */
export function retryDelayMs(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  // Jitter never below half the ceiling: retries of many resources spread out without collapsing to zero waits.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
