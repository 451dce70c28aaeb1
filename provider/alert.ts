// The Alert resource: an existing alert taken over by uuid. Alerts cannot be created or deleted
// through the API, so create PATCHes the alert to the declared state and delete only releases it.
// State keeps the record (recipients with the service's uuids and timestamps, nulls dropped) and
// `declaredFields`. Recipients compare as a multiset of (type, target).
import type { UptimeClient } from "./api/client";
import type { ApiError } from "./api/errors";
import { isGone, isUnsupported } from "./gone";
import type { AlertRequestBody } from "./api/requests";
import type { AlertRecord } from "./api/schemas";
import { checkAlertArgs } from "./inputs/alert";
import type { CheckFailure } from "./inputs/common";
import { ALERT, recipientPairs } from "./model/alert";
import {
  StateOutputs,
  changedFields,
  declaredOf,
  declaredPaths,
  inputsFromRecord,
  outputsFromRecord,
  removedFields,
  replacingFields,
  requestBody,
  sortSets,
} from "./model/engine";

export type AlertOutputs = StateOutputs;

const describe = (inputs: Record<string, unknown>, uuid: string) =>
  `alert ${uuid}${typeof inputs.name === "string" ? ` (${JSON.stringify(inputs.name)})` : ""}`;

export function checkAlert(news: Record<string, unknown>): {
  inputs: Record<string, unknown>;
  failures: CheckFailure[];
  warnings: string[];
} {
  const result = checkAlertArgs(news);
  // Recipients are a set: one canonical order, or a reordered list would show as a change in a diff's display.
  return { ...result, inputs: sortSets(ALERT, result.inputs) };
}

/** Outputs kept in state: the record as returned, without nulls (recipients at least `[]`), and which fields the program declares. */
export function alertOutputs(record: AlertRecord, declared: readonly string[]): AlertOutputs {
  const declaredInputs = Object.fromEntries(declared.map((f) => [f, true]));
  const outs = outputsFromRecord(ALERT, record, declaredInputs);
  // Always a list, so programs can map over it without a guard.
  outs.recipients ??= [];
  return outs;
}

/**
 * diff(): the declared fields (now or before) against the stored record. Reordered recipients are
 * no change; an empty recipient list equals none. A different `uuid` is another alert: replace.
 */
export function diffAlert(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): { changes: boolean; replaces: string[]; changed: string[] } {
  const changed = changedFields(ALERT, olds, news);
  return { changes: changed.length > 0, replaces: replacingFields(ALERT, changed), changed };
}

/** The PATCH body: every declared field (recipients as type and target only), `null` for each removed one. */
export function alertRequestBody(inputs: Record<string, unknown>, removed: readonly string[] = []): AlertRequestBody {
  const body = requestBody(ALERT, inputs, { forEdit: true, removed });
  if (Array.isArray(body.recipients)) body.recipients = recipientPairs(body.recipients);
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
  return { id: record.uuid, outs: alertOutputs(record, declaredPaths(ALERT, inputs)) };
}

/** update(): PATCHes the full declared state, `null` for fields removed since the last update. */
export async function updateAlert(
  client: UptimeClient,
  id: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<{ outs: AlertOutputs }> {
  const removed = removedFields(olds, news);
  let record: AlertRecord;
  try {
    record = await client.alerts.update(id, alertRequestBody(news, removed));
  } catch (error) {
    throw await notFound(client, error, news, id);
  }
  return { outs: alertOutputs(record, declaredPaths(ALERT, news)) };
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
  const declared = declaredOf(props);
  const outs = alertOutputs(record, declared);
  const inputs = inputsFromRecord(ALERT, record, { ...props, declaredFields: declared });
  return { kind: "found", id: record.uuid, props: outs, inputs };
}

/** The message logged when an alert leaves the stack: no request is made. */
export function releaseMessage(id: string, props: Record<string, unknown>): string {
  return `${describe(props, id)} released: removed from the stack and left in the service as it is (alerts cannot be deleted through the API)`;
}
