// The matrix, CLI operations on real programs: `pulumi state delete` then the monitors declared again
// (one taken over with adoptUuid), `pulumi up --target`, `pulumi up --refresh` after drift and an
// out-of-band delete, `pulumi stack export`/`import`, and the quickstart against a service that fills
// defaults. Each row: up, an empty second preview, an edit, refresh then up with nothing to do,
// destroy; the requests of every step are exactly the ones the change needs, nothing outside the
// stack is touched.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { Json, adminCall, adminGet, exampleStack } from "../helpers/e2e";
import {
  changes,
  cli,
  expectBystanderUntouched,
  expectNoChanges,
  matrixFile,
  monitorsByName,
  observed,
  refreshChangesNothing,
  startMatrixEmulator,
  up,
  urnOf,
} from "../helpers/matrix";

jest.setTimeout(600_000);

const matrix = matrixFile();
let emulator: RunningEmulator;
beforeAll(() => {
  emulator = matrix.emulator();
});
const { row, uuidsOf } = matrix;

test("state delete, then declared again: adoptUuid takes one over, the other is created anew and the dropped one left alone", async () => {
  const t = await row("state-delete");
  await up(t, emulator);
  const [a, b] = await uuidsOf(["a", "b"]);
  // Straight after the run that created them: no diff of either ran since.
  for (const name of ["a", "b"]) expect((await cli(t, ["state", "delete", await urnOf(t, name), "--yes"])).code).toBe(0);

  const preview = await observed(emulator, () => t.stack.preview());
  expect(preview.result.changeSummary).toMatchObject({ create: 2 });
  expect(changes(preview.requests)).toEqual([]);

  await t.stack.setConfig("adoptA", { value: a });
  const again = await up(t, emulator);
  expect(again.result.summary.resourceChanges).toMatchObject({ create: 2 });
  expect(changes(again.requests)).toEqual([`PATCH /v1/monitors/${a}`, "POST /v1/monitors"].sort());
  const bs = (await monitorsByName(emulator)).b.map((m: Json) => m.uuid);
  expect(bs).toHaveLength(2);
  expect((await adminGet(emulator, `/monitors/${b}`)).updatedAt).toBeNull();
  const newB = bs.find((u: string) => u !== b);
  await expectNoChanges(t, emulator);

  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${a}`]);
  await refreshChangesNothing(t, emulator);

  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual([`DELETE /v1/monitors/${a}`, `DELETE /v1/monitors/${newB}`].sort());
  // The dropped b is no longer the stack's: it stays.
  expect((await monitorsByName(emulator)).b.map((m: Json) => m.uuid)).toEqual([b]);
  await adminCall(emulator, "DELETE", `/monitors/${b}`);
  await expectBystanderUntouched(emulator);
});

test("up --target applies the targeted monitor only; the next up the other", async () => {
  const t = await row("target");
  await up(t, emulator);
  const [first, second] = await uuidsOf(["first", "second"]);
  await expectNoChanges(t, emulator);

  await t.stack.setConfig("generation", { value: "1" });
  const targeted = await up(t, emulator, { target: [await urnOf(t, "first")] });
  expect(changes(targeted.requests)).toEqual([`PATCH /v1/monitors/${first}`]);
  expect((await adminGet(emulator, `/monitors/${second}`)).intervalId).toBe(60);
  const rest = await up(t, emulator);
  expect(changes(rest.requests)).toEqual([`PATCH /v1/monitors/${second}`]);
  await refreshChangesNothing(t, emulator);

  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual([`DELETE /v1/monitors/${first}`, `DELETE /v1/monitors/${second}`].sort());
  await expectBystanderUntouched(emulator);
});

test("up --refresh puts back a monitor edited in the dashboard and recreates one deleted there", async () => {
  const t = await row("refresh");
  await up(t, emulator);
  const [edited, deleted] = await uuidsOf(["edited", "deleted"]);
  await expectNoChanges(t, emulator);
  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${edited}`, `PATCH /v1/monitors/${deleted}`].sort());
  await refreshChangesNothing(t, emulator);

  await adminCall(emulator, "PATCH", `/monitors/${edited}`, { description: "changed in the dashboard" });
  await adminCall(emulator, "DELETE", `/monitors/${deleted}`);
  const output: string[] = [];
  const repaired = await up(t, emulator, { refresh: true, onOutput: (l) => output.push(l) });
  expect(changes(repaired.requests)).toEqual([`PATCH /v1/monitors/${edited}`, "POST /v1/monitors"].sort());
  expect((await adminGet(emulator, `/monitors/${edited}`)).description).toBe("as declared");
  // The update lists the field it sends, nothing else (the declared `alerts: []` is no change).
  expect(output.join("")).not.toMatch(/alerts/);
  const [recreated] = (await monitorsByName(emulator)).deleted.map((m: Json) => m.uuid);
  expect(recreated).not.toBe(deleted);
  await expectNoChanges(t, emulator);

  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual([`DELETE /v1/monitors/${edited}`, `DELETE /v1/monitors/${recreated}`].sort());
  await expectBystanderUntouched(emulator);
});

test("stack export then import: the imported state manages the same objects, with no change and no request", async () => {
  const t = await row("export-import");
  const created = await up(t, emulator);
  const [api] = await uuidsOf(["api"]);
  expect(created.result.outputs.apiUuid.value).toBe(api);

  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "uptime-export-")), "stack.json");
  expect((await cli(t, ["stack", "export", "--file", file])).code).toBe(0);
  const imported = await observed(emulator, () => cli(t, ["stack", "import", "--file", file]));
  expect(imported.result.code).toBe(0);
  expect(imported.requests).toEqual([]);
  await expectNoChanges(t, emulator);

  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${api}`]);
  await refreshChangesNothing(t, emulator);

  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual([`DELETE /v1/monitors/${api}`]);
  await expectBystanderUntouched(emulator);
});

describe("a service that fills defaults for everything a request leaves out", () => {
  let filling: RunningEmulator;
  beforeAll(async () => {
    filling = await startMatrixEmulator({ fillDefaults: true });
  });
  afterAll(async () => {
    await filling?.close();
  });

  test("the quickstart (partial option objects) settles: empty second preview, refresh then up with nothing to do", async () => {
    const t = await exampleStack("quickstart", filling);
    matrix.track(t);
    const created = await up(t, filling);
    expect(created.result.summary.resourceChanges).toMatchObject({ create: 5 });
    const db = (await monitorsByName(filling))["Primary database"][0];
    // What the service filled in, never declared by the program.
    expect(db.httpFollowRedirects).toBe(false);
    expect(db.title).toBe("");
    await expectNoChanges(t, filling);

    await t.stack.setConfig("uptime-quickstart:apiInterval", { value: "300" });
    const edit = await up(t, filling);
    expect(edit.result.summary.resourceChanges).toMatchObject({ update: 1 });
    await refreshChangesNothing(t, filling);
    const destroyed = await observed(filling, () => t.stack.destroy());
    expect(changes(destroyed.requests).filter((r) => r.startsWith("DELETE"))).toHaveLength(2);
    await expectBystanderUntouched(filling);
  });
});
