// Where a no-op `pulumi preview` of N monitors spends its CPU: one stack of the fleet program (this
// package's monitors, or the true floor's), applied, then previewed with the program and provider
// processes profiled (NODE_OPTIONS=--cpu-prof; a process writes its profile when it exits, so the
// dynamic-provider host, which the engine kills, leaves none). Prints each profiled process's busiest
// packages and functions by self time. A diagnostic for bench/results-notes.md, not part of run.ts.
//
//   npx ts-node --transpile-only bench/profile-preview.ts [--n 500] [--mode uptime|least]
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import { startEmulator } from "../emulator/server";
import { createStack } from "../tests/helpers/pulumi";
import { FLEET_DIR } from "./scenario";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

/** Self time by function and by package (the path segment after the last node_modules/), in ms. */
function summarize(file: string): { totalMs: number; functions: [string, number][]; packages: [string, number][] } {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.includes("node_modules/") ? url.slice(url.lastIndexOf("node_modules/") + 13) : url.replace(/^file:\/\//, "");
    const pkg = url.includes("node_modules/")
      ? where
          .split("/")
          .slice(0, where.startsWith("@") ? 2 : 1)
          .join("/")
      : url.startsWith("node:")
        ? "node (built-in)"
        : url === ""
          ? `(${functionName || "native"})`
          : "program";
    functions.set(
      `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`,
      (functions.get(`${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`) ?? 0) + ms,
    );
    packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, k: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k);
  return { totalMs: (profile.endTime - profile.startTime) / 1000, functions: top(functions, 12), packages: top(packages, 10) };
}

async function main(): Promise<void> {
  const n = Number(arg("n", "500"));
  const mode = arg("mode", "uptime");
  const apiKey = "profile-key-1";
  const emulator = await startEmulator({ apiKey, port: 0, quiet: true });
  const t = await createStack(FLEET_DIR, {
    stackName: `profile-${mode}-${n}`,
    config: {
      "fleet:count": { value: String(n) },
      "fleet:mode": { value: mode },
      "uptime:baseUrl": { value: emulator.url },
      "uptime:apiKey": { value: apiKey, secret: true },
    },
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-profile-"));
  try {
    await t.stack.up({ parallel: 8 });
    (t.stack.workspace as LocalWorkspace).envVars.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${dir}`;
    const started = Date.now();
    await t.stack.preview({ parallel: 8 });
    console.log(`${mode}, N = ${n}: preview ${((Date.now() - started) / 1000).toFixed(1)} s; profiles of each node process:`);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
      const { totalMs, functions, packages } = summarize(path.join(dir, file));
      if (totalMs < 1000) continue; // the short-lived wrapper processes
      const busy = packages.filter(([p]) => p !== "((idle))").reduce((s, [, ms]) => s + ms, 0);
      console.log(`\n${file}: ${(totalMs / 1000).toFixed(1)} s alive, ${(busy / 1000).toFixed(1)} s busy (top packages)`);
      for (const [p, ms] of packages) console.log(`  ${(ms / 1000).toFixed(2)} s  ${p}`);
      console.log("  busiest functions (self time):");
      for (const [f, ms] of functions) console.log(`  ${(ms / 1000).toFixed(2)} s  ${f}`);
    }
  } finally {
    delete (t.stack.workspace as LocalWorkspace).envVars.NODE_OPTIONS;
    await t.stack.destroy({ parallel: 8 }).catch(() => undefined);
    await t.remove();
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
