// The fixtures of tests/types compile as a user's strict program against the built package, each refused
// spelling a needed `// @ts-expect-error`; the provider's check accepts and refuses each case as the types do.
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { alerts } from "../../../provider/alert";
import { checkMonitor } from "../../../provider/monitor";
import { pages } from "../../../provider/page";
import { TYPE_CASES, TypeCase } from "../../types/cases";
import "../../types/alert-args";
import "../../types/monitor-args";
import "../../types/page-args";

jest.setTimeout(60_000);

const FIXTURES = ["monitor-args.ts", "alert-args.ts", "page-args.ts"].map((f) => path.join(__dirname, "../../types", f));
/** A user's program: strict, library declarations checked. */
const COMPILER: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2020,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  types: ["node"],
  skipLibCheck: false,
};

type Checked = { failures: { property: string }[] };
/** Each kind's check. The SDK hands `urn` over as `target` (Pulumi reserves `urn`); the provider reads every other spelling itself. */
const CHECKS: Record<TypeCase["kind"], (args: Record<string, unknown>) => Checked | Promise<Checked>> = {
  monitor: ({ urn, ...rest }) => checkMonitor({ ...rest, target: urn }),
  alert: alerts.check,
  page: pages.check,
};
const failedFields = async (c: TypeCase) => (await CHECKS[c.kind](c.args)).failures.map((f) => f.property);
const HOST = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => "\n" };
/** The program's type errors, each with its file and line. */
const errorsOf = (program: ts.Program) => ts.getPreEmitDiagnostics(program).map((d) => ts.formatDiagnostic(d, HOST));

test("the fixtures compile as a program's code, each refused spelling a type error", () => {
  const program = ts.createProgram(FIXTURES, COMPILER);
  // An unused @ts-expect-error is itself an error: a refused spelling that compiles shows here.
  expect(errorsOf(program)).toEqual([]);
  // The imported package is the one a program gets: the built declarations, not the sources.
  const sdk = program
    .getSourceFiles()
    .map((f) => f.fileName)
    .filter((f) => f.includes("/pulumi-uptime/"));
  expect(sdk).toContainEqual(expect.stringMatching(/node_modules\/pulumi-uptime\/dist\/sdk\/index\.d\.ts$/));
});

test("the classes have every public member, static and output, of the generated Node.js SDK's, typed alike", () => {
  const program = ts.createProgram([path.join(__dirname, "../../types/sdk-parity.ts")], COMPILER);
  expect(errorsOf(program)).toEqual([]);
  // Both sides were read: the generated classes and the built package's.
  const files = program.getSourceFiles().map((f) => f.fileName);
  expect(files).toContainEqual(expect.stringMatching(/sdks\/nodejs\/monitor\.ts$/));
  expect(files).toContainEqual(expect.stringMatching(/node_modules\/pulumi-uptime\/dist\/sdk\/monitor\.d\.ts$/));
});

test("each refuses() is one line under a @ts-expect-error, each accepts() under none", () => {
  for (const file of FIXTURES) {
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      const marked = i > 0 && lines[i - 1].startsWith("// @ts-expect-error");
      if (line.startsWith("refuses(")) expect([file, i + 1, marked, line.endsWith(");")]).toEqual([file, i + 1, true, true]);
      if (line.startsWith("accepts(")) expect([file, i + 1, marked]).toEqual([file, i + 1, false]);
    });
  }
});

test("there are cases of both sides for every kind", () => {
  for (const kind of ["monitor", "alert", "page"]) {
    expect(TYPE_CASES.filter((c) => c.kind === kind && !c.refusedField).length).toBeGreaterThan(0);
    expect(TYPE_CASES.filter((c) => c.kind === kind && c.refusedField).length).toBeGreaterThan(0);
  }
});

test.each(TYPE_CASES.filter((c) => !c.refusedField).map((c) => [c.kind, JSON.stringify(c.args), c] as const))(
  "what the types accept, the provider accepts: %s %s",
  async (_kind, _args, c) => expect(await failedFields(c)).toEqual([]),
);

test.each(TYPE_CASES.filter((c) => c.refusedField).map((c) => [c.kind, c.refusedField, JSON.stringify(c.args), c] as const))(
  "what the types refuse, the provider refuses, naming the field: %s %s: %s",
  async (_kind, field, _args, c) => expect(await failedFields(c)).toContain(field),
);
