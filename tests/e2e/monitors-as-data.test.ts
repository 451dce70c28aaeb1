// examples/monitors-as-data through the real engine: monitors declared in a reviewed JSON file.
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO, TestStack } from "../helpers/pulumi";
import { SEEDED_ALERT, clearRequests, e2eFile, fails, monitorNamed, requestLines, sending, serviceState } from "../helpers/e2e";

jest.setTimeout(300_000);

const EXAMPLE = path.join(REPO, "examples/monitors-as-data");
const original = JSON.parse(fs.readFileSync(path.join(EXAMPLE, "monitors.json"), "utf8"));
const { emulator, stack, tempDir } = e2eFile();
const dataDir = tempDir("uptime-data-");
let t: TestStack;

function writeData(name: string, data: unknown): string {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}

beforeAll(async () => (t = await stack(EXAMPLE, { config: { "monitors-as-data:file": writeData("v1.json", original) } })));

test("every entry of the file becomes one monitor, and a second preview is empty", async () => {
  const up = await t.stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 4 });
  expect((await serviceState(emulator)).monitors.map((m) => m.name).sort()).toEqual(["Primary database", "Public API", "Website"]);
  expect((await monitorNamed(emulator, "Website")).intervalId).toBe(300); // "300" in the file, an integer in the service
  expect(up.outputs.count.value).toBe(3);

  await clearRequests(emulator);
  const preview = await t.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 4 });
  // A no-op preview sends nothing but the account check, once.
  expect(await requestLines(emulator)).toEqual(["GET /v1/webhooks"]);
});

test("one up: an entry edited and alerts added to every monitor replaces them: POST of the new ones, DELETE of the old", async () => {
  // That an edit alone is one PATCH of that monitor only: quickstart.test.ts, the same Monitor resource.
  const before = (await serviceState(emulator)).monitors.map((m) => m.uuid);
  const edited = structuredClone(original);
  edited.monitors.website.interval = 600;
  await t.stack.setAllConfig({
    "monitors-as-data:file": { value: writeData("v2.json", edited) },
    "monitors-as-data:alerts": { value: JSON.stringify([SEEDED_ALERT]) },
  });
  const [up, lines] = await sending(emulator, () => t.stack.up());
  expect(up.summary.resourceChanges).toMatchObject({ replace: 3 });
  expect(lines.filter((l) => l === "POST /v1/monitors")).toHaveLength(3);
  expect(lines.filter((l) => l.startsWith("DELETE /v1/monitors/")).sort()).toEqual(
    before.map((u: string) => `DELETE /v1/monitors/${u}`).sort(),
  );
  expect(lines).toHaveLength(6);
  const { monitors } = await serviceState(emulator);
  expect(monitors).toHaveLength(3);
  for (const m of monitors) expect(m.alerts).toEqual([SEEDED_ALERT]);
  expect((await monitorNamed(emulator, "Website")).intervalId).toBe(600);
});

test("a bad entry fails the preview naming the file, the entry and the field, before any request", async () => {
  const bad = structuredClone(original);
  bad.monitors.postgres.urn = "db.acme.example:99999";
  bad.monitors.website.regions = [];
  await t.stack.setConfig("monitors-as-data:file", { value: writeData("bad.json", bad) });
  const [text, sent] = await sending(emulator, () => fails((onOutput) => t.stack.preview({ onOutput })));
  expect(text).toContain("bad.json: postgres");
  expect(text).toContain("port must be 1-65535");
  expect(text).toContain("bad.json: website");
  expect(text).toContain("regions: give at least one region id");
  expect(sent).toEqual([]);
});
