// The Pulumi CLI's own cost, old against new: the benchmark's headline scenarios run on the CLI the
// tests use (scripts/versions.sh PULUMI_VERSION) and on the oldest supported one, one after the other
// in each repetition, in one run on one machine. A script, not a test: it prints each figure and writes
// bench/RESULTS-cli.md. Run it after `UPTIME_CLI_RANGE=1 source scripts/bootstrap.sh` (which builds the
// oldest CLI and exports UPTIME_OLDEST_PULUMI):
//
//   npx ts-node --transpile-only bench/cli-compare.ts [--n 1000] [--fleet-n 2000] [--repeat 1] [--out bench/RESULTS-cli.md]
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { type Mode, type Operation, OPERATIONS, type ScenarioResult, runScenario } from "./scenario";
import { type Row, one } from "./rate-limit";
import { describeMachine } from "./results-md";

interface Cli {
  label: string;
  version: string;
  path: string;
}

const get = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const n = Number(get("n") ?? 1000);
const fleetN = Number(get("fleet-n") ?? 2000);
const repeat = Number(get("repeat") ?? 1);
const out = path.resolve(get("out") ?? path.join(__dirname, "RESULTS-cli.md"));
const log = (line: string) => console.log(line);

function clis(): Cli[] {
  const oldest = process.env.UPTIME_OLDEST_PULUMI;
  if (!oldest) throw new Error("UPTIME_OLDEST_PULUMI is not set: run `UPTIME_CLI_RANGE=1 source scripts/bootstrap.sh` first");
  const basePath = process.env.PATH ?? "";
  const version = (p: string) =>
    execFileSync("pulumi", ["version"], { env: { ...process.env, PATH: p } })
      .toString()
      .trim();
  const newest = { label: "new", path: basePath, version: version(basePath) };
  const old = { label: "old", path: `${oldest}${path.delimiter}${basePath}`, version: "" };
  old.version = version(old.path);
  return [old, newest];
}

/** Runs `work` with `cli`'s `pulumi` first on PATH (the Automation API and the engine's plugins find it there). */
async function on<T>(cli: Cli, work: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = cli.path;
  try {
    return await work();
  } finally {
    process.env.PATH = saved;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const machine = await describeMachine();
  const [old, newest] = clis();
  log(`CLIs: old ${old.version}, new ${newest.version}`);
  const scenarios: [Mode, number][] = [
    ["uptime", n],
    ["plugin", n],
    ["floor", n],
    ["fleet", fleetN],
    ["plugin-fleet", fleetN],
  ];
  const runs: { cli: string; result: ScenarioResult }[] = [];
  const limited: { cli: string; row: Row }[] = [];
  for (let rep = 0; rep < repeat; rep++) {
    for (const [mode, size] of scenarios) {
      // The two CLIs one after the other, in turn first, so that a slow spell of the machine hits both.
      for (const cli of rep % 2 ? [newest, old] : [old, newest]) {
        log(`repetition ${rep + 1}/${repeat}: ${mode} N=${size} on ${cli.version}`);
        runs.push({ cli: cli.label, result: await on(cli, () => runScenario({ mode, rep, n: size, latencyMs: 20, parallel: 8, log })) });
      }
    }
    for (const cli of rep % 2 ? [newest, old] : [old, newest]) {
      log(`repetition ${rep + 1}/${repeat}: rate limit (300 monitors at 10/s, --parallel 32) on ${cli.version}`);
      limited.push({ cli: cli.label, row: await on(cli, () => one({ before: "HEAD" }, "dynamic", "after", 300, 10, 32)) });
    }
  }
  const wall = (cli: string, mode: Mode, op: Operation) =>
    runs
      .filter((r) => r.cli === cli && r.result.mode === mode)
      .map((r) => r.result.operations.find((o) => o.operation === op)?.wallMs)
      .filter((x): x is number => x !== undefined);
  const lines = [
    "# The Pulumi CLI, old and new, side by side",
    "",
    `Measured by \`bench/cli-compare.ts\` from ${started} to ${new Date().toISOString()} on ${machine.nproc} CPUs (${machine.cpu}) ` +
      `(load before ${machine.loadBefore}): CLI ${old.version} (old, the oldest supported) and ${newest.version} (new), ` +
      `${repeat} repetition(s), the two CLIs one after the other in each. Emulator latency 20 ms, \`--parallel 8\`; ` +
      "wall times, medians; new / old is the median of the per-repetition ratios.",
    "",
    "| mode | N | operation | old | new | new / old |",
    "|---|---|---|---|---|---|",
  ];
  for (const [mode, size] of scenarios)
    for (const op of OPERATIONS) {
      const a = wall("old", mode, op);
      const b = wall("new", mode, op);
      if (!a.length || !b.length) continue;
      const ratios = a.map((x, i) => (b[i] ?? NaN) / x).filter(Number.isFinite);
      lines.push(`| ${mode} | ${size} | ${op} | ${secs(median(a))} | ${secs(median(b))} | ${median(ratios).toFixed(2)} |`);
    }
  lines.push(
    "",
    "Against a rate limit (a token bucket of 10 requests a second, 429 and Retry-After only), 300 dynamic `Monitor`s at `--parallel 32`: " +
      "wall time over N / rps, and the share of requests answered 429.",
    "",
    "| CLI | up | destroy |",
    "|---|---|---|",
  );
  for (const { cli, row } of limited) {
    const cell = (m: Row["up"] | undefined) =>
      m
        ? `${m.ok ? "" : "failed, "}${(m.seconds / 30).toFixed(2)}x, ${((100 * m.refused) / Math.max(1, m.requests)).toFixed(1)}% 429`
        : "—";
    lines.push(`| ${cli === "old" ? old.version : newest.version} | ${cell(row.up)} | ${cell(row.destroy)} |`);
  }
  fs.writeFileSync(out, `${lines.join("\n")}\n`);
  log(lines.join("\n"));
  log(`wrote ${path.relative(process.cwd(), out)}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
