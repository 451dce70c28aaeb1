// Creations whose answer was lost: a run killed between the POST and the checkpoint (the create
// journal resumes it), and a POST whose connection dropped (the resource stays unconfirmed until the
// user says whether the monitor exists). Either way, never a silent duplicate.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ConnectionError } from "../../../provider/api/errors";
import { CreateJournal } from "../../../provider/journal";
import { checkMonitor, createMonitor, diffMonitor, readMonitor, updateMonitor } from "../../../provider/monitor";
import { useEmulator } from "../../helpers/emulator";
import { HTTP_MIN } from "../../helpers/monitor-records";
import { rejection } from "../../helpers/rejection";
import type { UnconfirmedOutputs } from "../../../provider/monitor-safety";

const { emulator, admin, t } = useEmulator({
  seed: { alerts: [{ uuid: "alert-1", name: "On-call", recipients: [] }] },
  resetEach: true,
  testClient: { retry: { baseDelayMs: 1 } },
});
let dir: string;
let journal: CreateJournal;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-journal-"));
  journal = new CreateJournal(dir, emulator.url);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const KEY = "proj/dev/web";
const inputs = (raw: Record<string, unknown> = {}) => checkMonitor({ ...HTTP_MIN, journalKey: KEY, ...raw }).inputs;
const posts = async () => (await admin.requests()).filter((r) => r.method === "POST").length;

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

test("a noted monitor deleted since then is created anew", async () => {
  const first = await createMonitor(t.client, inputs(), journal);
  await admin.remove(first.id);
  const again = await createMonitor(t.client, inputs(), journal);
  expect(again.id).not.toBe(first.id);
  expect(again.resumed).toBeUndefined();
  expect((await admin.monitors()).map((m) => m.uuid)).toEqual([again.id]);
});

test("a noted monitor made with other alerts is deleted and created with the declared ones", async () => {
  const first = await createMonitor(t.client, inputs(), journal);
  const again = await createMonitor(t.client, inputs({ alerts: ["alert-1"] }), journal);
  expect(again.id).not.toBe(first.id);
  const monitors = await admin.monitors();
  expect(monitors.map((m) => [m.uuid, m.alerts])).toEqual([[again.id, ["alert-1"]]]);
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
  const read = await readMonitor(t.client, id, outs);
  expect(read.kind).toBe("found");
  if (read.kind !== "found") return;
  expect(read.inputs).toEqual(declared);
  expect(read.props.journalKey).toBe(KEY);
});
