// What a monitor's state holds and how it compares: the engine (model/engine.ts) over the Monitor's
// table (model/monitor.ts), under the names the rest of the provider and its tests use.
import type { MonitorRecord } from "./model/records";
import * as engine from "./model/engine";
import type { BodyOf, OutputsOf } from "./model/field";
import { MONITOR } from "./model/monitor";
import type { MonitorInputs } from "./validation/monitor";

export type { MonitorInputs } from "./validation/monitor";
/** What a monitor's state holds: the record under output names, the declared fields, the provider's own inputs. */
export type MonitorOutputs = OutputsOf<typeof MONITOR, MonitorRecord>;

/** Canonical input fields that the service keeps (the provider's own adoptUuid and journalKey aside). */
export const MONITOR_FIELDS = MONITOR.fields.map((f) => f.name);

export const declaredPaths = (inputs: Partial<MonitorInputs>): string[] => engine.declaredPaths(MONITOR, inputs);
export const canonicalFromRecord = (record: object): Partial<MonitorInputs> => engine.canonicalFromRecord(MONITOR, record);
export const monitorOutputs = (record: MonitorRecord, inputs: Partial<MonitorInputs>): MonitorOutputs =>
  engine.outputsFromRecord(MONITOR, record, declaredPaths(inputs), inputs);
export const changedFields = (olds: engine.StateOf, news: Partial<MonitorInputs>): string[] => engine.changedFields(MONITOR, olds, news);
export const removedFields = engine.removedFields;
export const inputsFromRecord = (record: MonitorRecord, state: engine.StateOf): MonitorInputs =>
  engine.inputsFromRecord(MONITOR, record, state);

/** The request body for POST (with alerts) or PATCH (without; removed fields as explicit null). */
export const monitorRequestBody = (
  inputs: Partial<MonitorInputs>,
  options: { forEdit: boolean; removed?: string[] },
): BodyOf<typeof MONITOR> => engine.requestBody(MONITOR, inputs, options);
