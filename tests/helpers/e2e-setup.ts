// Loaded before every e2e file: the Automation API's runs read for Node's own warnings (node-warnings.ts), and
// the file's engine runs counted (engine-runs.ts) and held to tests/README.md's allowance.
import * as fs from "node:fs";
import * as path from "node:path";
import { Stack } from "@pulumi/pulumi/automation";
import { nodeWarningsSeen, readOutput } from "./node-warnings";
import { allowances, countEngineRuns, runsIn } from "./engine-runs";

type Operation = "up" | "preview" | "refresh" | "destroy";
for (const operation of ["up", "preview", "refresh", "destroy"] as Operation[]) {
  const run = Stack.prototype[operation] as (this: Stack, ...args: unknown[]) => Promise<{ stdout: string; stderr: string }>;
  (Stack.prototype as unknown as Record<Operation, typeof run>)[operation] = async function (this: Stack, ...args: unknown[]) {
    try {
      const result = await run.apply(this, args);
      readOutput(`${result.stdout}\n${result.stderr}`, `pulumi ${operation}`);
      return result;
    } catch (error) {
      readOutput(String((error as Error)?.message ?? error), `pulumi ${operation}`);
      throw error;
    }
  };
}

const runLog = countEngineRuns();
const started = Date.now();
const cpuAtStart = cpuSeconds();

/** The CPU seconds this worker and every process it waited for have used (/proc/self/stat's utime to cstime). */
function cpuSeconds(): number {
  const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

afterAll(() => {
  expect(nodeWarningsSeen()).toEqual([]);
  const file = path.basename(expect.getState().testPath ?? "");
  const runs = runsIn(runLog);
  const summary = process.env.UPTIME_ENGINE_RUNS_DIR;
  const seconds = Math.round((Date.now() - started) / 1000);
  const cpu = Math.round(cpuSeconds() - cpuAtStart);
  if (summary) fs.appendFileSync(path.join(summary, "counts"), `${file} ${runs} ${seconds} ${cpu}\n`);
  const allowed = allowances()[file] ?? 0;
  if (runs > allowed) throw new Error(`${file} made ${runs} engine runs; tests/README.md ("Engine runs") allows it ${allowed}`);
});
