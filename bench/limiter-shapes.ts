// One fleet against each shape of rate limit, side by side in one run: a token bucket and fixed windows,
// each stated by the IETF headers, by X-RateLimit-*, or not at all. 300 dynamic Monitors, `up` then
// `destroy` at --parallel 32 with default settings, against the emulator; and the same fleet with no limit,
// the engine's own time. A script, not a test: it prints each figure and writes bench/RESULTS-limiter-shapes.md.
//
//   npx ts-node --transpile-only bench/limiter-shapes.ts [--n 300] [--out bench/RESULTS-limiter-shapes.md]
// after `source scripts/bootstrap.sh`.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RateLimitConfig } from "../emulator/types";
import { type Row, one } from "./rate-limit";
import { describeMachine } from "./results-md";

const get = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const n = Number(get("n") ?? 300);
const out = path.resolve(get("out") ?? path.join(__dirname, "RESULTS-limiter-shapes.md"));
const RPS = 10;

/** Each shape, and the least time its limit allows n requests (every window but the last waited out). */
const SHAPES: { name: string; limit: RateLimitConfig; floorSeconds: number }[] = [];
for (const headers of ["ietf", "x-ratelimit", "none"] as const) {
  SHAPES.push({
    name: `token bucket 10/s, burst 10, headers ${headers}`,
    limit: { rps: RPS, burst: RPS, headers },
    floorSeconds: (n - RPS) / RPS,
  });
  SHAPES.push({
    name: `fixed window 50 per 5 s, headers ${headers}`,
    limit: { rps: RPS, window: 5, headers },
    floorSeconds: (Math.ceil(n / 50) - 1) * 5,
  });
}
SHAPES.push({ name: "fixed window 600 per 60 s, headers ietf", limit: { rps: RPS, window: 60, headers: "ietf" }, floorSeconds: 0 });

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const machine = await describeMachine();
  const unlimited = await one({ before: "HEAD" }, "dynamic", "unlimited", n, RPS, 32);
  console.log(`no limit: up ${unlimited.up.seconds.toFixed(1)} s, destroy ${unlimited.destroy?.seconds.toFixed(1)} s`);
  const rows: { name: string; floorSeconds: number; row: Row }[] = [];
  for (const shape of SHAPES) {
    const row = await one({ before: "HEAD" }, "dynamic", "after", n, RPS, 32, shape.limit);
    rows.push({ name: shape.name, floorSeconds: shape.floorSeconds, row });
    console.log(
      `${shape.name}: up ${row.up.seconds.toFixed(1)} s (${row.up.refused} 429), destroy ${row.destroy?.seconds.toFixed(1)} s (${row.destroy?.refused} 429)`,
    );
  }
  // The floor of a command: the limit's, or the engine's own time for it when that is longer.
  const cell = (m: Row["up"] | undefined, floor: number) =>
    m
      ? `${m.ok ? "" : "failed, "}${m.seconds.toFixed(1)} s, ${(m.seconds / floor).toFixed(2)}x, ${((100 * m.refused) / Math.max(1, m.requests)).toFixed(1)}% 429`
      : "—";
  const lines = [
    "# One fleet against each shape of rate limit",
    "",
    `Measured by \`bench/limiter-shapes.ts\` from ${started} to ${new Date().toISOString()} on ${machine.nproc} CPUs ` +
      `(${machine.cpu}), Pulumi CLI ${machine.pulumiCli}: ${n} dynamic \`Monitor\`s, \`up\` then \`destroy\` at \`--parallel 32\`, ` +
      "default settings, one run each. Each cell: wall time, over its floor (the limit's least time, or the engine's own " +
      `time with no limit when longer: up ${unlimited.up.seconds.toFixed(1)} s, destroy ${unlimited.destroy?.seconds.toFixed(1)} s), ` +
      "and the share of requests answered 429.",
    "",
    "| limit | its floor | up | destroy |",
    "|---|---|---|---|",
    ...rows.map(
      ({ name, floorSeconds, row }) =>
        `| ${name} | ${floorSeconds.toFixed(0)} s | ${cell(row.up, Math.max(floorSeconds, unlimited.up.seconds))} | ` +
        `${cell(row.destroy, Math.max(floorSeconds, unlimited.destroy?.seconds ?? 0))} |`,
    ),
  ];
  fs.writeFileSync(out, `${lines.join("\n")}\n`);
  console.log(lines.join("\n"));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
