// The emulator's faults as the provider's operations meet them (the retry policy itself: client-retry):
// a creation's 5xx with the way to recover, edits and deletes the service applied before the drop.
import { ApiError } from "../../../provider/api/errors";
import { checkMonitor, createMonitor, deleteMonitor, diffMonitor, readMonitor, updateMonitor } from "../../../provider/monitor";
import { testClient, useEmulator } from "../../helpers/emulator";
import { HTTP_FULL, HTTP_MIN } from "../../helpers/monitor-records";
import { rejection } from "../../helpers/rejection";

const { emulator, admin, t } = useEmulator({ resetEach: true, testClient: { retry: { baseDelayMs: 1 } } });

const inputs = (raw: Record<string, unknown>) => checkMonitor(raw).inputs;

const routeCount = async (route: string): Promise<number> => (await admin.counters()).requestsByRoute[route];

describe("POST /monitors", () => {
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
});

describe("PATCH and DELETE dropped after the service acted are sent again", () => {
  test("PATCH: dropped after it was applied, then applied again: the same end state", async () => {
    const { id, outs } = await createMonitor(t.client, inputs(HTTP_FULL));
    await admin.faults({ rules: [{ route: "PATCH /monitors/:uuid", dropAfterRate: 1, times: 1 }] });
    const next = inputs({ ...HTTP_MIN, name: "api" });
    const { outs: after } = await updateMonitor(t.client, id, outs, next);
    expect(diffMonitor(after, next).changes).toBe(false);
    expect(await admin.monitor(id)).toMatchObject({ title: null, httpRequest: null, name: "api" });
    expect(await routeCount("PATCH /monitors/:uuid")).toBe(2);
  });

  test("DELETE: dropped after the monitor was deleted; the retry's 404 counts as done", async () => {
    const { id } = await createMonitor(t.client, inputs(HTTP_MIN));
    await admin.faults({ rules: [{ route: "DELETE /monitors/:uuid", dropAfterRate: 1, times: 1 }] });
    await expect(deleteMonitor(t.client, id, "web")).resolves.toBeUndefined();
    expect(await admin.monitors()).toEqual([]);
    const deletes = (await admin.requests()).filter((r) => r.method === "DELETE").map((r) => r.status);
    expect(deletes).toEqual([null, 404]);
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
