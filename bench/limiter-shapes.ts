// One fleet against each shape of rate limit, side by side in one run: a token bucket and fixed windows,
// each stated by the IETF headers, by X-RateLimit-*, or not at all. 300 Monitors (the dynamic resources,
// or through the plugin with --face plugin), `up` then `destroy` at --parallel 32 with default settings,
// against the emulator; and the same fleet with no limit, the engine's own time. A script, not a test: it
// prints each figure and writes bench/RESULTS-limiter-shapes.md (-plugin.md for the plugin).
//
//   npx ts-node --transpile-only bench/limiter-shapes.ts [--n 300] [--face dynamic|plugin] [--out <file>]
// after `source scripts/bootstrap.sh`.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RateLimitConfig } from "../emulator/types";
import { type Measured, type Row, one } from "./rate-limit";
import { describeMachine } from "./results-md";

const get = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const n = Number(get("n") ?? 300);
const face = get("face") === "plugin" ? "plugin" : "dynamic";
const out = path.resolve(get("out") ?? path.join(__dirname, `RESULTS-limiter-shapes${face === "plugin" ? "-plugin" : ""}.md`));
const RPS = 10;

/** Each shape: token buckets and fixed windows of a few seconds and of a minute. */
const SHAPES: { name: string; limit: RateLimitConfig }[] = [];
for (const headers of ["ietf", "x-ratelimit", "none"] as const) {
  SHAPES.push({ name: `token bucket 10/s, burst 10, headers ${headers}`, limit: { rps: RPS, burst: RPS, headers } });
  SHAPES.push({ name: `fixed window 50 per 5 s, headers ${headers}`, limit: { rps: RPS, window: 5, headers } });
  SHAPES.push({ name: `fixed window 120 per 60 s, headers ${headers}`, limit: { rps: 2, window: 60, headers } });
}

/**
 * The least time the limit allows between a command's first request and its last, for the requests it admitted:
 * a bucket full at the first, then its rate; windows filled whole from the one the first request falls in.
 */
function limitFloorSeconds(limit: RateLimitConfig, m: Measured, admitted: number): number {
  if (m.firstAt === undefined) return 0;
  if (limit.window === undefined) return Math.max(0, (admitted - (limit.burst ?? limit.rps)) / limit.rps);
  const quota = Math.max(1, Math.round(limit.rps * limit.window));
  const ms = limit.window * 1000;
  const first = Math.floor((m.firstAt - m.limitSince) / ms);
  const last = first + Math.ceil(admitted / quota) - 1;
  return Math.max(0, (m.limitSince + last * ms - m.firstAt) / 1000);
}

function cell(limit: RateLimitConfig, m: Measured | undefined): string {
  if (!m) return "—";
  const admitted = m.requests - m.refused;
  const floor = limitFloorSeconds(limit, m, admitted);
  const span = m.firstAt !== undefined && m.lastAt !== undefined ? (m.lastAt - m.firstAt) / 1000 : 0;
  const ratio = floor >= 1 ? `${(span / floor).toFixed(2)}x` : "no wait needed";
  return (
    `${m.ok ? "" : "failed, "}${span.toFixed(1)} s over ${floor.toFixed(1)} s: ${ratio}; wall ${m.seconds.toFixed(1)} s; ` +
    `${((100 * m.refused) / Math.max(1, m.requests)).toFixed(1)}% 429`
  );
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const machine = await describeMachine();
  const unlimited = await one({ before: "HEAD" }, face, "unlimited", n, RPS, 32);
  console.log(`no limit: up ${unlimited.up.seconds.toFixed(1)} s, destroy ${unlimited.destroy?.seconds.toFixed(1)} s`);
  const rows: { name: string; limit: RateLimitConfig; row: Row }[] = [];
  for (const shape of SHAPES) {
    const row = await one({ before: "HEAD" }, face, "after", n, RPS, 32, shape.limit);
    rows.push({ ...shape, row });
    console.log(`${shape.name}: up ${cell(shape.limit, row.up)}; destroy ${cell(shape.limit, row.destroy)}`);
  }
  const lines = [
    "# One fleet against each shape of rate limit",
    "",
    `Measured by \`bench/limiter-shapes.ts\` from ${started} to ${new Date().toISOString()} on ${machine.nproc} CPUs ` +
      `(${machine.cpu}), Pulumi CLI ${machine.pulumiCli}: ${n} \`Monitor\`s ${face === "plugin" ? "through the provider plugin (the program declares its type, as another language would)" : "as dynamic resources"}, \`up\` then \`destroy\` at \`--parallel 32\`, ` +
      "default settings, one run each, each command meeting the limit afresh (a full bucket, windows starting then). " +
      "Each cell: the time from the command's first request to its last admitted one at the service, over the least " +
      "time the limit allows for the requests it admitted (a full bucket at the first request, then its rate; or windows " +
      "filled whole from the one the first request falls in), their ratio; the command's wall time; and the share of " +
      `requests answered 429. With no limit, up takes ${unlimited.up.seconds.toFixed(1)} s and destroy ` +
      `${unlimited.destroy?.seconds.toFixed(1)} s: the engine's own time, part of every wall time.`,
    "",
    "| limit | up | destroy |",
    "|---|---|---|",
    ...rows.map(({ name, limit, row }) => `| ${name} | ${cell(limit, row.up)} | ${cell(limit, row.destroy)} |`),
    "",
    "Read with care:",
    "",
    "- The ratio is the scheduler's: what it makes of the limit between the first request and the last. A wall time",
    "  adds the engine's own start before the first request (about 4 s for `up`: the program, the provider, the",
    "  account check) and its finish after the last, which no pacing can remove and a run with no limit pays too.",
    "- Without headers the pace is learned from 429s and `Retry-After`, so a few requests are refused; with either",
    "  header form none or almost none are.",
    `- One run per cell, ${face === "plugin" ? "through the plugin: RESULTS-limiter-shapes.md has the dynamic resources" : "the dynamic resources: RESULTS-limiter-shapes-plugin.md has the plugin"}.`,
  ];
  fs.writeFileSync(out, `${lines.join("\n")}\n`);
  console.log(lines.join("\n"));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
