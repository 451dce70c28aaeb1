// The e2e matrix of real programs (tests/e2e/programs/matrix/<row>): each row is a user's program
// run through the real engine against the emulator. These helpers run one engine operation and
// return what the service was asked to do meanwhile, so every step can assert exactly the requests
// the change needs; a bystander monitor (not in any stack) must come out of every row untouched, and
// the create journal must hold no note once a run finished.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { TestStack, createStack } from "./pulumi";
import { Json, SEEDED_ALERT, SEEDED_PAGE, adminCall, adminGet, clearRequests, requestLines, withoutAccountCheck } from "./e2e";
import { E2E_API_KEY, startE2eEmulator } from "./servers";

export const MATRIX = path.resolve(__dirname, "../e2e/programs/matrix");
/** A second alert in the service, for rows that change a monitor's alerts. */
export const SECOND_ALERT = "7d2f9b64-1c3e-4a58-b0d7-6e9f2a1c3b04";
const BYSTANDER = "b1b2b3b4-0000-4000-8000-00000000b0b0";

/** The emulator every row of a file shares: the demo seed, a second alert and a bystander monitor. */
export async function startMatrixEmulator(options: { fillDefaults?: boolean; documentedOnly?: boolean } = {}): Promise<RunningEmulator> {
  const emulator = await startE2eEmulator(options);
  await adminCall(emulator, "POST", "/alerts", { uuid: SECOND_ALERT, name: "Escalation", down: true, recipients: [] });
  await adminCall(emulator, "POST", "/monitors", {
    uuid: BYSTANDER,
    name: "bystander (not in any stack)",
    type: "https",
    urn: "https://bystander.example/health",
    interval: 60,
    regions: [1],
  });
  return emulator;
}

/**
 * The set-up every matrix test file shares, registered in the calling file: one emulator for its
 * rows, and every stack a row makes removed at the end.
 */
export function matrixFile(options: { fillDefaults?: boolean; documentedOnly?: boolean } = {}) {
  let emulator: RunningEmulator | undefined;
  const stacks: TestStack[] = [];
  beforeAll(async () => {
    emulator = await startMatrixEmulator(options);
  });
  afterAll(async () => {
    for (const t of stacks) await t.remove();
    await emulator?.close();
  });
  const current = (): RunningEmulator => {
    if (!emulator) throw new Error("the matrix emulator is not started yet (use it inside a test)");
    return emulator;
  };
  const track = (t: TestStack): TestStack => {
    stacks.push(t);
    return t;
  };
  return {
    emulator: current,
    track,
    /** A stack of the row's program (tests/e2e/programs/matrix/<name>), removed at the end. */
    row: async (name: string, config: Record<string, string> = {}): Promise<TestStack> => track(await rowStack(name, current(), config)),
    /** The uuid of the one monitor of each name. */
    uuidsOf: async (names: string[]): Promise<string[]> => {
      const byName = await monitorsByName(current());
      return names.map((n) => {
        expect(byName[n]).toHaveLength(1);
        return byName[n][0].uuid as string;
      });
    },
  };
}

/** The bystander monitor is still there, never edited. */
export async function expectBystanderUntouched(emulator: RunningEmulator): Promise<void> {
  const bystander = await adminGet(emulator, `/monitors/${BYSTANDER}`);
  expect(bystander).toMatchObject({ uuid: BYSTANDER, name: "bystander (not in any stack)", updatedAt: null });
  const touched = (await adminGet(emulator, "/requests")).requests.filter((r: Json) => String(r.path).includes(BYSTANDER));
  expect(touched).toEqual([]);
}

export async function rowStack(row: string, emulator: RunningEmulator, config: Record<string, string> = {}): Promise<TestStack> {
  return createStack(path.join(MATRIX, row), {
    stackName: row,
    config: {
      "uptime:baseUrl": { value: emulator.url },
      "uptime:apiKey": { value: E2E_API_KEY, secret: true },
      pageUuid: { value: SEEDED_PAGE },
      alertUuid: { value: SEEDED_ALERT },
      secondAlertUuid: { value: SECOND_ALERT },
      ...Object.fromEntries(Object.entries(config).map(([k, value]) => [k, { value }])),
    },
  });
}

/** Runs `operation` and returns it with the requests the service received meanwhile ("METHOD /v1/path"), the account check aside. */
export async function observed<T>(emulator: RunningEmulator, operation: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  await clearRequests(emulator);
  const result = await operation();
  return { result, requests: withoutAccountCheck(await requestLines(emulator)) };
}

/** Requests that change something, sorted (the engine runs independent steps in parallel). */
export const changes = (requests: string[]) => requests.filter((r) => !r.startsWith("GET ")).sort();

/** No note of a finished run is left in the create journal. */
export function expectJournalEmpty(t: TestStack): void {
  const dir = t.env.UPTIME_JOURNAL_DIR;
  // A monitor's note is a .json file; a fleet's notes are one .log.
  const notes = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.(json|log)$/.test(f)) : [];
  expect(notes).toEqual([]);
}

/** `pulumi up`; the journal is empty after it. */
export async function up(t: TestStack, emulator: RunningEmulator, options: Parameters<TestStack["stack"]["up"]>[0] = {}) {
  const out = await observed(emulator, () => t.stack.up(options));
  expectJournalEmpty(t);
  return out;
}

/** A second preview proposes nothing and sends nothing. */
export async function expectNoChanges(t: TestStack, emulator: RunningEmulator): Promise<void> {
  const { result, requests } = await observed(emulator, () => t.stack.preview({ expectNoChanges: true }));
  expect(Object.keys(result.changeSummary).filter((k) => k !== "same")).toEqual([]);
  expect(changes(requests)).toEqual([]);
}

/**
 * `pulumi refresh` reads and writes nothing in the service, and the preview after it plans nothing and
 * sends nothing: an `up` then has nothing to do (the engine calls no provider operation for a resource
 * it plans no step for).
 */
export async function refreshChangesNothing(t: TestStack, emulator: RunningEmulator): Promise<void> {
  const refresh = await observed(emulator, () => t.stack.refresh());
  expect(Object.keys(refresh.result.summary.resourceChanges ?? {}).filter((k) => k !== "same")).toEqual([]);
  expect(changes(refresh.requests)).toEqual([]);
  await expectNoChanges(t, emulator);
}

/** `pulumi destroy` refused because of `protect`: its message, after checking it says so and sent nothing that changes anything. */
export async function destroyRefused(t: TestStack, emulator: RunningEmulator): Promise<string> {
  const refused = await observed(emulator, () =>
    t.stack.destroy().then(
      () => "destroyed",
      (e: Error) => e.message,
    ),
  );
  expect(refused.result).toMatch(/protected/);
  expect(changes(refused.requests)).toEqual([]);
  return refused.result;
}

/** The monitors in the service, by name (the bystander left out). */
export async function monitorsByName(emulator: RunningEmulator): Promise<Record<string, Json[]>> {
  const out: Record<string, Json[]> = {};
  for (const m of (await adminGet(emulator, "/state")).monitors) {
    if (m.uuid === BYSTANDER) continue;
    (out[m.name] ??= []).push(m);
  }
  return out;
}

/** The stack's resources as `pulumi stack export` gives them. */
export async function exportedResources(t: TestStack): Promise<Json[]> {
  return (await t.stack.exportStack()).deployment.resources ?? [];
}

export async function urnOf(t: TestStack, name: string): Promise<string> {
  const found = (await exportedResources(t)).filter((r: Json) => String(r.urn).endsWith(`::${name}`));
  if (found.length !== 1) throw new Error(`expected one resource named ${name}, found ${found.length}`);
  return found[0].urn;
}

/** The pulumi CLI on this stack, as a user types it (asynchronous: the emulator runs in this process). */
export function cli(t: TestStack, args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve) => {
    execFile(
      "pulumi",
      [...args, "--stack", t.stack.name, "--non-interactive"],
      {
        cwd: t.stack.workspace.workDir,
        env: { ...process.env, ...t.env },
        timeout: 240_000,
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) => resolve({ stdout, stderr, code: error ? (typeof error.code === "number" ? error.code : 1) : 0 }),
    );
  });
}
