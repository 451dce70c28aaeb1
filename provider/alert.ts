// The Alert resource: an existing alert taken over by uuid. Alerts cannot be created or deleted
// through the API, so create PATCHes the alert to the declared state and delete only releases it.
// State keeps the record (recipients with the service's uuids and timestamps, nulls dropped) and
// `declaredFields`. Recipients compare as a multiset of (type, target).
import type { UptimeClient } from "./api/client";
import { AdoptedReadOutcome, adoptedLifecycle } from "./adopted";
import type { BodyOf } from "./model/field";
import type { AlertRecord } from "./api/schemas";
import { AlertInputs, checkAlertArgs } from "./validation/alert";
import type { CheckResult } from "./model/values";
import { ALERT } from "./model/alert";
import {
  StateOf,
  declaredOf,
  declaredPaths,
  diff,
  inputsFromRecord,
  outputsFromRecord,
  removedFields,
  requestBody,
  sortSets,
} from "./model/engine";
import type { OutputsOf } from "./model/field";

export type { AlertInputs } from "./validation/alert";
/** What an alert's state holds: the record (recipients with the service's uuids and timestamps), the declared fields. */
export type AlertOutputs = OutputsOf<typeof ALERT, AlertRecord>;

export function checkAlert(news: Record<string, unknown>): CheckResult<AlertInputs> {
  const result = checkAlertArgs(news);
  // Recipients are a set: one canonical order, or a reordered list would show as a change in a diff's display.
  return { ...result, inputs: sortSets(ALERT, result.inputs) };
}

/** Outputs kept in state: the record as returned, without nulls (recipients at least `[]`), and which fields the program declares. */
export const alertOutputs = (record: AlertRecord, declared: readonly string[]): AlertOutputs => outputsFromRecord(ALERT, record, declared);

/**
 * diff(): the declared fields (now or before) against the stored record. Reordered recipients are
 * no change; an empty recipient list equals none. A different `uuid` is another alert: replace.
 */
export function diffAlert(olds: StateOf, news: AlertInputs): { changes: boolean; replaces: string[]; changed: string[] } {
  return diff(ALERT, olds, news);
}

/** The PATCH body: every declared field (recipients as type and target only), `null` for each removed one. */
export function alertRequestBody(inputs: AlertInputs, removed: readonly string[] = []): BodyOf<typeof ALERT> {
  const body = requestBody(ALERT, inputs, { forEdit: true, removed });
  if (body.recipients) body.recipients = body.recipients.map(({ type, target }) => ({ type, target }));
  return body;
}

const lifecycle = adoptedLifecycle<typeof ALERT, AlertRecord>({
  spec: ALERT,
  patch: (client, uuid, body) => client.alerts.update(uuid, body),
  get: (client, uuid) => client.alerts.get(uuid),
  body: (news, olds) => alertRequestBody(news, olds ? removedFields(olds, news) : []),
  outputs: (record, news) => alertOutputs(record, declaredPaths(ALERT, news)),
  readBack(record, props) {
    const declared = declaredOf(props);
    return { props: alertOutputs(record, declared), inputs: inputsFromRecord(ALERT, record, { ...props, declaredFields: declared }) };
  },
});

/** create(): takes the alert over by PATCHing the declared fields onto it. */
export const createAlert = (client: UptimeClient, inputs: AlertInputs) => lifecycle.create(client, inputs);
/** update(): PATCHes the full declared state, `null` for fields removed since the last update. */
export const updateAlert = (client: UptimeClient, id: string, olds: AlertOutputs, news: AlertInputs) =>
  lifecycle.update(client, id, olds, news);
/** read() for refresh: a proven 404/410 means gone (gone.ts); 405/501 mean the service cannot read alerts. */
export const readAlert = (client: UptimeClient, id: string, props: AlertOutputs): Promise<AdoptedReadOutcome<typeof ALERT, AlertRecord>> =>
  lifecycle.read(client, id, props);
/** The message logged when an alert leaves the stack: no request is made. */
export const releaseMessage = lifecycle.releaseMessage;
