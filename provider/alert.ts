// The Alert resource: an existing alert taken over by uuid. Alerts cannot be created or deleted
// through the API, so create PATCHes the alert to the declared state and delete only releases it.
// State keeps the record (recipients with the service's uuids and timestamps, nulls dropped) and
// `declaredFields`. Recipients compare as a multiset of (type, target).
import type { UptimeClient } from "./api/client";
import type { ApiError } from "./api/errors";
import { isGone, isUnsupported } from "./gone";
import type { AlertRequestBody } from "./api/requests";
import type { AlertRecord } from "./api/schemas";
import { equalAsSets, stableEqual } from "./compare";
import { ALERT_FIELDS, AlertField, checkAlertArgs } from "./inputs/alert";
import { CheckFailure, containsUnknown, dropNulls } from "./inputs/common";

export type AlertOutputs = Record<string, unknown> & { uuid: string; declaredFields: string[] };

const describe = (inputs: Record<string, unknown>, uuid: string) =>
  `alert ${uuid}${typeof inputs.name === "string" ? ` (${JSON.stringify(inputs.name)})` : ""}`;

export function checkAlert(news: Record<string, unknown>): { inputs: Record<string, unknown>; failures: CheckFailure[]; warnings: string[] } {
  const result = checkAlertArgs(news);
  if (Array.isArray(result.inputs.recipients) && !containsUnknown(result.inputs.recipients)) {
    result.inputs = { ...result.inputs, recipients: sortRecipients(result.inputs.recipients) };
  }
  return result;
}

/**
 * Recipients in one canonical order (by type, then target): the list is a set, and inputs equal as
 * sets must be equal as values, or a diff's display would list a reordered list as a change.
 */
function sortRecipients(recipients: unknown[]): unknown[] {
  const key = (r: unknown) => { const { type, target } = (r ?? {}) as { type?: unknown; target?: unknown }; return `${String(type)}\u0000${String(target)}`; };
  return [...recipients].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Outputs kept in state: the record as returned, without nulls (recipients at least `[]`), and which fields the program declares. */
export function alertOutputs(record: AlertRecord, declared: readonly string[]): AlertOutputs {
  const outs = dropNulls(record) as Record<string, unknown>;
  // Always a list, so programs can map over it without a guard.
  outs.recipients ??= [];
  return { ...outs, uuid: record.uuid, declaredFields: ALERT_FIELDS.filter((f) => declared.includes(f)) };
}

/** Recipients as (type, target) pairs: the service's uuids and timestamps are not the program's concern. */
function recipientPairs(value: unknown): { type: unknown; target: unknown }[] {
  if (!Array.isArray(value)) return [];
  return value.map((r) => ({ type: (r as { type?: unknown }).type, target: (r as { target?: unknown }).target }));
}

function fieldEqual(field: AlertField, stored: unknown, declared: unknown): boolean {
  if (field === "recipients") return equalAsSets(recipientPairs(stored), recipientPairs(declared));
  return stableEqual(stored, declared);
}

const declaredFieldsOf = (olds: Record<string, unknown>): string[] =>
  Array.isArray(olds.declaredFields) ? (olds.declaredFields as string[]) : [];

/**
 * diff(): the declared fields (now or before) against the stored record. Reordered recipients are
 * no change; an empty recipient list equals none. A different `uuid` is another alert: replace.
 */
export function diffAlert(olds: Record<string, unknown>, news: Record<string, unknown>): { changes: boolean; replaces: string[]; changed: string[] } {
  const changed: string[] = [];
  if (containsUnknown(news.uuid) || news.uuid !== olds.uuid) changed.push("uuid");
  const fields = new Set<string>([...ALERT_FIELDS.filter((f) => news[f] !== undefined), ...declaredFieldsOf(olds)]);
  for (const field of ALERT_FIELDS) {
    if (!fields.has(field)) continue;
    if (containsUnknown(news[field]) || !fieldEqual(field, olds[field], news[field])) changed.push(field);
  }
  return { changes: changed.length > 0, replaces: changed.filter((f) => f === "uuid"), changed };
}

/** The PATCH body: every declared field (recipients as type and target only), `null` for each removed one. */
export function alertRequestBody(inputs: Record<string, unknown>, removed: readonly string[] = []): AlertRequestBody {
  const body: Record<string, unknown> = {};
  for (const field of ALERT_FIELDS) {
    if (inputs[field] === undefined) continue;
    body[field] = field === "recipients" ? recipientPairs(inputs[field]) : inputs[field];
  }
  for (const field of removed) if (body[field] === undefined) body[field] = null;
  return body as AlertRequestBody;
}

/** The error for a failed PATCH: a proven 404/410 (gone.ts) says the uuid names no alert. */
async function notFound(client: UptimeClient, error: unknown, inputs: Record<string, unknown>, uuid: string): Promise<unknown> {
  if (await isGone(client, error)) {
    return new Error(
      `${describe(inputs, uuid)}: the service has no alert with this uuid (${(error as ApiError).status}). Alerts cannot be created through ` +
      `the API, only taken over: create it in the service's dashboard and put its uuid here.`,
      { cause: error },
    );
  }
  return error;
}

/** create(): takes the alert over by PATCHing the declared fields onto it. */
export async function createAlert(client: UptimeClient, inputs: Record<string, unknown>): Promise<{ id: string; outs: AlertOutputs }> {
  const uuid = inputs.uuid as string;
  let record: AlertRecord;
  try {
    record = await client.alerts.update(uuid, alertRequestBody(inputs));
  } catch (error) {
    throw await notFound(client, error, inputs, uuid);
  }
  return { id: record.uuid, outs: alertOutputs(record, ALERT_FIELDS.filter((f) => inputs[f] !== undefined)) };
}

/** update(): PATCHes the full declared state, `null` for fields removed since the last update. */
export async function updateAlert(
  client: UptimeClient, id: string, olds: Record<string, unknown>, news: Record<string, unknown>,
): Promise<{ outs: AlertOutputs }> {
  const removed = declaredFieldsOf(olds).filter((f) => news[f] === undefined);
  let record: AlertRecord;
  try {
    record = await client.alerts.update(id, alertRequestBody(news, removed));
  } catch (error) {
    throw await notFound(client, error, news, id);
  }
  return { outs: alertOutputs(record, ALERT_FIELDS.filter((f) => news[f] !== undefined)) };
}

export type AlertReadOutcome =
  | { kind: "found"; id: string; props: AlertOutputs; inputs: Record<string, unknown> }
  | { kind: "gone" }
  | { kind: "unsupported"; status: number };

/** read() for refresh: a proven 404/410 means gone (gone.ts); 405/501 mean the service cannot read alerts. */
export async function readAlert(client: UptimeClient, id: string, props: Record<string, unknown>): Promise<AlertReadOutcome> {
  let record: AlertRecord;
  try {
    record = await client.alerts.get(id);
  } catch (error) {
    if (await isGone(client, error)) return { kind: "gone" };
    if (isUnsupported(error)) return { kind: "unsupported", status: error.status };
    throw error;
  }
  const declared = declaredFieldsOf(props);
  const outs = alertOutputs(record, declared);
  const inputs: Record<string, unknown> = { uuid: record.uuid };
  for (const field of declared as AlertField[]) {
    const value = field === "recipients" ? sortRecipients(recipientPairs(outs.recipients)) : outs[field];
    if (value !== undefined) inputs[field] = value;
  }
  return { kind: "found", id: record.uuid, props: outs, inputs };
}

/** The message logged when an alert leaves the stack: no request is made. */
export function releaseMessage(id: string, props: Record<string, unknown>): string {
  return `${describe(props, id)} released: removed from the stack and left in the service as it is (alerts cannot be deleted through the API)`;
}
