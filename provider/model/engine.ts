// What every resource does with its table of fields (field.ts), written once: the canonical names of
// a program's inputs, the inputs' schema, set-like lists in one order, request bodies, outputs from
// the service's record, which fields a program declared, diff, and the inputs a refresh reads back.
// State keeps the record (output names, nulls left out) plus `declaredFields`: the fields the
// program declares, and for each option object the keys declared inside it ("tcpOptions.dataRequest",
// or "tcpOptions." for an object declared with no key). Diff walks only what was declared now or
// before, so whatever the service fills in on its own is never a change.
import { z } from "zod";
import { equalAsSets, stableEqual, stableStringify } from "../compare";
import { CheckFailure, containsUnknown, dropNulls } from "../inputs/common";
import { FieldSpec, ResourceSpec, namesOf } from "./field";

export type Inputs = Record<string, unknown>;
/** What the state's outputs hold besides the record: the declared fields, and the object's uuid. */
export type StateOutputs = Inputs & { uuid: string; declaredFields: string[] };

const isObject = (value: unknown): value is Inputs => !!value && typeof value === "object" && !Array.isArray(value);

/** The canonical inputs' schema: each field's (required ones required), and the provider's own inputs. */
export function inputsSchema(spec: ResourceSpec): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of spec.fields) shape[field.name] = field.required ? field.schema : field.schema.optional();
  for (const [name, input] of Object.entries(spec.providerInputs)) shape[name] = input.schema.optional();
  return z.strictObject(shape);
}

/**
 * Renames every other spelling of a field (what a program writes, the aliases, the aliases of an
 * option object's keys) to its canonical name, in place. One field given in two spellings with
 * different values is a failure; a value still unknown (preview) may turn out equal, so it is not.
 */
export function canonicalNames(spec: ResourceSpec, args: Inputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const rename = (target: Inputs, from: string, to: string, prefix = "") => {
    if (!(from in target)) return;
    const conflict = to in target && JSON.stringify(target[to]) !== JSON.stringify(target[from]);
    if (conflict && !containsUnknown(target[to]) && !containsUnknown(target[from])) {
      failures.push({
        property: prefix + from,
        reason: `${prefix}${from} and ${prefix}${to} are the same field with different values; keep only ${prefix}${to}`,
      });
    }
    if (!containsUnknown(target[to])) target[to] = target[from];
    delete target[from];
  };
  for (const field of spec.fields) {
    for (const spelling of field.aliases ?? []) rename(args, spelling, field.name);
    const inner = args[field.name];
    if (!isObject(inner)) continue;
    for (const [key, keySpec] of Object.entries(field.keys ?? {})) if (keySpec.alias) rename(inner, keySpec.alias, key, `${field.name}.`);
  }
  return failures;
}

/** A check failure's reason with a field's canonical name at its start put back as the program wrote it (`target` as `urn`). */
export function inputNames(spec: ResourceSpec, reason: string): string {
  for (const field of spec.fields) {
    if (field.input && field.input !== field.name && new RegExp(`^${field.name}\\b`).test(reason))
      return field.input + reason.slice(field.name.length);
  }
  return reason;
}

/** Set-like lists (fields and option keys) in one order, so that inputs equal as sets are equal as values (and in a diff's display). */
export function sortSets(spec: ResourceSpec, inputs: Inputs): Inputs {
  const out = { ...inputs };
  const sorted = (value: unknown, orderBy?: (item: unknown) => string) => {
    if (!Array.isArray(value) || containsUnknown(value)) return value;
    return orderBy ? [...value].sort((a, b) => compareItems(orderBy(a), orderBy(b))) : [...value].sort(compareItems);
  };
  for (const field of spec.fields) {
    const value = out[field.name];
    if (value === undefined) continue;
    if (field.compare === "set") out[field.name] = sorted(value, field.orderBy);
    const setKeys = Object.entries(field.keys ?? {})
      .filter(([, k]) => k.set)
      .map(([key]) => key);
    if (setKeys.length > 0 && isObject(value)) {
      out[field.name] = {
        ...value,
        ...Object.fromEntries(setKeys.filter((k) => value[k] !== undefined).map((k) => [k, sorted(value[k])])),
      };
    }
  }
  return out;
}

function compareItems(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = typeof a === "object" ? stableStringify(a) : String(a);
  const y = typeof b === "object" ? stableStringify(b) : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The fields `inputs` declares, and inside each option object its declared keys as "field.key" ("field." for none). */
export function declaredPaths(spec: ResourceSpec, inputs: Inputs): string[] {
  const paths: string[] = [];
  for (const field of spec.fields) {
    const value = inputs[field.name];
    if (value === undefined || field.inPath) continue;
    paths.push(field.name);
    if (field.compare === "keys" && isObject(value)) {
      const keys = Object.keys(value).filter((key) => value[key] !== undefined);
      // An object declared with no key is recorded as "field." so that it reads as "no key", not as an older state.
      paths.push(...(keys.length > 0 ? keys.map((key) => `${field.name}.${key}`) : [`${field.name}.`]));
    }
  }
  return paths;
}

export const declaredOf = (state: Inputs): string[] => (Array.isArray(state.declaredFields) ? (state.declaredFields as string[]) : []);

/**
 * The keys of option `field` that `state` declared. States written before keys were recorded list
 * only the field: then the keys the stored object holds are the ones that were sent.
 */
function declaredKeys(state: Inputs, stored: Inputs, field: FieldSpec): string[] {
  const declared = declaredOf(state);
  if (!declared.includes(field.name)) return [];
  const paths = declared.filter((p) => p.startsWith(`${field.name}.`));
  if (paths.length > 0) return paths.map((p) => p.slice(field.name.length + 1)).filter((key) => key !== "");
  return isObject(stored[field.name]) ? Object.keys(stored[field.name] as Inputs) : [];
}

/** A record, or the outputs made from one, in canonical names: nulls dropped, an empty list that means unset left out. */
export function canonicalFromRecord(spec: ResourceSpec, record: Inputs): Inputs {
  const canonical: Inputs = {};
  for (const field of spec.fields) {
    if (field.compare === "content") {
      // A file is known by the hash of the bytes last uploaded, which only the outputs keep.
      const sha = record[`${field.name}Sha256`];
      if (typeof sha === "string") canonical[field.name] = { sha256: sha };
      continue;
    }
    const { record: recordName, output } = namesOf(field);
    const value = record[recordName] ?? record[output];
    if (value === null || value === undefined) continue;
    if (field.emptyIsUnset && Array.isArray(value) && value.length === 0) continue;
    canonical[field.name] = field.fromRecord ? field.fromRecord(dropNulls(value)) : dropNulls(value);
  }
  return canonical;
}

/**
 * Outputs kept in state: the record without nulls, each field under its output name (the record's
 * `urn` as `target`), an empty list that means unset left out, what the program declares, and the
 * provider's own inputs (so that read() can hand them back).
 */
export function outputsFromRecord(spec: ResourceSpec, record: { uuid: string } & object, inputs: Inputs): StateOutputs {
  const outs = dropNulls(record) as Inputs;
  for (const field of spec.fields) {
    const { record: recordName, output } = namesOf(field);
    if (recordName !== output && recordName in outs) {
      outs[output] = outs[recordName];
      delete outs[recordName];
    }
    if (field.emptyIsUnset && Array.isArray(outs[output]) && (outs[output] as unknown[]).length === 0) delete outs[output];
  }
  const result: StateOutputs = { ...outs, uuid: record.uuid, declaredFields: declaredPaths(spec, inputs) };
  for (const key of Object.keys(spec.providerInputs)) if (typeof inputs[key] === "string") result[key] = inputs[key];
  return result;
}

/** The request body: each declared field under its wire name; createOnly fields left out of an edit; each removed field as an explicit null. */
export function requestBody(spec: ResourceSpec, inputs: Inputs, options: { forEdit: boolean; removed?: readonly string[] }): Inputs {
  const body: Inputs = {};
  for (const field of spec.fields) {
    // A file's bytes are read at apply time by the resource; the identity goes in the path.
    if ((options.forEdit && field.createOnly) || field.inPath || field.compare === "content") continue;
    if (inputs[field.name] !== undefined) body[namesOf(field).wire] = inputs[field.name];
  }
  for (const name of options.removed ?? []) {
    const field = spec.fields.find((f) => f.name === name);
    // Still declared (a file kept as it is, so not in the body) is not removed.
    if (!field || (options.forEdit && field.createOnly) || inputs[name] !== undefined) continue;
    const wire = namesOf(field).wire;
    if (body[wire] === undefined) body[wire] = null;
  }
  return body;
}

/** Top-level fields declared before and not now: an edit clears them with an explicit null. */
export function removedFields(olds: Inputs, news: Inputs): string[] {
  return declaredOf(olds).filter((p) => !p.includes(".") && news[p] === undefined);
}

function valueEqual(set: boolean, a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return set ? equalAsSets(a, b) : stableEqual(a, b);
}

/** Whether a field differs: option objects key by key over the keys declared now or before. */
function fieldChanged(field: FieldSpec, stored: Inputs, next: unknown, olds: Inputs): boolean {
  if (containsUnknown(next)) return true;
  // A declared empty list was stored as no list: equal, else `alerts: []` would replace on every run.
  if (field.emptyIsUnset) {
    if (field.compare === "set") return !equalAsSets(stored[field.name] ?? [], next ?? []);
    const unset = (v: unknown) => (Array.isArray(v) && v.length === 0 ? undefined : v);
    return !valueEqual(false, unset(stored[field.name]), unset(next));
  }
  if (field.compare === "content") {
    return (stored[field.name] as { sha256?: unknown } | undefined)?.sha256 !== (next as { sha256?: unknown } | undefined)?.sha256;
  }
  if (field.compare !== "keys" || !isObject(next)) return !valueEqual(field.compare === "set", stored[field.name], next);
  const before = isObject(stored[field.name]) ? (stored[field.name] as Inputs) : {};
  const keys = new Set([...Object.keys(next).filter((k) => next[k] !== undefined), ...declaredKeys(olds, stored, field)]);
  // An object declared with no key at all (`httpRequest: {}`) asks for nothing in particular.
  if (keys.size > 0 && !isObject(stored[field.name])) return true;
  return [...keys].some((key) => !valueEqual(field.keys?.[key]?.set === true, before[key], next[key]));
}

/** The fields that differ between the stored record (`olds`, the outputs) and the new canonical inputs, over those declared now or before. */
export function changedFields(spec: ResourceSpec, olds: Inputs, news: Inputs): string[] {
  const stored = canonicalFromRecord(spec, olds);
  const declaredBefore = declaredOf(olds).filter((p) => !p.includes("."));
  const fields = new Set<string>([...spec.fields.filter((f) => news[f.name] !== undefined).map((f) => f.name), ...declaredBefore]);
  return spec.fields.filter((f) => fields.has(f.name) && fieldChanged(f, stored, news[f.name], olds)).map((f) => f.name);
}

/** diff(): the changed fields, whether any, and those whose change replaces the resource. */
export function diff(spec: ResourceSpec, olds: Inputs, news: Inputs): { changes: boolean; replaces: string[]; changed: string[] } {
  const changed = changedFields(spec, olds, news);
  return { changes: changed.length > 0, replaces: replacingFields(spec, changed), changed };
}

/** Of the changed fields, those whose change replaces the resource. */
export function replacingFields(spec: ResourceSpec, changed: readonly string[]): string[] {
  return spec.fields.filter((f) => (f.createOnly || f.replaces) && changed.includes(f.name)).map((f) => f.name);
}

/**
 * read(): the inputs a refreshed state holds, in the form check() gives the program's: the declared
 * fields only, option objects with their declared keys only, a declared empty list as [], sets in
 * canonical order. Equal to the program's inputs when nothing drifted, so no diff lists a field
 * that nothing will send.
 */
export function inputsFromRecord(spec: ResourceSpec, record: Inputs, state: Inputs): Inputs {
  const canonical = canonicalFromRecord(spec, record);
  // A state without declaredFields (written by the earliest versions) takes every field the record has.
  const declared = Array.isArray(state.declaredFields) ? (state.declaredFields as string[]) : undefined;
  const inputs: Inputs = {};
  for (const field of spec.fields) {
    const value = canonical[field.name];
    if (field.inPath && value !== undefined) inputs[field.name] = value;
    if (field.inPath || (declared && !declared.includes(field.name))) continue;
    if (field.emptyIsUnset && declared) inputs[field.name] = value ?? [];
    else if (field.compare === "keys" && isObject(value)) {
      const keys = declaredKeys(state, canonical, field);
      inputs[field.name] = Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]]));
    } else if (value !== undefined) inputs[field.name] = value;
  }
  for (const key of Object.keys(spec.providerInputs)) if (typeof state[key] === "string") inputs[key] = state[key];
  return sortSets(spec, inputs);
}
