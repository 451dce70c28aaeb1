// The retry policy's pieces: which failures are retried for which method, how Retry-After is
// read, and the backoff schedule.
import { ApiError, ConnectionError } from "../../provider/api/errors";
import { DEFAULT_RETRY_POLICY, isRetryable, parseRetryAfter, retryDelayMs } from "../../provider/api/retry";

const api = (status: number) => new ApiError({ method: "X", path: "/p", status, serviceMessage: "" });
const conn = (mayHaveReachedServer: boolean, permanent = false) =>
  new ConnectionError({ method: "X", path: "/p", detail: "d", mayHaveReachedServer, permanent });

describe("isRetryable", () => {
  const ALL = { GET: true, POST: true, PATCH: true, DELETE: true };
  const NOT_POST = { ...ALL, POST: false };
  const NONE = { GET: false, POST: false, PATCH: false, DELETE: false };
  type Row = [string, unknown, Record<string, boolean>];
  const cases: Row[] = [
    ["429", api(429), ALL],
    ...[502, 503, 504].map((status): Row => [`${status}`, api(status), NOT_POST]),
    ...[500, 501, 400, 401, 404, 409].map((status): Row => [`${status}`, api(status), NONE]),
    ["connection never opened", conn(false), ALL],
    ["connection dropped after sending", conn(true), NOT_POST],
    ["a TLS failure (permanent)", conn(false, true), NONE],
    ["any other error", new Error("bug"), NONE],
  ];
  test.each(cases)("%s", (_name, error, expected) => {
    const actual = Object.fromEntries(Object.keys(expected).map((m) => [m, isRetryable(m, error)]));
    expect(actual).toEqual(expected);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-03-01T12:00:00Z");
  test.each([
    ["0", 0],
    ["1", 1000],
    [" 2 ", 2000],
    ["1.5", 1500],
    ["Sun, 01 Mar 2026 12:00:30 GMT", 30_000],
    ["Sunday, 01-Mar-26 12:00:05 GMT", 5000],
    ["Sun, 01 Mar 2026 11:00:00 GMT", 0],
  ])("%j -> %j ms", (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  test.each([undefined, "", "soon", "1e3", "0x10", "-1", "1,2", "-5 seconds"])(
    "%j is unreadable: undefined (the backoff applies)",
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );
});

describe("retryDelayMs", () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };

  test("doubles per attempt between half the ceiling and the ceiling, capped by maxDelayMs; a Retry-After wins, capped by maxRetryAfterMs", () => {
    const low = [1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, policy, undefined, () => 0));
    const high = [1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, policy, undefined, () => 0.999999));
    expect(low).toEqual([50, 100, 200, 400, 500, 500]);
    expect(high).toEqual([100, 200, 400, 800, 1000, 1000]);
    // Retry-After wins over the backoff, capped by maxRetryAfterMs.
    expect(retryDelayMs(1, policy, 0)).toBe(0);
    expect(retryDelayMs(4, policy, 1000)).toBe(1000);
    expect(retryDelayMs(1, policy, 3_600_000)).toBe(5000);
  });

  test("the documented defaults", () => {
    expect(DEFAULT_RETRY_POLICY).toEqual({ maxRetries: 5, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 60_000 });
  });
});
