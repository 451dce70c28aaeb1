// Fault injection on /v1: every knob, rule matching and spending, and reproducibility from a seed.

import { useEmulator, admin, api, monitorBody } from "../../helpers/emulator";

const {
  emulator,
  admin: { faults, monitorNames, requests },
} = useEmulator({ resetEach: true });

test("latency: fixedMs delays every /v1 answer, jitter stays within its bound; /admin is not delayed", async () => {
  await faults({ latency: { fixedMs: 3000 } });
  let answered = false;
  let started = performance.now();
  const delayed = api(emulator, "GET", "/webhooks").finally(() => (answered = true));
  // /admin, asked after, answers while /v1 still waits: an order, not a stopwatch.
  await admin(emulator, "GET", "/state");
  expect(answered).toBe(false);
  expect((await delayed).status).toBe(200);
  expect(performance.now() - started).toBeGreaterThanOrEqual(2990);

  await faults({ latency: { fixedMs: 20, jitterMs: 100 } });
  started = performance.now();
  await api(emulator, "GET", "/webhooks");
  const jittered = performance.now() - started;
  expect(jittered).toBeGreaterThanOrEqual(15);
  expect(jittered).toBeLessThan(1000);
});

test("429 with the configured Retry-After; the request changed nothing", async () => {
  await faults({ rules: [{ rate429: 1, retryAfter: "7" }] });
  const reply = await api(emulator, "POST", "/monitors", monitorBody({ name: "limited" }));
  expect([reply.status, reply.headers.get("retry-after"), reply.json.error.code]).toEqual([429, "7", "rate_limited"]);
  expect(await monitorNames()).toEqual([]);
});

test("5xx: statuses are drawn from the given list", async () => {
  await faults({ seed: 3, rules: [{ rate5xx: 1, statuses: [500, 502] }] });
  const statuses = new Set<number>();
  for (let i = 0; i < 12; i++) statuses.add((await api(emulator, "GET", "/webhooks")).status);
  expect([...statuses].sort()).toEqual([500, 502]);
});

// Either way the log has the request, with no status: no answer went out.
test.each([
  ["drop before processing: the connection closes without an answer and nothing is stored", { dropBeforeRate: 1 }, []],
  ["drop after processing: the change is stored but the client gets no answer", { dropAfterRate: 1 }, ["dropped"]],
])("%s", async (_name, rule, stored) => {
  await faults({ rules: [rule] });
  await expect(api(emulator, "POST", "/monitors", monitorBody({ name: "dropped" }))).rejects.toThrow();
  expect(await monitorNames()).toEqual(stored);
  expect(await requests()).toEqual([expect.objectContaining({ route: "POST /monitors", status: null })]);
});

test("respond: a scripted status, headers and raw body, or bodyBytes of filler, instead of processing", async () => {
  await faults({
    rules: [
      { route: "POST /monitors", respond: { status: 502, headers: { "content-type": "text/html" }, body: "<html>Bad gateway</html>" } },
    ],
  });
  const reply = await api(emulator, "POST", "/monitors", monitorBody());
  expect([reply.status, reply.headers.get("content-type"), reply.text]).toEqual([502, "text/html", "<html>Bad gateway</html>"]);
  expect(await monitorNames()).toEqual([]);

  await faults({ rules: [{ respond: { status: 200, bodyBytes: 4096 } }] });
  const filler = await api(emulator, "GET", "/webhooks");
  expect([filler.status, filler.text.length]).toEqual([200, 4096]);
});

test("times: a rule is spent after firing N times (a 5xx: 503 by default, nothing stored); GET /admin/faults reports firedCounts", async () => {
  await faults({ rules: [{ rate5xx: 1, times: 2 }] });
  const replies = [];
  for (let i = 0; i < 3; i++) replies.push(await api(emulator, "POST", "/monitors", monitorBody({ name: `m${i}` })));
  const failed = [503, "service_unavailable"];
  expect(replies.map((reply) => [reply.status, reply.json.error?.code])).toEqual([failed, failed, [201, undefined]]);
  expect(await monitorNames()).toEqual(["m2"]);
  expect((await admin(emulator, "GET", "/faults")).json).toMatchObject({ seed: 1, firedCounts: [2], rules: [{ rate5xx: 1, times: 2 }] });
});

test("rules match by route and by method; the first rule that fires decides (a 429 without retryAfter: Retry-After 1)", async () => {
  await faults({
    rules: [
      { route: "POST /monitors", rate429: 1 },
      { method: "get", rate5xx: 1, statuses: [500] },
    ],
  });
  const limited = await api(emulator, "POST", "/monitors", monitorBody());
  expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "1"]);
  expect((await api(emulator, "GET", "/webhooks")).status).toBe(500);
  expect((await api(emulator, "PATCH", "/pages/none", { title: "x" })).status).toBe(404);
});

test("the same seed and the same request sequence give the same faults; another seed differs", async () => {
  const run = async (seed: number) => {
    await faults({ seed, latency: { fixedMs: 0, jitterMs: 1 }, rules: [{ rate5xx: 0.3, statuses: [500, 502, 503] }, { rate429: 0.3 }] });
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) statuses.push((await api(emulator, "GET", "/webhooks")).status);
    return statuses;
  };
  const first = await run(42);
  expect(new Set(first).size).toBeGreaterThan(2);
  expect(await run(42)).toEqual(first);
  expect(await run(43)).not.toEqual(first);
});

test("faults never apply to /admin or /assets", async () => {
  await admin(emulator, "POST", "/seed", { pages: [{ uuid: "p", logoFileBase64: Buffer.from("GIF89a....").toString("base64") }] });
  const logo = (await admin(emulator, "GET", "/pages/p")).json.logoFileBase64;
  await faults({ rules: [{ rate5xx: 1 }, { dropBeforeRate: 1 }] });
  expect((await admin(emulator, "GET", "/state")).status).toBe(200);
  const image = await fetch(logo);
  expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/gif"]);
});

const faulty = useEmulator({ faults: { rules: [{ rate5xx: 1, statuses: [502] }] } }).emulator;
test("faults given at start are active at once; DELETE /admin/faults clears them", async () => {
  expect((await api(faulty, "GET", "/webhooks")).status).toBe(502);
  expect((await admin(faulty, "DELETE", "/faults")).status).toBe(204);
  expect((await api(faulty, "GET", "/webhooks")).status).toBe(200);
});

test.each([
  [{ rules: [{ rate5xx: 1.5 }] }, /^rules\[0\]\.rate5xx: /],
  [{ rules: [{ route: "GET /monitors" }] }, /^rules\[0\]\.route: unknown route/],
  [{ rules: [{ statuses: [200] }] }, /^rules\[0\]\.statuses\[0\]: /],
  [{ rules: [{ respond: { status: 200, hang: "yes" } }] }, /^rules\[0\]\.respond\.hang: /],
  [{ latency: { fixedMs: -5 } }, /^latency\.fixedMs: /],
  [{ chaos: true }, /^chaos: unknown field/],
])("an invalid fault config is 422 naming the field: %j", async (config, message) => {
  const reply = await admin(emulator, "PUT", "/faults", config);
  expect([reply.status, reply.json.error.message]).toEqual([422, expect.stringMatching(message)]);
});
