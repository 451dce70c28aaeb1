// What the benchmark reads around each operation: the emulator's counters, the peak RSS of this
// run's dynamic-provider processes and the CPU time of its processes, and the sizes of what the
// checkpoint stores per resource.
import * as fs from "node:fs";
import * as http from "node:http";

export interface Counters {
  requestsTotal: number;
  requestsByRoute: Record<string, number>;
  connectionsAccepted: number;
}

/** One admin call on a connection of its own (agent: false), so keep-alive never hides or adds one. */
function adminOnce(adminUrl: string, method: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${adminUrl}${path}`, { method, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        res.statusCode && res.statusCode < 300 ? resolve(text) : reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`)),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

export async function resetCounters(adminUrl: string): Promise<void> {
  await adminOnce(adminUrl, "DELETE", "/counters");
}

/** The counters since the last reset, minus the one connection this read itself opened. */
export async function readCounters(adminUrl: string): Promise<Counters> {
  const counters = JSON.parse(await adminOnce(adminUrl, "GET", "/counters")) as Counters;
  return { ...counters, connectionsAccepted: counters.connectionsAccepted - 1 };
}

export async function emulatorMonitors(adminUrl: string): Promise<Record<string, unknown>[]> {
  return (JSON.parse(await adminOnce(adminUrl, "GET", "/state")) as { monitors: Record<string, unknown>[] }).monitors;
}

interface ProcessInfo {
  ppid: number;
  /** utime + stime, in seconds. */
  cpuSeconds: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Every live process's parent and CPU time so far, from /proc/<pid>/stat (fields after the parenthesised name). */
function processTable(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.set(Number(entry), { ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
    } catch {
      // the process ended between readdir and read
    }
  }
  return table;
}

function isDescendant(pid: number, root: number, table: Map<number, ProcessInfo>): boolean {
  for (let p = table.get(pid)?.ppid; p !== undefined && p > 1; p = table.get(p)?.ppid) if (p === root) return true;
  return false;
}

function readRssKiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Who a process of the run is: the dynamic-provider host, another node process (the program), or the engine (CLI, language host). */
type Role = "provider" | "program" | "engine";

function roleOf(pid: number): Role | undefined {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    // node <...>/cmd/dynamic-provider/index.js <port>; not the `node -e require.resolve(...)` that finds it
    if (/cmd\/dynamic-provider(\/index\.js)?$/.test(argv[1] ?? "")) return "provider";
    // node <repo>/dist/provider/plugin/main.js <engine address>: the provider plugin
    if (/dist\/provider\/plugin\/main\.js$/.test(argv[1] ?? "")) return "provider";
    return /(^|\/)node$/.test(argv[0] ?? "") ? "program" : "engine";
  } catch {
    return undefined;
  }
}

export interface ProcessUsage {
  /** Highest summed RSS of the dynamic-provider processes seen at one poll. */
  peakProviderMiB: number;
  /** CPU seconds used by this run's processes during the operation, by role (last value seen of each process). */
  cpuSeconds: Record<Role, number>;
}

/**
 * Polls, every `everyMs`, the processes descended from this one (the Automation API's pulumi and
 * what it starts): peak RSS of the dynamic-provider hosts, and CPU time by role. CPU time is what
 * separates the modes on a machine shared with other work, where wall times wander.
 */
export function watchRunProcesses(everyMs = 50): { stop(): ProcessUsage } {
  const roles = new Map<number, Role>();
  const cpu = new Map<number, number>();
  let peakKiB = 0;
  let stopped: ProcessUsage | undefined;
  const poll = () => {
    const table = processTable();
    let providerKiB = 0;
    for (const [pid, info] of table) {
      let role = roles.get(pid);
      if (role === undefined && !isDescendant(pid, process.pid, table)) continue;
      // Asked again until it is the provider: a process seen between fork and exec still shows its parent's command.
      if (role !== "provider") {
        role = roleOf(pid) ?? role;
        if (role === undefined) continue;
        roles.set(pid, role);
      }
      cpu.set(pid, info.cpuSeconds);
      if (role === "provider") providerKiB += readRssKiB(pid);
    }
    peakKiB = Math.max(peakKiB, providerKiB);
  };
  const timer = setInterval(poll, everyMs);
  return {
    stop() {
      if (stopped) return stopped;
      clearInterval(timer);
      poll();
      const cpuSeconds: Record<Role, number> = { provider: 0, program: 0, engine: 0 };
      for (const [pid, seconds] of cpu) cpuSeconds[roles.get(pid)!] += seconds;
      stopped = { peakProviderMiB: peakKiB / 1024, cpuSeconds };
      return stopped;
    },
  };
}

export interface StateSizes {
  resources: number;
  /** Compact JSON of a whole checkpoint entry (urn, type, provider reference, inputs, outputs, ...), per resource. */
  entryBytes: number;
  /** Compact JSON of inputs plus outputs without `__provider`: what the provider decides to keep. */
  propsBytes: number;
  /** `__provider` as stored in the inputs (one copy); the outputs hold an identical second copy. */
  providerBytes: number;
  /** Both copies (inputs and outputs). */
  providerBytesBoth: number;
  /** The checkpoint file as written (pretty-printed), divided by the resource count. */
  fileBytesPerResource: number;
  /** The first such entry, as stored, to show where the bytes go. */
  sample?: Record<string, unknown>;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Sizes per resource of the checkpoint entries whose type starts with `typePrefix`. */
export function stateSizes(checkpointText: string, typePrefix: string): StateSizes {
  const checkpoint = JSON.parse(checkpointText) as { checkpoint: { latest?: { resources?: Record<string, unknown>[] } } };
  const entries = (checkpoint.checkpoint.latest?.resources ?? []).filter((r) => String(r.type).startsWith(typePrefix));
  const n = Math.max(entries.length, 1);
  let entry = 0,
    props = 0,
    provider = 0,
    providerBoth = 0;
  for (const r of entries) {
    const inputs = (r.inputs ?? {}) as Record<string, unknown>;
    const outputs = (r.outputs ?? {}) as Record<string, unknown>;
    const { __provider: inProvider, ...inRest } = inputs;
    const { __provider: outProvider, ...outRest } = outputs;
    entry += bytes(r);
    props += bytes(inRest) + bytes(outRest);
    provider += typeof inProvider === "string" ? Buffer.byteLength(inProvider) : 0;
    providerBoth += [inProvider, outProvider].reduce<number>((sum, p) => sum + (typeof p === "string" ? Buffer.byteLength(p) : 0), 0);
  }
  return {
    resources: entries.length,
    entryBytes: entry / n,
    propsBytes: props / n,
    providerBytes: provider / n,
    providerBytesBoth: providerBoth / n,
    fileBytesPerResource: Buffer.byteLength(checkpointText) / n,
    sample: entries[0],
  };
}
