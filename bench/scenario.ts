// One benchmark scenario: a fresh emulator with a fixed latency and a fresh stack of the fleet
// program for one (mode, N), then up, a no-op preview, refresh, an update of 10%, destroy, each
// measured on its own (wall time, emulator counter deltas, peak provider memory).
import * as path from "node:path";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import { startEmulator } from "../emulator/server";
import { REPO, createStack, rawCheckpoint } from "../tests/helpers/pulumi";
import { Counters, StateSizes, emulatorMonitors, readCounters, resetCounters, stateSizes, watchRunProcesses } from "./probes";
import { beforeProgram } from "./before";

/**
 * `least` is the true floor (bench/least-provider.ts: no request, no outputs); `floor` echoes our
 * inputs as outputs (the engine's cost for state of our size); `floor-latency` is a diagnostic: the
 * floor whose every create, read, update and delete waits the emulator's latency. A `-skip` mode runs
 * with PULUMI_SKIP_CHECKPOINTS=true; `uptime-skip` creates its monitors without it (creations are
 * refused with it, see provider/monitor-safety.ts) and measures the other operations with it.
 */
export type Mode =
  | "uptime"
  | "least"
  | "mirror"
  | "lean"
  | "declared"
  | "floor"
  | "naive"
  | "floor-latency"
  | "uptime-skip"
  | "least-skip"
  | "floor-skip"
  | "plugin"
  | "fleet"
  | "plugin-fleet"
  | "fleet-floor"
  | "fleet-floor-latency"
  | "before";
/**
 * Every mode, in table order. `plugin`: the same monitors through the provider plugin (bin/pulumi-resource-uptime).
 * `fleet`: the same monitors as members of one MonitorFleet (its checkpoint entry holds them all);
 * `plugin-fleet`: that fleet through the provider plugin. `fleet-floor`: one resource of the same members whose
 * provider sends nothing (bench/fleet-floor-provider.ts); `fleet-floor-latency`: that, waiting as the fleet's
 * requests would at 16 in flight.
 * `mirror`, `lean`, `declared`: the state floors (bench/state-floor.ts), no request, ours' state or less of it.
 */
export const MODES: readonly Mode[] = [
  "before",
  "uptime",
  "plugin",
  "fleet",
  "plugin-fleet",
  "fleet-floor",
  "fleet-floor-latency",
  "least",
  "mirror",
  "lean",
  "declared",
  "floor",
  "floor-latency",
  "naive",
  "uptime-skip",
  "least-skip",
  "floor-skip",
];
/** What a run measures unless told otherwise. */
export const DEFAULT_MODES: readonly Mode[] = ["uptime", "least", "floor", "naive"];

/** The fleet program's `fleet:mode` for a benchmark mode. */
const programMode = (mode: Mode): string =>
  mode
    .replace(/-skip$/, "")
    .replace(/^floor-latency$/, "floor")
    .replace(/^fleet-floor-latency$/, "fleet-floor")
    .replace(/^before$/, "uptime");
const skips = (mode: Mode): boolean => mode.endsWith("-skip");
export const OPERATIONS = ["up", "preview", "refresh", "update", "destroy"] as const;
export type Operation = (typeof OPERATIONS)[number];

export const FLEET_DIR = path.join(REPO, "tests/e2e/programs/fleet");
const API_KEY = "bench-key-5d1e8a";
/** The checkpoint type of each mode's monitors. */
const TYPE_PREFIX: Record<string, string> = {
  uptime: "pulumi-nodejs:dynamic/uptime:Monitor",
  least: "pulumi-nodejs:dynamic/bench:Least",
  mirror: "pulumi-nodejs:dynamic/bench:Mirror",
  lean: "pulumi-nodejs:dynamic/bench:Lean",
  declared: "pulumi-nodejs:dynamic/bench:Declared",
  floor: "pulumi-nodejs:dynamic/bench:Floor",
  naive: "pulumi-nodejs:dynamic/bench:NaiveMonitor",
  plugin: "uptime:index:Monitor",
  fleet: "pulumi-nodejs:dynamic/uptime:MonitorFleet",
  "plugin-fleet": "uptime:index:MonitorFleet",
  "fleet-floor": "pulumi-nodejs:dynamic/bench:FloorFleet",
};

export interface OperationResult {
  operation: Operation;
  wallMs: number;
  counters: Counters;
  peakProviderMiB: number;
  /** CPU seconds of the run's processes during the operation: engine (CLI, language host), program, provider. */
  cpuSeconds: { engine: number; program: number; provider: number };
  /** What the engine reported: create/update/same/delete counts. */
  changes: Record<string, number>;
}

export interface ScenarioResult {
  mode: Mode;
  /** The repetition this scenario belongs to: scenarios of one repetition are paired for ratios. */
  rep?: number;
  n: number;
  parallel: number;
  latencyMs: number;
  operations: OperationResult[];
  /** Per resource, after `up`. */
  state: StateSizes;
  /** Mean compact JSON size of the emulator's monitor records after `up` (0 when nothing was created). */
  recordBytes: number;
}

export interface ScenarioOptions {
  mode: Mode;
  /** The commit the `before` mode releases (bench/before.ts). */
  beforeRef?: string;
  rep?: number;
  n: number;
  latencyMs: number;
  parallel: number;
  /** Only `up` (the --parallel sweep), or the whole sequence (default). */
  upOnly?: boolean;
  log: (line: string) => void;
}

export async function runScenario(o: ScenarioOptions): Promise<ScenarioResult> {
  const emulator = await startEmulator({ apiKey: API_KEY, port: 0, quiet: true, faults: { latency: { fixedMs: o.latencyMs } } });
  const edited = Math.max(1, Math.round(o.n / 10));
  // `before`: the package of an earlier commit (bench/before.ts), in a copy of the program of its own.
  const dir = o.mode === "before" ? beforeProgram(o.beforeRef ?? process.env.BENCH_BEFORE_REF ?? "HEAD") : FLEET_DIR;
  const t = await createStack(dir, {
    stackName: `bench-${o.mode}-${o.n}-${process.pid}`,
    config: {
      "fleet:count": { value: String(o.n) },
      "fleet:edited": { value: String(edited) },
      "fleet:generation": { value: "0" },
      "fleet:mode": { value: programMode(o.mode) },
      "uptime:baseUrl": { value: emulator.url },
      "uptime:apiKey": { value: API_KEY, secret: true },
    },
    // The naive provider reads its key from the provider process's environment (never from state).
    env: {
      UPTIME_API_KEY: API_KEY,
      ...(o.mode === "floor-latency" || o.mode === "fleet-floor-latency" ? { BENCH_FLOOR_DELAY_MS: String(o.latencyMs) } : {}),
      ...(skips(o.mode) && o.mode !== "uptime-skip" ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
      // The engine finds the plugin on PATH, as a user's checkout would put it.
      ...(o.mode === "plugin" || o.mode === "plugin-fleet"
        ? { PATH: `${path.join(REPO, "bin")}${path.delimiter}${process.env.PATH}` }
        : {}),
    },
  });
  const operations: OperationResult[] = [];
  const measure = async (operation: Operation, run: () => Promise<Record<string, number>>) => {
    await resetCounters(emulator.adminUrl);
    const processes = watchRunProcesses();
    const started = process.hrtime.bigint();
    const changes = await run().finally(() => processes.stop());
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    const { peakProviderMiB, cpuSeconds } = processes.stop();
    const counters = await readCounters(emulator.adminUrl);
    operations.push({ operation, wallMs, counters, peakProviderMiB, cpuSeconds, changes });
    const cpu = `CPU engine ${cpuSeconds.engine.toFixed(1)} s, program ${cpuSeconds.program.toFixed(1)} s, provider ${cpuSeconds.provider.toFixed(1)} s`;
    o.log(
      `  ${o.mode} N=${o.n} ${operation}: ${(wallMs / 1000).toFixed(1)} s, ${counters.requestsTotal} requests, ` +
        `${counters.connectionsAccepted} connections, ${peakProviderMiB.toFixed(0)} MiB, ${cpu}, ${JSON.stringify(changes)}`,
    );
  };
  const p = { parallel: o.parallel };
  try {
    if (o.mode === "uptime-skip") {
      // Created without the setting (it refuses monitor creations), then every other operation with it.
      await t.stack.up(p);
      (t.stack.workspace as LocalWorkspace).envVars.PULUMI_SKIP_CHECKPOINTS = "true";
    } else {
      await measure("up", async () => (await t.stack.up(p)).summary.resourceChanges ?? {});
    }
    const whole = stateSizes(rawCheckpoint(t), TYPE_PREFIX[programMode(o.mode)]);
    // A fleet's one entry holds every monitor: its sizes per monitor, to compare with a resource per monitor.
    const perMonitor = ["fleet", "plugin-fleet", "fleet-floor", "fleet-floor-latency"].includes(o.mode) ? o.n : 1;
    const state = {
      ...whole,
      entryBytes: whole.entryBytes / perMonitor,
      propsBytes: whole.propsBytes / perMonitor,
      fileBytesPerResource: whole.fileBytesPerResource / perMonitor,
    };
    const records = await emulatorMonitors(emulator.adminUrl);
    const recordBytes = records.length ? records.reduce((s, r) => s + Buffer.byteLength(JSON.stringify(r)), 0) / records.length : 0;
    const result = { mode: o.mode, rep: o.rep, n: o.n, parallel: o.parallel, latencyMs: o.latencyMs, operations, state, recordBytes };
    if (o.upOnly) return result;
    await measure("preview", async () => (await t.stack.preview(p)).changeSummary ?? {});
    await measure("refresh", async () => (await t.stack.refresh(p)).summary.resourceChanges ?? {});
    await t.stack.setConfig("fleet:generation", { value: "1" });
    await measure("update", async () => (await t.stack.up(p)).summary.resourceChanges ?? {});
    await measure("destroy", async () => (await t.stack.destroy(p)).summary.resourceChanges ?? {});
    return result;
  } finally {
    await t.remove();
    await emulator.close();
  }
}
