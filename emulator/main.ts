#!/usr/bin/env node
// The uptime-emulator command: parses flags, starts the server, prints one "listening on" line
// that scripts parse, and shuts down cleanly on SIGINT/SIGTERM.

import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { RATE_LIMIT_HEADERS } from "./harness/rate-limit";
import demoSeed from "./seed.json";
import { startEmulator } from "./server";
import type { EmulatorOptions, FaultConfig, RateLimitConfig, RateLimitHeaders } from "./types";

const USAGE = `Usage: uptime-emulator --api-key <key> [options]

A local implementation of the uptime-monitoring service's HTTP API (base URL ending in /v1).
Open / in a browser for a dashboard of what it holds, /status/<slug> for a status page.

Options:
  --api-key <key>            credential clients must send (or set UPTIME_API_KEY)
  --port <n>                 port to listen on; 0 picks a free one (default 8787)
  --host <addr>              interface to bind (default 127.0.0.1)
  --seed <file>              JSON seed of monitors, pages, alerts, webhooks (default: the bundled demo seed)
  --no-seed                  start empty instead of with the demo seed
  --data <file>              persist all data to this JSON file (loaded at start when it exists)
  --documented-only          undocumented routes (GET/DELETE /monitors/{uuid}, GET /pages|alerts/{uuid}) answer 405
  --fill-defaults            fill the keys an option object leaves out, and a new monitor's optional scalars, with defaults
  --timestamp-offset <+hh:mm> render timestamps with this numeric offset instead of Z
  --latency-ms <n>           add n ms of latency to every /v1 request
  --faults <file>            JSON fault configuration active from the start (see README)
  --rate-limit <rps>         limit /v1 to rps requests per second per API key (a token bucket; 429 with Retry-After)
  --rate-limit-burst <n>     requests a full bucket allows at once (default: rps rounded up)
  --rate-limit-headers <h>   none (default), x-ratelimit or ietf: the rate-limit headers /v1 answers carry
  --quiet                    no per-request log lines on stderr
  --help                     print this help
`;

function fail(message: string): never {
  process.stderr.write(`uptime-emulator: ${message}\n\n${USAGE}`);
  process.exit(2);
}

/** parseArgs reads "-05:00" as a flag; join it to --timestamp-offset so negative offsets work unquoted. */
function joinNegativeOffset(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--timestamp-offset" && /^-\d{2}:\d{2}$/.test(argv[i + 1] ?? "")) out.push(`--timestamp-offset=${argv[++i]}`);
    else out.push(argv[i]);
  }
  return out;
}

function parseOptions(argv: string[]): EmulatorOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeOffset(argv),
      options: {
        "api-key": { type: "string" },
        port: { type: "string" },
        host: { type: "string" },
        seed: { type: "string" },
        "no-seed": { type: "boolean" },
        data: { type: "string" },
        "documented-only": { type: "boolean" },
        "fill-defaults": { type: "boolean" },
        "timestamp-offset": { type: "string" },
        "latency-ms": { type: "string" },
        faults: { type: "string" },
        "rate-limit": { type: "string" },
        "rate-limit-burst": { type: "string" },
        "rate-limit-headers": { type: "string" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const apiKey = parsed["api-key"] ?? process.env.UPTIME_API_KEY;
  if (!apiKey) fail("--api-key (or UPTIME_API_KEY) is required");
  const port = Number(parsed.port ?? "8787");
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port ${parsed.port}: expected an integer from 0 to 65535`);
  if (parsed.seed !== undefined && parsed["no-seed"]) fail("--seed and --no-seed exclude each other");
  let faults: FaultConfig | undefined;
  if (parsed.faults !== undefined) {
    try {
      faults = JSON.parse(readFileSync(parsed.faults, "utf8")) as FaultConfig;
    } catch (error) {
      fail(`--faults ${parsed.faults}: ${(error as Error).message}`);
    }
  }
  if (parsed["latency-ms"] !== undefined) {
    const latency = Number(parsed["latency-ms"]);
    if (!Number.isFinite(latency) || latency < 0) fail(`--latency-ms ${parsed["latency-ms"]}: expected a number >= 0`);
    faults = { ...faults, latency: { ...faults?.latency, fixedMs: latency } };
  }
  const rateLimit = parseRateLimitFlags(parsed["rate-limit"], parsed["rate-limit-burst"], parsed["rate-limit-headers"]);
  return {
    apiKey,
    port,
    host: parsed.host,
    seed: parsed["no-seed"] ? undefined : (parsed.seed ?? demoSeed),
    dataFile: parsed.data,
    documentedOnly: parsed["documented-only"] === true,
    fillDefaults: parsed["fill-defaults"] === true,
    timestampOffset: parsed["timestamp-offset"],
    faults,
    rateLimit,
    quiet: parsed.quiet === true,
  };
}

function parseRateLimitFlags(rps?: string, burst?: string, headers?: string): RateLimitConfig | undefined {
  if (rps === undefined) {
    if (burst !== undefined) fail("--rate-limit-burst needs --rate-limit <rps>");
    if (headers !== undefined) fail("--rate-limit-headers needs --rate-limit <rps>");
    return undefined;
  }
  const config: RateLimitConfig = { rps: Number(rps) };
  if (!Number.isFinite(config.rps) || config.rps <= 0) fail(`--rate-limit ${rps}: expected a number > 0 (requests per second)`);
  if (burst !== undefined) {
    config.burst = Number(burst);
    if (!Number.isSafeInteger(config.burst) || config.burst < 1) fail(`--rate-limit-burst ${burst}: expected an integer >= 1`);
  }
  if (headers !== undefined) {
    if (!RATE_LIMIT_HEADERS.includes(headers as RateLimitHeaders)) {
      fail(`--rate-limit-headers ${headers}: expected one of ${RATE_LIMIT_HEADERS.join(", ")}`);
    }
    config.headers = headers as RateLimitHeaders;
  }
  return config;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let emulator;
  try {
    emulator = await startEmulator(options);
  } catch (error) {
    process.stderr.write(`uptime-emulator: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`uptime-emulator listening on ${emulator.url}\n`);
  const stop = () => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

void main();
