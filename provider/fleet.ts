// A fleet: many monitors in one resource, keyed by names the program chooses. The engine saves a
// stack after every step, rewriting the whole checkpoint, so a thousand monitors as a thousand
// resources cost a thousand rewrites; as one fleet they cost one. Each member is a monitor as the
// Monitor resource has it (the same table, check, requests, state and refresh: monitor.ts), its
// requests sent in parallel through the account's scheduler. What differs is bookkeeping: the plan
// (which members are created, edited, replaced, deleted), a run that fails midway recording exactly
// what it did (the error carries the fleet's state as it now is, which the engine keeps), and each
// member's create journal key (the fleet's URN and the member's name).
import { randomUUID } from "node:crypto";
import type { UptimeClient } from "./api/client";
import type { CreateJournal, FleetNotes } from "./journal";
import { MONITOR } from "./model/monitor";
import { plannedOutputs } from "./model/engine";
import { CheckFailure, CheckResult, UNKNOWN, containsUnknown, isUnknown, show } from "./model/values";
import {
  MonitorInputs,
  MonitorOutputs,
  MonitorState,
  OnUnsupportedDelete,
  checkMonitor,
  createMonitor,
  deleteMonitor,
  diffMonitor,
  readMonitor,
  updateMonitor,
} from "./monitor";
import { DROP_UNCONFIRMED_ENV, UnconfirmedOutputs, dropRequested, isUnconfirmed, stillUnconfirmedError } from "./monitor-safety";

/**
 * A fleet's canonical inputs: each member's as check() gives a monitor's; `retainOnRemove`, whether a member
 * removed from the fleet is left in the service (released) rather than deleted; the fleet's URN (its journal key).
 */
export type FleetInputs = { monitors: Record<string, MonitorInputs>; retainOnRemove?: boolean; journalKey?: string };
/** A member's state: a monitor's outputs, or a placeholder (its `uuid` the placeholder's id) for a creation never confirmed. */
export type MemberState = MonitorOutputs | (UnconfirmedOutputs & { uuid: string });
/**
 * A fleet's state: each member's, by name, under the input's name (`monitors`), so that the engine keeps
 * secret what the program made secret (it marks an output secret where the same path of the inputs is);
 * and members replaced (their alerts changed) whose deletion failed, by uuid, deleted by the next run before anything else.
 */
export type FleetOutputs = {
  monitors: Record<string, MemberState>;
  /** Each confirmed member's uuid, by name: what pages list, known in a preview while no member is created or replaced. */
  uuids?: Record<string, string>;
  replaced?: Record<string, MemberState>;
  journalKey?: string;
};

/** What the operations need beside the client: the create journal, and what a delete the service refuses does. */
export interface FleetContext {
  journal?: CreateJournal;
  /** Members worked on at once (uptime:maxConcurrentRequests): the requests the scheduler lets through at once. */
  concurrency?: number;
  onUnsupported: OnUnsupportedDelete;
  info(message: string): void;
  warn(message: string): void;
}

/** A member as messages and check failures name it: `monitors.api`, or `monitors["a b"]` for a name of other characters. */
export const memberPath = (key: string): string => (/^[\w-]+$/.test(key) ? `monitors.${key}` : `monitors[${JSON.stringify(key)}]`);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A member's journal key: the fleet's URN and the member's name. */
const journalKeyOf = (fleet: FleetInputs | FleetOutputs, key: string): string | undefined =>
  typeof fleet.journalKey === "string" ? `${fleet.journalKey}#${key}` : undefined;
/** The fleet's notes in the journal: one log for all its members (journal.ts FleetNotes). */
const notesOf = (fleet: FleetInputs | FleetOutputs, ctx: Pick<FleetContext, "journal">): FleetNotes | undefined =>
  typeof fleet.journalKey === "string" ? ctx.journal?.fleet(fleet.journalKey) : undefined;

/** check(): each member checked as a monitor; a failure names the member and the field. */
export function checkFleet(news: Record<string, unknown>): CheckResult<FleetInputs> {
  const journalKey = typeof news.journalKey === "string" ? news.journalKey : undefined;
  const monitors = news.monitors;
  const retain = news.retainOnRemove;
  const inputs: FleetInputs = { monitors: {}, ...(retain === true ? { retainOnRemove: true } : {}), ...(journalKey ? { journalKey } : {}) };
  if (retain !== undefined && typeof retain !== "boolean" && !isUnknown(retain)) {
    const problem = `expected true or false, got ${show(retain)}`;
    return { inputs, failures: [{ property: "retainOnRemove", problem }], warnings: [] };
  }
  if (isUnknown(retain)) inputs.retainOnRemove = retain as never;
  // Not known yet (a preview, from another resource's outputs): checked when it is.
  if (isUnknown(monitors)) return { inputs: { ...inputs, monitors: monitors as never }, failures: [], warnings: [] };
  if (!isPlainObject(monitors)) {
    const problem = `expected an object of monitors keyed by names you choose, e.g. { api: { name: "api", type: "https", ... } }, got ${show(monitors)}`;
    return { inputs, failures: [{ property: "monitors", problem }], warnings: [] };
  }
  const failures: CheckFailure[] = [];
  const warnings: string[] = [];
  for (const [key, member] of Object.entries(monitors)) {
    const at = memberPath(key);
    const fail = (problem: string) => failures.push({ property: "", member: at, problem });
    if (key.trim() === "" || key.length > 256) fail("a member's name is 1-256 characters, not blank; it keys the member in the state");
    else if (isUnknown(member)) inputs.monitors[key] = member as never;
    else if (!isPlainObject(member)) fail(`expected a monitor's inputs ({ name, type, urn, interval, regions, ... }), got ${show(member)}`);
    else {
      const result = checkMonitor(member);
      failures.push(...result.failures.map((f) => ({ ...f, member: at })));
      warnings.push(...result.warnings.map((w) => `${at}: ${w}`));
      inputs.monitors[key] = result.inputs;
    }
  }
  return { inputs, failures, warnings };
}

/** Names in natural order (m2 before m10), as a program numbering its members expects to read them. */
const natural = new Intl.Collator("en", { numeric: true }).compare;

/** What an update does to each member. */
export interface FleetPlan {
  create: string[];
  update: { key: string; fields: string[] }[];
  replace: { key: string; fields: string[] }[];
  delete: string[];
}

/** diff(): each member declared now against its state; one declared only now is created, one no longer declared deleted. */
export function planFleet(olds: FleetOutputs, news: FleetInputs): FleetPlan {
  const plan: FleetPlan = { create: [], update: [], replace: [], delete: [] };
  const members = olds.monitors ?? {};
  const declared = isPlainObject(news.monitors) ? news.monitors : {};
  for (const [key, inputs] of Object.entries(declared)) {
    const old = members[key];
    if (!old) plan.create.push(key);
    else if (isUnknown(inputs)) plan.update.push({ key, fields: ["*"] });
    else {
      const diff = diffMonitor(old as MonitorState, inputs);
      if (diff.replaces.length > 0) plan.replace.push({ key, fields: diff.changed });
      else if (diff.changes) plan.update.push({ key, fields: diff.changed });
    }
  }
  for (const key of Object.keys(members)) if (!(key in declared)) plan.delete.push(key);
  return plan;
}

/** Whether a plan changes anything (a fleet whose members are not known yet may). */
export const planChanges = (plan: FleetPlan, news: FleetInputs): boolean =>
  isUnknown(news.monitors) || plan.create.length + plan.update.length + plan.replace.length + plan.delete.length > 0;

/** The plan in the words of a preview's line: `create 2 (a, b); update 1 (c: timeout); delete 1 (d)`. */
export function describePlan(plan: FleetPlan, limit = 20): string {
  const list = (items: string[]) => {
    const shown = [...items].sort(natural);
    return `${shown.slice(0, limit).join(", ")}${items.length > limit ? `, and ${items.length - limit} more` : ""}`;
  };
  const withFields = (items: FleetPlan["update"]) => items.map((i) => `${i.key}: ${i.fields.join(", ")}`);
  const actions = { create: plan.create, update: withFields(plan.update), replace: withFields(plan.replace), delete: plan.delete };
  return Object.entries(actions)
    .filter(([, items]) => items.length > 0)
    .map(([action, items]) => `${action} ${items.length} (${list(items)})`)
    .join("; ");
}

/**
 * Why members failed, a line per reason: members failing for the same reason (a refused key, a service
 * down) are named on one line, at most 20 of them, rather than the same message a thousand times.
 */
function reasonLines(failures: { key: string; error: unknown }[]): string[] {
  const members = new Map<string, string[]>();
  for (const { key, error } of failures) {
    const reason = error instanceof Error ? error.message : String(error);
    if (!members.has(reason)) members.set(reason, []);
    members.get(reason)!.push(memberPath(key));
  }
  return [...members].map(
    ([reason, paths]) => `${paths.slice(0, 20).join(", ")}${paths.length > 20 ? ` and ${paths.length - 20} more members` : ""}: ${reason}`,
  );
}

/** What running the command again does after a partial failure, by operation: what the message promises must be what happens. */
const AGAIN = {
  kept: "the fleet's state records what was done, so running the command again retries only the rest",
  createdNone: "no member was created, so nothing is stored; running the command again creates them",
  deleting:
    "the fleet stays in the stack as it was, so running the command again deletes the rest (a member already deleted is then found gone)",
  reading: "the fleet's state is unchanged; running the command again reads every member",
} as const;

/** The error of a run that failed for some members: the state as it now is, kept by the engine, and each member's reason. */
function partialFailure(
  what: string,
  failures: { key: string; error: unknown }[],
  state: FleetOutputs,
  id: string | undefined,
  again: string = AGAIN.kept,
): Error {
  const reasons = reasonLines(failures);
  const message = `${what}: ${failures.length} member${failures.length === 1 ? "" : "s"} failed; ${again}.\n${reasons.join("\n")}`;
  // At the address if a member's failure was (providers.ts staleAddressAdvice then says what a changed address does).
  const atAddress = failures.some(({ error }) => (error as { atAddress?: unknown } | undefined)?.atAddress === true);
  const error = Object.assign(new Error(message), { atAddress });
  // With an id the engine keeps the fleet (created, or updated) with these outputs: exactly the members that exist.
  // It prints the reasons, not the message: the last one says what the state holds.
  const summary = `the fleet's state records what was done (${Object.keys(state.monitors).length} members), so running the command again retries only these`;
  return id === undefined ? error : Object.assign(error, { id, properties: state, reasons: [...reasons, summary] });
}

/** Members without the journal key a creation took (the fleet keeps its own once). */
function memberOutputs<T extends { journalKey?: unknown }>(outs: T): T {
  const { journalKey: _key, ...rest } = outs;
  return rest as T;
}

/** A creation whose answer was lost leaves a placeholder, kept in the fleet's state under its id. */
function placeholderOf(error: unknown): MemberState | undefined {
  const { id, properties } = (error ?? {}) as { id?: unknown; properties?: unknown };
  if (typeof id !== "string" || !isPlainObject(properties)) return undefined;
  const member = memberOutputs(properties);
  if (member.unconfirmed === true) return { ...(member as UnconfirmedOutputs), uuid: id };
  // Taken over (adoptUuid) but with other alerts: it is ours now, as its outputs say.
  return member as MonitorOutputs;
}

/**
 * A member's creation whose answer was lost, in a fleet's words: a Monitor resource's way out
 * (`adoptUuid` on the resource, `pulumi up --replace <urn>`) is a member's `adoptUuid` or its placeholder
 * named in UPTIME_DROP_UNCONFIRMED. Other errors are as they are.
 */
function inFleetWords(key: string, error: unknown, kept: MemberState | undefined): unknown {
  if (!kept || !("unconfirmed" in kept)) return error;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return unconfirmedMemberError(
    key,
    kept,
    `its creation was sent and no answer came (lost${cause}, or an earlier run was stopped before it); the service may have created it`,
  );
}

/**
 * Creates one member into `state`; the journal notes it under the fleet's URN and its name. A creation
 * whose answer was lost leaves its placeholder in `state`.
 */
async function createMember(client: UptimeClient, fleet: FleetInputs, key: string, ctx: FleetContext, state: FleetOutputs): Promise<void> {
  const inputs = { ...fleet.monitors[key], journalKey: journalKeyOf(fleet, key) };
  try {
    const { outs, resumed } = await createMonitor(client, inputs, notesOf(fleet, ctx));
    if (resumed) ctx.info(`${memberPath(key)}: took over ${resumed}, created by an interrupted run`);
    // As a Monitor's: in the run's output as soon as the service answers, for a runner lost with its journal.
    else if (!inputs.adoptUuid) ctx.info(`${memberPath(key)}: monitor ${JSON.stringify(inputs.name)}: created ${outs.uuid}`);
    state.monitors[key] = memberOutputs(outs);
  } catch (error) {
    const kept = placeholderOf(error);
    if (kept) state.monitors[key] = kept;
    throw inFleetWords(key, error, kept);
  }
}

/** The engine holds the members it hands over (a diff's, an update's olds): their notes have served, and a replacement posts anew. */
export function confirmHeld(olds: FleetOutputs, journal: CreateJournal | undefined): void {
  if (typeof olds.journalKey === "string") journal?.confirm(olds.journalKey, olds.monitors ?? {});
}

/** Runs `work` for each key at once (the account's scheduler paces the requests); the keys that failed, with why. */
async function each(
  keys: string[],
  work: (key: string) => Promise<void>,
  limit = DEFAULT_CONCURRENCY,
): Promise<{ key: string; error: unknown }[]> {
  const failed: { key: string; error: unknown }[] = [];
  // At most `limit` members at once: the scheduler would hold the rest anyway. (A member's creation is
  // noted in the journal as sent only when its POST leaves: monitor-safety.ts createJournaled.)
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      await work(key).catch((error: unknown) => void failed.push({ key: key as string, error }));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, keys.length)) }, worker));
  return failed.sort((a, b) => natural(a.key, b.key));
}

/** Members worked on at once unless the context says otherwise: uptime:maxConcurrentRequests's default. */
const DEFAULT_CONCURRENCY = 16;

/** create(): every member created (or taken over); a run that fails for some keeps the fleet with those it made. */
export async function createFleet(
  client: UptimeClient,
  inputs: FleetInputs,
  ctx: FleetContext,
): Promise<{ id: string; outs: FleetOutputs }> {
  const id = `fleet-${randomUUID()}`;
  const state: FleetOutputs = { monitors: {}, ...(inputs.journalKey ? { journalKey: inputs.journalKey } : {}) };
  const failed = await each(Object.keys(inputs.monitors), (key) => createMember(client, inputs, key, ctx, state), ctx.concurrency);
  if (failed.length > 0)
    throw Object.keys(state.monitors).length > 0
      ? partialFailure("creating the fleet", failed, sorted(state), id)
      : partialFailure("creating the fleet", failed, sorted(state), undefined, AGAIN.createdNone);
  return { id, outs: sorted(state) };
}

/** The members in name order, so that one declaration gives one state. */
function sorted(state: FleetOutputs): FleetOutputs {
  const { replaced, uuids: _stale, ...rest } = state;
  const members = Object.fromEntries(Object.entries(state.monitors).sort(([a], [b]) => (a < b ? -1 : 1)));
  const uuids = Object.fromEntries(Object.entries(members).flatMap(([key, m]) => (isUnconfirmed(m.uuid, m) ? [] : [[key, m.uuid]])));
  return { ...rest, monitors: members, uuids, ...(replaced && Object.keys(replaced).length > 0 ? { replaced } : {}) };
}

/** A member whose creation was never confirmed: nothing is sent, and the error says both ways out. */
const unconfirmedMemberError = (key: string, member: MemberState, why = "its creation in an earlier run was never confirmed"): Error =>
  stillUnconfirmedError(member.name, { member: memberPath(key), id: member.uuid }, why);

/**
 * update(): new members created, changed ones edited (PATCH), those whose alerts changed replaced
 * (the new one created, then the old one deleted), removed ones deleted; creations and edits first,
 * deletions after. A run that fails for some members keeps the state of what was done.
 */
export async function updateFleet(
  client: UptimeClient,
  id: string,
  olds: FleetOutputs,
  news: FleetInputs,
  ctx: FleetContext,
): Promise<{ outs: FleetOutputs }> {
  confirmHeld(olds, ctx.journal);
  const plan = planFleet(olds, news);
  const state: FleetOutputs = {
    monitors: { ...olds.monitors },
    replaced: { ...olds.replaced },
    ...(news.journalKey ? { journalKey: news.journalKey } : {}),
  };
  const replaced = new Map<string, MemberState>();
  const create = (key: string) => createMember(client, news, key, ctx, state);
  const firstFailed = await each(
    [...plan.create, ...plan.update.map((u) => u.key), ...plan.replace.map((r) => r.key)],
    async (key) => {
      const old = olds.monitors?.[key];
      if (!old) return create(key);
      if (isUnconfirmed(old.uuid, old)) {
        if (news.monitors[key].adoptUuid === undefined && !dropRequested(old.uuid)) throw unconfirmedMemberError(key, old);
        delete state.monitors[key];
        return create(key);
      }
      if (plan.replace.some((r) => r.key === key)) {
        await create(key);
        replaced.set(key, old);
        return;
      }
      const gone = () =>
        new Error(
          `monitor ${old.uuid} is no longer in the service (deleted outside Pulumi), so nothing was sent. Run \`pulumi refresh\`: ` +
            `it drops the member from the state, and the next \`pulumi up\` creates it again.`,
        );
      const { outs } = await updateMonitor(client, old.uuid, old, { ...news.monitors[key], journalKey: journalKeyOf(news, key) }, gone);
      state.monitors[key] = memberOutputs(outs);
    },
    ctx.concurrency,
  );
  // Then deletions: removed members, the old ones of replaced members, and replaced ones an earlier run failed to delete.
  const deletions = [
    ...plan.delete.map((key) => ({ key, old: olds.monitors[key], removed: true })),
    ...[...replaced].map(([key, old]) => ({ key, old, removed: false })),
    ...Object.values(olds.replaced ?? {}).map((old) => ({ key: `replaced ${old.uuid}`, old, removed: false })),
  ];
  for (const { old, removed } of deletions) if (!removed) state.replaced![old.uuid] = old;
  const secondFailed = await each(
    deletions.map((_d, i) => String(i)),
    async (index) => {
      const { key, old, removed } = deletions[Number(index)];
      if (removed && news.retainOnRemove === true)
        ctx.info(
          `${memberPath(key)}: monitor ${old.uuid} released: removed from the fleet and left in the service as it is (retainOnRemove)`,
        );
      else await deleteMember(client, key, old, ctx, notesOf(olds, ctx));
      if (removed) delete state.monitors[key];
      else delete state.replaced![old.uuid];
    },
    ctx.concurrency,
  );
  const failed = [...firstFailed, ...secondFailed.map(({ key, error }) => ({ key: deletions[Number(key)].key, error }))];
  if (failed.length > 0) throw partialFailure("updating the fleet", failed, sorted(state), id);
  return { outs: sorted(state) };
}

/** Deletes one member: DELETE (a proven 404 is already gone); a placeholder leaves with no request only when the user says so. */
async function deleteMember(client: UptimeClient, key: string, member: MemberState, ctx: FleetContext, notes?: FleetNotes): Promise<void> {
  if (isUnconfirmed(member.uuid, member)) {
    if (!dropRequested(member.uuid)) throw unconfirmedMemberError(key, member);
    ctx.info(`${memberPath(key)}: unconfirmed placeholder ${member.uuid} dropped, as ${DROP_UNCONFIRMED_ENV} says (no request)`);
    return;
  }
  await deleteMonitor(client, member.uuid, member.name, { onUnsupported: ctx.onUnsupported, warn: ctx.warn });
  // Its note, if any, is in the fleet's log: that one file is read, not every note of the journal.
  (notes ?? ctx.journal)?.forgetUuid(member.uuid);
}

/** delete(): every member deleted; when some fail, the engine keeps the fleet, and the next run deletes the rest. */
export async function deleteFleet(client: UptimeClient, props: FleetOutputs, ctx: FleetContext): Promise<void> {
  const members: Record<string, MemberState> = { ...props.monitors };
  for (const old of Object.values(props.replaced ?? {})) members[`replaced ${old.uuid}`] = old;
  const notes = notesOf(props, ctx);
  const failed = await each(Object.keys(members), (key) => deleteMember(client, key, members[key], ctx, notes), ctx.concurrency);
  if (failed.length > 0) throw partialFailure("deleting the fleet", failed, props, undefined, AGAIN.deleting);
}

export type FleetReadOutcome =
  { kind: "found"; id: string; props: FleetOutputs; inputs: FleetInputs } | { kind: "unsupported"; status: number };

/**
 * read() for refresh: each member read again. One the service proves gone leaves the state (the next
 * `up` creates it again); one the service cannot read, or a placeholder, is kept as it is.
 */
export async function readFleet(
  client: UptimeClient,
  id: string,
  props: FleetOutputs,
  ctx: Pick<FleetContext, "info">,
): Promise<FleetReadOutcome> {
  const state: FleetOutputs = { ...props, monitors: { ...props.monitors } };
  const inputs: FleetInputs = { monitors: {}, ...(props.journalKey ? { journalKey: props.journalKey } : {}) };
  let unreadable: number | undefined;
  const failed = await each(Object.keys(props.monitors ?? {}), async (key) => {
    const member = props.monitors[key];
    if (isUnconfirmed(member.uuid, member)) return;
    const outcome = await readMonitor(client, member.uuid, member);
    if (outcome.kind === "gone") {
      delete state.monitors[key];
      ctx.info(`${memberPath(key)}: monitor ${member.uuid} is gone from the service; the next \`pulumi up\` creates it again`);
    } else if (outcome.kind === "unsupported") unreadable = outcome.status;
    else {
      state.monitors[key] = memberOutputs(outcome.props);
      inputs.monitors[key] = outcome.inputs;
    }
  });
  if (failed.length > 0) throw partialFailure("reading the fleet", failed, props, undefined, AGAIN.reading);
  // A service that cannot read monitors: the whole fleet is kept as last applied (the caller warns once).
  if (unreadable !== undefined) return { kind: "unsupported", status: unreadable };
  return { kind: "found", id, props: sorted(state), inputs };
}

/** The members `pulumi import` names in the id it is given: `api=<uuid>,web=<uuid>`. */
export function importedMembers(id: string): Record<string, string> {
  const members: Record<string, string> = {};
  for (const part of id.split(",")) {
    const m = /^\s*([^=,]{1,256}?)\s*=\s*([A-Za-z0-9][A-Za-z0-9_-]{0,127})\s*$/.exec(part);
    if (!m || m[1].trim() === "") {
      throw new Error(
        `a MonitorFleet is imported by the names and uuids of its members, \`name=<uuid>\` separated by commas ` +
          `(e.g. \`pulumi import uptime:index:MonitorFleet edge 'api=<uuid>,web=<uuid>'\`); ${JSON.stringify(part)} is not one. Nothing was imported.`,
      );
    }
    if (m[1] in members) throw new Error(`member ${JSON.stringify(m[1])} is named twice in the import id; nothing was imported`);
    members[m[1]] = m[2];
  }
  return members;
}

/**
 * \`pulumi import\` (through the plugin): each member named in the id read from the service, every field
 * it holds taken as declared, as a Monitor's import does. One the service does not have, or cannot
 * read, fails the import, naming it: nothing is stored.
 */
export async function importFleet(client: UptimeClient, id: string): Promise<FleetReadOutcome> {
  const wanted = importedMembers(id);
  const state: FleetOutputs = { monitors: {} };
  const inputs: FleetInputs = { monitors: {} };
  const failed = await each(Object.keys(wanted), async (key) => {
    const outcome = await readMonitor(client, wanted[key], {} as MonitorOutputs);
    if (outcome.kind === "gone") throw new Error(`the service has no monitor ${wanted[key]}`);
    if (outcome.kind === "unsupported") {
      throw new Error(
        `the service answered ${outcome.status} to reading monitor ${wanted[key]} (it offers no GET of a monitor), so there is nothing to import`,
      );
    }
    state.monitors[key] = memberOutputs(outcome.props);
    inputs.monitors[key] = outcome.inputs;
  });
  if (failed.length > 0) {
    const reasons = reasonLines(failed);
    throw new Error(
      `importing the fleet: ${failed.length} of ${Object.keys(wanted).length} members failed; nothing was imported.\n${reasons.join("\n")}`,
    );
  }
  return { kind: "found", id, props: sorted(state), inputs };
}

/**
 * What a preview plans for the fleet's outputs (the provider plugin says it; the dynamic host cannot):
 * an unchanged member as it is, an edited one with the fields it changes, a new or replaced one as a
 * creation (its uuid not known yet), so that what reads an unchanged member stays known.
 */
export function plannedFleet(olds: FleetOutputs | undefined, news: FleetInputs): Record<string, unknown> {
  if (isUnknown(news.monitors)) return { monitors: news.monitors, uuids: news.monitors };
  const plan = planFleet(olds ?? { monitors: {} }, news);
  const monitors: Record<string, unknown> = {};
  for (const [key, inputs] of Object.entries(news.monitors)) {
    const old = olds?.monitors?.[key];
    const update = plan.update.find((u) => u.key === key);
    const fresh = !old || plan.replace.some((r) => r.key === key);
    if (isUnknown(inputs)) monitors[key] = inputs;
    else if (fresh) monitors[key] = plannedOutputs(MONITOR, inputs, {}, "all");
    else if (update) monitors[key] = plannedOutputs(MONITOR, inputs, old as Record<string, unknown>, update.fields);
    else monitors[key] = old;
  }
  // A member created or replaced has no uuid yet; the others keep theirs.
  const uuids = Object.fromEntries(
    Object.entries(monitors).map(([key, m]) => [key, (m as { uuid?: unknown } | undefined)?.uuid ?? UNKNOWN]),
  );
  return { monitors, uuids };
}

/** The plan as the engine's detailed diff: each member added or deleted, each field of a member changed. */
export function detailedPlan(plan: FleetPlan): Record<string, "add" | "update" | "delete"> {
  const detailed: Record<string, "add" | "update" | "delete"> = {};
  for (const key of plan.create) detailed[memberPath(key)] = "add";
  for (const key of plan.delete) detailed[memberPath(key)] = "delete";
  for (const { key, fields } of [...plan.update, ...plan.replace])
    for (const field of fields) detailed[`${memberPath(key)}.${field}`] = "update";
  return detailed;
}

/** Whether anything in the fleet's inputs is still unknown (a preview). */
export const fleetUnknown = (inputs: FleetInputs): boolean => containsUnknown(inputs.monitors);
