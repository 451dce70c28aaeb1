// Many monitors in one resource: the engine rewrites the checkpoint after every step, once for a fleet, a
// thousand times for a thousand resources. Each member is a Monitor's monitor (monitor.ts); the rest is bookkeeping.
import { randomUUID } from "node:crypto";
import type { UptimeClient } from "./api/client";
import type { ReadOutcome } from "./gone";
import type { CreateJournal, FleetNotes } from "./journal";
import { MONITOR } from "./model/monitor";
import { plannedOutputs } from "./model/engine";
import { CheckFailure, CheckResult, UNKNOWN, isUnknown, show } from "./model/values";
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

/** `retainOnRemove`: a member removed from the fleet is released (left in the service), not deleted. */
export type FleetInputs = { monitors: Record<string, MonitorInputs>; retainOnRemove?: boolean; journalKey?: string };
/** A monitor's outputs, or a placeholder (its `uuid` the placeholder's id) for a creation never confirmed. */
export type MemberState = MonitorOutputs | (UnconfirmedOutputs & { uuid: string });
/** `monitors`, as the input: an output is secret where its input path is. `replaced`: old members not yet deleted. */
export type FleetOutputs = {
  monitors: Record<string, MemberState>;
  /** Confirmed members' uuids: what pages list, known in a preview unless a member is created or replaced. */
  uuids?: Record<string, string>;
  replaced?: Record<string, MemberState>;
  journalKey?: string;
};

export interface FleetContext {
  journal?: CreateJournal;
  concurrency?: number;
  onUnsupported: OnUnsupportedDelete;
  info(message: string): void;
  warn(message: string): void;
}

/** `monitors.api`, or `monitors["a b"]` for a name of other characters. */
export const memberPath = (key: string): string => (/^[\w-]+$/.test(key) ? `monitors.${key}` : `monitors[${JSON.stringify(key)}]`);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const journalKeyOf = (fleet: FleetInputs | FleetOutputs, key: string): string | undefined =>
  typeof fleet.journalKey === "string" ? `${fleet.journalKey}#${key}` : undefined;
const notesOf = (fleet: FleetInputs | FleetOutputs, ctx: Pick<FleetContext, "journal">): FleetNotes | undefined =>
  typeof fleet.journalKey === "string" ? ctx.journal?.fleet(fleet.journalKey) : undefined;

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
  // Not known yet (a preview): checked when it is.
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

/** m2 before m10, as a program numbering its members expects. */
const natural = new Intl.Collator("en", { numeric: true }).compare;

type MemberChange = { key: string; fields: string[] };
export interface FleetPlan {
  create: string[];
  update: MemberChange[];
  replace: MemberChange[];
  delete: string[];
}

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

/** `create 2 (a, b); update 1 (c: timeout); delete 1 (d)`. */
export function describePlan(plan: FleetPlan, limit = 20): string {
  const list = (items: string[]) => {
    const shown = [...items].sort(natural);
    return `${shown.slice(0, limit).join(", ")}${items.length > limit ? `, and ${items.length - limit} more` : ""}`;
  };
  const withFields = (items: MemberChange[]) => items.map((i) => `${i.key}: ${i.fields.join(", ")}`);
  const actions = { create: plan.create, update: withFields(plan.update), replace: withFields(plan.replace), delete: plan.delete };
  return Object.entries(actions)
    .filter(([, items]) => items.length > 0)
    .map(([action, items]) => `${action} ${items.length} (${list(items)})`)
    .join("; ");
}

/** A line per reason, naming at most 20 members: a refused key is said once, not a thousand times. */
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

/** What running the command again does after a partial failure: what the message promises must happen. */
const AGAIN = {
  kept: "the fleet's state records what was done, so running the command again retries only the rest",
  createdNone: "no member was created, so nothing is stored; running the command again creates them",
  deleting:
    "the fleet stays in the stack as it was, so running the command again deletes the rest (a member already deleted is then found gone)",
  reading: "the fleet's state is unchanged; running the command again reads every member",
} as const;

function partialFailure(
  what: string,
  failures: { key: string; error: unknown }[],
  state: FleetOutputs,
  id: string | undefined,
  again: string = AGAIN.kept,
): Error {
  const reasons = reasonLines(failures);
  const message = `${what}: ${failures.length} member${failures.length === 1 ? "" : "s"} failed; ${again}.\n${reasons.join("\n")}`;
  // providers.ts staleAddressAdvice reads it.
  const atAddress = failures.some(({ error }) => (error as { atAddress?: unknown } | undefined)?.atAddress === true);
  const error = Object.assign(new Error(message), { atAddress });
  // With an id the engine keeps the fleet with these outputs, and prints the reasons, not the message.
  const summary = `the fleet's state records what was done (${Object.keys(state.monitors).length} members), so running the command again retries only these`;
  return id === undefined ? error : Object.assign(error, { id, properties: state, reasons: [...reasons, summary] });
}

/** The fleet keeps the journal key once, not in each member. */
function memberOutputs<T extends { journalKey?: unknown }>(outs: T): T {
  const { journalKey: _key, ...rest } = outs;
  return rest as T;
}

function placeholderOf(error: unknown): MemberState | undefined {
  const { id, properties } = (error ?? {}) as { id?: unknown; properties?: unknown };
  if (typeof id !== "string" || !isPlainObject(properties)) return undefined;
  const member = memberOutputs(properties);
  if (member.unconfirmed === true) return { ...(member as UnconfirmedOutputs), uuid: id };
  // Taken over (adoptUuid) but with other alerts: it is ours now, as its outputs say.
  return member as MonitorOutputs;
}

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
    if (!kept || !("unconfirmed" in kept)) throw error;
    // A member's way out is its adoptUuid or UPTIME_DROP_UNCONFIRMED, not a Monitor's `up --replace`.
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    throw unconfirmedMemberError(
      key,
      kept,
      `its creation was sent and no answer came (lost${cause}, or an earlier run was stopped before it); the service may have created it`,
    );
  }
}

/** The engine holds the members it hands over (a diff's, an update's olds): their notes have served. */
export function confirmHeld(olds: FleetOutputs, journal: CreateJournal | undefined): void {
  if (typeof olds.journalKey === "string") journal?.confirm(olds.journalKey, olds.monitors ?? {});
}

/** Runs `work` for each key, at most `limit` at once (the scheduler would hold the rest anyway); the keys that failed. */
async function each(
  keys: string[],
  work: (key: string) => Promise<void>,
  limit = 16, // uptime:maxConcurrentRequests's default
): Promise<{ key: string; error: unknown }[]> {
  const failed: { key: string; error: unknown }[] = [];
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      await work(key).catch((error: unknown) => void failed.push({ key: key as string, error }));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, keys.length)) }, worker));
  return failed.sort((a, b) => natural(a.key, b.key));
}

export async function createFleet(
  client: UptimeClient,
  inputs: FleetInputs,
  ctx: FleetContext,
): Promise<{ id: string; outs: FleetOutputs }> {
  const id = `fleet-${randomUUID()}`;
  const state: FleetOutputs = { monitors: {}, ...(inputs.journalKey ? { journalKey: inputs.journalKey } : {}) };
  const failed = await each(Object.keys(inputs.monitors), (key) => createMember(client, inputs, key, ctx, state), ctx.concurrency);
  if (failed.length > 0) {
    const kept = Object.keys(state.monitors).length > 0;
    throw partialFailure("creating the fleet", failed, sorted(state), kept ? id : undefined, kept ? AGAIN.kept : AGAIN.createdNone);
  }
  return { id, outs: sorted(state) };
}

/** Members in name order: one declaration gives one state. */
function sorted(state: FleetOutputs): FleetOutputs {
  const { replaced, uuids: _stale, ...rest } = state;
  const members = Object.fromEntries(Object.entries(state.monitors).sort(([a], [b]) => (a < b ? -1 : 1)));
  const uuids = Object.fromEntries(Object.entries(members).flatMap(([key, m]) => (isUnconfirmed(m.uuid, m) ? [] : [[key, m.uuid]])));
  return { ...rest, monitors: members, uuids, ...(replaced && Object.keys(replaced).length > 0 ? { replaced } : {}) };
}

const unconfirmedMemberError = (key: string, member: MemberState, why = "its creation in an earlier run was never confirmed"): Error =>
  stillUnconfirmedError(member.name, { member: memberPath(key), id: member.uuid }, why);

/** Creations, edits and replacements' creations first; then deletions, a replaced member's old monitor among them. */
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
  const deletions = new Map<string, { old: MemberState; removed: boolean }>([
    ...plan.delete.map((key) => [key, { old: olds.monitors[key], removed: true }] as const),
    ...[...replaced].map(([key, old]) => [key, { old, removed: false }] as const),
    ...Object.values(olds.replaced ?? {}).map((old) => [`replaced ${old.uuid}`, { old, removed: false }] as const),
  ]);
  for (const { old, removed } of deletions.values()) if (!removed) state.replaced![old.uuid] = old;
  const secondFailed = await each(
    [...deletions.keys()],
    async (key) => {
      const { old, removed } = deletions.get(key)!;
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
  const failed = [...firstFailed, ...secondFailed];
  if (failed.length > 0) throw partialFailure("updating the fleet", failed, sorted(state), id);
  return { outs: sorted(state) };
}

/** A placeholder leaves with no request, and only when the user says so. */
async function deleteMember(client: UptimeClient, key: string, member: MemberState, ctx: FleetContext, notes?: FleetNotes): Promise<void> {
  if (isUnconfirmed(member.uuid, member)) {
    if (!dropRequested(member.uuid)) throw unconfirmedMemberError(key, member);
    ctx.info(`${memberPath(key)}: unconfirmed placeholder ${member.uuid} dropped, as ${DROP_UNCONFIRMED_ENV} says (no request)`);
    return;
  }
  await deleteMonitor(client, member.uuid, member.name, { onUnsupported: ctx.onUnsupported, warn: ctx.warn });
  // The fleet's log is read, not every note of the journal.
  (notes ?? ctx.journal)?.forgetUuid(member.uuid);
}

export async function deleteFleet(client: UptimeClient, props: FleetOutputs, ctx: FleetContext): Promise<void> {
  const members: Record<string, MemberState> = { ...props.monitors };
  for (const old of Object.values(props.replaced ?? {})) members[`replaced ${old.uuid}`] = old;
  const notes = notesOf(props, ctx);
  const failed = await each(Object.keys(members), (key) => deleteMember(client, key, members[key], ctx, notes), ctx.concurrency);
  if (failed.length > 0) throw partialFailure("deleting the fleet", failed, props, undefined, AGAIN.deleting);
}

/** Refresh: a member proven gone leaves the state; one the service cannot read, or a placeholder, is kept. */
export async function readFleet(
  client: UptimeClient,
  id: string,
  props: FleetOutputs,
  ctx: Pick<FleetContext, "info">,
): Promise<ReadOutcome<FleetInputs, FleetOutputs>> {
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
  // The whole fleet is kept as last applied (the caller warns once).
  if (unreadable !== undefined) return { kind: "unsupported", status: unreadable };
  return { kind: "found", id, props: sorted(state), inputs };
}

/** `api=<uuid>,web=<uuid>`. */
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

/** `pulumi import` (plugin): every field read taken as declared; a member missing or unreadable fails it all. */
export async function importFleet(client: UptimeClient, id: string): Promise<ReadOutcome<FleetInputs, FleetOutputs>> {
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

/** A preview's outputs (the plugin's; the dynamic host has none): what reads an unchanged member stays known. */
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
  const uuids = Object.fromEntries(
    Object.entries(monitors).map(([key, m]) => [key, (m as { uuid?: unknown } | undefined)?.uuid ?? UNKNOWN]),
  );
  return { monitors, uuids };
}

export function detailedPlan(plan: FleetPlan): Record<string, "add" | "update" | "delete"> {
  const detailed: Record<string, "add" | "update" | "delete"> = {};
  for (const key of plan.create) detailed[memberPath(key)] = "add";
  for (const key of plan.delete) detailed[memberPath(key)] = "delete";
  for (const { key, fields } of [...plan.update, ...plan.replace])
    for (const field of fields) detailed[`${memberPath(key)}.${field}`] = "update";
  return detailed;
}
