// How long the provider plugin takes to start: from spawning it to the port it prints (what the engine
// waits for), against Pulumi's dynamic-provider host started the same way and a bare `node`. A script,
// not a test; after `source scripts/bootstrap.sh` and a build:
//   npx ts-node --transpile-only bench/plugin-startup.ts [--runs 7]
import { spawn } from "node:child_process";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const at = process.argv.indexOf("--runs");
const runs = at > 0 ? Number(process.argv[at + 1]) : 7;
/** An engine address nothing listens on: the processes only start and print their port. */
const ENGINE = "127.0.0.1:1";

function once(command: string, args: string[]): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
    child.on("error", reject);
    child.stdout.once("data", () => {
      resolve(Number(process.hrtime.bigint() - started) / 1e6);
      child.kill("SIGKILL");
    });
  });
}

async function measure(label: string, command: string, args: string[]): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once(command, args));
  times.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(`${label}: median ${ms(times[Math.floor(times.length / 2)])} (${ms(times[0])}-${ms(times[times.length - 1])}, ${runs} runs)`);
}

async function main(): Promise<void> {
  await measure("pulumi-resource-uptime", path.join(REPO, "bin/pulumi-resource-uptime"), [ENGINE]);
  const dynamicHost = require.resolve("@pulumi/pulumi/cmd/dynamic-provider/index.js");
  await measure("Pulumi's dynamic-provider host", process.execPath, [dynamicHost, ENGINE]);
  await measure("node printing a line", process.execPath, ["-e", "console.log(1)"]);
}

void main();
