// A JavaScript program moving its monitor, page and alert from the dynamic resources to the plugin's types
// (the generated Node.js SDK) as docs/plugin.md's "Moving to the plugin" says: an alias of the old type.
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO, TestStack } from "../helpers/pulumi";
import { SEEDED_ALERT, SEEDED_PAGE, YAML_PLUGIN, Json, clearRequests, e2eFile, exec, requestLines, sending } from "../helpers/e2e";
import { serviceState } from "../helpers/e2e";
import { stateResources, withoutAccountCheck } from "../helpers/e2e";

jest.setTimeout(300_000);

const { emulator, stack, tempDir } = e2eFile();
const dir = tempDir("uptime-move-");
let t: TestStack;

const DECLARED = `{ name: "move-api", type: "https", target: "https://move.example.com/health", regions: [1, 2], interval: 120 }`;
const COMPONENT = `class Checks extends pulumi.ComponentResource {
  constructor(name, opts) { super("acme:index:Checks", name, {}, opts); }
}
const checks = new Checks("checks");`;

/** The seeded page and alert, taken over; `opts` may name `kind` ("Page", "Alert"). */
const ADOPTED = (opts: string) => `for (const [kind, name, args] of [
  ["Page", "status", { uuid: "${SEEDED_PAGE}", title: "Move status", useGroups: false, items: [api.id] }],
  ["Alert", "on-call", { uuid: "${SEEDED_ALERT}", name: "On-call", down: true, degraded: false }],
]) new uptime[kind](name, args, ${opts});`;

const DYNAMIC = `const pulumi = require("@pulumi/pulumi");
const uptime = require("pulumi-uptime");
${COMPONENT}
const api = new uptime.Monitor("api", ${DECLARED}, { parent: checks });
${ADOPTED("{ parent: checks }")}
exports.uuid = api.id;
`;

const PLUGIN = (declared: string) => `const pulumi = require("@pulumi/pulumi");
const uptime = require("@pulumi-uptime/sdk");
${COMPONENT}
const api = new uptime.Monitor("api", ${declared}, {
  parent: checks,
  // The same monitor, formerly a dynamic resource: moved in place, not replaced.
  aliases: [{ type: "pulumi-nodejs:dynamic/uptime:Monitor" }],
});
${ADOPTED(`{ parent: checks, aliases: [{ type: "pulumi-nodejs:dynamic/uptime:" + kind }] }`)}
exports.uuid = api.id;
`;

/** The generated Node.js SDK, compiled as a user's `npm run build` would, into the program's node_modules. */
async function buildGeneratedSdk(into: string): Promise<void> {
  const out = path.join(into, "node_modules", "@pulumi-uptime", "sdk");
  const tsc = path.join(REPO, "node_modules", ".bin", "tsc");
  const off = ["--declaration", "--sourceMap", "--declarationMap"].flatMap((option) => [option, "false"]);
  await exec(tsc, ["-p", path.join(REPO, "sdks/nodejs/tsconfig.json"), "--outDir", out, ...off], { cwd: REPO });
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, "sdks/nodejs/package.json"), "utf8"));
  fs.writeFileSync(path.join(out, "package.json"), JSON.stringify({ ...manifest, main: "index.js" }, null, 2));
}

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, "node_modules", "@pulumi"), { recursive: true });
  // The program's dependencies: this repository's @pulumi/pulumi and the package as bootstrap installed it.
  fs.symlinkSync(path.join(REPO, "node_modules", "@pulumi", "pulumi"), path.join(dir, "node_modules", "@pulumi", "pulumi"));
  fs.symlinkSync(path.join(REPO, "node_modules", "pulumi-uptime"), path.join(dir, "node_modules", "pulumi-uptime"));
  await buildGeneratedSdk(dir);
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: move\nruntime: nodejs\nmain: index.js\n${YAML_PLUGIN}`);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "move", private: true, main: "index.js" }));
  fs.writeFileSync(path.join(dir, "index.js"), DYNAMIC);
  t = await stack(dir);
});

const monitors = async (): Promise<Json[]> => (await serviceState(emulator)).monitors.filter((m) => m.name === "move-api");
const monitorState = async (): Promise<Json> => (await stateResources(t)).find((r) => r.urn.endsWith("::api"));

test("the dynamic monitor moves to the plugin's type in place: same uuid, no replacement, no request", async () => {
  const first = await t.stack.up();
  const [created] = await monitors();
  expect(first.outputs.uuid.value).toBe(created.uuid);
  expect((await monitorState()).type).toBe("pulumi-nodejs:dynamic/uptime:Monitor");

  fs.writeFileSync(path.join(dir, "index.js"), PLUGIN(DECLARED));
  await clearRequests(emulator);
  const moved = await t.stack.up();
  expect(moved.summary.resourceChanges).toEqual({ same: 5 });
  expect(withoutAccountCheck(await requestLines(emulator))).toEqual([]);
  const state = await monitorState();
  expect(state.type).toBe("uptime:index:Monitor");
  const types = (await stateResources(t)).map((r) => r.type);
  expect(types.filter((type: string) => type.startsWith("uptime:index:")).sort()).toEqual([
    "uptime:index:Alert",
    "uptime:index:Monitor",
    "uptime:index:Page",
  ]);
  expect(types.filter((type: string) => type.startsWith("pulumi-nodejs:dynamic/"))).toEqual([]);
  expect(state.id).toBe(created.uuid);
  expect(state.urn).toContain("acme:index:Checks$uptime:index:Monitor::api");
  expect(moved.outputs.uuid.value).toBe(created.uuid);
  expect(await monitors()).toEqual([created]);
  // The plugin takes the dynamic state's bookkeeping as it is (its outputs are rewritten only by an
  // edit); the journal key leaves the inputs, as the plugin gets the URN with every call.
  expect(state.outputs.declaredFields).toEqual(expect.arrayContaining(["name", "interval"]));
  expect(state.inputs).not.toHaveProperty("journalKey");
});

test("after the move the plugin edits the monitor with one PATCH, and destroy deletes it", async () => {
  const [monitor] = await monitors();
  fs.writeFileSync(path.join(dir, "index.js"), PLUGIN(DECLARED.replace("interval: 120", "interval: 300")));
  const [result, sent] = await sending(emulator, () => t.stack.up());
  expect(result.summary.resourceChanges).toEqual({ same: 4, update: 1 });
  expect(sent).toEqual([`PATCH /v1/monitors/${monitor.uuid}`]);
  expect((await monitors())[0]).toMatchObject({ uuid: monitor.uuid, intervalId: 300 });
  const state = await monitorState();
  expect(state.outputs).not.toHaveProperty("declaredFields");
  expect(state.outputs).not.toHaveProperty("journalKey");

  expect((await sending(emulator, () => t.stack.destroy()))[1]).toEqual([`DELETE /v1/monitors/${monitor.uuid}`]);
  expect(await monitors()).toEqual([]);
});
