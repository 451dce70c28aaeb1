// The package packed from a fresh clone (scripts/release.sh), npm-installed into a new program outside the
// repository, with each end of its @pulumi/pulumi peer range; installed from git: the same files.
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO, TestStack } from "../helpers/pulumi";
import { SEEDED_ALERT, SEEDED_PAGE, e2eFile, exec, npmUserEnv as userEnv, serviceState, stateResources } from "../helpers/e2e";

jest.setTimeout(300_000);

const PROGRAM = path.join(REPO, "tests/e2e/programs/installed");
const repoPackage = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8"));
/** The highest @pulumi/pulumi claimed: the one this repository builds and tests with. */
const HIGHEST: string = repoPackage.devDependencies["@pulumi/pulumi"];
const versionOf = (name: string): string =>
  JSON.parse(fs.readFileSync(path.join(REPO, "node_modules", name, "package.json"), "utf8")).version;

const { emulator, stack, tempDir } = e2eFile();
const work = fs.realpathSync(tempDir("uptime-install-"));
/** What scripts/release.sh made: the tarball, and the clone (with its commit) it was packed from. */
let release: { tarball: string; clone: string; commit: string; output: string };

/** A command's standard output (both outputs with `stderr`). */
const sh = async (file: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv, stderr = false) => {
  const run = await exec(file, args, { cwd, env });
  return stderr ? run.out : run.stdout;
};

/** A new program directory outside the repository: the program's files and a package.json of its own. */
function newProgram(pulumiVersion: string, typescript: string): string {
  const dir = fs.mkdtempSync(path.join(work, `program-${pulumiVersion}-`));
  for (const file of ["Pulumi.yaml", "index.ts", "tsconfig.json"]) fs.copyFileSync(path.join(PROGRAM, file), path.join(dir, file));
  if (Number(typescript.split(".")[0]) >= 6) {
    // TypeScript 6 refuses `"moduleResolution": "node"` (TS5107): `pulumi new` now writes nodenext (docs/releases.md).
    const tsconfig = JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8"));
    Object.assign(tsconfig.compilerOptions, { target: "es2022", module: "nodenext", moduleResolution: "nodenext", types: ["node"] });
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  }
  const manifest = {
    name: "installed",
    private: true,
    main: "index.ts",
    dependencies: { "@pulumi/pulumi": pulumiVersion },
    // As `pulumi new typescript` sets a program up; the versions this repository has, so npm's cache serves them.
    devDependencies: { typescript, "@types/node": versionOf("@types/node") },
  };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
  return dir;
}

/** `npm install` as docs/releases.md writes it (a git spec with --allow-git=root, which npm 12 needs). */
async function npmInstall(dir: string, spec: string): Promise<void> {
  const allowGit = spec.startsWith("git+") ? ["--allow-git=root"] : [];
  await sh("npm", ["install", ...allowGit, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", spec], dir, userEnv());
}

/** Every file of the installed package, as paths inside it (its own node_modules aside). */
function installedFiles(dir: string): string[] {
  const root = path.join(dir, "node_modules/pulumi-uptime");
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => !f.startsWith("node_modules") && fs.statSync(path.join(root, f)).isFile())
    .sort();
}

async function tarballFiles(): Promise<string[]> {
  const listing = await sh("tar", ["-tzf", release.tarball], work);
  return listing
    .split("\n")
    .filter((l) => l && !l.endsWith("/"))
    .map((l) => l.replace(/^package\//, ""))
    .sort();
}

const tarballManifest = async () => JSON.parse(await sh("tar", ["-xzOf", release.tarball, "package/package.json"], work));

beforeAll(async () => {
  // Nothing of the repository's node_modules may be reachable from the programs.
  expect(path.relative(REPO, work).startsWith("..")).toBe(true);
  const clone = path.join(work, "clone");
  // The Node-run plugin tarball is all a user installs by hand; the self-contained ones: plugin-download.test.ts.
  const script = [path.join(REPO, "scripts/release.sh"), "--worktree", "--no-executables", "--out", work, "--clone", clone];
  const output = await sh("bash", script, REPO);
  const tarball = /^release: wrote (.+)$/m.exec(output)?.[1];
  const commit = /\(commit ([0-9a-f]{40})\)/.exec(output)?.[1];
  if (!tarball || !commit) throw new Error(`scripts/release.sh said:\n${output}`);
  release = { tarball, clone, commit, output };
});

test("the tarball holds what a program loads, and nothing else; the release script says its version, size and file count", async () => {
  // A work tree is a build after package.json's release, named by the next patch and the commit (RELEASING.md).
  const [major, minor, patch] = repoPackage.version.split(".").map(Number);
  const head = (await sh("git", ["rev-parse", "--short=7", "HEAD"], REPO)).trim();
  expect((await tarballManifest()).version).toBe(`${major}.${minor}.${patch + 1}-dev.g${head}`);
  expect(release.output).toContain(`a build after ${repoPackage.version}; `);
  expect(release.output).toContain(" with the work tree's changes is no commit (a release is a commit tagged v<version>");
  const files = await tarballFiles();
  for (const needed of [
    "package.json",
    "README.md",
    "dist/sdk/index.js",
    "dist/sdk/index.d.ts",
    "dist/provider/providers.js",
    "dist/provider/dynamic.js",
    "dist/provider/shim/monitor.js",
    "dist/provider/shim/page.js",
    "dist/provider/shim/alert.js",
    "dist/emulator/main.js",
    "dist/provider/plugin/main.js",
    "bin/pulumi-resource-uptime",
    "schema.json",
  ])
    expect(files).toContain(needed);
  const shipped = /^(dist\/(sdk|provider|emulator)\/|bin\/pulumi-resource-uptime$|schema\.json$|package\.json$|README\.md$|CHANGELOG\.md$)/;
  expect(files.filter((f) => !shipped.test(f) || f.endsWith(".map"))).toEqual([]);
  const size = fs.statSync(release.tarball).size;
  expect(release.output).toContain(`${path.basename(release.tarball)}: ${(size / 1000).toFixed(1)} kB`);
  expect(release.output).toContain(`, ${files.length} files, sha256 `);
  expect(release.output).toContain(`npm install ${release.tarball}`);

  const manifest = await tarballManifest();
  expect(manifest.dependencies["@pulumi/pulumi"]).toBeUndefined();
  // What the registry would take, with no warning (a prerelease needs a tag; a token of no account, or npm warns).
  const npmrc = path.join(work, "dry-run-npmrc");
  fs.writeFileSync(npmrc, "//registry.npmjs.org/:_authToken=dry-run-only\n");
  const dryRun = await sh("npm", ["publish", "--dry-run", "--tag", "next", "--userconfig", npmrc, release.tarball], work, userEnv(), true);
  expect(dryRun).toContain(`+ pulumi-uptime@${manifest.version}`);
  expect(dryRun.split("\n").filter((line) => /^npm (warn|WARN|error|ERR)/.test(line))).toEqual([]);
  expect(manifest.peerDependencies["@pulumi/pulumi"]).toMatch(/^\^3\.\d+\.\d+$/);
});

/** The lowest @pulumi/pulumi claimed: the floor of the tarball's peer range `^3.x.y`. */
async function lowest(): Promise<string> {
  const range: string = (await tarballManifest()).peerDependencies["@pulumi/pulumi"];
  return range.replace(/^\^/, "");
}

// Each end of the supported range twice over: @pulumi/pulumi's (the peer range) and TypeScript's (docs/releases.md).
describe.each([
  ["lowest", "4.9.5", lowest],
  ["highest", "6.0.3", async () => HIGHEST],
] as const)("with the %s @pulumi/pulumi claimed, and TypeScript %s", (_end, typescript, version) => {
  let dir: string;
  let t: TestStack;
  let pulumiVersion: string;

  beforeAll(async () => {
    pulumiVersion = await version();
    dir = newProgram(pulumiVersion, typescript);
    await npmInstall(dir, release.tarball);
    t = await stack(dir, {
      config: { "installed:alertUuid": SEEDED_ALERT, "installed:pageUuid": SEEDED_PAGE },
      // Type-checked as Pulumi does by default, against the installed declarations and this @pulumi/pulumi's.
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "false" },
    });
  });

  test("npm installs the tarball beside the program's own @pulumi/pulumi, the only copy", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    expect(manifest.dependencies["pulumi-uptime"]).toMatch(/^file:.*pulumi-uptime-.*\.tgz$/);
    expect(installedFiles(dir)).toEqual(await tarballFiles());
    const copies = (await sh("npm", ["ls", "@pulumi/pulumi", "--all", "--parseable"], dir, userEnv())).trim().split("\n");
    expect(copies).toEqual([path.join(dir, "node_modules/@pulumi/pulumi")]);
    expect(JSON.parse(fs.readFileSync(path.join(copies[0], "package.json"), "utf8")).version).toBe(pulumiVersion);
    expect(await sh(path.join(dir, "node_modules/.bin/uptime-emulator"), ["--help"], dir)).toContain("Usage: uptime-emulator");
  });

  test("up creates everything, in the documented spellings", async () => {
    const up = await t.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    expect(up.outputs.apiInterval.value).toBe(60);
    expect(up.outputs.webhookCount.value).toBe(3);
    const state = await serviceState(emulator);
    const monitor = (name: string) => state.monitors.find((m) => m.name === name);
    expect(monitor("Installed: database")).toMatchObject({
      intervalId: 120,
      tcpOptions: { dataRequest: "PING", keywordResponse: "PONG", keywordResponseExists: true },
      maintenance: { days: [1, 7] },
    });
    expect(monitor("Installed: API")).toMatchObject({ intervalId: 60, httpRequest: { method: "GET" }, alerts: [SEEDED_ALERT] });
    const alert = state.alerts.find((a) => a.uuid === SEEDED_ALERT);
    expect(alert.recipients.map((r: { type: string }) => r.type).sort()).toEqual(["email", "slack"]);
    // Each resource names its implementation by package name, resolved from the program's node_modules.
    const texts = (await stateResources(t))
      .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/uptime:"))
      .map((r) => r.inputs.__provider);
    expect(texts).toHaveLength(4);
    for (const text of texts)
      expect(text).toMatch(/^exports\.handler = \(\) => require\("pulumi-uptime\/dist\/provider\/shim\/(monitor|page|alert)\.js"\);\n$/);
  });

  test("a second preview proposes nothing", async () => {
    const preview = await t.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 5 });
  });

  test("destroy deletes the monitors and releases the page and the alert", async () => {
    const destroy = await t.stack.destroy();
    expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
    const { monitors } = await serviceState(emulator);
    expect(monitors.filter((m) => m.name.startsWith("Installed: "))).toEqual([]);
  });
});

test("installed from git, the clone the tarball was packed from gives the same package", async () => {
  const dir = newProgram(HIGHEST, versionOf("typescript"));
  // npm clones the repository, installs its dependencies there and runs its `prepare`, which builds dist/.
  await npmInstall(dir, `git+file://${release.clone}#${release.commit}`);
  expect(installedFiles(dir)).toEqual(await tarballFiles());
  const exported = await sh("node", ["-p", "Object.keys(require('pulumi-uptime')).sort().join(' ')"], dir, userEnv());
  expect(exported.trim()).toBe(
    "Account Alert Monitor MonitorFleet Page getWebhooks getWebhooksOutput imageFile validateMonitorArgs version",
  );
});

test("the plugin tarball installs with `pulumi plugin install --file` and runs examples/yaml from the plugin cache", async () => {
  const pluginTarball = /^release: wrote (.+pulumi-resource-uptime-v.+\.tar\.gz)$/m.exec(release.output)?.[1];
  if (!pluginTarball) throw new Error(`scripts/release.sh said:\n${release.output}`);
  const version = (await tarballManifest()).version;
  expect(release.output).toContain(`pulumi plugin install resource uptime ${version} --file ${pluginTarball}`);
  // A Pulumi home of its own: the plugin comes from this tarball only, never from the repository.
  const home = path.join(work, "pulumi-home");
  const env = { ...userEnv(), PULUMI_HOME: home };
  await sh("pulumi", ["plugin", "install", "resource", "uptime", version, "--file", pluginTarball], work, env);
  const installed = path.join(home, "plugins", `resource-uptime-v${version}`);
  expect(fs.existsSync(path.join(installed, "pulumi-resource-uptime"))).toBe(true);
  // It carries its own @pulumi/pulumi: no program's node_modules is there to lend one.
  expect(fs.existsSync(path.join(installed, "node_modules/@pulumi/pulumi/proto/provider_grpc_pb.js"))).toBe(true);

  const dir = path.join(work, "yaml-program");
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(REPO, "examples/yaml/Pulumi.yaml"), path.join(dir, "Pulumi.yaml"));
  const t = await stack(dir, {
    config: {
      "uptime-yaml:alertUuid": SEEDED_ALERT,
      "uptime-yaml:pageUuid": SEEDED_PAGE,
      "uptime-yaml:probeToken": { value: "Bearer installed-plugin", secret: true },
    },
    // Never a pulumi-resource-uptime found on PATH: the plugin cache only.
    env: { PULUMI_HOME: home, PULUMI_IGNORE_AMBIENT_PLUGINS: "true" },
  });
  const up = await t.stack.up();
  expect(up.summary.resourceChanges).toEqual({ create: 5 });
  const monitor = (await serviceState(emulator)).monitors.find((m) => m.uuid === up.outputs.apiUuid.value);
  expect(monitor).toMatchObject({ name: "api", alerts: [SEEDED_ALERT] });
});
