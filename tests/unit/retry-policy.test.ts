// The retry policy's pieces: which failures are retried for which method, how Retry-After is
// read, and the backoff schedule.
import { ApiError, ConnectionError } from "../../provider/api/errors";
import { DEFAULT_RETRY_POLICY, isRetryable, parseRetryAfter, retryDelayMs } from "../../provider/api/retry";

const api = (status: number) => new ApiError({ method: "X", path: "/p", status, serviceMessage: "" });
const conn = (mayHaveReachedServer: boolean) => new ConnectionError({ method: "X", path: "/p", detail: "d", mayHaveReachedServer });

describe("isRetryable", () => {
  const cases: [string, unknown, Record<string, boolean>][] = [
    ["429", api(429), { GET: true, POST: true, PATCH: true, DELETE: true }],
    ["502", api(502), { GET: true, POST: false, PATCH: true, DELETE: true }],
    ["503", api(503), { GET: true, POST: false, PATCH: true, DELETE: true }],
    ["504", api(504), { GET: true, POST: false, PATCH: true, DELETE: true }],
    ["500", api(500), { GET: false, POST: false, PATCH: false, DELETE: false }],
    ["501", api(501), { GET: false, POST: false, PATCH: false, DELETE: false }],
    ["400", api(400), { GET: false, POST: false, PATCH: false, DELETE: false }],
    ["401", api(401), { GET: false, POST: false, PATCH: false, DELETE: false }],
    ["404", api(404), { GET: false, POST: false, PATCH: false, DELETE: false }],
    ["409", api(409), { GET: false, POST: false, PATCH: false, DELETE: false }],
    ["connection never opened", conn(false), { GET: true, POST: true, PATCH: true, DELETE: true }],
    ["connection dropped after sending", conn(true), { GET: true, POST: false, PATCH: true, DELETE: true }],
    [
      "a TLS failure (permanent)",
      new ConnectionError({ method: "X", path: "/p", detail: "d", mayHaveReachedServer: false, permanent: true }),
      { GET: false, POST: false, PATCH: false, DELETE: false },
    ],
    ["any other error", new Error("bug"), { GET: false, POST: false, PATCH: false, DELETE: false }],
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

  test("doubles per attempt between half the ceiling and the ceiling, capped by maxDelayMs", () => {
    const low = [1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, policy, undefined, () => 0));
    const high = [1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, policy, undefined, () => 0.999999));
    expect(low).toEqual([50, 100, 200, 400, 500, 500]);
    expect(high).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  test("Retry-After wins over the backoff, capped by maxRetryAfterMs", () => {
    expect(retryDelayMs(1, policy, 0)).toBe(0);
    expect(retryDelayMs(4, policy, 1000)).toBe(1000);
    expect(retryDelayMs(1, policy, 3_600_000)).toBe(5000);
  });

  test("the documented defaults", () => {
    expect(DEFAULT_RETRY_POLICY).toEqual({ maxRetries: 5, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 60_000 });
  });
});
