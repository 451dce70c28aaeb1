// The Alert resource: an existing alert taken over by uuid (adopted.ts: alerts cannot be created or
// deleted through the API). Recipients compare as a multiset of (type, target).
import { adoptedLifecycle } from "./adopted";
import type { AlertRecord } from "./model/records";
import { AlertInputs, checkAlertArgs } from "./validation/alert";
import { ALERT } from "./model/alert";
import type { CheckResult } from "./model/values";
import { declaredOf, declaredPaths, inputsFromRecord, outputsFromRecord, removedFields, requestBody, sortSets } from "./model/engine";
import type { BodyOf, OutputsOf } from "./model/field";

export type { AlertInputs } from "./validation/alert";
/** What an alert's state holds: the record (recipients with the service's uuids and timestamps), the declared fields. */
export type AlertOutputs = OutputsOf<typeof ALERT, AlertRecord>;

/** Outputs kept in state: the record as returned, without nulls (recipients at least `[]`), and which fields the program declares. */
export const alertOutputs = (record: AlertRecord, declared: readonly string[]): AlertOutputs => outputsFromRecord(ALERT, record, declared);

/** The PATCH body: every declared field (recipients as type and target only), `null` for each removed one. */
export function alertRequestBody(inputs: AlertInputs, removed: readonly string[] = []): BodyOf<typeof ALERT> {
  const body = requestBody(ALERT, inputs, { forEdit: true, removed });
  if (body.recipients) body.recipients = body.recipients.map(({ type, target }) => ({ type, target }));
  return body;
}

/** An alert: taken over by PATCHing the declared fields onto it. Reordered recipients are no change. */
export const alerts = {
  check(news: Record<string, unknown>): CheckResult<AlertInputs> {
    const result = checkAlertArgs(news);
    // Recipients are a set: one canonical order, or a reordered list would show as a change in a diff's display.
    return { ...result, inputs: sortSets(ALERT, result.inputs) };
  },
  ...adoptedLifecycle<typeof ALERT, AlertRecord>({
    spec: ALERT,
    patch: (client, uuid, body) => client.alerts.update(uuid, body),
    get: (client, uuid) => client.alerts.get(uuid),
    body: (news, olds) => alertRequestBody(news, olds ? removedFields(olds, news) : []),
    outputs: (record, news) => alertOutputs(record, declaredPaths(ALERT, news)),
    readBack(record, props) {
      const declared = declaredOf(props);
      return { props: alertOutputs(record, declared), inputs: inputsFromRecord(ALERT, record, { ...props, declaredFields: declared }) };
    },
  }),
};
