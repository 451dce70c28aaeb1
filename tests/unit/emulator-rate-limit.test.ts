// The emulator's token bucket without a server: a fake clock drives refill, so every number is exact.
// A full bucket's burst, the 429 it answers, set, clear and reset over HTTP: integration/emulator/rate-limit.test.ts.
import { ApiError } from "../../emulator/service/errors";
import { parseRateLimitConfig, RateLimiter } from "../../emulator/harness/rate-limit";
import type { RateLimitConfig } from "../../emulator/types";

/** A limiter on a clock the test moves by hand (ms). */
function limiterAt(config: RateLimitConfig | undefined): { limiter: RateLimiter; advance: (ms: number) => void } {
  let now = 1_000_000;
  return { limiter: new RateLimiter(config, () => now), advance: (ms) => (now += ms) };
}

const retryAfter = (limiter: RateLimiter, key = "k") => limiter.admit(key)?.refusal?.headers?.["retry-after"];

describe("the bucket", () => {
  test("refills continuously at rps, never above burst; a clock that steps back refills nothing", () => {
    const { limiter, advance } = limiterAt({ rps: 2, burst: 2 });
    limiter.admit("k");
    limiter.admit("k");
    advance(250);
    expect(limiter.admit("k")?.allowed).toBe(false); // half a token
    advance(250);
    expect(limiter.admit("k")).toMatchObject({ allowed: true, remaining: 0 }); // the half from before and this half
    advance(60_000);
    expect([1, 2, 3].map(() => limiter.admit("k")?.allowed)).toEqual([true, true, false]);
    advance(-5000);
    expect(limiter.admit("k")?.allowed).toBe(false);
  });

  test("a refused request takes nothing: the tokens it found are still there for the next", () => {
    const { limiter, advance } = limiterAt({ rps: 1, burst: 1 });
    limiter.admit("k");
    for (let i = 0; i < 9; i++) {
      advance(100);
      expect(limiter.admit("k")?.allowed).toBe(false);
    }
    advance(100);
    // Ten refills of 0.1 sum to 0.9999999999999999 in floating point: still a whole token.
    expect(limiter.admit("k")?.allowed).toBe(true);
  });

  test("Retry-After: seconds until one token is there, rounded up, at least 1; resetSeconds: until the bucket is full again", () => {
    const slow = limiterAt({ rps: 0.3, burst: 1 });
    slow.limiter.admit("k");
    expect(retryAfter(slow.limiter)).toBe("4"); // 1 / 0.3 = 3.33 s
    slow.advance(2000);
    expect(retryAfter(slow.limiter)).toBe("2"); // 0.4 / 0.3 = 1.33 s
    const fast = limiterAt({ rps: 50, burst: 1 });
    fast.limiter.admit("k");
    expect(retryAfter(fast.limiter)).toBe("1"); // 20 ms
    const { limiter, advance } = limiterAt({ rps: 2, burst: 4 });
    expect(limiter.admit("k")).toMatchObject({ remaining: 3, resetSeconds: 1 }); // 0.5 s
    expect(limiter.admit("k")).toMatchObject({ remaining: 2, resetSeconds: 1 }); // 1 s
    expect(limiter.admit("k")).toMatchObject({ remaining: 1, resetSeconds: 2 }); // 1.5 s
    advance(600);
    expect(limiter.admit("k")).toMatchObject({ remaining: 1, resetSeconds: 2 }); // 1 + 1.2 - 1 = 1.2 tokens left: 1.4 s
  });

  test("ietf headers: the policy's window is the time an empty bucket takes to fill, at least 1 s; its quota, the rate over it", () => {
    const { limiter } = limiterAt({ rps: 2, burst: 5, headers: "ietf" });
    expect(limiter.admit("k")?.headers).toEqual({ "ratelimit-policy": '"default";q=6;w=3', ratelimit: '"default";r=4;t=1' });
    const fast = limiterAt({ rps: 100, burst: 5, headers: "ietf" }).limiter;
    expect(fast.admit("k")?.headers["ratelimit-policy"]).toBe('"default";q=100;w=1');
    // A refusal states the bucket too: 2 per 4 s, the third of three at once refused, full again in 4 s.
    const slow = limiterAt({ rps: 0.5, burst: 2, headers: "ietf" }).limiter;
    const headers = (r: string) => ({ "ratelimit-policy": '"default";q=2;w=4', ratelimit: `"default";${r}` });
    const admitted = [1, 2, 3].map(() => slow.admit("k"));
    expect(admitted.map((a) => a?.headers)).toEqual([headers("r=1;t=2"), headers("r=0;t=4"), headers("r=0;t=4")]);
    expect(admitted[2]?.refusal?.headers?.["retry-after"]).toBe("2");
  });
});

test("a fixed window (`window`): rps * window requests per window, counted from the limit's start, the next refused until it ends; headers that state it", () => {
  const { limiter, advance } = limiterAt({ rps: 2, window: 5 });
  expect(Array.from({ length: 10 }, () => limiter.admit("k")?.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  advance(1_500);
  const refused = limiter.admit("k");
  expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 4 });
  expect(refused?.refusal).toMatchObject({
    status: 429,
    headers: { "retry-after": "4" },
    body: { error: { code: "rate_limited", message: "rate limit exceeded: 10 requests per 5 s window" } },
  });
  advance(3_500); // the next window: a new allowance, not a refill
  expect(limiter.admit("k")).toMatchObject({ allowed: true, remaining: 9, resetSeconds: 5 });
  expect(limiter.admit("other")).toMatchObject({ allowed: true, remaining: 9 });
  const ietf = limiterAt({ rps: 2, window: 5, headers: "ietf" });
  ietf.advance(2_100);
  expect(ietf.limiter.admit("k")?.headers).toEqual({ "ratelimit-policy": '"default";q=10;w=5', ratelimit: '"default";r=9;t=3' });
  const x = limiterAt({ rps: 2, window: 5, headers: "x-ratelimit" }).limiter;
  expect(x.admit("k")?.headers).toEqual({ "x-ratelimit-limit": "10", "x-ratelimit-remaining": "9", "x-ratelimit-reset": "5" });
});

describe("config", () => {
  test("defaults: burst is rps rounded up (at least 1), headers none; a fixed window's burst is rps * window", () => {
    expect(parseRateLimitConfig({ rps: 0.2 })).toEqual({ rps: 0.2, burst: 1, headers: "none" });
    expect(parseRateLimitConfig({ rps: 3, burst: 10, headers: "ietf" })).toEqual({ rps: 3, burst: 10, headers: "ietf" });
    expect(parseRateLimitConfig({ rps: 0.5, window: 60 })).toEqual({ rps: 0.5, burst: 30, headers: "none", window: 60 });
  });

  test.each([
    [{}, "rps: expected a number > 0 (requests per second)"],
    [{ rps: 0 }, "rps: expected a number > 0 (requests per second)"],
    [{ rps: "5" }, "rps: expected a number > 0 (requests per second)"],
    [{ rps: 1, burst: 0 }, "burst: must be >= 1"],
    [{ rps: 1, burst: 1.5 }, "burst: expected an integer"],
    [{ rps: 1, headers: "draft" }, 'headers: expected one of "none", "x-ratelimit", "ietf"'],
    [{ rps: 1, size: 60 }, "size: unknown field"],
    [{ rps: 1, window: 0 }, "window: must be >= 1 (seconds)"],
    [{ rps: 1, window: 1.5 }, "window: expected an integer"],
    [{ rps: 1, window: 5, burst: 3 }, "burst: a token bucket's size: a fixed window allows rps * window requests in each"],
    [[], "body: expected an object"],
  ])("%j is refused: %s", (input, message) => {
    expect(() => parseRateLimitConfig(input)).toThrow(new ApiError(422, "validation_error", message));
  });

  test("reset() of a limiter that started with none lifts the limit set since", () => {
    const { limiter } = limiterAt(undefined);
    limiter.set({ rps: 1 });
    limiter.reset();
    expect(limiter.describe().rateLimit).toBeNull();
    expect(limiter.admit("k")).toBeUndefined();
  });
});
