// The e2e matrix (tests/e2e/programs/matrix/<row>): each row a program with its own emulator, stack and first `up`;
// each step returns the requests it sent, and at a row's end the bystander monitor is untouched, the journal empty.
import * as path from "node:path";
import type { UpOptions } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../../emulator/types";
import type { TestStack } from "./pulumi";
import { Json, SEEDED_ALERT, SEEDED_PAGE, adminCall, adminGet, e2eFile, journalNotes, mutating, pulumiCli, seededPage } from "./e2e";
import { serviceState, stateResources, withoutAccountCheck } from "./e2e";
import { startE2eEmulator } from "./servers";

const MATRIX = path.resolve(__dirname, "../e2e/programs/matrix");
/** A second alert in the service, for rows that change a monitor's alerts. */
export const SECOND_ALERT = "7d2f9b64-1c3e-4a58-b0d7-6e9f2a1c3b04";
const BYSTANDER = "b1b2b3b4-0000-4000-8000-00000000b0b0";

/** What one operation did: its result, the requests it sent ("METHOD /v1/path", the account check aside), in order and as logged. */
interface Observed<T> {
  result: T;
  requests: string[];
  /** The requests that change something, sorted (the engine runs independent steps in parallel). */
  changes: string[];
  /** The requests as the emulator logged them (method, path, body). */
  log: Json[];
}

/** The emulator of one row: the demo seed, a second alert and the bystander monitor. */
async function startMatrixEmulator(): Promise<RunningEmulator> {
  const emulator = await startE2eEmulator();
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

/** A matrix row: its stack and emulator, what its first `up` did, and the steps a row takes. */
export type Row = Awaited<ReturnType<typeof startRow>>;

async function startRow(t: TestStack, emulator: RunningEmulator) {
  const log = async (): Promise<Json[]> => (await adminGet(emulator, "/requests")).requests;
  /** Any operation, observed. */
  const observe = async <T>(operation: () => Promise<T>): Promise<Observed<T>> => {
    const before = Math.max(0, ...(await log()).map((r) => r.seq as number));
    const result = await operation();
    const after = (await log()).filter((r) => r.seq > before);
    const requests = withoutAccountCheck(after.map((r) => `${r.method} ${String(r.path).replace(/\?.*$/, "")}`));
    return { result, requests, changes: mutating(requests).sort(), log: after };
  };
  /** `pulumi up`; the create journal is empty after it. */
  const up = async (options: UpOptions = {}) => {
    const out = await observe(() => t.stack.up(options));
    expect(journalNotes(t).filter(isNote)).toEqual([]);
    return out;
  };
  /** The monitors in the service, by name (the bystander left out). */
  const monitors = async () => {
    const out: Record<string, Json[]> = {};
    for (const m of (await serviceState(emulator)).monitors) if (m.uuid !== BYSTANDER) (out[m.name] ??= []).push(m);
    return out;
  };
  /** The one monitor of this name. */
  const only = async (name: string) => {
    const found = (await monitors())[name] ?? [];
    expect([name, found.length]).toEqual([name, 1]);
    return found[0];
  };
  return {
    t,
    emulator,
    log,
    created: await up(),
    /** Sets stack config values (the program's own namespace). */
    set: (values: Record<string, string>) =>
      t.stack.setAllConfig(Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { value }]))),
    up,
    preview: () => observe(() => t.stack.preview()),
    /** A preview proposes nothing and sends nothing that changes anything. */
    async expectNoChanges() {
      const { result, changes } = await observe(() => t.stack.preview({ expectNoChanges: true }));
      expect(Object.keys(result.changeSummary).filter((k) => k !== "same")).toEqual([]);
      expect(changes).toEqual([]);
    },
    destroy: () => observe(() => t.stack.destroy()),
    /** `pulumi destroy` refused because of `protect`, sending nothing that changes anything: its message. */
    async destroyRefused() {
      const refused = await observe(() =>
        t.stack.destroy().then(
          () => "destroyed",
          (e: Error) => e.message,
        ),
      );
      expect(refused.result).toMatch(/protected/);
      expect(refused.changes).toEqual([]);
      return refused.result;
    },
    observe,
    monitors,
    only,
    /** The uuid of the one monitor of each name. */
    uuids: async (...names: string[]) => Promise.all(names.map(async (n) => (await only(n)).uuid as string)),
    page: () => seededPage(emulator),
    resources: () => stateResources(t),
    async urn(name: string): Promise<string> {
      const found = (await stateResources(t)).filter((res) => String(res.urn).endsWith(`::${name}`));
      if (found.length !== 1) throw new Error(`expected one resource named ${name}, found ${found.length}`);
      return found[0].urn;
    },
    /** The pulumi CLI on this stack, as a user types it. */
    cli: (args: string[]) => pulumiCli(t, args, { timeout: 240_000 }),
  };
}

/** The driver of a matrix file's rows: `row(program, body, config)` runs one, its emulator and stack removed at the end. */
export function matrixFile() {
  const file = e2eFile(false);

  return async function row(program: string, body: (r: Row) => Promise<void>, config: Record<string, string> = {}): Promise<void> {
    const emulator = file.track(await startMatrixEmulator());
    const t = await file.stack(path.join(MATRIX, program), {
      stackName: program,
      emulator,
      config: { pageUuid: SEEDED_PAGE, alertUuid: SEEDED_ALERT, secondAlertUuid: SECOND_ALERT, ...config },
    });
    const r = await startRow(t, emulator);
    await body(r);

    // Whatever the row did, the bystander monitor is still there, never edited nor asked for.
    const bystander = await adminGet(emulator, `/monitors/${BYSTANDER}`);
    expect(bystander).toMatchObject({ uuid: BYSTANDER, name: "bystander (not in any stack)", updatedAt: null });
    expect((await r.log()).filter((req) => String(req.path).includes(BYSTANDER))).toEqual([]);
    expect(journalNotes(t).filter(isNote)).toEqual([]);
  };
}

/** A note of the create journal: a monitor's is a .json file, a fleet's notes one .log. */
const isNote = (file: string) => /\.(json|log)$/.test(file);
