// Faults as the monitor operations meet them (the retry policy itself: client-retry): a creation whose answer
// was lost is never made twice unseen; applied edits and deletes are sent again; a storm ends as declared.
import { ApiError, ConnectionError } from "../../../provider/api/errors";
import { CreateJournal } from "../../../provider/journal";
import { checkMonitor, createMonitor, deleteMonitor, diffMonitor, readMonitor, updateMonitor } from "../../../provider/monitor";
import { testClient, useEmulator } from "../../helpers/emulator";
import { tempDir } from "../../helpers/images";
import { HTTP_FULL, HTTP_MIN } from "../../helpers/monitor-records";
import { rejection } from "../../helpers/rejection";
import { found } from "../../helpers/checked";
import type { UnconfirmedOutputs } from "../../../provider/monitor-safety";

const { emulator, admin, t } = useEmulator({
  seed: { alerts: [{ uuid: "alert-1", name: "On-call", recipients: [] }] },
  resetEach: true,
  testClient: { retry: { baseDelayMs: 1 } },
});
let dir: ReturnType<typeof tempDir>;
let journal: CreateJournal;
beforeEach(async () => {
  dir = tempDir("uptime-journal-");
  journal = new CreateJournal(dir.dir, emulator.url);
});
afterEach(() => dir.remove());

const KEY = "proj/dev/web";
const inputs = (raw: Record<string, unknown> = {}) => checkMonitor({ ...HTTP_MIN, journalKey: KEY, ...raw }).inputs;
const posts = async () => (await admin.requests()).filter((r) => r.method === "POST").length;
const routeCount = async (route: string): Promise<number> => (await admin.counters()).requestsByRoute[route];

test("a create the engine never recorded is resumed by the next create: the same monitor, no second POST", async () => {
  const first = await createMonitor(t.client, inputs(), journal);
  expect(journal.get(KEY)).toMatchObject({ state: "created", uuid: first.id }); // noted, with the uuid its answer gave
  // ... the CLI is killed before the checkpoint holds `first`; the next run creates the resource again:
  await admin.clearRequests();
  const again = await createMonitor(t.client, inputs({ interval: 120 }), journal);
  expect(again.id).toBe(first.id);
  expect(again.resumed).toBe(first.id);
  expect(await posts()).toBe(0);
  const monitors = await admin.monitors();
  expect(monitors).toHaveLength(1);
  expect(monitors[0].intervalId).toBe(120); // edited to what is declared now
});

test.each([
  ["deleted since then is created anew", true, {}],
  ["made with other alerts is deleted and created with the declared ones", false, { alerts: ["alert-1"] }],
])("a noted monitor %s", async (_what, deleted, declared: { alerts?: string[] }) => {
  const first = await createMonitor(t.client, inputs(), journal);
  if (deleted) await admin.remove(first.id);
  const again = await createMonitor(t.client, inputs(declared), journal);
  expect(again.id).not.toBe(first.id);
  expect(again.resumed).toBeUndefined();
  expect((await admin.monitors()).map((m) => [m.uuid, m.alerts])).toEqual([[again.id, declared.alerts ?? []]]);
});

test("a POST sent by a killed run whose answer was never noted leaves the resource unconfirmed, with no request", async () => {
  journal.put({ key: KEY, state: "posting", name: "web" });
  await admin.clearRequests();
  const error = await rejection<Error & { id?: string }>(createMonitor(t.client, inputs(), journal));
  expect(error.message).toMatch(/stopped after sending this monitor's creation/);
  expect(error.id).toMatch(/^unconfirmed-/);
  expect(await admin.requests()).toEqual([]);
  expect(journal.get(KEY)).toBeUndefined(); // the unconfirmed resource in the stack now carries it
});

describe("a POST whose connection dropped after the service acted", () => {
  let error: Error & { id: string; properties: UnconfirmedOutputs };
  beforeEach(async () => {
    await admin.faults({ rules: [{ route: "POST /monitors", dropAfterRate: 1, times: 1 }] });
    error = await rejection<typeof error>(createMonitor(t.client, inputs(), journal));
  });

  test("is not retried, and the resource is kept as unconfirmed under a placeholder id; the message says how to recover", async () => {
    expect(await posts()).toBe(1);
    expect(await admin.monitors()).toHaveLength(1);
    expect(error.id).toMatch(/^unconfirmed-/);
    expect(error.properties).toMatchObject({ unconfirmed: true, name: "web" });
    expect(error.message).toMatch(/^monitor "web": POST \/monitors failed: the connection was closed before a response/);
    expect(error.message).toContain('Look in the service\'s dashboard for a monitor named "web"');
    expect(error.message).toContain('set `adoptUuid: "<its uuid>"`');
    expect(error.message).toContain("pulumi up --replace");
    expect(error.cause).toBeInstanceOf(ConnectionError);
  });

  test("later runs send nothing until the user decides: update refuses, with the way out", async () => {
    const olds = error.properties;
    expect(diffMonitor(olds, inputs())).toMatchObject({ changes: true, replaces: [] });
    await admin.clearRequests();
    await expect(updateMonitor(t.client, error.id, olds, inputs())).rejects.toThrow(/never confirmed.*adoptUuid/s);
    expect(await admin.requests()).toEqual([]);
  });

  test("adoptUuid of the monitor that was created replaces the placeholder by taking it over: one monitor in all", async () => {
    const [created] = await admin.monitors();
    const news = inputs({ adoptUuid: created.uuid });
    expect(diffMonitor(error.properties, news)).toMatchObject({ changes: true, replaces: ["adoptUuid"] });
    const adopted = await createMonitor(t.client, news, journal);
    expect(adopted.id).toBe(created.uuid);
    expect(await admin.monitors()).toHaveLength(1);
  });
});

test("refresh hands back the provider's own inputs (journal key, adoptUuid), so refreshed inputs equal the program's", async () => {
  const declared = inputs();
  const { id, outs } = await createMonitor(t.client, declared, journal);
  const read = found(await readMonitor(t.client, id, outs));
  expect(read.inputs).toEqual(declared);
  expect(read.props.journalKey).toBe(KEY);
});

test.each([502, 503, 504])(
  "a POST answered %i is not retried (a gateway may have passed it on): the error says what failed and how to recover",
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
    found(await readMonitor(stormy.client, id, outs));
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
