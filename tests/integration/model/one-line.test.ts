// A field the API gains is one line in one table: added in a scratch copy, the generators change only their
// files, and the field is everywhere a field is (check, request body, outputs, SDK types, schema, docs).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import ts from "typescript";

jest.setTimeout(180_000);

const REPO = path.resolve(__dirname, "../../..");
/** What the generators and the probe read: the sources, the generated files, and their configuration. */
const COPIED = ["provider", "sdk", "scripts", "README.md", "docs", "schema.json", "package.json", "tsconfig.json", ".prettierrc.json"];
const LINE = `    { name: "escalationPolicy", schema: text(255), type: { type: "string" }, compare: "value", doc: "escalation policy id" },\n`;
/** The new line goes after the description's. */
const AFTER = /^ {4}\{ name: "description", .*\n/m;

let copy: string;
const read = (file: string) => fs.readFileSync(path.join(copy, file), "utf8");
const tsNode = (script: string) =>
  execFileSync(path.join(REPO, "node_modules/.bin/ts-node"), ["--transpile-only", script], { cwd: copy, encoding: "utf8" });

/** The files of COPIED under `root`, relative to it. */
const filesOf = (root: string) =>
  COPIED.flatMap((entry) =>
    fs.statSync(path.join(root, entry)).isDirectory()
      ? fs.readdirSync(path.join(root, entry), { recursive: true, encoding: "utf8" }).map((file) => path.join(entry, file))
      : [entry],
  ).filter((file) => fs.statSync(path.join(root, file)).isFile());

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-one-line-"));
  for (const entry of COPIED) fs.cpSync(path.join(REPO, entry), path.join(copy, entry), { recursive: true });
  fs.symlinkSync(path.join(REPO, "node_modules"), path.join(copy, "node_modules"));
  const table = read("provider/model/monitor.ts");
  expect(table).toMatch(AFTER);
  fs.writeFileSync(
    path.join(copy, "provider/model/monitor.ts"),
    table.replace(AFTER, (line) => line + LINE),
  );
  for (const script of ["scripts/gen-schema.ts", "scripts/gen-docs.ts", "scripts/gen-sdk-types.ts"]) tsNode(script);
});

afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

test("the one line, and what the generators write, are the whole change", () => {
  const [inRepo, inCopy] = [REPO, copy].map((root) => (file: string) => path.join(root, file));
  const same = (file: string) =>
    fs.existsSync(inCopy(file)) && fs.existsSync(inRepo(file)) && fs.readFileSync(inRepo(file)).equals(fs.readFileSync(inCopy(file)));
  const changed = [...new Set([...filesOf(REPO), ...filesOf(copy)])].filter((file) => !same(file));
  expect(changed.sort()).toEqual(["docs/typescript-reference.md", "provider/model/monitor.ts", "schema.json", "sdk/generated.ts"]);
  // In the table, that one line and nothing else.
  const before = fs.readFileSync(path.join(REPO, "provider/model/monitor.ts"), "utf8").split("\n");
  const after = read("provider/model/monitor.ts").split("\n");
  expect(after.filter((line) => !before.includes(line))).toEqual([LINE.trimEnd()]);
  expect(after).toHaveLength(before.length + 1);
});

test("schema.json and the docs' inputs table carry it", () => {
  const monitor = JSON.parse(read("schema.json")).resources["uptime:index:Monitor"];
  expect(monitor.inputProperties.escalationPolicy).toEqual({ type: "string", description: "escalation policy id" });
  expect(monitor.properties.escalationPolicy).toEqual({ type: "string", description: "escalation policy id" });
  expect(read("docs/typescript-reference.md")).toMatch(/^\| `escalationPolicy` \| string \|.*escalation policy id/m);
  expect(read("docs/typescript-reference.md")).toMatch(/^\| `escalationPolicy` \| `string` \| \| escalation policy id \|/m);
});

test("check, the request body, the record, the outputs and the class's runtime outputs carry it", () => {
  fs.writeFileSync(
    path.join(copy, "probe.ts"),
    `import { checkMonitor, monitorOutputs, monitorRequestBody } from "./provider/monitor";
import { MonitorRecord } from "./provider/model/records";
import { outputNamesOf } from "./provider/model/field";
import { MONITOR } from "./provider/model/monitor";
const checked = checkMonitor({ name: "m", type: "https", target: "https://acme.example/", interval: 60, regions: [1], escalationPolicy: "p-1" });
const record = MonitorRecord.parse({ uuid: "u-1", name: "m", escalationPolicy: "p-2" });
process.stdout.write(JSON.stringify({
  failures: checked.failures,
  input: checked.inputs.escalationPolicy,
  created: monitorRequestBody(checked.inputs, { forEdit: false }).escalationPolicy,
  removed: monitorRequestBody({ name: "m" }, { forEdit: true, removed: ["escalationPolicy"] }).escalationPolicy,
  output: monitorOutputs(record, checked.inputs).escalationPolicy,
  seeded: outputNamesOf(MONITOR).includes("escalationPolicy"),
}));`,
  );
  expect(JSON.parse(tsNode("probe.ts"))).toEqual({
    failures: [],
    input: "p-1",
    created: "p-1",
    removed: null,
    output: "p-2",
    seeded: true,
  });
});

test("the args type and the class's members carry it: a program using both compiles, a wrong type does not", () => {
  const program = (value: string) =>
    `import * as uptime from "./sdk";
const m = new uptime.Monitor("m", { name: "m", type: "https", urn: "https://acme.example/", interval: 60, regions: [1], escalationPolicy: ${value} });
export const policy: import("@pulumi/pulumi").Output<string | undefined> = m.escalationPolicy;\n`;
  const compile = (value: string): string[] => {
    fs.writeFileSync(path.join(copy, "program.ts"), program(value));
    const built = ts.createProgram([path.join(copy, "program.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      types: ["node"],
      skipLibCheck: true,
    });
    return ts
      .getPreEmitDiagnostics(built)
      .filter((d) => d.file?.fileName.endsWith("program.ts"))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  };
  expect(compile(`"p-1"`)).toEqual([]);
  expect(compile("42").join("\n")).toMatch(/escalationPolicy|not assignable to type 'Input<string/);
});
