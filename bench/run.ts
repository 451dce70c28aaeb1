// The benchmark: ours against the floor and a naive baseline, side by side in one run, against the
// emulator with a fixed latency. A script, not a test: it prints the tables and ratios and writes
// bench/RESULTS.md. Run it through bench/run.sh (which sets up the toolchain), or after
// `source scripts/bootstrap.sh`:
//
//   npx ts-node --transpile-only bench/run.ts [--sizes 10,100,500] [--latency-ms 20] [--parallel 8]
//       [--repeat 1] [--modes uptime,least,floor,naive[,mirror,lean,declared,floor-latency,uptime-skip,least-skip,floor-skip,plugin,
//                 fleet,plugin-fleet,fleet-floor,fleet-floor-latency]]
//       [--sweep 2,8,32] [--sweep-n 100] [--out bench/RESULTS.md] [--before <git ref>]
//       (mode `before`: the package released from that commit, bench/before.ts; default HEAD)
//       (--sizes none: only the --parallel sweep)
//   npx ts-node --transpile-only bench/run.ts --from bench/out/results-<time>.json   # re-render only
import * as fs from "node:fs";
import * as path from "node:path";
import { DEFAULT_MODES, MODES, Mode, ScenarioOptions, ScenarioResult, runScenario } from "./scenario";
import { Results, floorVerdicts, operationsTable, pairedTable, ratioTable, stateTable, verdicts } from "./report";
import { Machine, describeMachine, resultsMarkdown, sweepTable } from "./results-md";

export interface RunFile {
  options: Options;
  machine: Machine;
  startedAt: string;
  finishedAt: string;
  runs: ScenarioResult[];
  sweep: ScenarioResult[];
  /** Scenarios that failed even when run again, with the first line of their error. */
  failures: string[];
}

interface Options {
  sizes: number[];
  latencyMs: number;
  parallel: number;
  repeat: number;
  modes: Mode[];
  sweep: number[];
  sweepN: number;
  out: string;
  from?: string;
  before?: string;
}

function parseArgs(argv: string[]): Options {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const list = (v: string | undefined, fallback: number[]) => (v ? v.split(",").map((x) => Number(x.trim())) : fallback);
  const modes = (get("modes")?.split(",") ?? [...DEFAULT_MODES]) as Mode[];
  for (const m of modes) if (!MODES.includes(m)) throw new Error(`--modes: unknown mode ${m} (${MODES.join(", ")})`);
  return {
    sizes: get("sizes") === "none" ? [] : list(get("sizes"), [10, 100, 500]),
    latencyMs: Number(get("latency-ms") ?? 20),
    parallel: Number(get("parallel") ?? 8),
    repeat: Number(get("repeat") ?? 1),
    modes,
    sweep: list(get("sweep"), []),
    sweepN: Number(get("sweep-n") ?? 100),
    out: path.resolve(get("out") ?? path.join(__dirname, "RESULTS.md")),
    from: get("from"),
    before: get("before"),
  };
}

const log = (line: string) => console.log(line);

/**
 * A scenario, run once more from scratch if it fails: the machine is shared, and a process of this run
 * killed from outside should cost a repetition, not the whole run.
 */
async function scenarioOrFailure(options: ScenarioOptions, failures: string[]): Promise<ScenarioResult | undefined> {
  const what = `${options.mode} N=${options.n} --parallel ${options.parallel}`;
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await runScenario(options);
    } catch (error) {
      const message =
        String((error as Error).message ?? error)
          .split("\n")
          .find((l) => /error|Killed|failed/i.test(l)) ?? String(error);
      log(`  ${what}: attempt ${attempt} failed: ${message.trim()}`);
      if (attempt === 2) failures.push(`${what}: ${message.trim()}`);
    }
  }
  return undefined;
}

async function measureAll(o: Options): Promise<RunFile> {
  const startedAt = new Date().toISOString();
  const machine = await describeMachine();
  const runs: ScenarioResult[] = [];
  const failures: string[] = [];
  const keep = (list: ScenarioResult[], r: ScenarioResult | undefined) => r && list.push(r);
  for (const n of o.sizes) {
    for (let rep = 0; rep < o.repeat; rep++) {
      // A different order each repetition, so a slow spell of the machine does not always hit the same mode.
      const order = o.modes.map((_, i) => o.modes[(i + rep) % o.modes.length]);
      for (const mode of order) {
        log(`N=${n} repetition ${rep + 1}/${o.repeat}: ${mode}`);
        keep(
          runs,
          await scenarioOrFailure({ mode, rep, n, latencyMs: o.latencyMs, parallel: o.parallel, beforeRef: o.before, log }, failures),
        );
      }
    }
  }
  const sweep: ScenarioResult[] = [];
  for (const parallel of o.sweep) {
    for (const mode of ["uptime", "floor"] as const) {
      log(`sweep N=${o.sweepN} --parallel ${parallel}: ${mode}`);
      keep(sweep, await scenarioOrFailure({ mode, n: o.sweepN, latencyMs: o.latencyMs, parallel, upOnly: true, log }, failures));
    }
  }
  return {
    options: o,
    machine: { ...machine, loadAfter: (await describeMachine()).loadBefore },
    startedAt,
    finishedAt: new Date().toISOString(),
    runs,
    sweep,
    failures,
  };
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  let file: RunFile;
  if (o.from) {
    file = JSON.parse(fs.readFileSync(o.from, "utf8")) as RunFile;
  } else {
    file = await measureAll(o);
    const raw = path.join(__dirname, "out", `results-${file.startedAt.replace(/[:.]/g, "-")}.json`);
    fs.mkdirSync(path.dirname(raw), { recursive: true });
    fs.writeFileSync(raw, JSON.stringify(file, null, 1));
    log(`raw measurements: ${path.relative(process.cwd(), raw)}`);
  }
  const results = new Results(file.runs);
  const { latencyMs, parallel } = file.options;
  for (const n of results.sizes()) log(`\nN = ${n}\n${operationsTable(results, n)}`);
  log(`\nState per resource\n${stateTable(results)}`);
  log(`\nPaired ratios (median of per-repetition ratios; min–max; pairs)\n${pairedTable(results)}`);
  log(`\nRatios of medians\n${ratioTable(results)}`);
  if (file.sweep.length) log(`\n--parallel\n${sweepTable(file.sweep, latencyMs)}`);
  log("\nTargets");
  for (const v of [...floorVerdicts(results), ...verdicts(results, latencyMs, parallel)])
    log(`  ${v.met === undefined ? "?" : v.met ? "met" : "NOT met"}: ${v.target}: ${v.detail}`);
  fs.writeFileSync(o.out, resultsMarkdown(file, results));
  log(`\nwrote ${path.relative(process.cwd(), o.out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
