// The self-contained plugin, downloaded by the engine from release.sh's download address (a loopback server) for a
// YAML program and the Go example, with a fresh plugin cache and only the CLI on PATH (no node).
import { execFileSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import { createServer } from "node:http";
import * as path from "node:path";
import { REPO } from "../helpers/pulumi";
import { SEEDED_PAGE, e2eFile, exec, monitorNamed as named, sending } from "../helpers/e2e";
import { E2E_API_KEY, listenOnLoopback } from "../helpers/servers";

jest.setTimeout(900_000);

const PLATFORM = `linux-${process.arch === "arm64" ? "arm64" : "amd64"}`;
/** The release's version, as release.sh says it makes it (a work tree is a build: `<next patch>-dev.g<commit>`). */
let VERSION: string;
let TARBALL: string;
/** The directory of the `pulumi` this run uses (bootstrap's build: the CLI and its language hosts, no node). */
const CLI_DIR = path.dirname(
  process.env
    .PATH!.split(path.delimiter)
    .map((d) => path.join(d, "pulumi"))
    .find((f) => fs.existsSync(f))!,
);

const { emulator, track, tempDir } = e2eFile();
/** The paths the release server was asked for, in order. */
const fetched: string[] = [];
const work = tempDir("uptime-download-");
let baseUrl: string;

beforeAll(async () => {
  const served = path.join(work, "releases");
  const releases = await listenOnLoopback(
    createServer((req, res) => {
      fetched.push(req.url ?? "");
      const file = path.join(served, path.basename(decodeURIComponent(req.url ?? "")));
      if (!req.url?.startsWith("/releases/") || !fs.existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/gzip", "content-length": fs.statSync(file).size });
      fs.createReadStream(file).pipe(res);
    }),
  );
  track(releases);
  baseUrl = `http://${releases.host}/releases`;
  // The release as a maintainer makes it, from this work tree: tarballs, and a clone whose SDKs carry the address.
  const release = ["--worktree", "--plugin-download-url", baseUrl, "--out", served, "--clone", path.join(work, "clone")];
  const { stdout } = await exec("bash", [path.join(REPO, "scripts/release.sh"), ...release]);
  VERSION = /^release: version ([^\s:,]+)/m.exec(stdout)![1];
  expect(VERSION).toMatch(/^\d+\.\d+\.\d+-dev\.g[0-9a-f]{7}$/);
  TARBALL = `pulumi-resource-uptime-v${VERSION}-${PLATFORM}.tar.gz`;
  expect(fs.existsSync(path.join(served, TARBALL))).toBe(true);
});

/** A user's environment: the Pulumi CLI alone on PATH, automatic plugin acquisition on, its own plugin cache. */
function userEnv(name: string): NodeJS.ProcessEnv {
  const home = path.join(work, `${name}-pulumi-home`);
  fs.mkdirSync(path.join(work, `${name}-state`), { recursive: true });
  return {
    HOME: process.env.HOME,
    PATH: CLI_DIR,
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${path.join(work, `${name}-state`)}`,
    PULUMI_CONFIG_PASSPHRASE: "download-e2e-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
    UPTIME_BASE_URL: emulator.url,
    UPTIME_API_KEY: E2E_API_KEY,
    UPTIME_JOURNAL_DIR: path.join(work, `${name}-journal`),
  };
}

const run = async (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) => (await exec(command, args, { cwd, env })).out;

/** The plugin the engine installed in `env`'s cache: the release's executable, byte for byte. */
function expectInstalledFromRelease(env: NodeJS.ProcessEnv): void {
  const installed = path.join(env.PULUMI_HOME!, "plugins", `resource-uptime-v${VERSION}`, "pulumi-resource-uptime");
  const unpacked = path.join(work, "unpacked");
  fs.mkdirSync(unpacked, { recursive: true });
  execFileSync("tar", ["-xzf", path.join(work, "releases", TARBALL), "-C", unpacked]);
  const sha = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  expect(fs.readFileSync(installed).subarray(0, 4).toString("latin1")).toBe("\x7fELF");
  expect(sha(installed)).toBe(sha(path.join(unpacked, "pulumi-resource-uptime")));
}

const monitorNamed = (name: string) => named(emulator, name);

test("the release names the download address in its schema and every generated SDK", () => {
  const clone = path.join(work, "clone");
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(clone, file), "utf8"));
  expect(read("schema.json").pluginDownloadURL).toBe(baseUrl);
  expect(read("package.json").pluginDownloadURL).toBe(baseUrl);
  expect(read("sdks/nodejs/package.json").pulumi).toMatchObject({ name: "uptime", server: baseUrl });
  expect(read("sdks/python/pulumi_uptime/pulumi-plugin.json")).toMatchObject({ name: "uptime", server: baseUrl });
  expect(read("sdks/go/uptime/pulumi-plugin.json")).toMatchObject({ name: "uptime", server: baseUrl });
  expect(fs.readFileSync(path.join(clone, "sdks/go/uptime/internal/pulumiUtilities.go"), "utf8")).toContain(
    `pulumi.PluginDownloadURL("${baseUrl}")`,
  );
});

test("release.sh refuses a download address of another scheme, naming the ones it takes", async () => {
  const args = [path.join(REPO, "scripts/release.sh"), "--plugin-download-url", "ftp://releases.example.com/uptime"];
  const refused = (await exec("bash", args).catch((error: Error) => error.cause)) as { code?: number; stderr?: string };
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain(
    "--plugin-download-url must start with https://, http:// or github:// (got 'ftp://releases.example.com/uptime')",
  );
});

test("the test's PATH has no node: what it runs cannot fall back on one", () => {
  expect(fs.readdirSync(CLI_DIR)).toContain("pulumi");
  expect(fs.readdirSync(CLI_DIR).filter((f) => f === "node" || f === "nodejs")).toEqual([]);
});

test("the other platform's tarball (not run here) holds that platform's executable with the plugin injected", () => {
  const other = PLATFORM === "linux-amd64" ? "linux-arm64" : "linux-amd64";
  const dir = path.join(work, `unpacked-${other}`);
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("tar", ["-xzf", path.join(work, "releases", `pulumi-resource-uptime-v${VERSION}-${other}.tar.gz`), "-C", dir]);
  const exe = fs.readFileSync(path.join(dir, "pulumi-resource-uptime"));
  expect(exe.subarray(0, 4).toString("latin1")).toBe("\x7fELF");
  // e_machine: 0xb7 aarch64, 0x3e x86-64.
  expect(exe.readUInt16LE(18)).toBe(other === "linux-arm64" ? 0xb7 : 0x3e);
  expect(fs.statSync(path.join(dir, "pulumi-resource-uptime")).mode & 0o111).toBe(0o111);
  // Node's single-executable fuse, flipped by the injection; a stock Node binary has it at 0.
  expect(exe.includes("NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1")).toBe(true);
  // The bundled plugin's code is in the binary: one of its messages.
  expect(exe.includes("is the placeholder of a monitor creation that was never confirmed")).toBe(true);
});

test("YAML: the engine downloads the plugin from pluginDownloadURL; up, an empty preview, destroy", async () => {
  const env = userEnv("yaml");
  const dir = path.join(work, "yaml");
  fs.mkdirSync(dir);
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: uptime-download-yaml\nruntime: yaml\nresources:\n  api:\n    type: uptime:index:Monitor\n` +
      `    properties: { name: download-yaml, type: https, target: https://yaml.example.com/health, regions: [1], interval: 60 }\n` +
      `    options: { version: ${VERSION}, pluginDownloadURL: ${baseUrl} }\noutputs:\n  uuid: \${api.uuid}\n`,
  );
  const pulumi = path.join(CLI_DIR, "pulumi");
  await run(pulumi, ["stack", "init", "dev", "--non-interactive"], dir, env);
  const before = fetched.length;
  await run(pulumi, ["up", "--yes", "--non-interactive"], dir, env);
  expect(fetched.slice(before)).toContain(`/releases/${TARBALL}`);
  expectInstalledFromRelease(env);
  // The executable serves the release's schema: its version and the address it was downloaded from.
  const installed = path.join(env.PULUMI_HOME!, "plugins", `resource-uptime-v${VERSION}`, "pulumi-resource-uptime");
  const schema = await run(pulumi, ["package", "get-schema", installed], dir, env);
  const served = JSON.parse(schema.slice(0, schema.lastIndexOf("}") + 1));
  expect(served).toMatchObject({ name: "uptime", version: VERSION, pluginDownloadURL: baseUrl });
  const created = await monitorNamed("download-yaml");
  expect(created).toMatchObject({ type: "https", urn: "https://yaml.example.com/health", intervalId: 60 });
  expect((await run(pulumi, ["stack", "output", "uuid"], dir, env)).trim()).toBe(created.uuid);

  const downloads = fetched.length;
  expect((await sending(emulator, () => run(pulumi, ["preview", "--expect-no-changes", "--non-interactive"], dir, env)))[1]).toEqual([]);
  expect(fetched.length).toBe(downloads);

  await run(pulumi, ["destroy", "--yes", "--non-interactive"], dir, env);
  expect(await monitorNamed("download-yaml")).toBeUndefined();
});

/** A Go module proxy on disk (GOPROXY=file://…) serving one module at one version, as for a tagged module. */
function goProxy(moduleDir: string, version: string): { proxy: string; modulePath: string } {
  const modulePath = /^module (\S+)$/m.exec(fs.readFileSync(path.join(moduleDir, "go.mod"), "utf8"))![1];
  const proxy = path.join(work, "goproxy");
  const at = path.join(proxy, modulePath, "@v");
  fs.mkdirSync(at, { recursive: true });
  fs.writeFileSync(path.join(at, "list"), `${version}\n`);
  fs.writeFileSync(path.join(at, `${version}.info`), JSON.stringify({ Version: version, Time: "2026-11-27T00:00:00Z" }));
  fs.copyFileSync(path.join(moduleDir, "go.mod"), path.join(at, `${version}.mod`));
  const staging = path.join(work, "gozip");
  fs.cpSync(moduleDir, path.join(staging, `${modulePath}@${version}`), { recursive: true });
  const zip = "import shutil, sys; shutil.make_archive(sys.argv[1], 'zip', root_dir=sys.argv[2], base_dir=sys.argv[3])";
  execFileSync("python3", ["-c", zip, path.join(at, version), staging, `${modulePath}@${version}`]);
  return { proxy, modulePath };
}

test("Go: the released SDK resolves by its module path at the release's version from a module proxy; its default options name the release; up and destroy", async () => {
  const env = userEnv("go");
  // examples/go over the released Go SDK (the clone's, with the address), fetched by path and version from a proxy.
  const dir = path.join(work, "go");
  fs.cpSync(path.join(REPO, "examples/go"), dir, { recursive: true });
  const { proxy, modulePath } = goProxy(path.join(work, "clone", "sdks", "go"), `v${VERSION}`);
  const [upstream, modcache] = execFileSync("go", ["env", "GOPROXY", "GOMODCACHE"], { encoding: "utf8" }).trim().split("\n");
  // A version is immutable in Go's module cache: an earlier run's build of this commit (another address) is dropped.
  const extracted = path.join(modcache, `${modulePath}@v${VERSION}`);
  if (fs.existsSync(extracted)) execFileSync("chmod", ["-R", "u+w", extracted]);
  fs.rmSync(extracted, { recursive: true, force: true });
  const downloads = path.join(modcache, "cache", "download", modulePath, "@v");
  for (const file of fs.existsSync(downloads) ? fs.readdirSync(downloads) : [])
    if (file.startsWith(`v${VERSION}.`)) fs.rmSync(path.join(downloads, file), { force: true });
  const goEnv = {
    ...process.env,
    GOFLAGS: "-mod=mod -buildvcs=false",
    GOTOOLCHAIN: "local",
    CGO_ENABLED: "0",
    GOPROXY: `file://${proxy},${upstream}`,
    // Not in the public checksum database: a release not yet published.
    GONOSUMDB: modulePath,
  };
  await run("go", ["mod", "edit", `-dropreplace=${modulePath}`, `-require=${modulePath}@v${VERSION}`], dir, goEnv);
  expect(await run("go", ["list", "-m", modulePath], dir, goEnv)).toMatch(new RegExp(`^${modulePath} v${VERSION}$`, "m"));
  const binary = path.join(dir, "uptime-go-example");
  await run("go", ["build", "-o", binary, "."], dir, goEnv);
  const goUser = { ...env, PROBE_TOKEN: "Bearer download-go-31", PAGE_UUID: SEEDED_PAGE };

  const before = fetched.length;
  const up = await run(binary, ["up"], dir, goUser);
  expect(fetched.slice(before)).toContain(`/releases/${TARBALL}`);
  expectInstalledFromRelease(goUser);
  const created = await monitorNamed("go-api");
  expect(up).toContain(`result: uuid=${created.uuid} interval=60`);

  // The Go face's empty preview: plugin-go.test.ts.
  await run(binary, ["destroy"], dir, goUser);
  expect(await monitorNamed("go-api")).toBeUndefined();
});
