// The Alert resource: an alert taken over by uuid (adopted.ts). Recipients compare as a multiset.
import { adoptedLifecycle } from "./adopted";
import type { AlertRecord } from "./model/records";
import { AlertInputs, checkAlertArgs } from "./validation/alert";
import { ALERT } from "./model/alert";
import type { CheckResult } from "./model/values";
import { declaredOf, declaredPaths, inputsFromRecord, outputsFromRecord, removedFields, requestBody, sortSets } from "./model/engine";
import type { BodyOf, OutputsOf } from "./model/field";

export type { AlertInputs } from "./validation/alert";
export type AlertOutputs = OutputsOf<typeof ALERT, AlertRecord>;

export const alertOutputs = (record: AlertRecord, declared: readonly string[]): AlertOutputs => outputsFromRecord(ALERT, record, declared);

export function alertRequestBody(inputs: AlertInputs, removed: readonly string[] = []): BodyOf<typeof ALERT> {
  const body = requestBody(ALERT, inputs, { forEdit: true, removed });
  if (body.recipients) body.recipients = body.recipients.map(({ type, target }) => ({ type, target }));
  return body;
}

export const alerts = adoptedLifecycle({
  spec: ALERT,
  check(news: Record<string, unknown>): CheckResult<AlertInputs> {
    const result = checkAlertArgs(news);
    // One order, or a reordered list would show as a change in a diff's display.
    return { ...result, inputs: sortSets(ALERT, result.inputs) };
  },
  patch: (client, uuid, body) => client.alerts.update(uuid, body),
  get: (client, uuid) => client.alerts.get(uuid),
  body: (news, olds) => alertRequestBody(news, olds ? removedFields(olds, news) : []),
  outputs: (record, news) => alertOutputs(record, declaredPaths(ALERT, news)),
  readBack(record, props) {
    const declared = declaredOf(props);
    return { props: alertOutputs(record, declared), inputs: inputsFromRecord(ALERT, record, { ...props, declaredFields: declared }) };
  },
});
