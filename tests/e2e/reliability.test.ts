// Reliability through the real engine: a fleet applied while the service throttles, fails and drops
// connections; a creation whose answer was lost; and a CLI killed in the middle of `pulumi up`.
// Every scenario ends with exactly the declared monitors: none lost, none duplicated.
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import { REPO, TestStack, createStack } from "../helpers/pulumi";
import { readOutput } from "../helpers/node-warnings";
import { Json, adminCall, adminGet, monitorNames, clearRequests, mutating, requestLines } from "../helpers/e2e";
import { E2E_API_KEY, startE2eEmulator } from "../helpers/servers";

jest.setTimeout(600_000);

const FLEET = path.join(__dirname, "programs/fleet");

async function fleetStack(
  emulator: RunningEmulator,
  count: number,
  stackName = "e2e",
  config: Record<string, { value: string; secret?: boolean }> = {},
): Promise<TestStack> {
  return createStack(FLEET, {
    stackName,
    config: {
      "uptime:baseUrl": { value: emulator.url },
      "uptime:apiKey": { value: E2E_API_KEY, secret: true },
      "fleet:count": { value: String(count) },
      ...config,
    },
    // The plugin mode's program declares `uptime:index:Monitor`: the engine finds the plugin on PATH, as in a checkout.
    env: config["fleet:mode"]?.value === "plugin" ? { PATH: `${path.join(REPO, "bin")}${path.delimiter}${process.env.PATH}` } : {},
  });
}

const expectedNames = (n: number) => Array.from({ length: n }, (_, i) => `fleet-${String(i).padStart(4, "0")}`).sort();

describe("faults: 20% 429 (Retry-After: 0), 10% 503 on GET/PATCH/DELETE, 2% dropped connections on GET/PATCH", () => {
  let emulator: RunningEmulator;
  let t: TestStack;
  beforeAll(async () => {
    emulator = await startE2eEmulator({ seed: {} });
    t = await fleetStack(emulator, 100);
    await adminCall(emulator, "PUT", "/faults", {
      seed: 20261122,
      rules: [
        { method: "POST", rate429: 0.2, retryAfter: "0" },
        { method: "GET", rate429: 0.2, rate5xx: 0.1, statuses: [503], dropBeforeRate: 0.02, retryAfter: "0" },
        { method: "PATCH", rate429: 0.2, rate5xx: 0.1, statuses: [503], dropAfterRate: 0.02, retryAfter: "0" },
        { method: "DELETE", rate429: 0.2, rate5xx: 0.1, statuses: [503], retryAfter: "0" },
      ],
    });
  });
  afterAll(async () => {
    await t?.remove();
    await emulator?.close();
  });

  test("up of 100 monitors completes with exactly 100, no name twice; an edit of 10 and a refresh go through", async () => {
    const up = await t.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ create: 101 });
    expect(await monitorNames(emulator)).toEqual(expectedNames(100));

    await t.stack.setAllConfig({ "fleet:edited": { value: "10" }, "fleet:generation": { value: "1" } });
    const edit = await t.stack.up();
    expect(edit.summary.resourceChanges).toMatchObject({ update: 10 });
    const refresh = await t.stack.refresh();
    expect(refresh.summary.resourceChanges).toEqual({ same: 101 });
    const { firedCounts: fired } = await adminGet(emulator, "/faults");
    console.log(`faults fired per rule (POST, GET, PATCH, DELETE) during up, edit and refresh: ${JSON.stringify(fired)}`);
  });

  test("the second preview is empty, and destroy removes all 100", async () => {
    const preview = await t.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 101 });
    const destroy = await t.stack.destroy();
    expect(destroy.summary.resourceChanges).toMatchObject({ delete: 101 });
    expect(await monitorNames(emulator)).toEqual([]);
  });
});

describe("a creation whose connection dropped after the service acted", () => {
  let emulator: RunningEmulator;
  let t: TestStack;
  beforeAll(async () => {
    emulator = await startE2eEmulator({ seed: {} });
    t = await fleetStack(emulator, 1, "ambiguous");
  });
  afterAll(async () => {
    await t?.remove();
    await emulator?.close();
  });

  test("fails saying what happened and how to recover, and no later run sends a second POST on its own", async () => {
    await adminCall(emulator, "PUT", "/faults", { rules: [{ route: "POST /monitors", dropAfterRate: 1, times: 1 }] });
    const first: string[] = [];
    await expect(t.stack.up({ onOutput: (l) => first.push(l) })).rejects.toThrow();
    expect(first.join("")).toContain("kept in the stack as unconfirmed");
    expect(first.join("")).toContain("adoptUuid");
    expect(await monitorNames(emulator)).toEqual(["fleet-0000"]); // the service did create it

    await clearRequests(emulator);
    const second: string[] = [];
    await expect(t.stack.up({ onOutput: (l) => second.push(l) })).rejects.toThrow();
    expect(second.join("")).toContain("its creation was never confirmed");
    expect(mutating(await requestLines(emulator))).toEqual([]);
  });

  test("following the message (adoptUuid) takes the created monitor over: exactly one, and a clean preview", async () => {
    const [created] = (await adminGet(emulator, "/state")).monitors;
    await t.stack.setConfig("fleet:adopt", { value: JSON.stringify({ 0: created.uuid }) });
    await clearRequests(emulator);
    const up = await t.stack.up({ onOutput: (l) => process.stdout.write(l) });
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    expect(mutating(await requestLines(emulator))).toEqual([`PATCH /v1/monitors/${created.uuid}`]);
    expect((await adminGet(emulator, "/state")).monitors.map((m: Json) => m.uuid)).toEqual([created.uuid]);
    await t.stack.preview({ expectNoChanges: true });
  });
});

// Asynchronous on purpose: the emulator runs in this process, and a synchronous spawn would stop it answering.
function cli(t: TestStack, args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      "pulumi",
      [...args, "--stack", t.stack.name],
      { cwd: FLEET, env: { ...process.env, ...t.env, ...env }, timeout: 240_000, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        readOutput(`${stdout}\n${stderr}`, `pulumi ${args.join(" ")}`);
        if (error) reject(new Error(`pulumi ${args.join(" ")}: ${error.message}\n${stdout}\n${stderr}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}

/** Processes of a killed run (the engine starts plugins in process groups of their own), found by the stack's environment. */
function killRun(t: TestStack): number {
  const marker = `UPTIME_JOURNAL_DIR=${t.env.UPTIME_JOURNAL_DIR}`;
  let killed = 0;
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/environ`, "latin1").includes(marker)) {
        process.kill(Number(pid), "SIGKILL");
        killed++;
      }
    } catch {
      // gone, or not ours
    }
  }
  return killed;
}

/** `pulumi up --yes` in the background, its output collected as a CI log would hold it. */
function upInBackground(t: TestStack): { pid: number; log: () => string } {
  const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", t.stack.name], {
    cwd: FLEET,
    env: { ...process.env, ...t.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return { pid: child.pid!, log: () => text };
}

async function untilMonitors(emulator: RunningEmulator, count: number): Promise<void> {
  const started = Date.now();
  while ((await monitorNames(emulator)).length < count) {
    if (Date.now() - started > 120_000) throw new Error("the update never got going");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A kill during a checkpoint write can leave the local backend's metadata sidecar (`*.attrs`) empty,
 * which the CLI then fails to read ("failed to load checkpoint: EOF"): README's recovery removes empty ones.
 */
function removeEmptyAttrs(t: TestStack): number {
  const root = path.join(t.backendDir, ".pulumi");
  const empty = (fs.readdirSync(root, { recursive: true, encoding: "utf8" }) as string[])
    .map((f) => path.join(root, f))
    .filter((f) => f.endsWith(".attrs") && fs.statSync(f).size === 0);
  for (const f of empty) fs.rmSync(f);
  return empty.length;
}

describe("the CLI killed (SIGKILL) in the middle of `pulumi up` of 50 monitors, the journal in uptime:journalDir", () => {
  let emulator: RunningEmulator;
  let t: TestStack;
  let shared: string;
  beforeAll(async () => {
    // Slow answers, so that the kill lands while creations are in flight.
    emulator = await startE2eEmulator({ seed: {}, faults: { latency: { fixedMs: 150 } } });
    t = await fleetStack(emulator, 50, "killed");
    // The journal where a team's CI keeps it between runners (a volume that outlives them, written as the run goes), set in the stack's config.
    shared = path.join(t.backendDir, "shared-journal");
    await t.stack.setConfig("uptime:journalDir", { value: shared });
  });
  afterAll(async () => {
    await t?.remove();
    await emulator?.close();
  });

  test("the documented recovery (cancel, refresh clearing pending creates, then up), on another runner, converges to exactly 50", async () => {
    const run = upInBackground(t);
    await untilMonitors(emulator, 12);
    process.kill(run.pid, "SIGKILL"); // the CLI only
    // The orphaned provider finishes the creations in flight; then everything left of the run is stopped.
    await new Promise((r) => setTimeout(r, 2000));
    killRun(t);
    const inService = (await monitorNames(emulator)).length;
    expect(inService).toBeGreaterThanOrEqual(12);
    expect(inService).toBeLessThan(50);
    // The notes are in the configured directory, not in the default one.
    expect(fs.readdirSync(shared).length).toBeGreaterThan(0);
    expect(fs.existsSync(t.env.UPTIME_JOURNAL_DIR)).toBe(false);
    const emptyAttrs = removeEmptyAttrs(t);

    // Another runner: nothing of the first one's Pulumi home, the same backend and the same journalDir.
    const runner = { PULUMI_HOME: fs.mkdtempSync(path.join(os.tmpdir(), "uptime-runner-home-")) };
    const exported = JSON.parse((await cli(t, ["stack", "export"], runner)).stdout);
    const inState = (exported.deployment.resources ?? []).filter((r: Json) => r.type.endsWith("uptime:Monitor")).length;
    const pending = (exported.deployment.pending_operations ?? []).length;
    console.log(
      `killed: ${inService} monitors in the service, ${inState} in the state, ${pending} pending operations, ${emptyAttrs} empty .attrs removed`,
    );

    // The killed CLI left its lock on the stack: `pulumi cancel` removes it (a local backend's lock).
    await cli(t, ["cancel", "--yes", "--non-interactive"], runner);
    await cli(t, ["refresh", "--yes", "--clear-pending-creates", "--skip-preview", "--non-interactive"], runner);
    const up = await cli(t, ["up", "--yes", "--skip-preview", "--non-interactive"], runner);
    // Creations the killed run made but never recorded are taken over, not made twice.
    expect(up.stdout).toMatch(/took over .*, created by an interrupted run/);

    expect(await monitorNames(emulator)).toEqual(expectedNames(50));
    const preview = await t.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 51 });
    fs.rmSync(runner.PULUMI_HOME, { recursive: true, force: true });
  });
});

describe("a CI runner lost in the middle of `pulumi up` of 30 monitors: the CLI and its provider killed at once, the journal gone with it", () => {
  let emulator: RunningEmulator;
  let t: TestStack;
  beforeAll(async () => {
    // Slow answers, so that creations are in flight, at the service, when the runner goes.
    emulator = await startE2eEmulator({ seed: {}, faults: { latency: { fixedMs: 300 } } });
    t = await fleetStack(emulator, 30, "runner-lost");
  });
  afterAll(async () => {
    await t?.remove();
    await emulator?.close();
  });

  test("the run's log and Pulumi's list of interrupted creations name what the state lacks; adopting those converges to exactly 30", async () => {
    const run = upInBackground(t);
    await untilMonitors(emulator, 20);
    killRun(t); // everything at once, as a runner that is lost
    const log = run.log(); // the CI log: what the runner printed before it went
    // Creations already at the service complete there, answered to no one.
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(t.env.UPTIME_JOURNAL_DIR, { recursive: true, force: true }); // the journal, gone with the runner
    removeEmptyAttrs(t);

    // The next runner: what the state lacks.
    await cli(t, ["cancel", "--yes", "--non-interactive"]);
    const exported = JSON.parse((await cli(t, ["stack", "export"])).stdout);
    const held = new Set((exported.deployment.resources ?? []).map((r: Json) => String(r.id)));
    const interrupted = (exported.deployment.pending_operations ?? [])
      .filter((op: Json) => op.type === "creating")
      .map((op: Json) => ({ index: Number(String(op.resource.urn).replace(/^.*::m/, "")), name: String(op.resource.inputs.name) }));
    const service = (await adminGet(emulator, "/state")).monitors as Json[];
    const unrecorded = service.filter((m) => !held.has(m.uuid));
    expect(unrecorded.length).toBeGreaterThan(0);

    // The advice (README, Troubleshooting): for each creation Pulumi lists as interrupted, the uuid from the
    // killed run's log (`monitor "<name>": created <uuid>`), else the dashboard's monitor of that name, as adoptUuid.
    const printed = new Map([...log.matchAll(/monitor "(fleet-\d{4})": created ([\w-]+)/g)].map((m) => [m[1], m[2]]));
    for (const [name, uuid] of printed) expect(service.find((m) => m.uuid === uuid)?.name).toBe(name);
    const adopt: Record<string, string> = {};
    let fromLog = 0;
    for (const { index, name } of interrupted) {
      // The name the README's `jq` prints beside each URN: the monitor's, as the program declares it.
      expect(name).toBe(`fleet-${String(index).padStart(4, "0")}`);
      const uuid = printed.get(name) ?? service.find((m) => m.name === name)?.uuid;
      if (printed.has(name)) fromLog++;
      if (uuid) adopt[index] = uuid;
    }
    console.log(
      `runner lost: ${service.length} monitors in the service, ${unrecorded.length} not in the state, ${interrupted.length} creations ` +
        `interrupted; ${printed.size} uuids in the log, ${fromLog} of them for interrupted creations; ` +
        `${[...held].filter((id) => [...printed.values()].includes(id as string)).length} of the ${held.size} held printed`,
    );
    // Every monitor the state lacks is one of the interrupted creations: nothing is left unaccounted for.
    expect(Object.values(adopt).sort()).toEqual(unrecorded.map((m) => m.uuid).sort());

    await t.stack.setConfig("fleet:adopt", { value: JSON.stringify(adopt) });
    await cli(t, ["refresh", "--yes", "--clear-pending-creates", "--skip-preview", "--non-interactive"]);
    await cli(t, ["up", "--yes", "--skip-preview", "--non-interactive"]);
    // Service == program == state: 30 monitors, none twice, the unrecorded ones kept.
    const after = (await adminGet(emulator, "/state")).monitors as Json[];
    expect(after.map((m) => m.name).sort()).toEqual(expectedNames(30));
    expect(after.map((m) => m.uuid)).toEqual(expect.arrayContaining(unrecorded.map((m) => m.uuid)));
    expect((await stateMonitors(t)).map((r) => r.id).sort()).toEqual(after.map((m) => m.uuid).sort());
    await expectEmptyPreview(t, 31);
  });
});

/** The members' names the service was sent a creation for and did not refuse unprocessed (a 429). */
async function postedNames(emulator: RunningEmulator): Promise<Set<string>> {
  const requests = (await adminGet(emulator, "/requests")).requests as Json[];
  return new Set(requests.filter((r) => r.method === "POST" && r.path === "/v1/monitors" && r.status !== 429).map((r) => r.body?.name));
}

describe("a runner lost in the middle of a MonitorFleet's creation of 100 at a rate limit: the CLI and its provider killed at once, the journal kept", () => {
  let emulator: RunningEmulator;
  let t: TestStack;
  beforeAll(async () => {
    // Slow answers, so that members are in flight, at the service, when the runner goes; a rate limit, so
    // that others wait their turn in the account's scheduler, never sent.
    emulator = await startE2eEmulator({ seed: {}, faults: { latency: { fixedMs: 300 } }, rateLimit: { rps: 20, burst: 20 } });
    t = await fleetStack(emulator, 100, "fleet-lost", { "fleet:mode": { value: "fleet" } });
  });
  afterAll(async () => {
    await t?.remove();
    await emulator?.close();
  });

  test("cancel, refresh clearing the pending create, up: the members made are taken over; each in flight is named with both ways out; following them gives exactly 100", async () => {
    upInBackground(t);
    await untilMonitors(emulator, 30);
    killRun(t);
    await new Promise((r) => setTimeout(r, 1500));
    removeEmptyAttrs(t);
    const made = (await adminGet(emulator, "/state")).monitors as Json[];
    expect(made.length).toBeLessThan(100);

    await cli(t, ["cancel", "--yes", "--non-interactive"]);
    await cli(t, ["refresh", "--yes", "--clear-pending-creates", "--skip-preview", "--non-interactive"]);
    // The next up takes over what the killed run made (the journal's notes); a member whose POST was in
    // flight is kept as a placeholder, and the run says how to settle it.
    const first = await cli(t, ["up", "--yes", "--skip-preview", "--non-interactive"]).then(
      (r) => ({ ok: true, text: r.stdout + r.stderr }),
      (e: Error) => ({ ok: false, text: e.message }),
    );
    expect(first.text).toMatch(/took over .*, created by an interrupted run/);
    const service = (await adminGet(emulator, "/state")).monitors as Json[];
    // None made twice: every name once.
    expect(new Set(service.map((m) => m.name)).size).toBe(service.length);
    const { deployment } = await t.stack.exportStack();
    const fleet = (deployment.resources as Json[]).find((r) => r.type === "pulumi-nodejs:dynamic/uptime:MonitorFleet");
    const placeholders = Object.entries((fleet?.outputs?.monitors ?? {}) as Record<string, Json>).filter(([, m]) => m.unconfirmed);
    console.log(
      `fleet runner lost: ${made.length} made when killed, ${placeholders.length} creations in flight left unconfirmed, ` +
        `${(await adminGet(emulator, "/counters")).rateLimited} requests answered 429`,
    );
    if (placeholders.length > 0) {
      expect(first.ok).toBe(false);
      expect(first.text).toContain("its creation was sent and no answer came");
      // At most uptime:maxConcurrentRequests (16) members are in doubt: the rest were never sent.
      expect(placeholders.length).toBeLessThanOrEqual(16);
    }
    // In doubt only what the service was sent: a member still waiting its turn when the run was killed is not.
    const posted = await postedNames(emulator);
    expect(placeholders.map(([, m]) => m.name).filter((name) => !posted.has(name))).toEqual([]);
    // Following the advice, member by member: the dashboard's monitor of its name as adoptUuid, else the placeholder dropped.
    const adopt: Record<string, string> = {};
    const drop: string[] = [];
    for (const [key, member] of placeholders) {
      const found = service.find((m) => m.name === member.name);
      if (found) adopt[key.slice(1)] = found.uuid;
      else drop.push(member.uuid);
    }
    await t.stack.setConfig("fleet:adopt", { value: JSON.stringify(adopt) });
    await cli(t, ["up", "--yes", "--skip-preview", "--non-interactive"], { UPTIME_DROP_UNCONFIRMED: drop.join(",") });
    const after = (await adminGet(emulator, "/state")).monitors as Json[];
    expect(after.map((m) => m.name).sort()).toEqual(expectedNames(100));
    const held = ((await t.stack.exportStack()).deployment.resources as Json[]).find(
      (r) => r.type === "pulumi-nodejs:dynamic/uptime:MonitorFleet",
    );
    expect(Object.values(held.outputs.uuids as Record<string, string>).sort()).toEqual(after.map((m) => m.uuid).sort());
    await expectEmptyPreview(t, 2);
  });
});

describe("a runner lost in the middle of a MonitorFleet's creation of 100, the journal gone with it", () => {
  let emulator: RunningEmulator;
  let t: TestStack;
  beforeAll(async () => {
    emulator = await startE2eEmulator({ seed: {}, faults: { latency: { fixedMs: 300 } } });
    t = await fleetStack(emulator, 100, "fleet-journal-lost", { "fleet:mode": { value: "fleet" } });
  });
  afterAll(async () => {
    await t?.remove();
    await emulator?.close();
  });

  test("README's recipe: the members' `created` lines in the run's log (else the dashboard) as adoptUuid, then refresh and up: exactly 100", async () => {
    const run = upInBackground(t);
    await untilMonitors(emulator, 30);
    killRun(t);
    const log = run.log();
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(t.env.UPTIME_JOURNAL_DIR, { recursive: true, force: true });
    removeEmptyAttrs(t);

    await cli(t, ["cancel", "--yes", "--non-interactive"]);
    const exported = JSON.parse((await cli(t, ["stack", "export"])).stdout);
    // The fleet's creation is what Pulumi lists as interrupted; none of its members is in the state.
    const interrupted = (exported.deployment.pending_operations ?? []).filter((op: Json) => op.type === "creating");
    expect(interrupted.map((op: Json) => op.resource.type)).toEqual(["pulumi-nodejs:dynamic/uptime:MonitorFleet"]);
    const service = (await adminGet(emulator, "/state")).monitors as Json[];
    expect(service.length).toBeGreaterThanOrEqual(30);
    // Each member the service made printed `monitors.<key>: monitor "<name>": created <uuid>` as its answer came.
    const printed = new Map([...log.matchAll(/monitors\.m(\d+): monitor "(fleet-\d{4})": created ([\w-]+)/g)].map((m) => [m[2], m[3]]));
    expect(printed.size).toBeGreaterThan(0);
    for (const [name, uuid] of printed) expect(service.find((m) => m.uuid === uuid)?.name).toBe(name);
    const adopt: Record<string, string> = {};
    for (const index of Array.from({ length: 100 }, (_, i) => i)) {
      const name = `fleet-${String(index).padStart(4, "0")}`;
      const uuid = printed.get(name) ?? service.find((m) => m.name === name)?.uuid;
      if (uuid) adopt[index] = uuid;
    }
    expect(Object.values(adopt).sort()).toEqual(service.map((m) => m.uuid).sort());
    await t.stack.setConfig("fleet:adopt", { value: JSON.stringify(adopt) });
    await cli(t, ["refresh", "--yes", "--clear-pending-creates", "--skip-preview", "--non-interactive"]);
    await cli(t, ["up", "--yes", "--skip-preview", "--non-interactive"]);
    const after = (await adminGet(emulator, "/state")).monitors as Json[];
    expect(after.map((m) => m.name).sort()).toEqual(expectedNames(100));
    expect(after.map((m) => m.uuid)).toEqual(expect.arrayContaining(service.map((m) => m.uuid)));
    await expectEmptyPreview(t, 2);
  });
});

describe("destroy with a monitor whose creation was never confirmed", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startE2eEmulator({ seed: {} });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  /** A fleet of two whose first creation's answer is lost: one monitor confirmed, one kept as a placeholder. */
  async function withPlaceholder(stackName: string): Promise<TestStack> {
    const t = await fleetStack(emulator, 2, stackName);
    await adminCall(emulator, "PUT", "/faults", { rules: [{ route: "POST /monitors", dropAfterRate: 1, times: 1 }] });
    await expect(t.stack.up()).rejects.toThrow(/kept in the stack as unconfirmed/);
    await adminCall(emulator, "DELETE", "/faults");
    return t;
  }

  const destroyFails = async (t: TestStack): Promise<string> => {
    const output: string[] = [];
    await expect(t.stack.destroy({ onOutput: (l) => output.push(l) })).rejects.toThrow();
    const text = output.join("");
    expect(text).toContain("its creation was never confirmed, so it may exist in the service");
    return text;
  };

  test("it exists: destroy stops and deletes nothing of it; following the message (adoptUuid, up, destroy) deletes it", async () => {
    const t = await withPlaceholder("placeholder-exists");
    try {
      const both = (await adminGet(emulator, "/state")).monitors;
      expect(both).toHaveLength(2);
      await clearRequests(emulator);
      const text = await destroyFails(t);
      expect(text).toContain('set `adoptUuid: "<its uuid>"` on it and run `pulumi up`');
      // The confirmed one went; the unconfirmed one is still in the service and in the stack.
      const left = (await adminGet(emulator, "/state")).monitors;
      expect(left).toHaveLength(1);
      const index = Number(String(left[0].name).replace("fleet-", ""));
      expect(mutating(await requestLines(emulator))).toHaveLength(1);

      // The program is left as it was (both monitors declared); only adoptUuid is added. Whichever of
      // the two lost its answer, up takes it over by uuid and creates again the one destroy deleted.
      await t.stack.setConfig("fleet:adopt", { value: JSON.stringify({ [index]: left[0].uuid }) });
      await t.stack.up();
      const afterUp = (await adminGet(emulator, "/state")).monitors;
      expect(afterUp.map((m: Json) => m.name).sort()).toEqual(expectedNames(2));
      expect(afterUp.map((m: Json) => m.uuid)).toContain(left[0].uuid);
      await clearRequests(emulator);
      const destroy = await t.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(mutating(await requestLines(emulator)).sort()).toEqual(afterUp.map((m: Json) => `DELETE /v1/monitors/${m.uuid}`).sort());
      expect((await adminGet(emulator, "/state")).monitors).toEqual([]);
    } finally {
      await t.remove();
    }
  });

  test("it does not exist: following the message (the same command with UPTIME_DROP_UNCONFIRMED=<its id>) empties the stack", async () => {
    const t = await withPlaceholder("placeholder-gone");
    try {
      const placeholder = ((await t.stack.exportStack()).deployment.resources as Json[]).find((r) =>
        String(r.id).startsWith("unconfirmed-"),
      );
      const index = Number(String(placeholder.urn).replace(/^.*::m/, ""));
      const [created] = (await adminGet(emulator, "/state")).monitors.filter((m: Json) => m.name === `fleet-000${index}`);
      await adminCall(emulator, "DELETE", `/monitors/${created.uuid}`); // "it does not exist"
      const text = await destroyFails(t);
      const advice = /run the same command again with (UPTIME_DROP_UNCONFIRMED)=(\S+) in the environment/.exec(text);
      expect(advice).not.toBeNull();
      expect(advice![2]).toBe(placeholder.id);
      await clearRequests(emulator);
      const output: string[] = [];
      const destroy = await withEnv(t, { [advice![1]]: advice![2] }, () => t.stack.destroy({ onOutput: (l) => output.push(l) }));
      expect(destroy.summary.result).toBe("succeeded");
      expect(output.join("")).toContain(
        `unconfirmed placeholder ${placeholder.id} dropped from the stack, as UPTIME_DROP_UNCONFIRMED says`,
      );
      expect(mutating(await requestLines(emulator))).toEqual([]);
      expect((await t.stack.exportStack()).deployment.resources ?? []).toHaveLength(0);
      expect((await adminGet(emulator, "/state")).monitors).toEqual([]);
    } finally {
      await t.remove();
    }
  });

  test.each([
    ["the dynamic resources", "uptime"],
    ["the provider plugin", "plugin"],
  ])(
    "%s: with deleteBeforeReplace, following the message (adoptUuid, up) deletes the placeholder first and takes the monitor over",
    async (_face, mode) => {
      const t = await fleetStack(emulator, 1, `placeholder-dbr-${mode}`, {
        "fleet:mode": { value: mode },
        "fleet:deleteBeforeReplace": { value: "true" },
      });
      try {
        await adminCall(emulator, "PUT", "/faults", { rules: [{ route: "POST /monitors", dropAfterRate: 1, times: 1 }] });
        await expect(t.stack.up()).rejects.toThrow(/kept in the stack as unconfirmed/);
        await adminCall(emulator, "DELETE", "/faults");
        const [made] = (await adminGet(emulator, "/state")).monitors as Json[];
        const [placeholder] = await stateMonitors(t);
        expect(placeholder.id).toMatch(/^unconfirmed-/);

        await t.stack.setConfig("fleet:adopt", { value: JSON.stringify({ 0: made.uuid }) });
        await clearRequests(emulator);
        const output: string[] = [];
        const up = await t.stack.up({ onOutput: (l) => output.push(l) });
        expect(up.summary.result).toBe("succeeded");
        expect(output.join("")).toContain(
          `unconfirmed placeholder ${placeholder.id} dropped from the stack: this run takes ${made.uuid} over in its place (adoptUuid)`,
        );
        expect(mutating(await requestLines(emulator))).toEqual([`PATCH /v1/monitors/${made.uuid}`]);
        // Service == program == state: the one monitor, taken over; an empty preview.
        expect((await adminGet(emulator, "/state")).monitors.map((m: Json) => m.uuid)).toEqual([made.uuid]);
        expect(await stateMonitors(t)).toEqual([{ id: made.uuid, urn: placeholder.urn, delete: false }]);
        await expectEmptyPreview(t, 2);
        await t.stack.destroy();
        expect((await adminGet(emulator, "/state")).monitors).toEqual([]);
      } finally {
        await t.remove();
      }
    },
  );

  test.each([
    ["the dynamic resources", "uptime"],
    ["the provider plugin", "plugin"],
  ])(
    "%s: a replacement's answer lost beside the monitor it replaces: `destroy --refresh` stops on it; following the message deletes both",
    async (_face, mode) => {
      const t = await fleetStack(emulator, 1, `placeholder-replacing-${mode}`, { "fleet:mode": { value: mode } });
      try {
        await t.stack.up();
        const [old] = (await adminGet(emulator, "/state")).monitors as Json[];
        const [{ urn }] = await stateMonitors(t);
        // `up --replace` creates a new monitor, whose answer is lost: the placeholder is live under the URN, and the
        // monitor it replaces (confirmed) is pending deletion under the same URN.
        await adminCall(emulator, "PUT", "/faults", { rules: [{ route: "POST /monitors", dropAfterRate: 1, times: 1 }] });
        await expect(t.stack.up({ replace: [urn] })).rejects.toThrow(/kept in the stack as unconfirmed/);
        await adminCall(emulator, "DELETE", "/faults");
        const made = ((await adminGet(emulator, "/state")).monitors as Json[]).find((m) => m.uuid !== old.uuid)!;
        const placeholder = (await stateMonitors(t)).find((r) => r.id.startsWith("unconfirmed-"))!;
        expect(await stateMonitors(t)).toEqual(
          expect.arrayContaining([
            { id: placeholder.id, urn, delete: false },
            { id: old.uuid, urn, delete: true },
          ]),
        );

        // The refresh reads (and diffs) the confirmed one pending deletion; that is no replacement of the placeholder,
        // whose monitor exists: destroy deletes the old one and stops on the placeholder, with the way out.
        await clearRequests(emulator);
        const output: string[] = [];
        await expect(t.stack.destroy({ refresh: true, onOutput: (l) => output.push(l) })).rejects.toThrow();
        const text = output.join("");
        expect(text).toContain("its creation was never confirmed, so it may exist in the service");
        expect(text).toContain('set `adoptUuid: "<its uuid>"` on it and run `pulumi up`');
        expect(text).not.toContain("dropped from the stack");
        expect(mutating(await requestLines(emulator))).toEqual([`DELETE /v1/monitors/${old.uuid}`]);
        expect((await adminGet(emulator, "/state")).monitors.map((m: Json) => m.uuid)).toEqual([made.uuid]);
        expect((await stateMonitors(t)).map((r) => r.id)).toEqual([placeholder.id]);

        // Following it: adoptUuid on the resource, `pulumi up` takes the monitor over (service == program == state,
        // an empty preview), and `pulumi destroy` deletes it.
        await t.stack.setConfig("fleet:adopt", { value: JSON.stringify({ 0: made.uuid }) });
        await clearRequests(emulator);
        await t.stack.up();
        // Taking over sets the declared fields on it (one PATCH); nothing is created.
        expect(mutating(await requestLines(emulator))).toEqual([`PATCH /v1/monitors/${made.uuid}`]);
        expect((await adminGet(emulator, "/state")).monitors.map((m: Json) => m.uuid)).toEqual([made.uuid]);
        expect(await stateMonitors(t)).toEqual([{ id: made.uuid, urn, delete: false }]);
        await expectEmptyPreview(t, 2);
        const destroy = await t.stack.destroy();
        expect(destroy.summary.result).toBe("succeeded");
        expect(await stateMonitors(t)).toEqual([]);
        expect((await adminGet(emulator, "/state")).monitors).toEqual([]);
      } finally {
        await t.remove();
      }
    },
  );
});

/** Runs `run` with extra environment variables for the stack's engine runs (as a user prefixes a command with them). */
async function withEnv<T>(t: TestStack, vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const env = (t.stack.workspace as LocalWorkspace).envVars;
  Object.assign(env, vars);
  try {
    return await run();
  } finally {
    for (const key of Object.keys(vars)) delete env[key];
  }
}

/** The monitors of an exported stack: id, URN, and whether the engine holds it pending deletion. */
async function stateMonitors(t: TestStack): Promise<{ id: string; urn: string; delete: boolean }[]> {
  const resources = ((await t.stack.exportStack()).deployment.resources ?? []) as Json[];
  return resources
    .filter((r) => r.type.endsWith("uptime:Monitor") || r.type === "uptime:index:Monitor")
    .map((r) => ({ id: String(r.id), urn: String(r.urn), delete: r.delete === true }));
}

/** A preview that plans nothing: an empty change summary beside the resources kept, and no step in its output. */
async function expectEmptyPreview(t: TestStack, same: number): Promise<void> {
  const output: string[] = [];
  const preview = await t.stack.preview({ expectNoChanges: true, onOutput: (l) => output.push(l) });
  expect(preview.changeSummary).toEqual({ same });
  const text = output.join("");
  expect(text).not.toMatch(/^\s*(\+|-|~|\+-|-\+|\+\+|--|<=|=>)\s+\S/m); // a step's line: `+ ... create`, `- ... delete`, ...
  expect(text).not.toMatch(/to (create|update|delete|replace)/);
}

describe.each([
  ["the dynamic resources", "uptime", "the next `pulumi up` drops it and converges"],
  ["the provider plugin", "plugin", "`pulumi destroy` stops on it, and following its message empties the stack"],
])("%s: an unconfirmed monitor replaced as advised, in a run that then fails for another reason", (_face, mode, outcome) => {
  let emulator: RunningEmulator;
  let t: TestStack;
  beforeAll(async () => {
    emulator = await startE2eEmulator({ seed: {} });
    t = await fleetStack(emulator, 2, `replaced-${mode}`, {
      "fleet:mode": { value: mode },
      "fleet:chain": { value: "true" },
    });
  });
  afterAll(async () => {
    await t?.remove();
    await emulator?.close();
  });

  test(`its placeholder is left pending deletion beside its replacement; ${outcome}`, async () => {
    // 1. m0's creation loses its answer (the service made it): m0 is kept as a placeholder, and m1 (after it) is not made.
    await adminCall(emulator, "PUT", "/faults", { rules: [{ route: "POST /monitors", dropAfterRate: 1, times: 1 }] });
    await expect(t.stack.up()).rejects.toThrow(/kept in the stack as unconfirmed/);
    const [m0] = (await adminGet(emulator, "/state")).monitors.filter((m: Json) => m.name === "fleet-0000");
    const placeholder = (await stateMonitors(t)).find((r) => r.id.startsWith("unconfirmed-"))!;
    expect(placeholder.urn).toMatch(/::m0$/);

    // 2. As the message advises, adoptUuid takes m0 over (the program now declares three); the creation after it, m1's,
    //    fails (500), so the run stops before the engine deletes what was replaced.
    await t.stack.setAllConfig({ "fleet:adopt": { value: JSON.stringify({ 0: m0.uuid }) }, "fleet:count": { value: "3" } });
    await adminCall(emulator, "PUT", "/faults", {
      rules: [{ route: "POST /monitors", respond: { status: 500, body: '{"error":{"code":"internal","message":"boom"}}' }, times: 1 }],
    });
    await expect(t.stack.up()).rejects.toThrow(/500/);
    await adminCall(emulator, "DELETE", "/faults");
    // The replacement is in the stack; the placeholder, under the same URN, is pending deletion.
    const held = (await stateMonitors(t)).filter((r) => r.urn === placeholder.urn);
    expect(held).toEqual(
      expect.arrayContaining([
        { id: placeholder.id, urn: placeholder.urn, delete: true },
        { id: m0.uuid, urn: placeholder.urn, delete: false },
      ]),
    );
    expect(held).toHaveLength(2);

    if (mode === "uptime") {
      // 3. The program unchanged: the next `pulumi up` drops the placeholder (no request) and creates m1 and m2.
      await clearRequests(emulator);
      const output: string[] = [];
      const up = await t.stack.up({ onOutput: (l) => output.push(l) });
      expect(up.summary.result).toBe("succeeded");
      expect(output.join("")).toContain(
        `unconfirmed placeholder ${placeholder.id} dropped from the stack: its replacement, ${m0.uuid}, is in the stack under the same URN`,
      );
      expect(mutating(await requestLines(emulator))).toEqual(["POST /v1/monitors", "POST /v1/monitors"]);
      // Service == program == state: three monitors, each once, the state holding exactly the service's.
      const service = (await adminGet(emulator, "/state")).monitors as Json[];
      expect(service.map((m) => m.name).sort()).toEqual(expectedNames(3));
      const state = await stateMonitors(t);
      expect(state.map((r) => r.id).sort()).toEqual(service.map((m) => m.uuid).sort());
      expect(state.filter((r) => r.delete)).toEqual([]);
      await expectEmptyPreview(t, 4);
    } else {
      // 3. destroy sees no replacement in its run (it diffs nothing): it stops on the placeholder with the way out.
      const first: string[] = [];
      await expect(t.stack.destroy({ onOutput: (l) => first.push(l) })).rejects.toThrow();
      const advice = /run the same command again with (UPTIME_DROP_UNCONFIRMED)=(\S+) in the environment/.exec(first.join(""));
      expect(advice).not.toBeNull();
      expect(advice![2]).toBe(placeholder.id);
      // `pulumi state delete '<urn>'` cannot name it: two resources share its URN.
      const destroy = await withEnv(t, { [advice![1]]: advice![2] }, () => t.stack.destroy());
      expect(destroy.summary.result).toBe("succeeded");
      expect(await stateMonitors(t)).toEqual([]);
      expect((await adminGet(emulator, "/state")).monitors).toEqual([]);
      // Nothing of it is left to trouble the stack: an `up` makes the program's three (m0 no longer taken over: its
      // monitor was destroyed), and the preview after it is empty.
      await t.stack.removeConfig("fleet:adopt");
      const up = await t.stack.up();
      expect(up.summary.resourceChanges).toMatchObject({ create: 4 });
      const service = (await adminGet(emulator, "/state")).monitors as Json[];
      expect(service.map((m) => m.name).sort()).toEqual(expectedNames(3));
      expect((await stateMonitors(t)).map((r) => r.id).sort()).toEqual(service.map((m) => m.uuid).sort());
      await expectEmptyPreview(t, 4);
    }
  });
});
