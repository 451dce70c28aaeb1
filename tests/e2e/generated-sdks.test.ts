// sdks/ as scripts/gen-sdks.sh generates it from schema.json: current, and each SDK builds, vets or byte-compiles
// and packages as published, nothing written into the repository (go and python3 needed).
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cachedVenv, exec } from "../helpers/e2e";

const REPO = join(__dirname, "..", "..");
const SDKS = join(REPO, "sdks");
const SLOW = 15 * 60_000;
jest.setTimeout(SLOW);

// Go as scripts/gen-sdks.sh runs it: the toolchain on PATH, no cgo, and go.mod/go.sum read-only, so a
// build that would need to change the checked-in module files fails instead of rewriting them.
const GO_ENV = { GOFLAGS: "-mod=readonly -buildvcs=false", GOTOOLCHAIN: "local", CGO_ENABLED: "0" };

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? REPO,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    timeout: SLOW,
  });
  // The status with the output, so that a failed expectation shows what the command said.
  return { status: result.status, output: `${result.stdout}${result.stderr}${result.error ? String(result.error) : ""}` };
}
const genSdks = (...args: string[]) => run("bash", [join(REPO, "scripts", "gen-sdks.sh"), ...args]);

let scratch: string;
beforeAll(() => (scratch = mkdtempSync(join(tmpdir(), "uptime-generated-sdks-"))));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("scripts/gen-sdks.sh", () => {
  test("--check: sdks/ is what tools/gen-sdk makes from schema.json today", () => {
    expect(genSdks("--check")).toMatchObject({ status: 0, output: expect.stringContaining("is up to date") });
  });

  test("--check --dir: a changed, a missing and an extra file each fail the check, by name, with the fix", () => {
    const copy = join(scratch, "stale");
    cpSync(SDKS, copy, { recursive: true });
    // Byte code and installed packages are not generated output: the pristine copy still passes.
    mkdirSync(join(copy, "python", "pulumi_uptime", "__pycache__"));
    writeFileSync(join(copy, "python", "pulumi_uptime", "__pycache__", "x.pyc"), "");
    expect(genSdks("--check", "--dir", copy)).toMatchObject({ status: 0 });

    appendFileSync(join(copy, "go", "uptime", "monitor.go"), "// edited by hand\n");
    rmSync(join(copy, "python", "pulumi_uptime", "page.py"));
    writeFileSync(join(copy, "nodejs", "extra.ts"), "export {};\n");
    const stale = genSdks("--check", "--dir", copy);
    expect(stale.status).toBe(1);
    expect(stale.output).toContain("changed: go/uptime/monitor.go");
    expect(stale.output).toContain("missing: python/pulumi_uptime/page.py");
    expect(stale.output).toContain("not generated: nodejs/extra.ts");
    expect(stale.output).toContain(`regenerate with: bash scripts/gen-sdks.sh --dir ${copy}`);

    // The fix it names makes the copy pass again.
    expect(genSdks("--dir", copy)).toMatchObject({ status: 0 });
    expect(genSdks("--check", "--dir", copy)).toMatchObject({ status: 0 });
  });
});

test("the Python SDK byte-compiles, warnings counted as errors", () => {
  const prefix = join(scratch, "pycache");
  // PYTHONPYCACHEPREFIX sends the byte code to the scratch directory, not to __pycache__ in sdks/.
  const result = run("python3", ["-W", "error", "-m", "compileall", "-q", join(SDKS, "python")], {
    env: { PYTHONPYCACHEPREFIX: prefix },
  });
  expect(result).toMatchObject({ status: 0 });
  const compiled = readdirSync(prefix, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".pyc"));
  const sources = readdirSync(join(SDKS, "python"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".py"));
  expect(compiled.length).toBeGreaterThanOrEqual(sources.length);
});

test("the Go SDK builds and passes go vet", () => {
  const cwd = join(SDKS, "go");
  expect(run("go", ["build", "./..."], { cwd, env: GO_ENV })).toMatchObject({ status: 0 });
  expect(run("go", ["vet", "./..."], { cwd, env: GO_ENV })).toMatchObject({ status: 0 });
});

/** build, twine and pyflakes, pinned, in a cached virtualenv: its python (each run as a module: the venv was moved into place). */
async function pythonTools(): Promise<string> {
  const pip = ["-m", "pip", "install", "--quiet", "build==1.6.1", "twine==7.0.0", "pyflakes==4.1.0"];
  return join(await cachedVenv("py-tools", "build1.6.1-twine7.0.0-pyflakes4.1.0", (python) => exec(python, pip)), "bin", "python");
}

test("the Python SDK builds an sdist and a wheel that PyPI's own checker passes, for the Python versions it supports", async () => {
  const python = await pythonTools();
  // A copy: the build writes its egg-info beside the sources.
  const source = join(scratch, "python-src");
  cpSync(join(SDKS, "python"), source, { recursive: true });
  const dist = join(scratch, "python-dist");
  expect(run(python, ["-m", "build", "--outdir", dist, source])).toMatchObject({ status: 0 });
  const built = readdirSync(dist).sort();
  expect(built).toEqual([
    expect.stringMatching(/^pulumi_uptime-.+-py3-none-any\.whl$/),
    expect.stringMatching(/^pulumi_uptime-.+\.tar\.gz$/),
  ]);
  const checked = run(python, ["-m", "twine", "check", "--strict", ...built.map((f) => join(dist, f))]);
  expect(checked).toMatchObject({ status: 0 });
  expect(checked.output.match(/PASSED/g)).toHaveLength(2);
  const metadata = run(python, [
    "-c",
    "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.read(next(n for n in z.namelist() if n.endswith('METADATA'))).decode())",
    join(dist, built[0]),
  ]).output;
  expect(metadata).toMatch(/^Requires-Python: >=3\.10$/m);
  expect(metadata).toMatch(/^License-Expression: Apache-2\.0$/m);
});

test("the Node.js SDK, built and laid out as it is published (bin/ with package.json), passes npm publish --dry-run without a warning", () => {
  // Built with its own tsconfig, the repository's typescript and @pulumi/pulumi: a type error fails the build.
  const bin = join(scratch, "nodejs-publish", "bin");
  const tsc = require.resolve("typescript/bin/tsc");
  expect(run(process.execPath, [tsc, "-p", join(SDKS, "nodejs", "tsconfig.json"), "--outDir", bin])).toMatchObject({ status: 0 });
  for (const file of ["package.json", "README.md"]) cpSync(join(SDKS, "nodejs", file), join(bin, file));
  // A token of no account, so that npm does not warn that nobody is logged in.
  const npmrc = join(scratch, "npmrc");
  writeFileSync(npmrc, "//registry.npmjs.org/:_authToken=dry-run-only\n");
  const dryRun = run("npm", ["publish", "--dry-run", "--ignore-scripts", "--userconfig", npmrc], { cwd: bin });
  expect(dryRun).toMatchObject({ status: 0 });
  expect(dryRun.output).toMatch(/^\+ @pulumi-uptime\/sdk@\d+\.\d+\.\d+/m);
  expect(dryRun.output.split("\n").filter((line) => /^npm (warn|WARN|error|ERR)/.test(line))).toEqual([]);
});

/** Each resource's example in `lang`, as schema.json's description carries it to every SDK's docs, by resource name. */
function schemaExamples(lang: string): [string, string][] {
  const schema = JSON.parse(readFileSync(join(REPO, "schema.json"), "utf8")) as { resources: Record<string, { description: string }> };
  return Object.entries(schema.resources).map(([token, { description }]) => {
    const code = new RegExp("```" + lang + "\\n([\\s\\S]*?)\\n```").exec(description)?.[1];
    if (code === undefined) throw new Error(`${token}'s description has no ${lang} example`);
    return [token.split(":")[2], code];
  });
}

test("the schema's TypeScript examples type-check against the Node.js SDK", () => {
  const dir = join(scratch, "examples-ts");
  mkdirSync(dir);
  const files = schemaExamples("typescript").map(([name, code]) => (writeFileSync(join(dir, `${name}.ts`), code), `${name}.ts`));
  const compilerOptions = {
    strict: true,
    noEmit: true,
    module: "commonjs",
    target: "es2020",
    skipLibCheck: true,
    types: [],
    baseUrl: ".",
    paths: { "@pulumi-uptime/sdk": [join(SDKS, "nodejs", "index.ts")] },
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files }));
  expect(run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir])).toEqual({ status: 0, output: "" });
});

test("the schema's Go examples build against the Go SDK", () => {
  // A program of each example's lines, in a module like examples/go's (the SDK replaced by sdks/go).
  const dir = join(scratch, "examples-go");
  mkdirSync(dir);
  const mod = readFileSync(join(REPO, "examples", "go", "go.mod"), "utf8").replace("=> ../../sdks/go", `=> ${join(SDKS, "go")}`);
  writeFileSync(join(dir, "go.mod"), mod);
  cpSync(join(REPO, "examples", "go", "go.sum"), join(dir, "go.sum"));
  const examples = schemaExamples("go");
  const functions = examples.map(
    ([name, code]) => `func example${name}(ctx *pulumi.Context) error {\n\tvar err error\n${code}\n\treturn err\n}\n`,
  );
  const runs = examples.map(([name]) => `example${name}`).join(", ");
  const main = `func main() {\n\tfor _, f := range []pulumi.RunFunc{${runs}} {\n\t\tpulumi.Run(f)\n\t}\n}\n`;
  const imports = 'import (\n\t"github.com/pulumi-uptime/pulumi-uptime/sdks/go/uptime"\n\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"\n)\n';
  writeFileSync(join(dir, "main.go"), `package main\n\n${imports}\n${functions.join("\n")}\n${main}`);
  expect(run("go", ["vet", "."], { cwd: dir, env: GO_ENV })).toEqual({ status: 0, output: "" });
});

test("the schema's Python examples name nothing they do not define or import (pyflakes)", async () => {
  const dir = join(scratch, "examples-python");
  mkdirSync(dir);
  for (const [name, code] of schemaExamples("python")) writeFileSync(join(dir, `${name.toLowerCase()}.py`), `${code}\n`);
  expect(run(await pythonTools(), ["-m", "pyflakes", dir])).toEqual({ status: 0, output: "" });
});
