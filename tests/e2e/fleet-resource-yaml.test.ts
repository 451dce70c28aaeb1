// MonitorFleet written in YAML and run through the provider plugin, as fleet-resource.test.ts does it in
// TypeScript; and `pulumi import` of a fleet of existing monitors, by `name=<uuid>` pairs.
import * as fs from "node:fs";
import * as path from "node:path";
import { TestStack, collect } from "../helpers/pulumi";
import { SEEDED_ALERT, SEEDED_PAGE, YAML_PLUGIN, clearRequests, e2eFile, madeOutside } from "../helpers/e2e";
import { journalNotes, monitorNames, pulumiOk } from "../helpers/e2e";
import { requestLines, seededPage, sending, serviceState, stateResources } from "../helpers/e2e";
import { expectFleetEdited, fleetDrift, expectMembersAreService, fleetMembers, fleetNamesUpTo } from "../helpers/fleets";

jest.setTimeout(600_000);

const { emulator, stack, tempDir } = e2eFile();
const work = tempDir("uptime-yaml-fleet-resource-");
let t: TestStack;

beforeAll(async () => {
  writeProgram({ count: 300 });
  t = await stack(work);
});

/** The YAML program: `count` members m0..., the first `edited` at interval 120, those in `alerted` with the seeded alert. */
function writeProgram(o: { count: number; edited?: number; alerted?: number[] }): void {
  const member = (i: number) =>
    `        m${i}:\n          name: fleet-${String(i).padStart(4, "0")}\n          type: https\n` +
    `          target: https://svc-${i}.fleet.example/health\n          regions: [${1 + (i % 3)}]\n` +
    `          interval: ${i < (o.edited ?? 0) ? 120 : 60}\n` +
    (o.alerted?.includes(i) ? `          alerts: ["${SEEDED_ALERT}"]\n` : "");
  const text =
    `name: yaml-fleet-resource\nruntime: yaml\n${YAML_PLUGIN}` +
    `resources:\n  fleet:\n    type: uptime:index:MonitorFleet\n    properties:\n      monitors:\n` +
    Array.from({ length: o.count }, (_, i) => member(i)).join("") +
    `  status:\n    type: uptime:index:Page\n    properties:\n      uuid: ${SEEDED_PAGE}\n      useGroups: false\n` +
    `      items:\n        - \${fleet.uuids["m0"]}\n` +
    `outputs:\n  first: \${fleet.uuids["m0"]}\n`;
  fs.writeFileSync(path.join(work, "Pulumi.yaml"), text);
}

const FLEET = "uptime:index:MonitorFleet";
const members = () => fleetMembers(t, FLEET);

test("up of 300 at --parallel 32, then an empty preview that sends nothing but the account check", async () => {
  const up = await t.stack.up({ parallel: 32 });
  expect(up.summary.resourceChanges).toMatchObject({ create: 3 });
  expect(await monitorNames(emulator)).toEqual(fleetNamesUpTo(300));
  await expectMembersAreService(t, emulator, FLEET);
  const held = await members();
  expect(up.outputs.first.value).toBe(held.m0.uuid);
  expect((await seededPage(emulator)).items).toEqual([held.m0.uuid]);
  // The plugin keeps each member's record and declared fields, and no bookkeeping of the fleet's own.
  expect(Object.keys(held.m0).sort()).toEqual(expect.arrayContaining(["declaredFields", "name", "target", "uuid"]));
  // The plugin confirmed its members' creation notes when the engine stopped it: none is left.
  expect(journalNotes(t)).toEqual([]);

  await clearRequests(emulator);
  const preview = await t.stack.preview({ parallel: 32, expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 3 });
  expect(await requestLines(emulator)).toEqual(["GET /v1/webhooks"]);
});

test("an edit of 10 previewed naming each member's field, the page unchanged; refresh finds an edit and a deletion made outside; one up puts both back, sends the 10 PATCHes, replaces the one whose alerts changed, deletes 20 removed", async () => {
  writeProgram({ count: 300, edited: 10 });
  const out: string[] = [];
  const preview = await t.stack.preview({ parallel: 32, diff: true, onOutput: collect(out) });
  expect(preview.changeSummary).toEqual({ same: 2, update: 1 });
  const text = out.join("");
  for (let i = 0; i < 10; i++) expect(text).toMatch(new RegExp(`m${i}\\s*:\\s*\\{[^}]*interval\\s*:\\s*60 => 120`));

  const before = await fleetDrift(t, emulator, () => t.stack.refresh({ parallel: 32 }), FLEET);
  writeProgram({ count: 280, edited: 10, alerted: [15] });
  const [, sent] = await sending(emulator, () => t.stack.up({ parallel: 32 }));
  await expectFleetEdited(t, emulator, before, sent, FLEET);
});

test("pulumi import of a fleet of existing monitors, by `name=<uuid>` pairs: the members read, stored, then managed", async () => {
  const made: Record<string, string> = {};
  for (const name of ["api", "web", "db"]) made[name] = (await madeOutside(emulator, `imported-${name}`)).uuid;
  const pulumi = (...args: string[]) => pulumiOk(t, [...args, "--yes"]);
  const pairs = `api=${made.api},web=${made.web},db=${made.db}`;
  const [{ stdout: out }, sent] = await sending(emulator, () => pulumi("import", "uptime:index:MonitorFleet", "imported", pairs));
  expect(sent).toEqual([]);
  // Into the stack beside the fleet the program declares.
  const imported = (await stateResources(t)).find((r) => r.urn.endsWith("MonitorFleet::imported"))!;
  expect(Object.keys(imported.outputs.monitors).sort()).toEqual(["api", "db", "web"]);
  expect(imported.outputs.uuids).toEqual(made);
  const api = { name: "imported-api", target: "https://imported-api.example.com/", interval: 120, regions: [1, 3] };
  expect(imported.inputs.monitors.api).toMatchObject(api);
  // The code it prints declares the members as they are.
  expect(out).toContain("uptime:index:MonitorFleet");
  expect(out).toContain("imported-web");

  // Managed from now on (`pulumi import` protects what it imports, as for any resource): a destroy deletes them.
  expect(imported.protect).toBe(true);
  await pulumi("state", "unprotect", imported.urn);
});

test("destroy deletes every member, the imported fleet's too", async () => {
  const destroy = await t.stack.destroy({ parallel: 32 });
  expect(destroy.summary.resourceChanges).toMatchObject({ delete: 4 });
  expect((await serviceState(emulator)).monitors).toEqual([]);
});
