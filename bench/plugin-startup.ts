// How long the provider plugin takes to start: from spawning it to the port it prints (what the engine
// waits for). Side by side in one run: the self-contained executable (scripts/build-plugin.js, built
// here for this machine unless --executable names one), the Node.js-run plugin (bin/pulumi-resource-uptime
// over dist/), Pulumi's dynamic-provider host started the same way, and a bare `node`; then the
// size of each plugin tarball. A script, not a test; after `source scripts/bootstrap.sh` and a build:
//   npx ts-node --transpile-only bench/plugin-startup.ts [--runs 7] [--executable <path>]
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(option("--runs") ?? 7);
/** An engine address nothing listens on: the processes only start and print their port. */
const ENGINE = "127.0.0.1:1";

function once(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"], env });
    child.on("error", reject);
    child.stdout.once("data", () => {
      resolve(Number(process.hrtime.bigint() - started) / 1e6);
      child.kill("SIGKILL");
    });
  });
}

type Subject = { label: string; command: string; args: string[]; env?: NodeJS.ProcessEnv };

const median = (times: number[]): number => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
const ms = (v: number): string => `${v.toFixed(0)} ms`;

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-startup-"));
  try {
    let executable = option("--executable");
    const tarballs: string[] = [];
    if (!executable) {
      const target = `linux-${process.arch === "arm64" ? "arm64" : "amd64"}`;
      const out = execFileSync(process.execPath, [path.join(REPO, "scripts/build-plugin.js"), "--out", work, "--targets", target], {
        encoding: "utf8",
      });
      tarballs.push(out.trim().split(" ")[0]);
      execFileSync("tar", ["-xzf", tarballs[0], "-C", work]);
      executable = path.join(work, "pulumi-resource-uptime");
    }
    // The executable runs with no PATH at all, as on a machine without Node.js.
    const subjects: Subject[] = [
      { label: "self-contained executable (no node on PATH)", command: executable, args: [ENGINE], env: {} },
      { label: "bin/pulumi-resource-uptime (node + dist/)", command: path.join(REPO, "bin/pulumi-resource-uptime"), args: [ENGINE] },
      {
        label: "Pulumi's dynamic-provider host",
        command: process.execPath,
        args: [require.resolve("@pulumi/pulumi/cmd/dynamic-provider/index.js"), ENGINE],
      },
      { label: "node printing a line", command: process.execPath, args: ["-e", "console.log(1)"] },
    ];
    // Interleaved, so that a slow moment of a shared machine falls on every subject alike.
    const times = subjects.map(() => [] as number[]);
    for (let i = 0; i < runs; i++) {
      for (const [k, s] of subjects.entries()) times[k].push(await once(s.command, s.args, s.env ?? process.env));
    }
    const base = median(times[1]);
    for (const [k, s] of subjects.entries()) {
      const sorted = [...times[k]].sort((a, b) => a - b);
      console.log(
        `${s.label}: median ${ms(median(times[k]))} (${ms(sorted[0])}-${ms(sorted[sorted.length - 1])}, ${runs} runs), ${(median(times[k]) / base).toFixed(2)}x the node-run plugin`,
      );
    }
    for (const tarball of tarballs) console.log(`${path.basename(tarball)}: ${(fs.statSync(tarball).size / 1e6).toFixed(1)} MB`);
    console.log("(the node-run plugin's tarball: `bash scripts/release.sh` prints its size)");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

void main();
