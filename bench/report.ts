// Turns the scenarios' measurements into tables, ratios and the targets' verdicts, for the terminal
// and for bench/RESULTS.md. Wall times and memory are medians over the repetitions; request and
// connection counts are shown as the highest seen (they are the same in every repetition, or should be).
import { MODES, Mode, OPERATIONS, Operation, OperationResult, ScenarioResult } from "./scenario";

export interface Cell {
  wallMs: number;
  wallMinMs: number;
  wallMaxMs: number;
  requests: number;
  connections: number;
  peakMiB: number;
  /** Median CPU seconds by role. */
  cpu: { engine: number; program: number; provider: number };
  changes: Record<string, number>;
}

/** A ratio of wall times paired repetition by repetition. */
export interface Paired {
  median: number;
  min: number;
  max: number;
  pairs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export class Results {
  constructor(readonly runs: ScenarioResult[]) {}

  sizes(): number[] {
    return [...new Set(this.runs.map((r) => r.n))].sort((a, b) => a - b);
  }

  private of(mode: Mode, n: number): ScenarioResult[] {
    return this.runs.filter((r) => r.mode === mode && r.n === n);
  }

  cell(mode: Mode, n: number, operation: Operation): Cell | undefined {
    const ops = this.of(mode, n)
      .map((r) => r.operations.find((o) => o.operation === operation))
      .filter((o): o is OperationResult => !!o);
    if (ops.length === 0) return undefined;
    const walls = ops.map((o) => o.wallMs);
    return {
      wallMs: median(walls),
      wallMinMs: Math.min(...walls),
      wallMaxMs: Math.max(...walls),
      requests: Math.max(...ops.map((o) => o.counters.requestsTotal)),
      connections: Math.max(...ops.map((o) => o.counters.connectionsAccepted)),
      peakMiB: median(ops.map((o) => o.peakProviderMiB)),
      cpu: {
        engine: median(ops.map((o) => o.cpuSeconds?.engine ?? NaN)),
        program: median(ops.map((o) => o.cpuSeconds?.program ?? NaN)),
        provider: median(ops.map((o) => o.cpuSeconds?.provider ?? NaN)),
      },
      changes: ops[0].changes,
    };
  }

  /**
   * Mode `a`'s wall time over mode `b`'s for one operation, repetition by repetition (the scenarios of
   * one repetition ran one after the other, so they share the machine's mood): median and spread.
   */
  paired(a: Mode, b: Mode, n: number, operation: Operation): Paired | undefined {
    const wall = (mode: Mode, rep: number) =>
      this.runs.find((r) => r.mode === mode && r.n === n && (r.rep ?? 0) === rep)?.operations.find((o) => o.operation === operation)
        ?.wallMs;
    const reps = [...new Set(this.runs.filter((r) => r.n === n).map((r) => r.rep ?? 0))];
    const ratios: number[] = [];
    for (const rep of reps) {
      const x = wall(a, rep);
      const y = wall(b, rep);
      if (x !== undefined && y !== undefined && y > 0) ratios.push(x / y);
    }
    if (ratios.length === 0) return undefined;
    return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), pairs: ratios.length };
  }

  /** State sizes per resource, from the first repetition (they do not vary). */
  state(mode: Mode, n: number): ScenarioResult | undefined {
    return this.of(mode, n)[0];
  }

  /** The record size of `n` monitors: the same fleet in every mode, measured where records exist. */
  recordBytes(n: number): number {
    return this.runs.find((r) => r.n === n && r.recordBytes > 0)?.recordBytes ?? 0;
  }
}

const s = (ms: number) => (ms / 1000).toFixed(2);
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : a > 0 ? "∞" : "—");
const b = (x: number) => x.toFixed(0);

/** One markdown table per N: every mode and operation. */
export function operationsTable(results: Results, n: number): string {
  const lines = [
    "| mode | operation | wall s (median; min–max) | HTTP requests | TCP connections | peak provider RSS MiB | CPU s: engine / program / provider | engine changes |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const mode of MODES) {
    for (const op of OPERATIONS) {
      const c = results.cell(mode, n, op);
      if (!c) continue;
      const changes = Object.entries(c.changes)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
      const cpu = [c.cpu.engine, c.cpu.program, c.cpu.provider].map((x) => x.toFixed(1)).join(" / ");
      lines.push(
        `| ${mode} | ${op} | ${s(c.wallMs)} (${s(c.wallMinMs)}–${s(c.wallMaxMs)}) | ${c.requests} | ${c.connections} | ${c.peakMiB.toFixed(0)} | ${cpu} | ${changes} |`,
      );
    }
  }
  return lines.join("\n");
}

/** Per N: state bytes per resource for each mode. */
export function stateTable(results: Results): string {
  const lines = [
    "| N | mode | whole checkpoint entry B | inputs+outputs without `__provider` B | `__provider` B (one copy; ×2 stored) | record JSON B | inputs+outputs / record |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const n of results.sizes()) {
    const record = results.recordBytes(n);
    for (const mode of MODES) {
      const r = results.state(mode, n);
      if (!r) continue;
      const st = r.state;
      lines.push(
        `| ${n} | ${mode} | ${b(st.entryBytes)} | ${b(st.propsBytes)} | ${b(st.providerBytes)} (${b(st.providerBytesBoth)}) | ${b(record)} | ${ratio(st.propsBytes, record)} |`,
      );
    }
  }
  return lines.join("\n");
}

/** Ratios per N and operation: ours / floor (time), naive / ours (time, requests, connections, memory, state). */
export function ratioTable(results: Results): string {
  const lines = [
    "| N | operation | ours / floor (time) | ours / floor-latency (time) | ours / floor (CPU) | naive / ours (time) | naive / ours (requests) | naive / ours (connections) | naive / ours (peak RSS) |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  const cpu = (c: Cell) => c.cpu.engine + c.cpu.program + c.cpu.provider;
  for (const n of results.sizes()) {
    for (const op of OPERATIONS) {
      const [ours, floor, naive, floorLatency] = (["uptime", "floor", "naive", "floor-latency"] as const).map((m) =>
        results.cell(m, n, op),
      );
      if (!ours) continue;
      lines.push(
        `| ${n} | ${op} | ${floor ? ratio(ours.wallMs, floor.wallMs) : "—"} | ${floorLatency ? ratio(ours.wallMs, floorLatency.wallMs) : "—"} | ` +
          `${floor ? ratio(cpu(ours), cpu(floor)) : "—"} | ${naive ? ratio(naive.wallMs, ours.wallMs) : "—"} | ` +
          `${naive ? ratio(naive.requests, ours.requests) : "—"} | ${naive ? ratio(naive.connections, ours.connections) : "—"} | ` +
          `${naive ? ratio(naive.peakMiB, ours.peakMiB) : "—"} |`,
      );
    }
  }
  for (const n of results.sizes()) {
    const ours = results.state("uptime", n)?.state;
    const naive = results.state("naive", n)?.state;
    if (ours && naive)
      lines.push(`| ${n} | state bytes per resource (whole entry) | | | | ${ratio(naive.entryBytes, ours.entryBytes)} | | | |`);
  }
  return lines.join("\n");
}

const pairedText = (p: Paired | undefined) =>
  p ? `${p.median.toFixed(2)} (${p.min.toFixed(2)}–${p.max.toFixed(2)}; ${p.pairs} pair${p.pairs === 1 ? "" : "s"})` : "—";

/** The paired comparisons per N and operation: median of the per-repetition ratios (min–max; pairs). */
export const PAIRS: readonly (readonly [Mode, Mode, string])[] = [
  ["uptime", "least", "ours / true floor"],
  ["before", "least", "before / true floor"],
  ["uptime", "before", "ours / before"],
  ["uptime", "mirror", "ours / our state, no request"],
  ["mirror", "least", "our state / true floor"],
  ["lean", "mirror", "without bookkeeping / our state"],
  ["declared", "least", "declared inputs only / true floor"],
  ["uptime", "floor", "ours / echo floor"],
  ["floor", "least", "echo floor / true floor"],
  ["least-skip", "least", "true floor: skip / default"],
  ["uptime-skip", "least-skip", "ours / true floor, both skipping"],
  ["naive", "uptime", "naive / ours"],
  ["plugin", "uptime", "plugin / dynamic"],
  ["plugin", "least", "plugin / true floor"],
  ["plugin", "declared", "plugin / declared inputs only"],
];

export function pairedTable(results: Results): string {
  // Only the comparisons this run measured.
  const pairs = PAIRS.filter(([a, b]) => results.sizes().some((n) => OPERATIONS.some((op) => results.paired(a, b, n, op))));
  const lines = [`| N | operation | ${pairs.map(([, , label]) => label).join(" | ")} |`, `|---|---|${pairs.map(() => "---").join("|")}|`];
  for (const n of results.sizes()) {
    for (const op of OPERATIONS) {
      const cells = pairs.map(([a, b]) => results.paired(a, b, n, op));
      if (cells.every((c) => c === undefined)) continue;
      lines.push(`| ${n} | ${op} | ${cells.map(pairedText).join(" | ")} |`);
    }
  }
  return lines.join("\n");
}

/** The targets against the true floor: medians of paired ratios at the largest N. */
export function floorVerdicts(results: Results): Verdict[] {
  const n = Math.max(...results.sizes());
  const out: Verdict[] = [];
  const within = (op: Operation, limit: number, extra = "") => {
    const p = results.paired("uptime", "least", n, op);
    out.push({
      target: `${op} of N=${n} ≤ ${limit} × the true floor's (median of paired ratios)${extra}`,
      met: p ? p.median <= limit : undefined,
      detail: p ? `ours / true floor ${pairedText(p)}` : "not measured",
    });
  };
  within("up", 1.1);
  const skip = results.paired("least-skip", "least", n, "up");
  out.push({
    target: `a fast path under PULUMI_SKIP_CHECKPOINTS: up of N=${n} ≤ 1.2 × the true floor's skipping, ≤ 0.2 × our default`,
    met: false,
    detail:
      `not offered: monitor creations are refused under PULUMI_SKIP_CHECKPOINTS, since a stopped run would lose them ` +
      `from the stack with nothing to find them again (provider/monitor-safety.ts). What it would save: the true floor's ` +
      `up skipping / default ${pairedText(skip)}`,
  });
  const previews = results.cell("uptime", n, "preview");
  within("preview", 1.1, `, 0 requests (${previews ? previews.requests : "?"})`);
  within("destroy", 1.1);
  return out;
}

export interface Verdict {
  target: string;
  met: boolean | undefined;
  detail: string;
}

/** The four targets, judged on our provider's measurements. */
export function verdicts(results: Results, latencyMs: number, parallel: number): Verdict[] {
  const sizes = results.sizes();
  const out: Verdict[] = [];
  const previews = sizes.map((n) => [n, results.cell("uptime", n, "preview")?.requests] as const);
  out.push({
    target: "a no-op preview sends 0 HTTP requests, for any N",
    met: previews.some(([, r]) => r === undefined) ? undefined : previews.every(([, r]) => r === 0),
    detail: previews.map(([n, r]) => `N=${n}: ${r ?? "?"}`).join(", "),
  });
  const states = sizes.map((n) => [n, results.state("uptime", n)?.state, results.recordBytes(n)] as const);
  out.push({
    target: "`__provider` under 1 KB per resource",
    met: states.some(([, st]) => st === undefined) ? undefined : states.every(([, st]) => st!.providerBytes < 1024),
    detail: states.map(([n, st]) => `N=${n}: ${st ? b(st.providerBytes) : "?"} B per copy`).join(", "),
  });
  out.push({
    target: "state bytes per resource within 2x of the record's JSON (inputs+outputs, `__provider` counted separately)",
    met: states.some(([, st, rec]) => st === undefined || rec === 0) ? undefined : states.every(([, st, rec]) => st!.propsBytes <= 2 * rec),
    detail: states
      .map(([n, st, rec]) => `N=${n}: ${st ? b(st.propsBytes) : "?"} B vs record ${b(rec)} B (${st ? ratio(st.propsBytes, rec) : "?"}x)`)
      .join(", "),
  });
  const conns = sizes.map((n) => [n, results.cell("uptime", n, "up")?.connections] as const);
  out.push({
    target: `TCP connections opened during up ≤ parallelism + 2 = ${parallel + 2}, for any N`,
    met: conns.some(([, c]) => c === undefined) ? undefined : conns.every(([, c]) => c! <= parallel + 2),
    detail: conns.map(([n, c]) => `N=${n}: ${c ?? "?"}`).join(", "),
  });
  const biggest = Math.max(...sizes);
  const ours = results.cell("uptime", biggest, "up");
  const floor = results.cell("floor", biggest, "up");
  const budget = floor ? 1.25 * (floor.wallMs + (biggest * latencyMs) / parallel) : NaN;
  out.push({
    target: `up of N=${biggest} ≤ 1.25 × (floor + N × ${latencyMs} ms / ${parallel})`,
    met: ours && floor ? ours.wallMs <= budget : undefined,
    detail:
      ours && floor
        ? `ours ${s(ours.wallMs)} s; floor ${s(floor.wallMs)} s; budget 1.25 × (${s(floor.wallMs)} + ${s((biggest * latencyMs) / parallel)}) = ${s(budget)} s`
        : "not measured",
  });
  return out;
}
