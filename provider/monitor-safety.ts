// Monitor-creation safety, in one module: the API creates monitors but cannot look them up by name, so
// a creation Pulumi does not record is a duplicate in waiting. Placeholders (a POST whose answer was
// lost), the create journal around a POST (journal.ts stores the notes), this run's bookkeeping (when
// a placeholder may leave the stack), and PULUMI_SKIP_CHECKPOINTS (creations refused). monitor.ts and
// fleet.ts call into it; providers.ts passes it the run's events.
import { randomUUID } from "node:crypto";
import type { RequestOptions } from "./api/client";
import { ApiError, ConnectionError, ResponseFormatError } from "./api/errors";
import type { CreateJournal, Held, Notes } from "./journal";

// ---- Placeholders: the POST reached the service (or may have) but no answer came back, so the uuid is
// unknown. The resource stays in the stack as unconfirmed until the user says which it is: `adoptUuid`
// (it exists: take it over) or `pulumi up --replace` (it does not).

export const UNCONFIRMED_PREFIX = "unconfirmed-";

/** What the state holds for a placeholder: no uuid, only what names it and what the program declared. */
export type UnconfirmedOutputs = {
  unconfirmed: true;
  name: unknown;
  declaredFields: string[];
  journalKey?: string;
};

/** A placeholder: by its id, or by its state (a state whose id the engine kept from an older run). */
export function isUnconfirmed(id: string, props: object): props is UnconfirmedOutputs {
  return id.startsWith(UNCONFIRMED_PREFIX) || ("unconfirmed" in props && props.unconfirmed === true);
}

/** `pulumi up --replace` of the resource's URN as the SDK handed it over (its journal key), quoted for a shell; `unknown` when not known. */
export function replaceCommand(urn: unknown, unknown = "<this resource's URN>"): string {
  if (typeof urn === "string" && urn.startsWith("urn:")) return `\`pulumi up --replace '${urn}'\``;
  return `\`pulumi up --replace ${unknown}\` (\`pulumi stack --show-urns\` lists them)`;
}

/** Where a placeholder stands: a Monitor resource (by its URN), or a fleet's member (by its path and placeholder id). */
type PlaceholderAt = { urn?: unknown; member?: undefined } | { member: string; id: string };

/** The way out for a placeholder: the monitor exists (take it over with adoptUuid) or it does not (create it anew). */
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

/**
 * The error create() throws for an unconfirmed creation. Its `id` and `properties` make the engine
 * keep the resource in the stack (as a resource that failed to initialize) under a placeholder id.
 */
export function unconfirmedCreateError(name: unknown, what: string, declaredFields: string[], urn?: unknown, cause?: unknown): Error {
  const message =
    `monitor ${JSON.stringify(name)}: ${what}. The service may have created the monitor, and the API offers no ` +
    `way to look it up by name, so the resource is kept in the stack as unconfirmed instead of risking a ` +
    `duplicate. ${unconfirmedGuidance(name, { urn })}`;
  const properties: UnconfirmedOutputs = { unconfirmed: true, name, declaredFields };
  if (typeof urn === "string") properties.journalKey = urn;
  return Object.assign(new Error(message, { cause }), {
    id: `${UNCONFIRMED_PREFIX}${randomUUID()}`,
    properties,
    // The engine prints the reasons (not the message) of a resource that failed to initialize.
    reasons: [message],
  });
}

/** Nothing is sent for a placeholder until the user says whether its monitor exists: `why` it is one, and the way out. */
export function stillUnconfirmedError(
  name: unknown,
  at: PlaceholderAt,
  why = "its creation was never confirmed (an earlier `pulumi up` lost the answer)",
): Error {
  const head = at.member !== undefined ? `${why} (placeholder ${at.id})` : `monitor ${JSON.stringify(name)}: ${why}`;
  return new Error(`${head}, so nothing is sent until you say whether it exists. ${unconfirmedGuidance(name, at)}`);
}

/** The environment variable by which a user drops named placeholders from the stack (see unconfirmedDeleteError). */
export const DROP_UNCONFIRMED_ENV = "UPTIME_DROP_UNCONFIRMED";

/** Whether the user named this placeholder in UPTIME_DROP_UNCONFIRMED (ids separated by commas or spaces). */
export function dropRequested(id: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env[DROP_UNCONFIRMED_ENV] ?? "").split(/[\s,]+/).includes(id);
}

/**
 * The error delete() throws for a placeholder that nothing in this run shows replaced (a destroy, or
 * the resource removed from the program): the monitor may exist and keep checking and alerting, so
 * it is not dropped from the stack without a word. The way out names this placeholder's id, and works
 * whether or not the stack also holds a replacement under the same URN (which makes `pulumi state
 * delete <urn>` ambiguous, and so refused, outside a terminal).
 */
export function unconfirmedDeleteError(id: string, name: unknown): Error {
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

/** Answers after which the service (behind a gateway) may still have created the monitor: not retried for POST. */
const AMBIGUOUS_STATUSES = new Set([502, 503, 504]);

function isAmbiguous(error: unknown): boolean {
  return (
    (error instanceof ConnectionError && error.mayHaveReachedServer) ||
    (error instanceof ApiError && AMBIGUOUS_STATUSES.has(error.status)) ||
    // A success whose body cannot be read: the service did create the monitor, but its uuid is lost.
    (error instanceof ResponseFormatError && error.status !== undefined && error.status >= 200 && error.status < 300)
  );
}

/**
 * A monitor's creation noted in `notes` under `key` (the resource's URN; no key, no notes). A monitor an
 * interrupted run created under the key is resumed (`resume` edits it to the declared state, or answers
 * undefined when it is gone or cannot be), a creation an interrupted run sent without an answer stops
 * with the way out, and otherwise the POST is noted as it leaves (after its wait in the account's
 * scheduler) and its uuid after. A POST whose answer was lost leaves a placeholder (unconfirmedCreateError).
 */
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
  // An address that is not the service must fail here, before a POST whose fate could stay unknown.
  await steps.verify();
  // Noted as sent when the POST leaves, not while it waits its turn in the account's scheduler, and no
  // longer once the service refused it unprocessed (429): a run killed meanwhile leaves in doubt only the
  // creations that were on their way.
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

/** A placeholder is matched by its URN; one from a state that did not keep the URN, by its name. */
const identityOf = (props: { journalKey?: unknown; name?: unknown }): string =>
  typeof props.journalKey === "string" ? `key:${props.journalKey}` : `name:${String(props.name)}`;

/**
 * What one run has seen, as the engine calls the provider: one provider process is one run, and
 * session.ts holds this for its lifetime (a new one per test's resetSession).
 */
export class ThisRun {
  /** check() ran: the program ran, so the settings are the configuration's as it is now. */
  programRan = false;
  /** Monitors created or taken over in this run, by URN (journalKey) and by name. */
  private readonly createdOnes = new Set<string>();
  /**
   * Monitors the program declares in this run, by URN: check() is called for a resource the program
   * registers, never for one a refresh reads or a monitor pending deletion.
   */
  private readonly declaredOnes = new Set<string>();
  /**
   * Confirmed monitors the engine diffed or updated in this run under a URN the program declares, by
   * that URN. A placeholder deleted under such a URN is not the resource the program declares there (a
   * declared resource is deleted only to be replaced, and a placeholder is replaced only as the user
   * says): it is the one its replacement (`adoptUuid` or `up --replace`) left pending deletion in a run
   * that failed before the engine deleted it. The replacement exists, so the placeholder has served.
   * Diffs outside the program's registrations (a refresh's, which include monitors pending deletion)
   * come before any check() of the run or in runs without one, so they note nothing.
   */
  private readonly heldOnes = new Map<string, string>();
  /** Placeholders this run's diff found replaced by taking a monitor over (adoptUuid), by URN: the uuid taken over. */
  private readonly adoptingOnes = new Map<string, string>();
  /** What the plugin's creates and updates made, by URN: a Monitor's uuid, or a fleet's members (see confirmMade). */
  private readonly madeHere = new Map<string, Held>();
  /** Cancel requests seen. The engine sends one as it stops its plugins, and one more, earlier, when the run is cancelled (^C). */
  cancels = 0;

  /** check() of a monitor the program registers. */
  declared(key: unknown): void {
    if (typeof key === "string") this.declaredOnes.add(`key:${key}`);
  }

  /** diff() or update() of the monitor `id` under the URN `key`. */
  held(id: string, olds: object, key: unknown): void {
    if (typeof key === "string" && this.declaredOnes.has(`key:${key}`) && !isUnconfirmed(id, olds)) this.heldOnes.set(`key:${key}`, id);
  }

  /** diff() of a placeholder that `adoptUuid` replaces. */
  adopting(olds: { journalKey?: unknown; name?: unknown }, uuid: string): void {
    this.adoptingOnes.set(identityOf(olds), uuid);
  }

  /** create() of a monitor, created or taken over. */
  created(inputs: { journalKey?: unknown; name?: unknown }): void {
    this.createdOnes.add(`name:${String(inputs.name)}`);
    if (typeof inputs.journalKey === "string") this.createdOnes.add(`key:${inputs.journalKey}`);
  }

  /** The plugin's create or update made `held` under `urn` (a fleet's members join those made before). */
  made(urn: string, held: Held): void {
    const before = this.madeHere.get(urn);
    this.madeHere.set(urn, typeof held === "string" || typeof before !== "object" ? held : { ...before, ...held });
  }

  /** The monitor `uuid` was deleted, its note with it; a monitor made under the same URN to replace it keeps its own. */
  deleted(uuid: string): void {
    for (const [urn, held] of this.madeHere) if (held === uuid) this.madeHere.delete(urn);
  }

  /**
   * Confirms the notes of what this process made, when the engine stops the plugin at the end of a run that
   * was not cancelled: it then saved every step before stopping its plugins. A cancelled run (a second
   * Cancel) may have been terminated with steps done but not saved (pkg v3.259.0 engine/update.go skips the
   * checkpoint once terminated): its notes stay, and the next run takes over what the state lacks, or
   * confirms what it holds (diff and delete do).
   */
  confirmMade(journal: () => CreateJournal): { confirmed: number; kept: number } {
    const count = (held: Held) => (typeof held === "string" ? 1 : Object.values(held).filter((m) => typeof m?.uuid === "string").length);
    const notes = [...this.madeHere.values()].reduce((sum, held) => sum + count(held), 0);
    if (notes === 0 || this.cancels > 1) return { confirmed: 0, kept: notes };
    const notesOf = journal();
    for (const [urn, held] of this.madeHere) notesOf.confirm(urn, held);
    this.madeHere.clear();
    return { confirmed: notes, kept: 0 };
  }

  /**
   * Why a placeholder may leave the stack, in the words of the line logged: replaced in this run (taken
   * over with adoptUuid, or created anew by `up --replace`; with `deleteBeforeReplace`, about to be taken
   * over), replaced in an earlier run (held), or named by the user. Throws the way out otherwise.
   */
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

// ---- PULUMI_SKIP_CHECKPOINTS=true makes the engine save the state once, when the run ends, instead of
// after every step. A run stopped before that save loses every step it made from the stack. For an
// edit or a delete that is harmless here (the next run sends the same PATCH again, and a DELETE of a
// monitor already gone is proven gone), but a monitor created in that run would be lost: the create
// journal (journal.ts) drops its note when the engine answers the registration, which with this
// setting is before the save, and the API cannot find a monitor by name. No hook of ours runs after
// the engine's final save (the provider is stopped before it), so the journal cannot tell a run
// stopped midway from a finished one. Monitor creations are therefore refused under this setting.

/** Whether the engine runs with PULUMI_SKIP_CHECKPOINTS, read as the engine reads it ("1" or "true", any case). */
export function skipsCheckpoints(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.PULUMI_SKIP_CHECKPOINTS;
  return value === "1" || value?.toLowerCase() === "true";
}

let explained = false;

/**
 * Why a monitor is not created under PULUMI_SKIP_CHECKPOINTS: in full the first time in a provider
 * process (a run), then in a line, so that a program of many new monitors says it once.
 */
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

/**
 * The refusal of creating the monitor `name` (`what`: how, e.g. by replacing it) while the engine skips
 * checkpoints; none when it saves as it goes, or when the monitor is taken over (adoptUuid), not created.
 * Every path that would create a monitor asks here (providers.ts: a Monitor's and a fleet's check, diff, create).
 */
export function creationRefused(monitor: { name?: unknown; adoptUuid?: unknown }, what?: string): string | undefined {
  if (!skipsCheckpoints() || (monitor.adoptUuid !== undefined && monitor.adoptUuid !== null && monitor.adoptUuid !== "")) return undefined;
  return skipCheckpointsRefusal(monitor.name, what);
}

/** Tests: the next refusal is explained in full again. */
export function resetSkipCheckpointsNotice(): void {
  explained = false;
}
