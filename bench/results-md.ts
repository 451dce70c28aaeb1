// bench/RESULTS.md: the machine, how to reproduce, the targets' verdicts, the ratios and every
// measurement, from one run's raw file (so it can be re-rendered with --from without re-measuring).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunFile } from "./run";
import { Results, floorVerdicts, operationsTable, pairedTable, ratioTable, stateTable, verdicts } from "./report";
import type { ScenarioResult } from "./scenario";

const REPO = path.resolve(__dirname, "..");

export interface Machine {
  nproc: number;
  cpu: string;
  memoryGiB: number;
  os: string;
  node: string;
  pulumiCli: string;
  pulumiSdk: string;
  undici: string;
  commit: string;
  /** Tracked files that differed from the commit when the run started (others work in the same tree). */
  uncommitted: string[];
  loadBefore: number[];
  loadAfter?: number[];
}

function run(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { cwd: REPO, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

export async function describeMachine(): Promise<Machine> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a package's own package.json, by name, as installed
  const version = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    pulumiCli: run("pulumi", ["version"]),
    pulumiSdk: version("@pulumi/pulumi"),
    undici: version("undici"),
    commit: run("git", ["rev-parse", "--short", "HEAD"]),
    uncommitted: run("git", ["status", "--porcelain", "--untracked-files=no"])
      .split("\n")
      .filter(Boolean)
      .map((l) => l.slice(3)),
    loadBefore: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

/** up of ours and the floor at several --parallel values. */
export function sweepTable(sweep: ScenarioResult[], latencyMs: number): string {
  const lines = [
    `| --parallel | N | ours up s | floor up s | ours / floor | N × ${latencyMs} ms / parallel s | HTTP requests | TCP connections | peak provider RSS MiB |`,
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const parallel of [...new Set(sweep.map((r) => r.parallel))]) {
    const ours = sweep.find((r) => r.parallel === parallel && r.mode === "uptime");
    const floor = sweep.find((r) => r.parallel === parallel && r.mode === "floor");
    const up = (r?: ScenarioResult) => r?.operations.find((o) => o.operation === "up");
    const o = up(ours),
      f = up(floor);
    if (!o || !ours) continue;
    lines.push(
      `| ${parallel} | ${ours.n} | ${(o.wallMs / 1000).toFixed(2)} | ${f ? (f.wallMs / 1000).toFixed(2) : "—"} | ${f ? (o.wallMs / f.wallMs).toFixed(2) : "—"} | ` +
        `${((ours.n * latencyMs) / parallel / 1000).toFixed(2)} | ${o.counters.requestsTotal} | ${o.counters.connectionsAccepted} | ${o.peakProviderMiB.toFixed(0)} |`,
    );
  }
  return lines.join("\n");
}

/**
 * The reading of a run, written by hand and kept when its file is re-rendered: bench/results-notes.md
 * for RESULTS.md, bench/results-plugin-notes.md for RESULTS-plugin.md (one per results file, since
 * each reads the figures of its own run).
 */
function notes(out: string): string {
  const file = path.join(__dirname, path.basename(out).toLowerCase().replace(/\.md$/, "-notes.md"));
  return fs.existsSync(file) ? `${fs.readFileSync(file, "utf8").trim()}\n` : "";
}

/** The command line that measures what `file` holds. */
function thisRun(file: RunFile): string {
  const o = file.options;
  const args = [
    `--sizes ${o.sizes.length ? o.sizes.join(",") : "none"}`,
    `--latency-ms ${o.latencyMs}`,
    `--parallel ${o.parallel}`,
    `--repeat ${o.repeat}`,
    `--modes ${o.modes.join(",")}`,
    ...(o.sweep.length ? [`--sweep ${o.sweep.join(",")} --sweep-n ${o.sweepN}`] : []),
  ];
  return `bash bench/run.sh ${args.join(" ")}`;
}

export function resultsMarkdown(file: RunFile, results: Results): string {
  const { options: o, machine: m } = file;
  const v = [...floorVerdicts(results), ...verdicts(results, o.latencyMs, o.parallel)];
  const sizes = results.sizes();
  return `# Benchmark results

Measured by \`bench/run.ts\` from ${file.startedAt} to ${file.finishedAt}: N = ${sizes.join(", ")} monitors, emulator
latency ${o.latencyMs} ms per request, \`--parallel ${o.parallel}\`, ${o.repeat} repetition(s) per mode and N (wall times are
medians; min–max shown). Every number below comes from that one run on one machine.

${file.failures?.length ? `**Scenarios that failed twice** (their cells are missing below):\n\n${file.failures.map((f) => `- ${f}`).join("\n")}\n\n` : ""}## Targets

${v.map((x) => `- **${x.met === undefined ? "not measured" : x.met ? "met" : "NOT met"}**: ${x.target}. ${x.detail}.`).join("\n")}

${notes(file.options.out)}
## Paired ratios

Each repetition runs every mode once, one after the other; a ratio is taken within a repetition, then
the median over repetitions is shown with the spread (min–max) and the number of pairs.

${pairedTable(results)}

## Ratios of medians

${ratioTable(results)}

${sizes.map((n) => `## N = ${n}\n\n${operationsTable(results, n)}`).join("\n\n")}

## State per resource (after \`up\`)

${stateTable(results)}
${file.sweep.length ? `\n## What \`--parallel\` does (up only, N = ${o.sweepN})\n\n${sweepTable(file.sweep, o.latencyMs)}\n` : ""}
## What is measured

- **Modes.** *uptime*: this package's \`Monitor\`. *least* (the true floor): the same number of dynamic resources, each
  with one small input and no outputs, whose provider (\`bench/least-impl.js\`, stored as a one-line \`require\`) makes no
  request: the engine's own cost per resource. A *-skip* mode runs with \`PULUMI_SKIP_CHECKPOINTS=true\` (the engine then
  saves the state once, at the end); *uptime-skip* creates its monitors without it, since this provider refuses monitor
  creations under it, and runs the other operations with it. The state floors (\`bench/state-floor.ts\`), dynamic
  resources that send no request: *mirror* stores exactly what ours stores, *lean* the same without the bookkeeping
  (\`declaredFields\`, \`journalKey\`), *declared* only the six declared inputs with the uuid and the creation time as
  outputs (the least a provider of these fields can store). *plugin*: the same monitors through the provider plugin.
  *floor*: the same number of dynamic resources with the same inputs,
  whose provider (\`bench/floor-impl.js\`) makes no HTTP call and echoes its inputs as outputs; it is a
  \`pulumi.dynamic.Resource\` whose provider object is an installed module, so Pulumi stores its \`__provider\` as a
  \`require\` of it (269 B; ours writes that \`require\` out as one 76-byte line). *naive*: \`bench/naive-provider.ts\`, written as
  Pulumi's dynamic-provider examples are: an object literal serialized by value into every resource's state, and a
  fresh undici \`Agent\` (so a fresh TCP connection) per call, closed after it. *floor-latency* (a diagnostic, when
  measured): the floor whose create, read, update and delete each wait the emulator's latency, as an ideal provider
  would; it shows what the latency costs under this engine. All run the same program, \`tests/e2e/programs/fleet\`
  (config \`fleet:mode\`).
- **Operations**, in this order on one stack per (mode, N), each against a fresh emulator: \`up\` (creates N), a no-op
  \`preview\`, \`refresh\`, \`up\` after raising \`fleet:generation\` (edits the interval of N/10 monitors), \`destroy\`.
  Through the Automation API on a local file backend, as the e2e tests run them; wall time includes the CLI's start.
- **HTTP requests, TCP connections**: the emulator's \`/admin/counters\`, zeroed before each operation.
- **Peak provider RSS**: every 50 ms, the summed VmRSS of this run's \`dynamic-provider\` node processes.
- **CPU s**: user + system time of this run's processes during the operation (\`/proc/<pid>/stat\`, polled every
  50 ms): *engine* (the CLI and the language host), *program* (the node process running the fleet program),
  *provider* (the dynamic-provider host). On a shared machine it moves much less than wall time, so it is what
  tells where one mode spends more than another.
- **State**: from the raw checkpoint after \`up\`. *Whole entry*: the compact JSON of a resource's checkpoint entry,
  which also holds what the engine writes for any resource (URN, parent and provider references, property
  dependencies, timestamps, source position and stack trace): the floor's entry shows that share.
  *Inputs+outputs*: both as stored, without \`__provider\`; this is what a provider decides, and what the 2x target
  is judged on, \`__provider\` having its own target. *\`__provider\`*: one copy; the engine stores it twice (in the
  inputs and in the outputs). *Record JSON*: the mean compact JSON of the emulator's monitor records.

## Machine

- ${m.nproc} CPUs (${m.cpu}), ${m.memoryGiB} GiB memory, ${m.os}; load average ${m.loadBefore.join(" / ")} at the start${m.loadAfter ? `, ${m.loadAfter.join(" / ")} at the end` : ""}
  (the machine was shared with other work, which is why wall times carry min–max).
- Node ${m.node}, Pulumi CLI ${m.pulumiCli}, @pulumi/pulumi ${m.pulumiSdk}, undici ${m.undici}.
- Commit ${m.commit}${m.uncommitted.length ? `, with uncommitted changes to ${m.uncommitted.map((f) => `\`${f}\``).join(", ")}` : ""}.

## How to reproduce

\`\`\`sh
${thisRun(file)}   # this run
bash bench/run.sh                                  # N = 10, 100, 500; latency 20 ms; --parallel 8
bash bench/run.sh --sizes 10,100 --repeat 3        # smaller, repeated
bash bench/run.sh --sizes 500 --repeat 3 --sweep 2,8,32 --sweep-n 500
\`\`\`

\`bench/run.sh\` sources \`scripts/bootstrap.sh\` (Node, the Pulumi CLI, the built package) and runs
\`npx ts-node --transpile-only bench/run.ts\` with the same arguments. Raw measurements go to \`bench/out/\`;
\`--from bench/out/results-….json\` re-renders this file from them.
`;
}
