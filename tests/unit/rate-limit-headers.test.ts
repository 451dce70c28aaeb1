// The rate-limit headers a service may send, in each form the client reads: what limit, window,
// remaining count and reset each one states, and what it ignores.
import { parseRateLimitHeaders, resetToMs } from "../../provider/api/rate-limit-headers";

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

test.each([
  ["none", {}, {}],
  [
    "X-RateLimit-* (no window)",
    { "x-ratelimit-limit": "10", "x-ratelimit-remaining": "4", "x-ratelimit-reset": "1" },
    { limit: 10, remaining: 4, resetMs: 1000 },
  ],
  [
    "X-Rate-Limit-*",
    { "x-rate-limit-limit": "60", "x-rate-limit-remaining": "0", "x-rate-limit-reset": "30" },
    { limit: 60, remaining: 0, resetMs: 30_000 },
  ],
  [
    "IETF draft 06: RateLimit-Limit/-Remaining/-Reset and RateLimit-Policy 10;w=1",
    { "ratelimit-limit": "10", "ratelimit-remaining": "3", "ratelimit-reset": "2", "ratelimit-policy": "10;w=1, 1000;w=3600" },
    { limit: 10, windowMs: 1000, remaining: 3, resetMs: 2000 },
  ],
  [
    "IETF draft 07: RateLimit: limit=10, remaining=3, reset=2",
    { ratelimit: "limit=10, remaining=3, reset=2", "ratelimit-policy": "10;w=1" },
    { limit: 10, windowMs: 1000, remaining: 3, resetMs: 2000 },
  ],
  [
    "IETF drafts 08+: structured fields",
    { ratelimit: '"default";r=7;t=1', "ratelimit-policy": '"default";q=20;w=2, "daily";q=10000;w=86400' },
    { limit: 20, windowMs: 2000, remaining: 7, resetMs: 1000 },
  ],
  ["unreadable values are ignored", { "x-ratelimit-limit": "lots", "x-ratelimit-remaining": "-1", ratelimit: "garbage" }, {}],
  ["a header given twice: the first", { "x-ratelimit-remaining": ["2", "9"] }, { remaining: 2 }],
])("%s", (_name, headers, expected) => {
  expect(parseRateLimitHeaders(headers, NOW)).toEqual(expected);
});

test("a reset is seconds from now, or a Unix time in seconds or milliseconds", () => {
  expect(resetToMs("5", NOW)).toBe(5000);
  expect(resetToMs(`${NOW / 1000 + 30}`, NOW)).toBe(30_000);
  expect(resetToMs(`${NOW + 1500}`, NOW)).toBe(1500);
  expect(resetToMs(`${NOW / 1000 - 10}`, NOW)).toBe(0);
  expect(resetToMs("soon", NOW)).toBeUndefined();
});
