// The `before` mode: this package as an earlier commit released it, run by the same fleet program, so
// that a change is measured against what it replaces in one run. The commit (BENCH_BEFORE_REF, or
// `--before <ref>` of bench/run.ts) is packed by scripts/release.sh and installed into a copy of
// tests/e2e/programs/fleet whose node_modules is the repository's but for pulumi-uptime: the dynamic
// resources' `__provider` requires the package by name, so each copy loads its own. Cached per commit.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");

/** The fleet program over the package released from `ref`: its directory. */
export function beforeProgram(ref: string): string {
  const commit = execFileSync("git", ["-C", REPO, "rev-parse", "--verify", `${ref}^{commit}`], { encoding: "utf8" }).trim();
  const cache =
    process.env.UPTIME_TOOLCHAIN_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pulumi-uptime");
  const dir = path.join(cache, `bench-before-${commit.slice(0, 12)}`);
  const program = path.join(dir, "fleet");
  if (fs.existsSync(path.join(program, "node_modules", "pulumi-uptime", "dist"))) return program;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(program, "node_modules"), { recursive: true });
  const release = execFileSync("bash", [path.join(REPO, "scripts/release.sh"), "--ref", commit, "--out", dir], { encoding: "utf8" });
  const tarball = /release: wrote (\S+\.tgz)/.exec(release)?.[1];
  if (!tarball) throw new Error(`bench before: scripts/release.sh --ref ${commit} made no npm tarball:\n${release}`);
  for (const file of fs.readdirSync(path.join(REPO, "tests/e2e/programs/fleet"))) {
    fs.copyFileSync(path.join(REPO, "tests/e2e/programs/fleet", file), path.join(program, file));
  }
  const modules = path.join(REPO, "node_modules");
  for (const entry of fs.readdirSync(modules)) {
    if (entry !== "pulumi-uptime" && entry !== ".bin") fs.symlinkSync(path.join(modules, entry), path.join(program, "node_modules", entry));
  }
  const unpacked = path.join(program, "node_modules", "pulumi-uptime");
  fs.mkdirSync(unpacked);
  execFileSync("tar", ["-xzf", tarball, "-C", unpacked, "--strip-components=1"]);
  return program;
}
