// Retries under the emulator's faults, as the provider meets them: rate limiting, 5xx, connections
// dropped before or after the service acted, answers that never come. No wait is real: the client's
// sleep is injected and records what it was asked to wait.
import { ApiError } from "../../../provider/api/errors";
import { checkMonitor, createMonitor, deleteMonitor, diffMonitor, readMonitor, updateMonitor } from "../../../provider/monitor";
import { testClient, useEmulator } from "../../helpers/emulator";
import { HTTP_FULL, HTTP_MIN } from "../../helpers/monitor-records";
import { rejection } from "../../helpers/rejection";

const { emulator, admin, t } = useEmulator({ resetEach: true, testClient: { retry: { baseDelayMs: 1 } } });

const inputs = (raw: Record<string, unknown>) => checkMonitor(raw).inputs;

const routeCount = async (route: string): Promise<number> => (await admin.counters()).requestsByRoute[route];

describe("POST /monitors", () => {
  test("429 twice, then created exactly once; Retry-After honoured", async () => {
    await admin.faults({ rules: [{ route: "POST /monitors", rate429: 1, retryAfter: "1", times: 2 }] });
    const { id } = await createMonitor(t.client, inputs(HTTP_MIN));
    expect((await admin.monitors()).map((m) => m.uuid)).toEqual([id]);
    expect(await routeCount("POST /monitors")).toBe(3);
    // Paused as asked (less the milliseconds the answers took), the account's pace not cut: too few got through to learn one.
    expect(t.waits.map((ms) => Math.round(ms / 100) * 100)).toEqual([1000, 1000]);
    expect(t.debug).toEqual([
      "uptime: POST /monitors: 429; its turn comes again in 1.0 s (Retry-After)",
      "uptime: POST /monitors: 429; its turn comes again in 1.0 s (Retry-After)",
    ]);
  });

  test.each([502, 503, 504])(
    "%i is not retried (a gateway may have passed it on): the error says what failed and how to recover",
    async (status) => {
      await admin.faults({ rules: [{ route: "POST /monitors", rate5xx: 1, statuses: [status], times: 1 }] });
      const error = await rejection(createMonitor(t.client, inputs(HTTP_MIN)));
      expect(error.cause).toBeInstanceOf(ApiError);
      expect((error.cause as ApiError).status).toBe(status);
      expect(error.message).toMatch(new RegExp(`^monitor "web": POST /monitors failed with ${status} `));
      expect(error.message).toContain('set `adoptUuid: "<its uuid>"`');
      expect(await admin.monitors()).toEqual([]);
      expect(await routeCount("POST /monitors")).toBe(1);
    },
  );

  test("dropped before the service saw it: still ambiguous to the client, so not retried", async () => {
    await admin.faults({ rules: [{ route: "POST /monitors", dropBeforeRate: 1, times: 1 }] });
    await expect(createMonitor(t.client, inputs(HTTP_MIN))).rejects.toThrow(/adoptUuid/);
    expect(await admin.monitors()).toEqual([]);
  });

  test("no answer within requestTimeoutMs: not retried, same recovery message", async () => {
    const slow = testClient(emulator, { requestTimeoutMs: 150, retry: { baseDelayMs: 1 } });
    await admin.faults({ rules: [{ route: "POST /monitors", respond: { status: 201, hang: true }, times: 1 }] });
    const error = await rejection(createMonitor(slow.client, inputs(HTTP_MIN)));
    expect(error.message).toMatch(/no response from \S+ within 150 ms \(uptime:requestTimeoutMs\).*adoptUuid/);
    expect(await routeCount("POST /monitors")).toBe(1);
  });
});

describe("GET, PATCH and DELETE are retried through 5xx and dropped connections", () => {
  test("PATCH: 503 twice, then applied", async () => {
    const { id, outs } = await createMonitor(t.client, inputs(HTTP_FULL));
    await admin.faults({ rules: [{ route: "PATCH /monitors/:uuid", rate5xx: 1, statuses: [502, 503, 504], times: 2 }] });
    const next = inputs({ ...HTTP_FULL, title: "after faults" });
    const { outs: after } = await updateMonitor(t.client, id, outs, next);
    expect(after.title).toBe("after faults");
    expect(diffMonitor(after, next).changes).toBe(false);
    expect(await routeCount("PATCH /monitors/:uuid")).toBe(3);
  });

  test("PATCH: dropped after it was applied, then applied again: the same end state", async () => {
    const { id, outs } = await createMonitor(t.client, inputs(HTTP_FULL));
    await admin.faults({ rules: [{ route: "PATCH /monitors/:uuid", dropAfterRate: 1, times: 1 }] });
    const next = inputs({ ...HTTP_MIN, name: "api" });
    const { outs: after } = await updateMonitor(t.client, id, outs, next);
    expect(diffMonitor(after, next).changes).toBe(false);
    expect(await admin.monitor(id)).toMatchObject({ title: null, httpRequest: null, name: "api" });
    expect(await routeCount("PATCH /monitors/:uuid")).toBe(2);
  });

  test("GET (refresh): dropped before processing, then answered", async () => {
    const { id, outs } = await createMonitor(t.client, inputs(HTTP_MIN));
    await admin.faults({ rules: [{ route: "GET /monitors/:uuid", dropBeforeRate: 1, times: 1 }] });
    expect((await readMonitor(t.client, id, outs)).kind).toBe("found");
  });

  test("GET (refresh): an answer that never comes is given up on and retried", async () => {
    const slow = testClient(emulator, { requestTimeoutMs: 150, retry: { baseDelayMs: 1 } });
    const { id, outs } = await createMonitor(slow.client, inputs(HTTP_MIN));
    await admin.faults({ rules: [{ route: "GET /monitors/:uuid", respond: { status: 200, hang: true }, times: 1 }] });
    expect((await readMonitor(slow.client, id, outs)).kind).toBe("found");
    expect(slow.debug).toEqual([expect.stringMatching(/no response from \S+ within 150 ms.*retry 1 of 5/)]);
  });

  test("DELETE: dropped after the monitor was deleted; the retry's 404 counts as done", async () => {
    const { id } = await createMonitor(t.client, inputs(HTTP_MIN));
    await admin.faults({ rules: [{ route: "DELETE /monitors/:uuid", dropAfterRate: 1, times: 1 }] });
    await expect(deleteMonitor(t.client, id, "web")).resolves.toBeUndefined();
    expect(await admin.monitors()).toEqual([]);
    const deletes = (await admin.requests()).filter((r) => r.method === "DELETE").map((r) => r.status);
    expect(deletes).toEqual([null, 404]);
  });

  test("refused past uptime:rateLimitWaitSeconds: the last 429, with how to get more", async () => {
    const { id, outs } = await createMonitor(t.client, inputs(HTTP_MIN));
    const patient = testClient(emulator, { pacing: { maxWaitMs: 3000 } });
    await admin.faults({ rules: [{ route: "GET /monitors/:uuid", rate429: 1, retryAfter: "1" }] });
    const error = await rejection<ApiError>(readMonitor(patient.client, id, outs));
    expect(error.status).toBe(429);
    expect(error.message).toContain("raise uptime:rateLimitWaitSeconds to wait longer");
    expect([3, 4]).toContain(await routeCount("GET /monitors/:uuid"));
  });
});

test("a whole lifecycle through a seeded storm of faults ends in the declared state", async () => {
  const stormy = testClient(emulator, { retry: { maxRetries: 30, baseDelayMs: 1 } });
  await admin.faults({
    seed: 42,
    rules: [
      { method: "POST", rate429: 0.5, retryAfter: "0" },
      { method: "GET", rate429: 0.2, rate5xx: 0.2, dropBeforeRate: 0.1, dropAfterRate: 0.1 },
      { method: "PATCH", rate429: 0.2, rate5xx: 0.2, dropBeforeRate: 0.1, dropAfterRate: 0.1 },
      { method: "DELETE", rate429: 0.2, rate5xx: 0.2, dropBeforeRate: 0.1, dropAfterRate: 0.1 },
    ],
  });
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const first = inputs({ ...HTTP_FULL, name: `m${i}` });
    const { id, outs } = await createMonitor(stormy.client, first);
    const found = await readMonitor(stormy.client, id, outs);
    expect(found.kind).toBe("found");
    const next = inputs({ ...HTTP_MIN, name: `m${i}`, regions: [i + 1] });
    const { outs: after } = await updateMonitor(stormy.client, id, outs, next);
    expect(diffMonitor(after, next).changes).toBe(false);
    ids.push(id);
  }
  await deleteMonitor(stormy.client, ids[0], "m0");
  const left = await admin.monitors();
  expect(left.map((m) => m.name).sort()).toEqual(["m1", "m2", "m3"]);
  for (const m of left) expect(m).toMatchObject({ title: null, httpRequest: null, regions: [Number(m.name.slice(1)) + 1] });
  const fired = (await admin.counters()).requestsTotal;
  expect(fired).toBeGreaterThan(4 * 3 + 1); // faults did fire, and were retried through
  expect(stormy.debug.length).toBeGreaterThan(0);
});
