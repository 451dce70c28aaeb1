// Releases cut in a tagless scratch clone (as a CI checkout may be): A, 0.2.0, by the commit that set the version
// (RELEASING.md), B the work tree tagged v0.2.1; then the upgrade from A to B on each face.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "../helpers/pulumi";
import { SEEDED_ALERT, SEEDED_PAGE, e2eFile, exec, npmUserEnv, sending, stateResources } from "../helpers/e2e";

jest.setTimeout(1_200_000);

const { emulator, stack, tempDir } = e2eFile();
const work = tempDir("uptime-releases-");
const scratch = path.join(work, "repo");
/** Each release: its directory, the version release.sh said it made, and what it printed. */
const made: Record<string, { dir: string; version: string; output: string }> = {};
/** What `--ref v0.2.0` said when this repository is a shallow clone (CI's checkout may be). */
let shallowRefusal: string | undefined;

/** What a command that must succeed printed, stdout then stderr. */
const sh = async (file: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv) => (await exec(file, args, { cwd, env })).out;
const git = (...args: string[]) => sh("git", ["-c", "user.name=test", "-c", "user.email=test@localhost", ...args], scratch);
const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

async function cut(label: string, ref: string, ...flags: string[]): Promise<{ dir: string; version: string; output: string }> {
  const dir = path.join(work, `release-${label}`);
  const output = await sh("bash", [path.join(scratch, "scripts/release.sh"), "--ref", ref, "--out", dir, ...flags], scratch);
  const version = /^release: version ([^\s:,]+)/m.exec(output)?.[1] ?? "";
  return (made[label] = { dir, version, output });
}

beforeAll(async () => {
  // The repository as it is: its commit, then the work tree's changes committed on top.
  await sh("git", ["clone", "--quiet", REPO, scratch], work);
  const { stdout: diff } = await exec("git", ["--no-optional-locks", "diff", "--binary", "HEAD"], { cwd: REPO });
  if (diff) {
    fs.writeFileSync(path.join(work, "tree.diff"), diff);
    await git("apply", "--whitespace=nowarn", path.join(work, "tree.diff"));
  }
  const untracked = (await sh("git", ["--no-optional-locks", "ls-files", "--others", "--exclude-standard"], REPO))
    .split("\n")
    .filter(Boolean);
  for (const file of untracked) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO, file), path.join(scratch, file));
  }
  await git("add", "-A");
  await git("commit", "--quiet", "--allow-empty", "-m", "the work tree");
  for (const tag of (await git("tag", "--list")).split("\n").filter(Boolean)) await git("tag", "-d", tag);
  fs.appendFileSync(path.join(scratch, "CHANGELOG.md"), "\n<!-- 0.2.1: a patch release -->\n");
  await git("commit", "--quiet", "-am", "A patch");
  await git("tag", "v0.2.1");
  if ((await git("rev-parse", "--is-shallow-repository")).trim() === "true") {
    // A shallow history cannot tell which commit set the version (the next test asserts the refusal): A is then tagged.
    shallowRefusal = await cut("refused", "v0.2.0", "--print-version").then(
      (r) => r.output,
      (error: Error) => error.message,
    );
    await git("tag", "v0.2.0", "v0.2.1^");
  }
  await cut("a", "v0.2.0", "--no-executables");
  await cut("b", "v0.2.1", "--no-executables");
});

test("a clone without tags cuts 0.2.0 from the commit that set package.json's version, as RELEASING.md says", async () => {
  if (shallowRefusal !== undefined) {
    expect(shallowRefusal).toContain(
      "nor a v<version> that a commit of its history set in package.json (a shallow clone: `git fetch --unshallow` first)",
    );
    return;
  }
  const setters = await sh("git", ["log", "--format=%h", "-S", '"version": "0.2.0"', "--reverse", "--", "package.json"], REPO);
  const setter = setters.split("\n")[0];
  expect(made.a.output).toContain(`release: no tag v0.2.0 here: releasing ${setter}, the commit that set package.json's version to 0.2.0`);
  expect(made.a.output).toContain("release: version 0.2.0, from package.json, which this commit set");
  expect(made.b.output).toContain("release: version 0.2.1, from the tag v0.2.1");
});

test("each release carries its version in every file", async () => {
  for (const [label, version] of Object.entries({ a: "0.2.0", b: "0.2.1" })) {
    const r = made[label];
    expect(r.version).toBe(version);
    const files = fs.readdirSync(r.dir).sort();
    expect(files).toEqual([`pulumi-resource-uptime-v${version}.tar.gz`, `pulumi-uptime-${version}.tgz`]);
    const unpacked = path.join(work, `unpacked-${label}`);
    fs.mkdirSync(unpacked);
    await sh("tar", ["-xzf", path.join(r.dir, `pulumi-uptime-${version}.tgz`), "-C", unpacked], work);
    expect(JSON.parse(fs.readFileSync(path.join(unpacked, "package", "package.json"), "utf8")).version).toBe(version);
    expect(fs.existsSync(path.join(unpacked, "package", "CHANGELOG.md"))).toBe(true);
  }
  // The plugin reports the version of the schema.json it serves: B's is regenerated by release.sh (A's tree predates it).
  const served = JSON.parse(fs.readFileSync(path.join(work, "unpacked-b", "package", "schema.json"), "utf8"));
  expect([served.version, served.name]).toEqual(["0.2.1", "uptime"]);
});

test("a release is reproducible: the same release twice gives the same bytes", async () => {
  const again = await cut("a-again", "v0.2.0", "--no-executables");
  for (const file of ["pulumi-uptime-0.2.0.tgz", "pulumi-resource-uptime-v0.2.0.tar.gz"]) {
    expect([file, sha256(path.join(again.dir, file))]).toEqual([file, sha256(path.join(made.a.dir, file))]);
  }
  // README's Install, as written there (its --out aside): the npm tarball alone, the same bytes.
  const written = /^bash scripts\/release\.sh --ref (\S+) (.*?) --out \/tmp\s/m.exec(fs.readFileSync(path.join(REPO, "README.md"), "utf8"));
  expect(written?.slice(1)).toEqual(["v0.2.0", "--npm-only"]);
  const readme = await cut("readme-install", "v0.2.0", "--npm-only");
  expect(fs.readdirSync(readme.dir)).toEqual(["pulumi-uptime-0.2.0.tgz"]);
  expect(sha256(path.join(readme.dir, "pulumi-uptime-0.2.0.tgz"))).toBe(sha256(path.join(made.a.dir, "pulumi-uptime-0.2.0.tgz")));
});

test("an earlier tree is released by its own release.sh, as that tree says", async () => {
  await git("checkout", "--quiet", "-b", "old", "v0.2.1^");
  const own = path.join(scratch, "scripts/release.sh");
  fs.writeFileSync(own, `#!/usr/bin/env bash\necho "the tree's own release script, with: $*"\n`);
  await git("commit", "--quiet", "-am", "An older release script");
  await git("tag", "v0.1.5");
  await git("checkout", "--quiet", "master").catch(() => git("checkout", "--quiet", "main"));
  const output = (await cut("older", "v0.1.5", "--npm-only")).output;
  expect(output).toContain("v0.1.5 has its own scripts/release.sh: releasing it with that, as its tree says");
  expect(output).toMatch(/the tree's own release script, with: --out \S+release-older/);
  // What it lacks or already has is not passed on: the flag it does not know, --ref, a second --out.
  expect(output).toContain("v0.1.5's own release script makes every tarball (it has no --npm-only)");
  expect(output).toMatch(/the tree's own release script, with: --out \S+release-older\n/);
});

describe("upgrading from release A (v0.2.0) to release B (v0.2.1)", () => {
  test("TypeScript: npm install of B over A; the preview is empty and up sends nothing", async () => {
    const dir = fs.mkdtempSync(path.join(work, "ts-program-"));
    for (const file of ["Pulumi.yaml", "index.ts", "tsconfig.json"]) {
      fs.copyFileSync(path.join(REPO, "tests/e2e/programs/installed", file), path.join(dir, file));
    }
    const manifest = { name: "installed", private: true, main: "index.ts", dependencies: { "@pulumi/pulumi": "3.270.0" } };
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
    const npmInstall = ["install", "--no-audit", "--no-fund", "--prefer-offline"];
    const install = ({ dir: out, version }: (typeof made)[string]) =>
      sh("npm", [...npmInstall, path.join(out, `pulumi-uptime-${version}.tgz`)], dir, npmUserEnv());
    await install(made.a);
    const running = () => sh("node", ["-p", "require('pulumi-uptime').version"], dir, npmUserEnv());
    expect((await running()).trim()).toBe("0.2.0");
    const t = await stack(dir, { config: { "installed:alertUuid": SEEDED_ALERT, "installed:pageUuid": SEEDED_PAGE } });
    await t.stack.up();

    await install(made.b);
    expect((await running()).trim()).toBe("0.2.1");
    // docs/releases.md: `--debug` names the release the provider process runs.
    const lines: string[] = [];
    const [up, sent] = await sending(emulator, async () => {
      await t.stack.preview({ expectNoChanges: true, debug: true, onOutput: (l) => lines.push(l) });
      return t.stack.up();
    });
    expect(lines.join("")).toContain(`uptime: provider 0.2.1 (Node.js `);
    expect(lines.join("")).not.toContain(`uptime: provider 0.2.0`);
    expect(Object.keys(up.summary.resourceChanges ?? {})).toEqual(["same"]);
    expect(sent).toEqual([]);
  });

  test("YAML through the plugin: plugin B installed beside A, the program's version option names B; the preview is empty and up sends nothing", async () => {
    const home = fs.mkdtempSync(path.join(work, "pulumi-home-"));
    const env = { ...process.env, PULUMI_HOME: home };
    /** `pulumi plugin install` of a release's plugin tarball, as `version` (its own by default). */
    const installPlugin = ({ dir: out, version: own }: (typeof made)[string], version = own, ...flags: string[]) => {
      const tarball = path.join(out, `pulumi-resource-uptime-v${own}.tar.gz`);
      return sh("pulumi", ["plugin", "install", "resource", "uptime", version, ...flags, "--file", tarball], work, env);
    };
    await installPlugin(made.a);
    const dir = fs.mkdtempSync(path.join(work, "yaml-program-"));
    const program = (version: string) =>
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        [
          "name: upgraded",
          "runtime: yaml",
          "resources:",
          "  api:",
          "    type: uptime:index:Monitor",
          "    properties: { name: upgraded, type: https, target: https://upgraded.example.com, regions: [1], interval: 60 }",
          `    options: { version: ${version} }`,
        ].join("\n"),
      );
    program("0.2.0");
    const t = await stack(dir, { env: { PULUMI_HOME: home } });
    await t.stack.up();

    await installPlugin(made.b);
    // docs/releases.md: a second install of a version already installed does nothing; --reinstall replaces it.
    const installed = path.join(home, "plugins", "resource-uptime-v0.2.1");
    const contents = () => {
      const files = fs.readdirSync(installed, { recursive: true, encoding: "utf8" }).sort();
      return files.map((f) => (fs.statSync(path.join(installed, f)).isFile() ? `${f}:${sha256(path.join(installed, f))}` : f)).join("\n");
    };
    const asB = contents();
    // Other bytes (A's) as 0.2.1: ignored, then installed with --reinstall; B's again with --reinstall.
    await installPlugin(made.a, "0.2.1");
    expect(contents()).toBe(asB);
    await installPlugin(made.a, "0.2.1", "--reinstall");
    expect(contents()).not.toBe(asB);
    await installPlugin(made.b, "0.2.1", "--reinstall");
    expect(contents()).toBe(asB);
    const listed = await sh("pulumi", ["plugin", "ls"], work, env);
    expect(listed).toMatch(/uptime\s+resource\s+0\.2\.0/);
    expect(listed).toMatch(/uptime\s+resource\s+0\.2\.1/);
    program("0.2.1");
    const [[preview, up], sent] = await sending(emulator, async () => [await t.stack.preview({ diff: true }), await t.stack.up()] as const);
    expect(preview.changeSummary).not.toHaveProperty("update");
    expect(preview.changeSummary).not.toHaveProperty("replace");
    expect(up.summary.resourceChanges).not.toHaveProperty("replace");
    expect(sent).toEqual([]);
    // The state now names the provider of B.
    const providers = (await stateResources(t)).filter((r) => r.type === "pulumi:providers:uptime");
    expect(providers.map((p) => p.inputs.version)).toEqual(["0.2.1"]);
  });
});
