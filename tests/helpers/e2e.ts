// Shared set-up of the e2e tests (`e2eFile`: the file's emulator, stacks configured as a user would, all
// closed at its end), the admin calls under the names the e2e files use, and the checks several files make.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import type { EmulatorOptions, RunningEmulator } from "../../emulator/types";
import { late, type Json, type Reply, adminApi, adminJson, api, monitorBody } from "./emulator";
import { readOutput } from "./node-warnings";
import { REPO, TestStack, createStack } from "./pulumi";
import { E2E_API_KEY, startE2eEmulator } from "./servers";

/** In the demo seed (emulator/seed.json), started by `startE2eEmulator` (./servers). */
export const SEEDED_PAGE = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
export const SEEDED_ALERT = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";

interface E2eStackOptions {
  /** Stack config, over the address and key: a string is a plain value. */
  config?: Record<string, string | { value: string; secret?: boolean }>;
  env?: Record<string, string>;
  stackName?: string;
  /** The emulator whose address and (secret) e2e key the stack is set to: the file's by default, none with false. */
  emulator?: RunningEmulator | false;
}

/**
 * The calling file's emulator (none with false), `stack(dir)` of a program (a directory or an example's name), and
 * `track`/`tempDir` for a server or a directory: each closed or removed at the file's end, last first.
 */
export function e2eFile(options: Partial<EmulatorOptions> | false = {}) {
  let running: RunningEmulator | undefined;
  const closing: (() => Promise<unknown>)[] = [];
  const track = <T extends { close(): unknown }>(closable: T): T => {
    closing.push(async () => closable.close());
    return closable;
  };
  beforeAll(async () => {
    if (options) running = track(await startE2eEmulator(options));
  });
  afterAll(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });
  return {
    emulator: late(() => running, "the e2e emulator"),
    track,
    tempDir(prefix: string): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      track({ close: () => fs.rmSync(dir, { recursive: true, force: true }) });
      return dir;
    },
    async stack(dir: string, o: E2eStackOptions = {}): Promise<TestStack> {
      const target = o.emulator ?? running;
      const config = Object.entries(o.config ?? {}).map(([k, v]) => [k, typeof v === "string" ? { value: v } : v]);
      const t = await createStack(path.isAbsolute(dir) ? dir : path.join(REPO, "examples", dir), {
        stackName: o.stackName,
        env: o.env,
        config: {
          ...(target && { "uptime:baseUrl": { value: target.url }, "uptime:apiKey": { value: E2E_API_KEY, secret: true } }),
          ...Object.fromEntries(config),
        },
      });
      track({ close: () => t.remove() });
      return t;
    },
  };
}

export type { Json };

// The admin calls (tests/helpers/emulator.ts adminApi) under the names the e2e files use.
export const adminGet = (emulator: RunningEmulator, p: string): Promise<Json> => adminApi(emulator).get(p);
export const monitorNames = (emulator: RunningEmulator) => adminApi(emulator).monitorNames();
export const adminCall = adminJson;
export const requestLines = (emulator: RunningEmulator) => adminApi(emulator).requestLines();
export const clearRequests = (emulator: RunningEmulator) => adminApi(emulator).clearRequests();

/** What a run sent but the account check each provider process makes (provider/session.ts accountProblem). */
export const withoutAccountCheck = (lines: string[]) => lines.filter((l) => l !== "GET /v1/webhooks");

/** Requests that change something in the service. */
export const mutating = (lines: string[]) => lines.filter((l) => !l.startsWith("GET "));

/** `operation`'s result, and the requests that changed something while it ran (the log cleared first). */
export async function sending<T>(emulator: RunningEmulator, operation: () => Promise<T>): Promise<[T, string[]]> {
  const [result, [lines]] = await sendingTo([emulator], operation);
  return [result, lines];
}

/** `sending` for several services (accounts) at once: the requests that changed something in each. */
export async function sendingTo<T>(emulators: RunningEmulator[], operation: () => Promise<T>): Promise<[T, string[][]]> {
  await Promise.all(emulators.map(clearRequests));
  const result = await operation();
  return [result, await Promise.all(emulators.map(async (e) => mutating(await requestLines(e))))];
}

/** The service's objects by kind, as the emulator holds them. */
export const serviceState = (emulator: RunningEmulator): Promise<Record<"monitors" | "pages" | "alerts" | "webhooks", Json[]>> =>
  adminGet(emulator, "/state");
/** The service's first monitor of this name (undefined if none). */
export const monitorNamed = async (emulator: RunningEmulator, name: string): Promise<Json> =>
  (await serviceState(emulator)).monitors.find((m) => m.name === name);
/** The seeded page as the service holds it. */
export const seededPage = async (emulator: RunningEmulator): Promise<Json> =>
  (await serviceState(emulator)).pages.find((p) => p.uuid === SEEDED_PAGE);

/** The stack's resources as its state holds them (`exportStack`: secrets decrypted; no engine run). */
export const stateResources = async (t: TestStack): Promise<Json[]> => (await t.stack.exportStack()).deployment.resources ?? [];

/** The notes left in the stack's create journal (none once a run has finished). */
export const journalNotes = (t: TestStack): string[] =>
  fs.existsSync(t.env.UPTIME_JOURNAL_DIR) ? fs.readdirSync(t.env.UPTIME_JOURNAL_DIR) : [];

/** The lines a YAML program's Pulumi.yaml needs to run on the repository's plugin (bin/). */
export const YAML_PLUGIN = `plugins:\n  providers:\n    - name: uptime\n      path: ${path.join(REPO, "bin")}\n`;
/** The environment's PATH with the repository's plugin (bin/) first, as the engine finds a plugin in a checkout. */
export const pluginOnPath = () => ({ PATH: `${path.join(REPO, "bin")}${path.delimiter}${process.env.PATH}` });

/** A command that must succeed (npm, git, a build, a script): what it printed, or an error carrying both outputs. */
export async function exec(
  file: string,
  args: string[],
  o: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd: o.cwd, env: o.env, maxBuffer: 64 << 20 });
    return { stdout, out: `${stdout}\n${stderr}` };
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`, { cause: error });
  }
}

/**
 * A virtualenv kept in the toolchain cache as `<name>-<key>`: made once (`python3 -m venv`, then `install(python,
 * scratch)`) and moved into place whole; the other keys of `name` are removed (about 90 MB each).
 */
export async function cachedVenv(name: string, key: string, install: (python: string, scratch: string) => Promise<unknown>) {
  const cache =
    process.env.UPTIME_TOOLCHAIN_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-uptime");
  const venv = path.join(cache, `${name}-${key}`);
  if (fs.existsSync(path.join(venv, "bin", "python"))) return venv;
  fs.mkdirSync(cache, { recursive: true });
  const scratch = fs.mkdtempSync(`${venv}.tmp-`);
  try {
    await exec("python3", ["-m", "venv", path.join(scratch, "venv")]);
    await install(path.join(scratch, "venv", "bin", "python"), scratch);
    try {
      fs.renameSync(path.join(scratch, "venv"), venv);
    } catch (error) {
      // Another run made it meanwhile: theirs is the same.
      if (!fs.existsSync(path.join(venv, "bin", "python"))) throw error;
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  for (const old of fs.readdirSync(cache).filter((f) => f.startsWith(`${name}-`) && !f.includes(".tmp-") && f !== path.basename(venv)))
    fs.rmSync(path.join(cache, old), { recursive: true, force: true });
  return venv;
}

/** npm as a user runs it in a program directory: none of the npm_* settings of the npm that started jest. */
export const npmUserEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== "INIT_CWD"));

/** A /v1 call as someone outside Pulumi makes it, with the e2e emulator's key: a drift, an object to import. */
export const asUser = (emulator: RunningEmulator, method: string, p: string, body?: unknown): Promise<Reply> =>
  api(emulator, method, p, body, { headers: { authorization: E2E_API_KEY, "content-type": "application/json" } });

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout, a newline, stderr. */
  out: string;
}

/**
 * The pulumi CLI on a stack (t's by default) as a user types it, in `cwd` (t's program by default), with the stack's
 * environment and `env`; asynchronous, as the emulator answers in this process; its output read for Node's warnings.
 */
export async function pulumiCli(
  t: TestStack,
  args: string[],
  o: { cwd?: string; env?: Record<string, string>; timeout?: number; stack?: string } = {},
): Promise<CliRun> {
  const ran = (code: number, stdout = "", stderr = ""): CliRun => {
    readOutput(`${stdout}\n${stderr}`, `pulumi ${args.join(" ")}`);
    return { code, stdout, stderr, out: `${stdout}\n${stderr}` };
  };
  try {
    const { stdout, stderr } = await promisify(execFile)("pulumi", [...args, "--stack", o.stack ?? t.stack.name, "--non-interactive"], {
      cwd: o.cwd ?? t.stack.workspace.workDir,
      env: { ...process.env, ...t.env, ...o.env },
      timeout: o.timeout,
      maxBuffer: 64 << 20,
    });
    return ran(0, stdout, stderr);
  } catch (error) {
    const e = error as { code?: unknown; stdout?: string; stderr?: string };
    return ran(typeof e.code === "number" ? e.code : 1, e.stdout, e.stderr);
  }
}

/** `pulumiCli` for a run that must succeed: a failure shows what it printed. */
export async function pulumiOk(t: TestStack, args: string[], o: Parameters<typeof pulumiCli>[2] = {}): Promise<CliRun> {
  const run = await pulumiCli(t, args, o);
  if (run.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${run.code}:\n${run.out}`);
  return run;
}

/** An engine run that must fail (with `error`, if given): what it printed. */
export async function fails(run: (onOutput: (line: string) => void) => Promise<unknown>, error?: RegExp): Promise<string> {
  const output: string[] = [];
  await expect(run((l) => output.push(l))).rejects.toThrow(error);
  return output.join("");
}

/** Runs `run` with extra environment variables for the stack's engine runs (as a user prefixes a command with them). */
export async function withEnv<T>(t: TestStack, vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const env = (t.stack.workspace as LocalWorkspace).envVars;
  const before = Object.fromEntries(Object.keys(vars).map((key) => [key, env[key]]));
  Object.assign(env, vars);
  try {
    return await run();
  } finally {
    // Each variable back as it was: a stack's own (its journal directory, say) is restored, not dropped.
    for (const [key, value] of Object.entries(before))
      if (value === undefined) delete env[key];
      else env[key] = value;
  }
}

/** A monitor made outside Pulumi, as in the dashboard: https://<name>.example.com/ every 120 s from regions 1 and 3, a HEAD with a header. */
export async function madeOutside(emulator: RunningEmulator, name: string): Promise<Json> {
  const httpRequest = { method: "HEAD", headers: [{ name: "X-Probe", value: "1" }] };
  const body = monitorBody({ name, urn: `https://${name}.example.com/`, interval: 120, regions: [1, 3], httpRequest });
  const reply = await asUser(emulator, "POST", "/monitors", body);
  expect(reply.status).toBe(201);
  return reply.json.monitor;
}
