// The matrix, CLI operations on real programs: `state delete`, `up --target`, `up --refresh`, `stack
// export`/`import`. The rows' driver, and what it checks after each row: tests/helpers/matrix.ts.
import * as path from "node:path";
import { Json, adminCall } from "../helpers/e2e";
import { Row, matrixFile } from "../helpers/matrix";

jest.setTimeout(600_000);

const row = matrixFile();

/** The uuids of the monitors the stack's state holds, sorted. */
const managed = async (r: Row) =>
  (await r.resources())
    .filter((res: Json) => String(res.type).endsWith("uptime:Monitor"))
    .map((res: Json) => res.id)
    .sort();

test("state delete, then declared again: adoptUuid takes one over, the other is created anew and the dropped one left alone", () =>
  row("state-delete", async (r) => {
    const [a, b] = await r.uuids("a", "b");
    // Straight after the run that created them: no diff of either ran since.
    for (const name of ["a", "b"]) expect((await r.cli(["state", "delete", await r.urn(name), "--yes"])).code).toBe(0);

    await r.set({ adoptA: a });
    const again = await r.up();
    expect(again.result.summary.resourceChanges).toMatchObject({ create: 2 });
    expect(again.changes).toEqual([`PATCH /v1/monitors/${a}`, "POST /v1/monitors"].sort());
    const bs = (await r.monitors()).b;
    expect(bs).toHaveLength(2);
    // The dropped b is no longer the stack's: never touched since, and not in the state.
    expect(bs.find((m: Json) => m.uuid === b)).toMatchObject({ updatedAt: null });
    expect(await managed(r)).toEqual([a, bs.find((m: Json) => m.uuid !== b).uuid].sort());
  }));

test("up --target applies the targeted monitor only; the next up the other", () =>
  row("target", async (r) => {
    const [first, second] = await r.uuids("first", "second");
    await r.set({ generation: "1" });
    const targeted = await r.up({ target: [await r.urn("first")] });
    expect(targeted.changes).toEqual([`PATCH /v1/monitors/${first}`]);
    expect((await r.only("second")).intervalId).toBe(60);
    expect((await r.up()).changes).toEqual([`PATCH /v1/monitors/${second}`]);
  }));

test("up --refresh puts back a monitor edited in the dashboard and recreates one deleted there", () =>
  row("refresh", async (r) => {
    const [edited, deleted] = await r.uuids("edited", "deleted");
    await adminCall(r.emulator, "PATCH", `/monitors/${edited}`, { description: "changed in the dashboard" });
    await adminCall(r.emulator, "DELETE", `/monitors/${deleted}`);
    const output: string[] = [];
    const repaired = await r.up({ refresh: true, onOutput: (l) => output.push(l) });
    expect(repaired.changes).toEqual([`PATCH /v1/monitors/${edited}`, "POST /v1/monitors"].sort());
    expect((await r.only("edited")).description).toBe("as declared");
    // The update lists the field it sends, nothing else (the declared `alerts: []` is no change).
    expect(output.join("")).not.toMatch(/alerts/);
    const recreated = (await r.only("deleted")).uuid;
    expect(recreated).not.toBe(deleted);
    expect(await managed(r)).toEqual([edited, recreated].sort());
  }));

test("stack export then import: the imported state manages the same objects, with no change and no request", () =>
  row("export-import", async (r) => {
    const [api] = await r.uuids("api");
    expect(r.created.result.outputs.apiUuid.value).toBe(api);

    const file = path.join(r.t.backendDir, "stack.json"); // removed with the stack
    expect((await r.cli(["stack", "export", "--file", file])).code).toBe(0);
    const imported = await r.observe(() => r.cli(["stack", "import", "--file", file]));
    expect(imported.result.code).toBe(0);
    expect(imported.requests).toEqual([]);
    expect(await managed(r)).toEqual([api]);
    await r.expectNoChanges();
  }));
