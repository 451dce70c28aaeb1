// What a monitor's state holds and how it compares: the engine (model/engine.ts) over the Monitor's
// table (model/monitor.ts), under the names the rest of the provider and its tests use.
import type { MonitorRequestBody } from "./api/requests";
import type { MonitorRecord } from "./api/schemas";
import * as engine from "./model/engine";
import { MONITOR } from "./model/monitor";

export type Inputs = engine.Inputs;
export type MonitorOutputs = engine.StateOutputs;

/** Canonical input fields that the service keeps (the provider's own adoptUuid and journalKey aside). */
export const MONITOR_FIELDS = MONITOR.fields.map((f) => f.name);

export const declaredPaths = (inputs: Inputs): string[] => engine.declaredPaths(MONITOR, inputs);
export const canonicalFromRecord = (record: Inputs): Inputs => engine.canonicalFromRecord(MONITOR, record);
export const monitorOutputs = (record: MonitorRecord, inputs: Inputs): MonitorOutputs => engine.outputsFromRecord(MONITOR, record, inputs);
export const changedFields = (olds: Inputs, news: Inputs): string[] => engine.changedFields(MONITOR, olds, news);
export const removedFields = engine.removedFields;
export const inputsFromRecord = (record: MonitorRecord, state: Inputs): Inputs => engine.inputsFromRecord(MONITOR, record, state);
export const sortMonitorSets = (inputs: Inputs): Inputs => engine.sortSets(MONITOR, inputs);

/** The request body for POST (with alerts) or PATCH (without; removed fields as explicit null). */
export const monitorRequestBody = (inputs: Inputs, options: { forEdit: boolean; removed?: string[] }): MonitorRequestBody =>
  engine.requestBody(MONITOR, inputs, options) as MonitorRequestBody;
