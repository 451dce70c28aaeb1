// Monitor-creation safety: the API cannot look monitors up by name, so a creation Pulumi does not record
// is a duplicate in waiting.
import { randomUUID } from "node:crypto";
import type { RequestOptions } from "./api/client";
import { ApiError, ConnectionError, ResponseFormatError } from "./api/errors";
import type { CreateJournal, Held, Notes } from "./journal";

// ---- Placeholders: a POST that may have reached the service but whose answer was lost. The resource stays
// unconfirmed until the user says: `adoptUuid` (it exists) or `pulumi up --replace` (it does not).

export const UNCONFIRMED_PREFIX = "unconfirmed-";

export type UnconfirmedOutputs = {
  unconfirmed: true;
  name: unknown;
  declaredFields: string[];
  journalKey?: string;
};

/** By its id, or by its state (an id the engine kept from an older run). */
export function isUnconfirmed(id: string, props: object): props is UnconfirmedOutputs {
  return id.startsWith(UNCONFIRMED_PREFIX) || ("unconfirmed" in props && props.unconfirmed === true);
}

/** `pulumi up --replace` of the URN the SDK handed over (the journal key), quoted for a shell. */
export function replaceCommand(urn: unknown, unknown = "<this resource's URN>"): string {
  if (typeof urn === "string" && urn.startsWith("urn:")) return `\`pulumi up --replace '${urn}'\``;
  return `\`pulumi up --replace ${unknown}\` (\`pulumi stack --show-urns\` lists them)`;
}

type PlaceholderAt = { urn?: unknown; member?: undefined } | { member: string; id: string };

function unconfirmedGuidance(name: unknown, at: PlaceholderAt): string {
  const recreate =
    at.member !== undefined
      ? `run \`pulumi up\` with ${DROP_UNCONFIRMED_ENV}=${at.id} in the environment`
      : `run ${replaceCommand(at.urn)}`;
  return (
    `Look in the service's dashboard for a monitor named ${JSON.stringify(name)}. If it exists, set \`adoptUuid: "<its uuid>"\` ` +
    `on ${at.member ?? "this resource"} and run \`pulumi up\`: it is taken over. If it does not, ${recreate}: a new one is created.`
  );
}

/** Its `id` and `properties` make the engine keep the resource (failed to initialize) under a placeholder id. */
function unconfirmedCreateError(name: unknown, what: string, declaredFields: string[], urn?: unknown, cause?: unknown): Error {
  const message =
    `monitor ${JSON.stringify(name)}: ${what}. The service may have created the monitor, and the API offers no ` +
    `way to look it up by name, so the resource is kept in the stack as unconfirmed instead of risking a ` +
    `duplicate. ${unconfirmedGuidance(name, { urn })}`;
  const properties: UnconfirmedOutputs = { unconfirmed: true, name, declaredFields };
  if (typeof urn === "string") properties.journalKey = urn;
  return Object.assign(new Error(message, { cause }), {
    id: `${UNCONFIRMED_PREFIX}${randomUUID()}`,
    properties,
    // What the engine prints, not the message.
    reasons: [message],
  });
}

export function stillUnconfirmedError(
  name: unknown,
  at: PlaceholderAt,
  why = "its creation was never confirmed (an earlier `pulumi up` lost the answer)",
): Error {
  const head = at.member !== undefined ? `${why} (placeholder ${at.id})` : `monitor ${JSON.stringify(name)}: ${why}`;
  return new Error(`${head}, so nothing is sent until you say whether it exists. ${unconfirmedGuidance(name, at)}`);
}

export const DROP_UNCONFIRMED_ENV = "UPTIME_DROP_UNCONFIRMED";

export function dropRequested(id: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env[DROP_UNCONFIRMED_ENV] ?? "").split(/[\s,]+/).includes(id);
}

// A placeholder nothing in this run shows replaced. Its id, not `pulumi state delete <urn>`, which is refused
// outside a terminal when a replacement shares the URN.
function unconfirmedDeleteError(id: string, name: unknown): Error {
  const n = JSON.stringify(name);
  return new Error(
    `monitor ${n}: its creation was never confirmed, so it may exist in the service, still checking and alerting, ` +
      `although the stack has no uuid for it (placeholder ${id}); nothing was deleted. Look in the service's dashboard ` +
      `for a monitor named ${n}. If it exists and the program still declares this resource, set \`adoptUuid: "<its uuid>"\` ` +
      `on it and run \`pulumi up\`: it is taken over, and the next \`pulumi destroy\` deletes it. If it does not exist, ` +
      `or the stack already holds the monitor that replaced it, run the same command again with ` +
      `${DROP_UNCONFIRMED_ENV}=${id} in the environment: this placeholder, and only it, leaves the stack, with no request.`,
  );
}

// ---- The create journal around a POST.

/** A gateway's answers after which the service may still have created the monitor. */
const AMBIGUOUS_STATUSES = new Set([502, 503, 504]);

function isAmbiguous(error: unknown): boolean {
  return (
    (error instanceof ConnectionError && error.mayHaveReachedServer) ||
    (error instanceof ApiError && AMBIGUOUS_STATUSES.has(error.status)) ||
    // A success whose body cannot be read: the service did create the monitor, but its uuid is lost.
    (error instanceof ResponseFormatError && error.status !== undefined && error.status >= 200 && error.status < 300)
  );
}

// Noted under `key` (the URN). What an interrupted run created is resumed (`resume`: undefined when gone or
// unusable); what it sent unanswered stops with the way out; else the POST is noted, then its uuid.
export async function createJournaled<R extends { uuid: string }>(
  notes: Notes | undefined,
  key: string | undefined,
  monitor: { name: string; declared: string[] },
  steps: { resume(uuid: string): Promise<R | undefined>; verify(): Promise<void>; post(progress: RequestOptions): Promise<R> },
): Promise<{ record: R; resumed?: string }> {
  const journal = notes && key ? { notes, key } : undefined;
  const entry = journal?.notes.get(journal.key);
  if (journal && entry?.state === "created" && entry.uuid) {
    const record = await steps.resume(entry.uuid);
    if (record) return { record, resumed: entry.uuid };
    journal.notes.remove(journal.key);
  } else if (journal && entry?.state === "posting") {
    journal.notes.remove(journal.key);
    throw unconfirmedCreateError(
      monitor.name,
      "an earlier `pulumi up` was stopped after sending this monitor's creation, before its answer",
      monitor.declared,
      key,
    );
  }
  // A wrong address fails here, not on a POST whose fate could stay unknown.
  await steps.verify();
  // Noted when the POST leaves the scheduler, unnoted on a 429 (unprocessed): a kill leaves in doubt only those on their way.
  let noted = false;
  const progress: RequestOptions = {
    onSend: () => {
      if (noted || !journal) return;
      journal.notes.put({ key: journal.key, state: "posting", name: monitor.name });
      noted = true;
    },
    onRefused: () => {
      if (!noted || !journal) return;
      journal.notes.remove(journal.key);
      noted = false;
    },
  };
  let record: R;
  try {
    record = await steps.post(progress);
  } catch (error) {
    journal?.notes.remove(journal.key);
    if (isAmbiguous(error)) throw unconfirmedCreateError(monitor.name, (error as Error).message, monitor.declared, key, error);
    throw error;
  }
  journal?.notes.put({ key: journal.key, state: "created", uuid: record.uuid, name: monitor.name });
  return { record };
}

// ---- This run's bookkeeping: when a placeholder may leave the stack.

/** By URN; from a state that did not keep it, by name. */
const identityOf = (props: { journalKey?: unknown; name?: unknown }): string =>
  typeof props.journalKey === "string" ? `key:${props.journalKey}` : `name:${String(props.name)}`;

export class ThisRun {
  /** check() ran, so the settings are the configuration's as it is now. */
  programRan = false;
  private readonly createdOnes = new Set<string>();
  /** By URN: check() runs for what the program registers, never for a refresh's read or a pending deletion. */
  private readonly declaredOnes = new Set<string>();
  // Confirmed monitors diffed or updated under a declared URN: a placeholder deleted under one was left pending
  // deletion by its replacement in a failed run, and has served. A refresh's diffs come before any check().
  private readonly heldOnes = new Map<string, string>();
  private readonly adoptingOnes = new Map<string, string>();
  private readonly madeHere = new Map<string, Held>();
  /** The engine sends one as it stops its plugins, and one more, earlier, when the run is cancelled. */
  cancels = 0;

  declared(key: unknown): void {
    if (typeof key === "string") this.declaredOnes.add(`key:${key}`);
  }

  held(id: string, olds: object, key: unknown): void {
    if (typeof key === "string" && this.declaredOnes.has(`key:${key}`) && !isUnconfirmed(id, olds)) this.heldOnes.set(`key:${key}`, id);
  }

  adopting(olds: { journalKey?: unknown; name?: unknown }, uuid: string): void {
    this.adoptingOnes.set(identityOf(olds), uuid);
  }

  created(inputs: { journalKey?: unknown; name?: unknown }): void {
    this.createdOnes.add(`name:${String(inputs.name)}`);
    if (typeof inputs.journalKey === "string") this.createdOnes.add(`key:${inputs.journalKey}`);
  }

  /** A fleet's members join those made before. */
  made(urn: string, held: Held): void {
    const before = this.madeHere.get(urn);
    this.madeHere.set(urn, typeof held === "string" || typeof before !== "object" ? held : { ...before, ...held });
  }

  /** A monitor made under the same URN to replace it keeps its note. */
  deleted(uuid: string): void {
    for (const [urn, held] of this.madeHere) if (held === uuid) this.madeHere.delete(urn);
  }

  // As the engine stops the plugin, having saved every step, unless the run was cancelled (a second Cancel;
  // pkg v3.259.0 engine/update.go then skips the save): those notes stay for the next run.
  confirmMade(journal: () => CreateJournal): { confirmed: number; kept: number } {
    const count = (held: Held) => (typeof held === "string" ? 1 : Object.values(held).filter((m) => typeof m?.uuid === "string").length);
    const notes = [...this.madeHere.values()].reduce((sum, held) => sum + count(held), 0);
    if (notes === 0 || this.cancels > 1) return { confirmed: 0, kept: notes };
    const notesOf = journal();
    for (const [urn, held] of this.madeHere) notesOf.confirm(urn, held);
    this.madeHere.clear();
    return { confirmed: notes, kept: 0 };
  }

  /** Why a placeholder may leave the stack, as the line logged says; throws the way out otherwise. */
  placeholderDropped(id: string, props: { journalKey?: unknown; name?: unknown }): string {
    const identity = identityOf(props);
    if (this.createdOnes.has(identity)) return "dropped from the stack, replaced by the monitor created or taken over in this run";
    const adopting = this.adoptingOnes.get(identity);
    if (adopting) return `dropped from the stack: this run takes ${adopting} over in its place (adoptUuid)`;
    const replacement = this.heldOnes.get(identity);
    if (replacement) return `dropped from the stack: its replacement, ${replacement}, is in the stack under the same URN`;
    if (dropRequested(id)) return "dropped from the stack, as UPTIME_DROP_UNCONFIRMED says";
    throw unconfirmedDeleteError(id, props.name);
  }
}

// ---- PULUMI_SKIP_CHECKPOINTS: the engine saves only when the run ends, so a run stopped before loses its steps:
// harmless for edits and deletes, but a created monitor's note is dropped when its registration is answered,
// before that save, and no hook of ours runs after it. So creations are refused.

/** Read as the engine reads it: "1" or "true", any case. */
export function skipsCheckpoints(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.PULUMI_SKIP_CHECKPOINTS;
  return value === "1" || value?.toLowerCase() === "true";
}

let explained = false;

/** In full the first time in a run, then in a line. */
export function skipCheckpointsRefusal(name: unknown, what = "creating it"): string {
  const head = `monitor ${JSON.stringify(name)}: ${what} is refused while PULUMI_SKIP_CHECKPOINTS is set`;
  if (explained) return `${head} (see the first such message); nothing was sent`;
  explained = true;
  return (
    `${head}: the engine then saves the stack only when the run ends, so a run stopped midway would lose the ` +
    `monitors it created from the stack, and nothing could find them again to prevent duplicates. Nothing was ` +
    `sent. Run this update without PULUMI_SKIP_CHECKPOINTS (unset it, or set it to false); edits, refresh ` +
    `and deletes of existing monitors work with it.`
  );
}

/** Every path that would create a monitor asks here; a take-over (adoptUuid) creates none. */
export function creationRefused(monitor: { name?: unknown; adoptUuid?: unknown }, what?: string): string | undefined {
  if (!skipsCheckpoints() || (monitor.adoptUuid !== undefined && monitor.adoptUuid !== null && monitor.adoptUuid !== "")) return undefined;
  return skipCheckpointsRefusal(monitor.name, what);
}

export function resetSkipCheckpointsNotice(): void {
  explained = false;
}
