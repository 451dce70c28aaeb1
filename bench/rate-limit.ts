// Fleets against a rate-limited service, before and after, side by side in one run: a fresh emulator
// that allows `rps` requests a second per key (a token bucket, burst = rps, 429 + Retry-After only),
// the fleet program at N monitors, `up` then `destroy` at `--parallel P`, through the dynamic
// resources and through the plugin, with this tree's package (`after`) and an earlier commit's
// (`before`, bench/before.ts). Also `unlimited`: this tree with no limit at all, the engine's own
// time for the same fleet. A script, not a test: it prints each figure and writes a Markdown table.
//
//   bash bench/run-rate-limit.sh [--sizes 300,1000] [--rates 10,50] [--parallel 8,32,64]
//       [--faces dynamic,plugin] [--versions before,after,unlimited] [--before <ref>] [--out bench/RESULTS-rate-limit.md]
//   bash bench/run-rate-limit.sh --render bench/out/rate-limit-A.json,bench/out/rate-limit-B.json
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../emulator/server";
import type { RateLimitConfig } from "../emulator/types";
import { REPO, createStack } from "../tests/helpers/pulumi";
import { beforeProgram } from "./before";
import { FLEET_DIR } from "./scenario";

type Face = "dynamic" | "plugin";
type Version = "before" | "after" | "unlimited";
const API_KEY = "bench-key-5d1e8a";

interface Options {
  sizes: number[];
  rates: number[];
  parallel: number[];
  faces: Face[];
  versions: Version[];
  before: string;
  out: string;
}

export interface Measured {
  ok: boolean;
  seconds: number;
  requests: number;
  refused: number;
  /** Monitors in the service after the command. */
  monitors: number;
  error?: string;
  /** At the service (ms since the epoch): when the limit started afresh for this command, its first request's arrival, and its last admitted one's. */
  limitSince: number;
  firstAt?: number;
  lastAt?: number;
}

export interface Row {
  face: Face;
  version: Version;
  n: number;
  rps: number;
  parallel: number;
  up: Measured;
  destroy?: Measured;
}

function parseArgs(argv: string[]): Options {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const numbers = (v: string | undefined, fallback: number[]) => (v ? v.split(",").map(Number) : fallback);
  return {
    sizes: numbers(get("sizes"), [300, 1000]),
    rates: numbers(get("rates"), [10, 50]),
    parallel: numbers(get("parallel"), [8, 32, 64]),
    faces: (get("faces")?.split(",") ?? ["dynamic", "plugin"]) as Face[],
    versions: (get("versions")?.split(",") ?? ["before", "after", "unlimited"]) as Version[],
    before: get("before") ?? "be5a8fe",
    out: path.resolve(get("out") ?? path.join(__dirname, "RESULTS-rate-limit.md")),
  };
}

async function counters(adminUrl: string): Promise<{ requestsTotal: number; rateLimited: number }> {
  return (await fetch(`${adminUrl}/counters`)).json() as Promise<{ requestsTotal: number; rateLimited: number }>;
}

async function monitorsIn(adminUrl: string): Promise<number> {
  return ((await (await fetch(`${adminUrl}/state`)).json()) as { monitors: unknown[] }).monitors.length;
}

export async function one(
  o: Pick<Options, "before">,
  face: Face,
  version: Version,
  n: number,
  rps: number,
  parallel: number,
  /** The service's limit (default: a token bucket of `rps`, burst `rps`, no headers). */
  limit: RateLimitConfig = { rps, burst: rps },
): Promise<Row> {
  const emulator = await startEmulator({
    apiKey: API_KEY,
    port: 0,
    quiet: true,
    ...(version === "unlimited" ? {} : { rateLimit: limit }),
  });
  const dir = version === "before" ? beforeProgram(o.before) : FLEET_DIR;
  // The plugin the engine finds on PATH: this tree's, or the one in the earlier release's package.
  const bin = version === "before" ? path.join(dir, "node_modules", "pulumi-uptime", "bin") : path.join(REPO, "bin");
  const t = await createStack(dir, {
    stackName: `rl-${face}-${version}-${n}-${rps}-${parallel}`,
    config: {
      "fleet:count": { value: String(n) },
      "fleet:mode": { value: face === "plugin" ? "plugin" : "uptime" },
      "uptime:baseUrl": { value: emulator.url },
      "uptime:apiKey": { value: API_KEY, secret: true },
    },
    env: face === "plugin" ? { PATH: `${bin}${path.delimiter}${process.env.PATH}` } : {},
  });
  const measure = async (run: () => Promise<unknown>): Promise<Measured> => {
    await fetch(`${emulator.adminUrl}/counters`, { method: "DELETE" });
    await fetch(`${emulator.adminUrl}/requests`, { method: "DELETE" });
    // Each command meets the limit afresh (a full bucket, windows starting now), as if run alone.
    if (version !== "unlimited") await fetch(`${emulator.adminUrl}/rate-limit`, { method: "PUT", body: JSON.stringify(limit) });
    const limitSince = Date.now();
    const started = performance.now();
    let error: string | undefined;
    try {
      await run();
    } catch (e) {
      error =
        String((e as Error).message)
          .split("\n")
          .find((l) => /429|error:/i.test(l))
          ?.trim() ?? "failed";
    }
    const seconds = (performance.now() - started) / 1000;
    const c = await counters(emulator.adminUrl);
    const log = ((await (await fetch(`${emulator.adminUrl}/requests`)).json()) as { requests: { time: string; status: number | null }[] })
      .requests;
    const at = (r: { time: string }) => Date.parse(r.time);
    const admitted = log.filter((r) => r.status !== 429);
    return {
      ok: !error,
      seconds,
      requests: c.requestsTotal,
      refused: c.rateLimited ?? 0,
      monitors: await monitorsIn(emulator.adminUrl),
      error,
      limitSince,
      firstAt: log.length ? Math.min(...log.map(at)) : undefined,
      lastAt: admitted.length ? Math.max(...admitted.map(at)) : undefined,
    };
  };
  try {
    const up = await measure(() => t.stack.up({ parallel }));
    const destroy = up.ok ? await measure(() => t.stack.destroy({ parallel })) : undefined;
    return { face, version, n, rps, parallel, up, destroy };
  } finally {
    await t.remove();
    await emulator.close();
  }
}

const ratio = (m: Measured, n: number, rps: number) => m.seconds / (n / rps);
const share = (m: Measured) => (m.requests > 0 ? (100 * m.refused) / m.requests : 0);

function cell(m: Measured | undefined, n: number, rps: number, unlimited?: Measured): string {
  if (!m) return "—";
  const floor = unlimited ? `, ${(m.seconds / unlimited.seconds).toFixed(2)}x unlimited` : "";
  if (!m.ok) return `**failed** (${m.monitors} of ${n} in the service, ${share(m).toFixed(0)}% 429)`;
  return `${ratio(m, n, rps).toFixed(2)}x (${m.seconds.toFixed(0)} s${floor}), ${share(m).toFixed(1)}% 429`;
}

function markdown(o: Options, rows: Row[], started: string, finished: string, machine: string, note = ""): string {
  const lines = [
    "# Fleets at the service's rate limit",
    "",
    `${note}Measured by \`bench/rate-limit.ts\` from ${started} to ${finished} on ${machine}: a fresh emulator per`,
    "cell allowing `rps` requests a second per key (a token bucket, burst = rps, answering 429 with Retry-After and",
    "no rate-limit headers), the fleet program (`tests/e2e/programs/fleet`) at N monitors, `pulumi up` then",
    "`pulumi destroy` at `--parallel P`, default settings. Each cell: wall time / (N / rps), the wall time, and",
    `the share of requests answered 429. \`before\`: the package released from ${o.before} (bench/before.ts);`,
    "`after`: this tree; `unlimited`: this tree against no limit at all (the engine's own time), and each `after`",
    "cell also gives its time against that. Cells of one row ran one after the other.",
    "",
    "Goal (issue): every command succeeds; 429 share <= 10%; wall <= 1.2 x N / rps.",
    "",
  ];
  for (const face of o.faces) {
    lines.push(`## ${face === "dynamic" ? "TypeScript (dynamic resources)" : "The provider plugin"}`, "");
    lines.push("| N | rps | --parallel | command | before | after | unlimited |", "|---|---|---|---|---|---|---|");
    for (const n of o.sizes)
      for (const rps of o.rates)
        for (const parallel of o.parallel) {
          const find = (v: Version) =>
            rows.find(
              (r) => r.face === face && r.version === v && r.n === n && r.parallel === parallel && (v === "unlimited" || r.rps === rps),
            );
          const [before, after, unlimited] = [find("before"), find("after"), find("unlimited")];
          for (const command of ["up", "destroy"] as const) {
            const u = unlimited?.[command];
            lines.push(
              `| ${n} | ${rps} | ${parallel} | ${command} | ${cell(before?.[command], n, rps)} | ${cell(after?.[command], n, rps, u)} | ${u ? `${u.seconds.toFixed(0)} s` : "—"} |`,
            );
          }
        }
    lines.push("");
  }
  // The reading of a run, written by hand and kept when the file is re-rendered.
  const notes = path.join(__dirname, "results-rate-limit-notes.md");
  if (fs.existsSync(notes)) lines.push(fs.readFileSync(notes, "utf8").trimEnd());
  return lines.join("\n");
}

/**
 * `--render a.json[,b.json]`: the Markdown table from earlier runs' JSON (bench/out/), rows of later
 * files replacing the same cell of earlier ones, e.g. an interrupted run completed by a second one.
 */
function render(files: string[], out: string): void {
  const runs = files.map(
    (f) => JSON.parse(fs.readFileSync(f, "utf8")) as { options: Options; started: string; machine: string; rows: Row[] },
  );
  const key = (r: Row) => [r.face, r.version, r.n, r.version === "unlimited" ? 0 : r.rps, r.parallel].join("/");
  const rows = new Map<string, Row>();
  for (const run of runs) for (const row of run.rows) rows.set(key(row), row);
  const o = runs[0].options;
  const machines = [...new Set(runs.map((r) => r.machine))].join("; ");
  // The JSON is rewritten after each cell: its last write is the run's end.
  const finished = new Date(Math.max(...files.map((f) => fs.statSync(f).mtimeMs))).toISOString();
  const note = runs.length > 1 ? `Cells from ${runs.length} runs, started ${runs.map((r) => r.started).join(" and ")}. ` : "";
  fs.writeFileSync(out, markdown({ ...o, out }, [...rows.values()], runs[0].started, finished, machines, note) + "\n");
  console.log(`wrote ${out} from ${files.join(", ")}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const renderIndex = argv.indexOf("--render");
  if (renderIndex >= 0) return render(argv[renderIndex + 1].split(","), parseArgs(argv).out);
  const o = parseArgs(argv);
  const started = new Date().toISOString();
  const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const rows: Row[] = [];
  const outJson = path.join(__dirname, "out", `rate-limit-${started.replace(/[:.]/g, "-")}.json`);
  fs.mkdirSync(path.dirname(outJson), { recursive: true });
  // The engine's own time first, once per face, size and parallelism: it does not depend on the rate.
  for (const face of o.faces)
    for (const n of o.sizes)
      for (const parallel of o.parallel) {
        if (!o.versions.includes("unlimited")) continue;
        const row = await one(o, face, "unlimited", n, 0, parallel);
        rows.push(row);
        console.log(
          `${face} unlimited N=${n} --parallel ${parallel}: up ${row.up.seconds.toFixed(1)} s, destroy ${row.destroy?.seconds.toFixed(1)} s`,
        );
      }
  for (const n of o.sizes)
    for (const rps of o.rates)
      for (const parallel of o.parallel)
        for (const face of o.faces)
          for (const version of o.versions.filter((v) => v !== "unlimited")) {
            const row = await one(o, face, version, n, rps, parallel);
            rows.push(row);
            console.log(
              `${face} ${version} N=${n} ${rps}/s --parallel ${parallel}: up ${cell(row.up, n, rps)}; destroy ${cell(row.destroy, n, rps)}` +
                (row.up.error ? ` [${row.up.error.slice(0, 200)}]` : ""),
            );
            fs.writeFileSync(outJson, JSON.stringify({ options: o, started, machine, rows }, null, 2));
          }
  fs.writeFileSync(o.out, markdown(o, rows, started, new Date().toISOString(), machine) + "\n");
  console.log(`wrote ${o.out} and ${outJson}`);
}

// Run as a script; bench/cli-compare.ts imports one().
if (require.main === module)
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
