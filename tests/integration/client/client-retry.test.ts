// The retry policy as a user meets it, against a local server that answers 429 or 5xx, drops connections or is
// not there; waits go through an injected sleep, so every asserted delay is the client's choice, none real.
import { UptimeClient, UptimeClientOptions, closeAllPools } from "../../../provider/api/client";
import { ApiError, ConnectionError, RateLimitError } from "../../../provider/api/errors";
import { RequestScheduler } from "../../../provider/api/scheduler";
import { testClient, until } from "../../helpers/emulator";
import { skippingClock } from "../../helpers/pacing-sim";
import { rejection } from "../../helpers/rejection";
import { ScriptedServer, monitorEnvelope, startScriptedServer, useScriptedServer } from "../../helpers/scripted-server";
import { closedPort } from "../../helpers/servers";

const KEY = "sk-retry-test-7f3a9c2e51";
const ok = { status: 200, body: monitorEnvelope() };
const created = { status: 201, body: monitorEnvelope() };
const unavailable = { status: 503, body: { error: { code: "service_unavailable", message: "try later" } } };
const body = { name: "api", type: "https", urn: "https://api.example.com/health", interval: 60, regions: [1] };
const tooMany = (retryAfter: string) => ({ status: 429, headers: { "retry-after": retryAfter } });

const server = useScriptedServer();

/** A client of the scripted server with this file's key; its `waits`: the backoff sleeps and the scheduler's pauses, none real. */
const harness = (options: Partial<UptimeClientOptions> = {}) => testClient(server, { apiKey: KEY, ...options });

describe("429: not processed, so sent again at its next turn, for every method", () => {
  test("POST: 429 then 201 creates exactly once", async () => {
    server.script(tooMany("0"), created);
    const h = harness();
    await expect(h.client.monitors.create(body)).resolves.toMatchObject({ uuid: "mon-1" });
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
    expect(JSON.parse(server.requests[1].body)).toEqual(body);
    // Retry-After: 0 is no wait, not a missing header (which would back off 0.5 s).
    expect(h.waits).toEqual([]);
  });

  test("Retry-After: 1 pauses the account's requests one second", async () => {
    server.script(tooMany("1"), ok);
    // A clock that moves only when the scheduler waits: the pause is exactly the second asked, however slow the machine.
    const paused: number[] = [];
    const h = harness({
      scheduler: new RequestScheduler(
        undefined,
        skippingClock(paused, () => 0),
      ),
    });
    await h.client.monitors.get("mon-1");
    expect(paused).toEqual([1000]);
  });

  test("429 without Retry-After: the account backs off 0.5 s, 1 s, 2 s, ... while refusals follow each other", async () => {
    server.script({ status: 429 }, { status: 429 }, { status: 429 }, ok);
    const h = harness();
    await h.client.monitors.get("mon-1");
    expect(h.waits.map((ms) => Math.round(ms / 100) * 100)).toEqual([500, 1000, 2000]);
  });

  test("a 429 is not a failure: uptime:maxRetries does not count it", async () => {
    server.script(...Array.from({ length: 8 }, () => tooMany("0")), ok);
    const h = harness({ retry: { maxRetries: 0 } });
    await expect(h.client.monitors.get("mon-1")).resolves.toMatchObject({ uuid: "mon-1" });
    expect(server.requests).toHaveLength(9);
  });

  test("refused for longer than uptime:rateLimitWaitSeconds: fails naming it, the pace and the parallelism", async () => {
    server.script(...Array.from({ length: 20 }, () => tooMany("1")));
    const h = harness({ pacing: { maxWaitMs: 5000 } });
    const error = await rejection(h.client.monitors.get("mon-1"));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as ApiError).status).toBe(429);
    expect((error as Error).message).toMatch(
      /^GET \/monitors\/mon-1 failed with 429 Too Many Requests: \(empty body\) \(the service kept refusing it for [45] s, and uptime:rateLimitWaitSeconds \(5\) allows no more; requests were paced to (the service's Retry-After|[\d.]+ requests\/s) with up to 1 asked at once \(pulumi's --parallel\)\. .*raise uptime:rateLimitWaitSeconds to wait longer\)$/,
    );
    expect([5, 6]).toContain(server.requests.length);
    // The way out it names: raised, the same request waits the refusals out.
    server.script(...Array.from({ length: 8 }, () => tooMany("1")), ok);
    await expect(harness({ pacing: { maxWaitMs: 60_000 } }).client.monitors.get("mon-1")).resolves.toMatchObject({ uuid: "mon-1" });
  });

  test("a Retry-After longer than uptime:rateLimitWaitSeconds fails at once, and so does every request waiting behind it", async () => {
    server.script(tooMany("3600"), ok, ok);
    const h = harness({ pacing: { maxInFlight: 1 } });
    const [first, second] = await Promise.all([rejection(h.client.monitors.get("mon-1")), rejection(h.client.monitors.get("mon-2"))]);
    for (const error of [first, second]) {
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as Error).message).toContain(
        "the service asks to wait 3600 s (Retry-After) before it takes more requests, longer than uptime:rateLimitWaitSeconds (300) lets a run wait",
      );
    }
    expect(server.requests).toHaveLength(1);
    expect(h.waits).toEqual([]);
    // The other way out: the command run again once the wait is over (a run of its own) goes through.
    await expect(harness().client.monitors.get("mon-1")).resolves.toMatchObject({ uuid: "mon-1" });
  });

  test("the way out the message names: uptime:rateLimitWaitSeconds raised above the asked wait, the request waits and goes through", async () => {
    server.script(tooMany("8"), tooMany("8"), ok);
    const short = await rejection(harness({ pacing: { maxWaitMs: 5000 } }).client.monitors.get("mon-1"));
    expect((short as Error).message).toContain("longer than uptime:rateLimitWaitSeconds (5) lets a run wait");
    const raised = harness({ pacing: { maxWaitMs: 10_000 } });
    await expect(raised.client.monitors.get("mon-1")).resolves.toMatchObject({ uuid: "mon-1" });
    expect(raised.waits.map((ms) => Math.round(ms / 1000))).toEqual([8]);
  });

  test("clients of one account share its pace; another key's client does not wait", async () => {
    await closeAllPools();
    server.script(tooMany("1"), ok, ok, ok);
    const options = { baseUrl: server.url, apiKey: KEY, log: { debug: () => undefined, warn: () => undefined } };
    const [a, b, other] = [new UptimeClient(options), new UptimeClient(options), new UptimeClient({ ...options, apiKey: `${KEY}-other` })];
    expect(a.scheduler).toBe(b.scheduler);
    expect(other.scheduler).not.toBe(a.scheduler);
    const started = performance.now();
    const refused = a.monitors.get("mon-1");
    // Once the 429 is read (however long that takes), the account is paused; the other key's account is not.
    await until(() => a.scheduler.state().throttled > 0, "the 429 to be read");
    expect(a.scheduler.state().pausedUntil).toBeGreaterThan(performance.now());
    expect(other.scheduler.state().pausedUntil).toBe(0);
    const [sameAt] = await Promise.all([
      b.monitors.get("mon-1").then(() => performance.now() - started),
      other.monitors.get("mon-1"),
      refused,
    ]);
    expect(sameAt).toBeGreaterThanOrEqual(950);
    expect(other.scheduler.state()).toMatchObject({ throttled: 0, pausedUntil: 0 });
    await closeAllPools();
  });
});

// Which status is retried for which method: tests/unit/retry-policy.test.ts; here, the client's loop over it.
describe("502/503/504: retried for GET, PATCH and DELETE, never for POST", () => {
  test.each([
    ["POST: a 503 (the monitor may exist)", "POST", 503, {}, "POST /monitors failed with 503 Service Unavailable: try later"],
    ...[500, 400, 401, 404, 409, 422].map((status) => [`GET: ${status}`, "GET", status, {}, undefined] as const),
    ["GET: a 503 under maxRetries: 0 (one attempt)", "GET", 503, { maxRetries: 0 }, undefined],
  ] as const)("%s is not retried: one request, no wait, the error reaches the caller", async (_what, method, status, retry, message) => {
    server.script(status === 503 ? unavailable : { status }, method === "POST" ? created : ok);
    const h = harness({ retry: { baseDelayMs: 1, ...retry } });
    const error = await rejection<ApiError>(method === "POST" ? h.client.monitors.create(body) : h.client.monitors.get("mon-1"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    if (message) expect(error.message).toBe(message);
    expect(server.requests).toHaveLength(1);
    expect(h.waits).toEqual([]);
  });

  test("a 503's Retry-After is waited, capped by maxRetryAfterMs (one minute by default)", async () => {
    server.script({ ...unavailable, headers: { "retry-after": "3600" } }, ok, { ...unavailable, headers: { "retry-after": "86400" } }, ok);
    const capped = harness({ retry: { maxRetryAfterMs: 5000 } });
    await capped.client.monitors.get("mon-1");
    expect(capped.waits).toEqual([5000]);
    const byDefault = harness();
    await byDefault.client.monitors.get("mon-1");
    expect(byDefault.waits).toEqual([60_000]);
  });

  test("exhausted retries end with the last error, not the first", async () => {
    server.script({ status: 502 }, { status: 503 }, { status: 504 });
    const h = harness({ retry: { maxRetries: 2, baseDelayMs: 1 } });
    const error = await rejection(h.client.monitors.get("mon-1"));
    expect((error as ApiError).status).toBe(504);
    expect(server.requests).toHaveLength(3);
  });

  test("retry settings left undefined keep their defaults (5 retries), not unlimited ones", async () => {
    server.script(...Array.from({ length: 10 }, () => unavailable));
    const h = harness({ retry: { maxRetries: undefined, baseDelayMs: 1, maxDelayMs: undefined } });
    await expect(h.client.monitors.get("mon-1")).rejects.toBeInstanceOf(ApiError);
    expect(server.requests).toHaveLength(6);
    expect(h.waits.every((w) => Number.isFinite(w))).toBe(true);
  });
});

describe("connection errors", () => {
  test("GET: a socket destroyed before the answer is retried", async () => {
    server.script({ destroy: true }, ok);
    const h = harness({ retry: { baseDelayMs: 1 } });
    await expect(h.client.monitors.get("mon-1")).resolves.toMatchObject({ uuid: "mon-1" });
    expect(server.requests).toHaveLength(2);
  });

  test("POST: a socket destroyed after the request was sent is NOT retried; the error says it may have arrived", async () => {
    server.script({ destroy: true }, created);
    const h = harness({ retry: { baseDelayMs: 1 } });
    const error = await rejection(h.client.monitors.create(body));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveReachedServer).toBe(true);
    expect((error as Error).message).toMatch(/^POST \/monitors failed: the connection was closed before a response/);
    expect(server.requests).toHaveLength(1);
    expect(h.waits).toEqual([]);
  });

  test("no answer within requestTimeoutMs: GET retried, POST not", async () => {
    server.script({ hang: true }, ok);
    const get = harness({ requestTimeoutMs: 150, retry: { baseDelayMs: 1 } });
    await expect(get.client.monitors.get("mon-1")).resolves.toMatchObject({ uuid: "mon-1" });
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "GET"]);
    expect(get.debug[0]).toMatch(
      /no response from http:\/\/127\.0\.0\.1:\d+ within 150 ms \(uptime:requestTimeoutMs\); check uptime:baseUrl/,
    );

    server.requests.length = 0;
    server.script({ hang: true }, created);
    const post = harness({ requestTimeoutMs: 150, retry: { baseDelayMs: 1 } });
    const error = await rejection(post.client.monitors.create(body));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveReachedServer).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  test("POST: a refused connection (nothing was sent) is retried", async () => {
    const port = await closedPort();
    let late: ScriptedServer | undefined;
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      // The service comes up during the wait.
      late ??= await startScriptedServer(port);
      late.script(created);
    };
    const h = harness({ baseUrl: `http://127.0.0.1:${port}/v1`, retry: { baseDelayMs: 1 }, sleep });
    try {
      await expect(h.client.monitors.create(body)).resolves.toMatchObject({ uuid: "mon-1" });
      expect(waits).toHaveLength(1);
      expect(h.debug[0]).toMatch(/connection refused/);
      expect(late!.requests.map((r) => r.method)).toEqual(["POST"]);
    } finally {
      await late?.close();
    }
  });

  test("a refused connection that stays refused ends in a ConnectionError naming the fix", async () => {
    const port = await closedPort();
    const h = harness({ baseUrl: `http://127.0.0.1:${port}/v1`, retry: { maxRetries: 2, baseDelayMs: 1 } });
    const error = await rejection(h.client.monitors.get("x"));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ mayHaveReachedServer: false, message: expect.stringMatching(/connection refused .*uptime:baseUrl/) });
    expect(h.waits).toHaveLength(2);
  });
});

test("each wait is logged at debug with method, path, cause, attempt and delay, and never the key", async () => {
  server.script(tooMany("2"), { destroy: true }, unavailable, ok);
  const h = harness({ retry: { baseDelayMs: 1 } });
  // A PATCH refused (429), cut off and answered 503 is sent again each time, after a wait, and goes through.
  await expect(h.client.monitors.update("mon-1", { description: KEY })).resolves.toMatchObject({ uuid: "mon-1" });
  expect(h.waits).toHaveLength(3);
  expect(h.debug).toHaveLength(3);
  expect(h.debug[0]).toBe("uptime: PATCH /monitors/mon-1: 429; its turn comes again in 2.0 s (Retry-After)");
  expect(h.debug[1]).toMatch(
    /^uptime: PATCH \/monitors\/mon-1: PATCH \/monitors\/mon-1 failed: the connection was closed .*; retry 1 of 5 in /,
  );
  expect(h.debug[2]).toMatch(/^uptime: PATCH \/monitors\/mon-1: 503; retry 2 of 5 in /);
  expect(h.warn).toEqual([]);
  for (const line of h.debug) expect(line).not.toContain(KEY);
  // The key travels only in the Authorization header, and on every attempt.
  expect(server.requests.map((r) => [r.method, r.headers.authorization])).toEqual(Array(4).fill(["PATCH", KEY]));
});

test("authScheme puts its word before the key", async () => {
  server.script(ok);
  await harness({ authScheme: "Bearer" }).client.monitors.get("mon-1");
  expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
});

test("a retry wait of 2 s or more is logged at info level (shown without --debug); a shorter one at debug level", async () => {
  const retryIn = (seconds: string) => ({ ...unavailable, headers: { "retry-after": seconds } });
  server.script(retryIn("1"), retryIn("2"), ok);
  const [info, debug]: string[][] = [[], []];
  const { client } = harness({ log: { debug: (m) => debug.push(m), info: (m) => info.push(m), warn: () => undefined } });
  await expect(client.monitors.get("mon-1")).resolves.toMatchObject({ uuid: "mon-1" });
  expect(info).toEqual(["uptime: GET /monitors/mon-1: 503; retry 2 of 5 in 2.0s"]);
  expect(debug.filter((l) => l.includes("retry"))).toEqual(["uptime: GET /monitors/mon-1: 503; retry 1 of 5 in 1.0s"]);
});
