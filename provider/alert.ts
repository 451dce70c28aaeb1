// The Alert resource: an existing alert taken over by uuid. Alerts cannot be created or deleted
// through the API, so create PATCHes the alert to the declared state and delete only releases it.
// State keeps the record (recipients with the service's uuids and timestamps, nulls dropped) and
// `declaredFields`. Recipients compare as a multiset of (type, target).
import type { UptimeClient } from "./api/client";
import { AdoptedReadOutcome, adoptedLifecycle } from "./adopted";
import type { AlertRequestBody } from "./api/requests";
import type { AlertRecord } from "./api/schemas";
import { checkAlertArgs } from "./inputs/alert";
import type { CheckFailure } from "./inputs/common";
import { ALERT, recipientPairs } from "./model/alert";
import {
  Inputs,
  StateOutputs,
  diff,
  declaredOf,
  declaredPaths,
  inputsFromRecord,
  outputsFromRecord,
  removedFields,
  requestBody,
  sortSets,
} from "./model/engine";

export type AlertOutputs = StateOutputs;

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
  return diff(ALERT, olds, news);
}

/** The PATCH body: every declared field (recipients as type and target only), `null` for each removed one. */
export function alertRequestBody(inputs: Record<string, unknown>, removed: readonly string[] = []): AlertRequestBody {
  const body = requestBody(ALERT, inputs, { forEdit: true, removed });
  if (Array.isArray(body.recipients)) body.recipients = recipientPairs(body.recipients);
  return body as AlertRequestBody;
}

const lifecycle = adoptedLifecycle<AlertRecord>({
  spec: ALERT,
  patch: (client, uuid, body) => client.alerts.update(uuid, body as AlertRequestBody),
  get: (client, uuid) => client.alerts.get(uuid),
  body: (news, olds) => alertRequestBody(news, olds ? removedFields(olds, news) : []),
  outputs: (record, news) => alertOutputs(record, declaredPaths(ALERT, news)),
  readBack(record, props) {
    const declared = declaredOf(props);
    return { props: alertOutputs(record, declared), inputs: inputsFromRecord(ALERT, record, { ...props, declaredFields: declared }) };
  },
});

/** create(): takes the alert over by PATCHing the declared fields onto it. */
export const createAlert = (client: UptimeClient, inputs: Inputs) => lifecycle.create(client, inputs);
/** update(): PATCHes the full declared state, `null` for fields removed since the last update. */
export const updateAlert = (client: UptimeClient, id: string, olds: Inputs, news: Inputs) => lifecycle.update(client, id, olds, news);
/** read() for refresh: a proven 404/410 means gone (gone.ts); 405/501 mean the service cannot read alerts. */
export const readAlert = (client: UptimeClient, id: string, props: Inputs): Promise<AdoptedReadOutcome> =>
  lifecycle.read(client, id, props);
/** The message logged when an alert leaves the stack: no request is made. */
export const releaseMessage = lifecycle.releaseMessage;
