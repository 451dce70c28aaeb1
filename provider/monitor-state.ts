// What a monitor's state holds and how it compares. Outputs are the service's record (record field
// names, nulls left out, its `urn` as `target`) plus `declaredFields`: the canonical input fields the
// program declares, and for each option object the keys declared inside it ("tcpOptions.dataRequest").
// Diff walks only what was declared now or before, so whatever the service fills in on its own (a
// default for an option key never written, a field never declared) is never a change.
import type { MonitorRequestBody } from "./api/requests";
import type { MonitorRecord } from "./api/schemas";
import { equalAsSets, stableEqual } from "./compare";
import { containsUnknown, dropNulls } from "./inputs/common";

/** Canonical input fields that the service keeps (everything but the provider's own adoptUuid and journalKey). */
export const MONITOR_FIELDS = [
  "name", "title", "type", "target", "followRedirects", "timeout", "interval", "regions", "description", "groups",
  "alerts", "degradedThreshold", "apdexThreshold", "httpRequest", "httpResponse", "tcpOptions", "maintenance",
] as const;
export type MonitorField = (typeof MONITOR_FIELDS)[number];

/** Option objects: each key inside is declared (and compared) on its own. */
export const OPTION_FIELDS = ["httpRequest", "httpResponse", "tcpOptions", "maintenance"] as const;
type OptionField = (typeof OPTION_FIELDS)[number];
const isOptionField = (field: string): field is OptionField => (OPTION_FIELDS as readonly string[]).includes(field);

/** Lists whose order means nothing. */
const SET_FIELDS = new Set<string>(["regions", "groups", "alerts"]);
/** Keys of option objects whose lists are sets. */
const SET_KEYS = new Set<string>(["httpResponse.status", "maintenance.days"]);
/** Lists the service returns as [] when unset, and the outputs therefore leave out. */
const EMPTY_AS_UNSET = new Set<string>(["groups", "alerts"]);

/** Inputs of the provider's own: adoption, and the SDK's key for the create journal. */
export const PROVIDER_INPUTS = ["adoptUuid", "journalKey"] as const;

export type Inputs = Record<string, unknown>;
export type MonitorOutputs = Inputs & { uuid: string; declaredFields: string[] };

const isObject = (value: unknown): value is Inputs => !!value && typeof value === "object" && !Array.isArray(value);

/** The fields `inputs` declares, and inside each option object its declared keys as "field.key". */
export function declaredPaths(inputs: Inputs): string[] {
  const paths: string[] = [];
  for (const field of MONITOR_FIELDS) {
    const value = inputs[field];
    if (value === undefined) continue;
    paths.push(field);
    if (isOptionField(field) && isObject(value)) {
      const keys = Object.keys(value).filter((key) => value[key] !== undefined);
      // An object declared with no key is recorded as "field." so that it reads as "no key", not as an older state.
      paths.push(...(keys.length > 0 ? keys.map((key) => `${field}.${key}`) : [`${field}.`]));
    }
  }
  return paths;
}

const declaredOf = (state: Inputs): string[] => (Array.isArray(state.declaredFields) ? (state.declaredFields as string[]) : []);

/**
 * The keys of option `field` that `state` declared. States written before keys were recorded list
 * only the field: then the keys the stored object holds are the ones that were sent.
 */
function declaredKeys(state: Inputs, stored: Inputs, field: OptionField): string[] {
  const declared = declaredOf(state);
  if (!declared.includes(field)) return [];
  const paths = declared.filter((p) => p.startsWith(`${field}.`));
  if (paths.length > 0) return paths.map((p) => p.slice(field.length + 1)).filter((key) => key !== "");
  return isObject(stored[field]) ? Object.keys(stored[field] as Inputs) : [];
}

/** A record (or the outputs made from one), in canonical input names, with nulls dropped. */
export function canonicalFromRecord(record: Inputs): Inputs {
  const { httpFollowRedirects, intervalId, urn, ...rest } = record;
  const canonical: Inputs = {};
  for (const field of MONITOR_FIELDS) {
    const value =
      field === "followRedirects" ? httpFollowRedirects : field === "interval" ? intervalId : field === "target" ? (urn ?? rest.target) : rest[field];
    if (value !== null && value !== undefined) canonical[field] = dropNulls(value);
  }
  for (const field of EMPTY_AS_UNSET) if (Array.isArray(canonical[field]) && (canonical[field] as unknown[]).length === 0) delete canonical[field];
  return canonical;
}

/**
 * Outputs kept in state: the record without nulls (its `urn` as `target`, since Pulumi reserves
 * `urn`), what the program declares, and the provider's own inputs (so that read() can hand them back).
 */
export function monitorOutputs(record: MonitorRecord, inputs: Inputs): MonitorOutputs {
  const { urn, ...rest } = dropNulls(record) as Inputs;
  const outs: Inputs = urn === undefined ? rest : { ...rest, target: urn };
  for (const key of EMPTY_AS_UNSET) if (Array.isArray(outs[key]) && (outs[key] as unknown[]).length === 0) delete outs[key];
  const result: MonitorOutputs = { ...outs, uuid: record.uuid, declaredFields: declaredPaths(inputs) };
  for (const key of PROVIDER_INPUTS) if (typeof inputs[key] === "string") result[key] = inputs[key];
  return result;
}

function valueEqual(path: string, a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return SET_FIELDS.has(path) || SET_KEYS.has(path) ? equalAsSets(a, b) : stableEqual(a, b);
}

/** Whether a field differs: option objects key by key over the keys declared now or before. */
function fieldChanged(field: MonitorField, stored: Inputs, next: unknown, olds: Inputs): boolean {
  if (containsUnknown(next)) return true;
  // A declared empty list was stored as no list: equal, else `alerts: []` would replace on every run.
  if (EMPTY_AS_UNSET.has(field)) return !equalAsSets(stored[field] ?? [], next ?? []);
  if (!isOptionField(field) || !isObject(next)) return !valueEqual(field, stored[field], next);
  const before = isObject(stored[field]) ? (stored[field] as Inputs) : {};
  const keys = new Set([...Object.keys(next).filter((k) => next[k] !== undefined), ...declaredKeys(olds, stored, field)]);
  // An object declared with no key at all (`httpRequest: {}`) asks for nothing in particular.
  if (keys.size > 0 && !isObject(stored[field])) return true;
  return [...keys].some((key) => !valueEqual(`${field}.${key}`, before[key], next[key]));
}

/**
 * diff(): compares the new canonical inputs with the canonical form of the stored record, over
 * the fields declared now or before. `alerts` cannot be edited through the API, so a change of
 * alerts replaces the monitor. Unknown values (preview) count as changes.
 */
export function changedFields(olds: Inputs, news: Inputs): string[] {
  const stored = canonicalFromRecord(olds);
  const declaredBefore = declaredOf(olds).filter((p) => !p.includes("."));
  const fields = new Set<string>([...MONITOR_FIELDS.filter((f) => news[f] !== undefined), ...declaredBefore]);
  return MONITOR_FIELDS.filter((f) => fields.has(f) && fieldChanged(f, stored, news[f], olds));
}

/** The request body for POST (with alerts) or PATCH (without; removed fields as explicit null). */
export function monitorRequestBody(inputs: Inputs, options: { forEdit: boolean; removed?: string[] }): MonitorRequestBody {
  const body: Inputs = {};
  for (const field of MONITOR_FIELDS) {
    if (options.forEdit && field === "alerts") continue;
    if (inputs[field] !== undefined) body[field === "target" ? "urn" : field] = inputs[field];
  }
  for (const field of options.removed ?? []) {
    const wire = field === "target" ? "urn" : field;
    if (field !== "alerts" && body[wire] === undefined) body[wire] = null;
  }
  return body as MonitorRequestBody;
}

/** Top-level fields declared before and not now: an edit clears them with an explicit null. */
export function removedFields(olds: Inputs, news: Inputs): string[] {
  return declaredOf(olds).filter((p) => !p.includes(".") && news[p] === undefined);
}

/**
 * read(): the inputs a refreshed state holds, in the form check() gives the program's: the declared
 * fields only, option objects with their declared keys only, a declared empty list as [], sets in
 * canonical order. Equal to the program's inputs when nothing drifted, so no diff lists a field
 * that nothing will send.
 */
export function inputsFromRecord(record: MonitorRecord, state: Inputs): Inputs {
  const canonical = canonicalFromRecord(record);
  // A state without declaredFields (written by the earliest versions) takes every field the record has.
  const declared = declaredOf(state).length > 0 ? declaredOf(state) : undefined;
  const inputs: Inputs = {};
  for (const field of MONITOR_FIELDS) {
    if (declared && !declared.includes(field)) continue;
    const value = canonical[field];
    if (EMPTY_AS_UNSET.has(field) && declared) inputs[field] = value ?? [];
    else if (isOptionField(field) && isObject(value)) {
      const keys = declaredKeys(state, canonical, field);
      inputs[field] = Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]]));
    } else if (value !== undefined) inputs[field] = value;
  }
  for (const key of PROVIDER_INPUTS) if (typeof state[key] === "string") inputs[key] = state[key];
  return sortMonitorSets(inputs);
}

/** Set-like lists in one canonical order, so that inputs equal as sets are equal as values (and in a diff's display). */
export function sortMonitorSets(inputs: Inputs): Inputs {
  const out = { ...inputs };
  const sorted = (value: unknown) => (Array.isArray(value) && !containsUnknown(value) ? [...value].sort(compareItems) : value);
  for (const field of SET_FIELDS) if (out[field] !== undefined) out[field] = sorted(out[field]);
  for (const path of SET_KEYS) {
    const [field, key] = path.split(".");
    const object = out[field];
    if (isObject(object) && object[key] !== undefined) out[field] = { ...object, [key]: sorted(object[key]) };
  }
  return out;
}

function compareItems(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
