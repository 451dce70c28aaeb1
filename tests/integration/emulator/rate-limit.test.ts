// The per-key rate limit on /v1: a token bucket decided on arrival, 429 with Retry-After, its headers,
// the admin API that sets it, and reset back to the startup config.

import { until, useEmulator, admin, adminJson, api, monitorBody, Json, Reply } from "../../helpers/emulator";
import { API_KEY, startTestEmulator } from "../../helpers/servers";

/** The limit this file's emulator starts with, which POST /admin/reset restores before each test. */
const STARTUP = { rps: 1, burst: 3 };
const {
  emulator,
  admin: { rateLimit: setLimit },
} = useEmulator({ rateLimit: STARTUP, resetEach: true });

const webhooks = (headers?: Record<string, string>) => api(emulator, "GET", "/webhooks", undefined, headers && { headers });
const statuses = async (count: number) => {
  const replies: Reply[] = [];
  for (let i = 0; i < count; i++) replies.push(await webhooks());
  return replies.map((r) => r.status);
};
const header = (name: string) => (reply: Reply) => reply.headers.get(name);

test("the limit is decided on arrival: before the injected latency and before fault rules", async () => {
  await setLimit({ rps: 0.5, burst: 1 });
  await adminJson(emulator, "PUT", "/faults", { latency: { fixedMs: 3000 }, rules: [{ rate5xx: 1 }] });
  let heldAnswer: number | undefined;
  const held = webhooks().then((reply) => (heldAnswer = reply.status));
  // The first has arrived (logged, unanswered) and taken the bucket's one token; the second is refused on
  // arrival, while the first still waits out the latency: an order, not a stopwatch.
  await until(async () => (await admin(emulator, "GET", "/requests")).json.requests.length > 0, "the first request to arrive");
  expect((await webhooks()).status).toBe(429);
  expect(heldAnswer).toBeUndefined();
  expect(await held).toBe(503);
  expect((await admin(emulator, "GET", "/faults")).json.firedCounts).toEqual([1]);
  expect((await admin(emulator, "GET", "/counters")).json.rateLimited).toBe(1);
});

test("x-ratelimit headers on successes, on errors and on the limiter's 429; the 429 logged and counted in rateLimited, which DELETE /counters zeroes", async () => {
  await setLimit({ rps: 1, burst: 3, headers: "x-ratelimit" });
  const replies = [await webhooks(), await api(emulator, "GET", "/monitors/no-such-uuid"), await webhooks(), await webhooks()];
  expect(replies.map((r) => r.status)).toEqual([200, 404, 200, 429]);
  expect(replies.map(header("x-ratelimit-limit"))).toEqual(["3", "3", "3", "3"]);
  expect(replies.map(header("x-ratelimit-remaining"))).toEqual(["2", "1", "0", "0"]);
  // Seconds until full: one token short, two, three; the refused request took none.
  expect(replies.map(header("x-ratelimit-reset"))).toEqual(["1", "2", "3", "3"]);
  expect([replies[3].headers.get("retry-after"), replies[3].headers.get("ratelimit")]).toEqual(["1", null]);
  const log = (await adminJson(emulator, "GET", "/requests")).requests.map((r: Json) => `${r.route} ${r.status}`);
  expect(log).toEqual(["GET /webhooks 200", "GET /monitors/:uuid 404", "GET /webhooks 200", "GET /webhooks 429"]);
  const counters = { requestsTotal: 4, rateLimited: 1, requestsByRoute: { "GET /webhooks": 3, "GET /monitors/:uuid": 1 } };
  expect(await adminJson(emulator, "GET", "/counters")).toMatchObject(counters);
  await admin(emulator, "DELETE", "/counters");
  expect((await adminJson(emulator, "GET", "/counters")).rateLimited).toBe(0);
});

test("a wrong or missing key is answered 401 and costs the valid key's bucket nothing; Bearer <key> is the same key; a rotated key has a full bucket of its own", async () => {
  await setLimit({ rps: 0.5, burst: 2, headers: "x-ratelimit" });
  for (let i = 0; i < 5; i++) {
    const wrong = await webhooks({ authorization: "not-the-key" });
    expect([wrong.status, wrong.headers.get("x-ratelimit-limit")]).toEqual([401, null]);
  }
  expect((await webhooks({})).status).toBe(401);
  expect((await admin(emulator, "GET", "/rate-limit")).json.buckets).toBe(0);
  expect((await webhooks({ authorization: `Bearer ${API_KEY}` })).status).toBe(200);
  expect((await webhooks()).status).toBe(200);
  expect((await webhooks()).status).toBe(429);
  expect((await admin(emulator, "GET", "/rate-limit")).json.buckets).toBe(1);
  await adminJson(emulator, "PUT", "/api-key", { apiKey: "rotated-key" });
  try {
    expect((await webhooks()).status).toBe(401);
    expect((await webhooks({ authorization: "rotated-key" })).status).toBe(200);
    expect((await adminJson(emulator, "GET", "/rate-limit")).buckets).toBe(2);
  } finally {
    await adminJson(emulator, "PUT", "/api-key", { apiKey: API_KEY });
  }
});

describe("admin API", () => {
  test("GET shows the config with its defaults filled and the keys seen; burst requests pass, the next is 429 and changes nothing; PUT replaces it with full buckets", async () => {
    expect(await adminJson(emulator, "GET", "/rate-limit")).toEqual({ rateLimit: { ...STARTUP, headers: "none" }, buckets: 0 });
    expect(await statuses(3)).toEqual([200, 200, 200]);
    const refused = await api(emulator, "POST", "/monitors", monitorBody({ name: "limited" }));
    expect([refused.status, refused.headers.get("retry-after")]).toEqual([429, "1"]);
    expect(refused.json).toEqual({ error: { code: "rate_limited", message: "rate limit exceeded: 1 requests per second, burst 3" } });
    expect((await admin(emulator, "GET", "/state")).json.monitors).toEqual([]);
    // headers "none" (the default): no rate-limit header on any answer
    expect(["x-ratelimit-limit", "ratelimit", "ratelimit-policy"].map((name) => refused.headers.get(name))).toEqual([null, null, null]);
    expect((await adminJson(emulator, "GET", "/rate-limit")).buckets).toBe(1);
    const put = await admin(emulator, "PUT", "/rate-limit", { rps: 2.5 });
    expect([put.status, put.json]).toEqual([200, { rateLimit: { rps: 2.5, burst: 3, headers: "none" }, buckets: 0 }]);
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
  });

  test("DELETE lifts the limit: 204, GET shows null, no request is refused; POST /admin/reset restores the startup limit, as after a PUT", async () => {
    expect((await admin(emulator, "DELETE", "/rate-limit")).status).toBe(204);
    expect(await adminJson(emulator, "GET", "/rate-limit")).toEqual({ rateLimit: null, buckets: 0 });
    expect(new Set(await statuses(6))).toEqual(new Set([200]));
    await admin(emulator, "POST", "/reset");
    expect(await adminJson(emulator, "GET", "/rate-limit")).toEqual({ rateLimit: { ...STARTUP, headers: "none" }, buckets: 0 });
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
    await setLimit({ rps: 100, burst: 100, headers: "ietf" });
    await admin(emulator, "POST", "/reset");
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
  });

  // Each rule's message: tests/unit/emulator-rate-limit.test.ts (config).
  test.each([
    [{ rps: 1, burst: 0 }, "burst: must be >= 1"],
    [undefined, "body: expected an object"],
  ])("PUT %j is 422 naming the field, and the config stays", async (body, message) => {
    const reply = await admin(emulator, "PUT", "/rate-limit", body);
    expect([reply.status, reply.json.error]).toEqual([422, { code: "validation_error", message }]);
    expect((await adminJson(emulator, "GET", "/rate-limit")).rateLimit).toEqual({ ...STARTUP, headers: "none" });
  });

  test("a bad startup limit is refused naming the option", async () => {
    await expect(startTestEmulator({ rateLimit: { rps: 1, burst: 0 } })).rejects.toThrow("rateLimit: burst: must be >= 1");
  });
});
