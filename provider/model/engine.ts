// What every resource does with its table (field.ts). State keeps the record (output names, no nulls)
// and `declaredFields`: the fields declared, with each option object's keys ("tcpOptions.dataRequest";
// "tcpOptions." for none). Diff walks only what was declared now or before: what the service fills in
// on its own is never a change.
import { z } from "zod";
import { equalAsSets, stableEqual, stableStringify } from "../compare";
import { CheckFailure, FieldNames, UNKNOWN, containsUnknown, dropNulls } from "./values";
import { BodyOf, FieldSpec, InputsOf, OutputsOf, Resource, ResourceSpec, namesOf } from "./field";

/** Values walked by field name: a program's raw arguments, or a typed value seen field by field. */
export type Untyped = Record<string, unknown>;
/** The one place typed values are walked by name: the table says which names they have. */
const byName = (value: object): Untyped => value as Untyped;
export type StateOf = { uuid?: unknown; declaredFields?: unknown };

const isObject = (value: unknown): value is Untyped => !!value && typeof value === "object" && !Array.isArray(value);

export function inputsSchema<R extends Resource>(spec: R): z.ZodType<InputsOf<R>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of spec.fields) shape[field.name] = field.required ? field.schema : field.schema.optional();
  for (const [name, input] of Object.entries(spec.providerInputs)) shape[name] = input.schema.optional();
  // The shape built from the table is the table's type (field.ts InputsOf), which zod cannot follow through the loop.
  return z.strictObject(shape) as unknown as z.ZodType<InputsOf<R>>;
}

/** Where a program's arguments become typed: check() found no failure (values unknown in a preview wait). */
export const checkedInputs = <R extends Resource>(_spec: R, args: Untyped): InputsOf<R> => args as InputsOf<R>;

/**
 * Renames every other spelling of a field or an option key to its canonical name, in place. Two
 * spellings with different values fail, unless one is unknown (preview): it may turn out equal.
 */
export function canonicalNames(spec: ResourceSpec, args: Untyped): CheckFailure[] {
  const failures: CheckFailure[] = [];
  // `keep`: the spelling the advice keeps, the documented one (a monitor's `urn`, an alias's field).
  const rename = (target: Untyped, from: string, to: string, prefix = "", keep = to) => {
    if (!(from in target)) return;
    const conflict = to in target && JSON.stringify(target[to]) !== JSON.stringify(target[from]);
    if (conflict && !containsUnknown(target[to]) && !containsUnknown(target[from])) {
      failures.push({
        property: prefix + from,
        problem: `${prefix}${from} and ${prefix}${to} are the same field with different values; keep only ${prefix}${keep}`,
        unnamed: true,
      });
    }
    if (!containsUnknown(target[to])) target[to] = target[from];
    delete target[from];
  };
  for (const field of spec.fields) {
    if (field.input && field.input !== field.name) rename(args, field.input, field.name, "", field.input);
    for (const spelling of field.aliases ?? []) rename(args, spelling, field.name);
    const inner = args[field.name];
    if (!isObject(inner)) continue;
    for (const [key, keySpec] of Object.entries(field.keys ?? {})) if (keySpec.alias) rename(inner, keySpec.alias, key, `${field.name}.`);
  }
  return failures;
}

/** A field's path as a program writes it (`target` as `urn`): the dynamic resources' failures. */
export function inputPath(spec: ResourceSpec): FieldNames {
  const inputs = new Map(spec.fields.filter((f) => f.input && f.input !== f.name).map((f) => [f.name, f.input!]));
  return (path) => {
    const head = /^[^.[]*/.exec(path)![0];
    return (inputs.get(head) ?? head) + path.slice(head.length);
  };
}

/** Set-like lists in one order: inputs equal as sets are equal as values (and in a diff's display). */
export function sortSets<I extends object>(spec: ResourceSpec, inputs: I): I {
  const out = byName({ ...inputs });
  const sorted = (value: unknown, orderBy = (item: unknown): unknown => item) =>
    !Array.isArray(value) || containsUnknown(value) ? value : [...value].sort((a, b) => compareItems(orderBy(a), orderBy(b)));
  for (const field of spec.fields) {
    const value = out[field.name];
    if (value === undefined) continue;
    if (field.compare === "set") out[field.name] = sorted(value, field.orderBy);
    if (!isObject(value)) continue;
    const setKeys = Object.keys(field.keys ?? {}).filter((key) => field.keys?.[key].set && value[key] !== undefined);
    if (setKeys.length > 0) out[field.name] = { ...value, ...Object.fromEntries(setKeys.map((key) => [key, sorted(value[key])])) };
  }
  return out as I;
}

function compareItems(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = typeof a === "object" ? stableStringify(a) : String(a);
  const y = typeof b === "object" ? stableStringify(b) : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The fields `inputs` declares, and each option object's keys as "field.key" ("field." for none). */
export function declaredPaths(spec: ResourceSpec, inputs: object): string[] {
  const paths: string[] = [];
  for (const field of spec.fields) {
    const value = byName(inputs)[field.name];
    if (value === undefined || field.inPath) continue;
    paths.push(field.name);
    if (field.compare === "keys" && isObject(value)) {
      const keys = Object.keys(value).filter((key) => value[key] !== undefined);
      // "field." reads as "no key", not as a state from before keys were recorded.
      paths.push(...(keys.length > 0 ? keys.map((key) => `${field.name}.${key}`) : [`${field.name}.`]));
    }
  }
  return paths;
}

export const declaredOf = (state: StateOf): string[] =>
  Array.isArray(state.declaredFields) ? state.declaredFields.filter((p): p is string => typeof p === "string") : [];

/** The keys of option `field` that `state` declared; for a state from before keys were recorded, the stored ones. */
function declaredKeys(state: StateOf, stored: Untyped, field: FieldSpec): string[] {
  const declared = declaredOf(state);
  if (!declared.includes(field.name)) return [];
  const paths = declared.filter((p) => p.startsWith(`${field.name}.`));
  if (paths.length > 0) return paths.map((p) => p.slice(field.name.length + 1)).filter((key) => key !== "");
  const object = stored[field.name];
  return isObject(object) ? Object.keys(object) : [];
}

/** A record, or the outputs made from one, in canonical names: nulls dropped, an empty list that means unset left out. */
export function canonicalFromRecord<R extends Resource>(spec: R, record: object): Partial<InputsOf<R>> {
  const canonical: Untyped = {};
  const values = byName(record);
  for (const field of spec.fields) {
    if (field.compare === "content") {
      // A file is known by the hash of the bytes last uploaded, which only the outputs keep.
      const sha = values[`${field.name}Sha256`];
      if (typeof sha === "string") canonical[field.name] = { sha256: sha };
      continue;
    }
    const { record: recordName, output } = namesOf(field);
    const value = values[recordName] ?? values[output];
    if (value === null || value === undefined) continue;
    if (field.emptyIsUnset && Array.isArray(value) && value.length === 0) continue;
    canonical[field.name] = field.fromRecord ? field.fromRecord(dropNulls(value)) : dropNulls(value);
  }
  return canonical as Partial<InputsOf<R>>;
}

/**
 * Outputs kept in state: the record in output names, no nulls nor an empty list that means unset; the
 * declared fields; the provider's own inputs (read() hands them back).
 */
export function outputsFromRecord<R extends Resource, Rec extends { uuid: string }>(
  spec: R,
  record: Rec,
  declared: readonly string[],
  inputs: Partial<InputsOf<R>> = {},
): OutputsOf<R, Rec> {
  // Only what the table knows of a record.
  const known = new Set([...spec.fields.map((f) => namesOf(f).record), ...Object.keys(spec.extraOutputs)]);
  const outs = Object.fromEntries(Object.entries(byName(dropNulls(record) as object)).filter(([key]) => known.has(key)));
  for (const field of spec.fields) {
    const { record: recordName, output } = namesOf(field);
    if (recordName !== output && recordName in outs) {
      outs[output] = outs[recordName];
      delete outs[recordName];
    }
    const value = outs[output];
    if (field.emptyIsUnset && Array.isArray(value) && value.length === 0) delete outs[output];
    if (field.listAlways && value === undefined) outs[output] = [];
  }
  return { ...outs, uuid: record.uuid, declaredFields: inTableOrder(spec, declared), ...ownInputs(spec, inputs) } as OutputsOf<R, Rec>;
}

function ownInputs(spec: ResourceSpec, values: object): Untyped {
  const own = byName(values);
  const held = Object.keys(spec.providerInputs).filter((key) => typeof own[key] === "string");
  return Object.fromEntries(held.map((key) => [key, own[key]]));
}

/** The table's order (the identity aside): one state for one declaration. */
function inTableOrder(spec: ResourceSpec, declared: readonly string[]): string[] {
  const index = (path: string) => spec.fields.findIndex((f) => f.name === path.split(".")[0] && !f.inPath);
  return declared.filter((path) => index(path) >= 0).sort((a, b) => index(a) - index(b));
}

/** Each declared field under its wire name, createOnly ones left out of an edit, each removed one as null. */
export function requestBody<R extends Resource>(
  spec: R,
  inputs: Partial<InputsOf<R>>,
  options: { forEdit: boolean; removed?: readonly string[]; files?: Readonly<Record<string, string>> },
): BodyOf<R> {
  const body: Untyped = {};
  const values = byName(inputs);
  for (const field of spec.fields) {
    // The identity goes in the path; a file's bytes only when the resource read them (`files`, base64 by field).
    if ((options.forEdit && field.createOnly) || field.inPath) continue;
    const value = field.compare === "content" ? options.files?.[field.name] : values[field.name];
    if (value !== undefined) body[namesOf(field).wire] = value;
  }
  for (const name of options.removed ?? []) {
    const field = spec.fields.find((f) => f.name === name);
    // Still declared (a file kept as it is, so not in the body) is not removed.
    if (!field || (options.forEdit && field.createOnly) || values[name] !== undefined) continue;
    const wire = namesOf(field).wire;
    if (body[wire] === undefined) body[wire] = null;
  }
  return body as BodyOf<R>;
}

/** Declared before and not now: an edit clears them with an explicit null. */
export function removedFields(olds: StateOf, news: object): string[] {
  return declaredOf(olds).filter((p) => !p.includes(".") && byName(news)[p] === undefined);
}

function valueEqual(set: boolean, a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return set ? equalAsSets(a, b) : stableEqual(a, b);
}

/** Option objects compare key by key, over the keys declared now or before. */
function fieldChanged(field: FieldSpec, stored: Untyped, next: unknown, olds: StateOf): boolean {
  if (containsUnknown(next)) return true;
  // A declared empty list was stored as no list: equal, else `alerts: []` would replace on every run.
  if (field.emptyIsUnset) {
    const unset = (v: unknown) => (Array.isArray(v) && v.length === 0 ? undefined : v);
    return !valueEqual(field.compare === "set", unset(stored[field.name]), unset(next));
  }
  if (field.compare === "content") {
    const sha = (value: unknown) => (isObject(value) ? value.sha256 : undefined);
    return sha(stored[field.name]) !== sha(next);
  }
  if (field.compare !== "keys" || !isObject(next)) return !valueEqual(field.compare === "set", stored[field.name], next);
  const object = stored[field.name];
  const before = isObject(object) ? object : {};
  const keys = new Set([...Object.keys(next).filter((k) => next[k] !== undefined), ...declaredKeys(olds, stored, field)]);
  // An object declared with no key at all (`httpRequest: {}`) asks for nothing in particular.
  if (keys.size > 0 && !isObject(stored[field.name])) return true;
  return [...keys].some((key) => !valueEqual(field.keys?.[key]?.set === true, before[key], next[key]));
}

/** The fields declared now or before that differ between the outputs (`olds`) and the new inputs. */
export function changedFields<R extends Resource>(spec: R, olds: StateOf, news: Partial<InputsOf<R>>): string[] {
  const stored = byName(canonicalFromRecord(spec, olds));
  const next = byName(news);
  const declaredBefore = declaredOf(olds).filter((p) => !p.includes("."));
  const fields = new Set<string>([...spec.fields.filter((f) => next[f.name] !== undefined).map((f) => f.name), ...declaredBefore]);
  return spec.fields.filter((f) => fields.has(f.name) && fieldChanged(f, stored, next[f.name], olds)).map((f) => f.name);
}

export function diff<R extends Resource>(
  spec: R,
  olds: StateOf,
  news: Partial<InputsOf<R>>,
): { changes: boolean; replaces: string[]; changed: string[] } {
  const changed = changedFields(spec, olds, news);
  return { changes: changed.length > 0, replaces: replacingFields(spec, changed), changed };
}

export function replacingFields(spec: ResourceSpec, changed: readonly string[]): string[] {
  return spec.fields.filter((f) => (f.createOnly || f.replaces) && changed.includes(f.name)).map((f) => f.name);
}

/**
 * read(): a refreshed state's inputs as check() gives them (declared fields and keys only, a declared empty
 * list as [], sets sorted): equal to the program's when nothing drifted, so no diff lists a field nothing sends.
 */
export function inputsFromRecord<R extends Resource>(spec: R, record: object, state: StateOf): InputsOf<R> {
  const canonical = byName(canonicalFromRecord(spec, record));
  // A state without declaredFields (written by the earliest versions) takes every field the record has.
  const declared = Array.isArray(state.declaredFields) ? declaredOf(state) : undefined;
  const inputs: Untyped = {};
  for (const field of spec.fields) {
    const value = canonical[field.name];
    if (field.inPath && value !== undefined) inputs[field.name] = value;
    if (field.inPath || (declared && !declared.includes(field.name))) continue;
    if (field.emptyIsUnset && declared) inputs[field.name] = value ?? [];
    else if (field.compare === "keys" && isObject(value)) {
      // Without declared fields (an early state, or `pulumi import`), every key the record has.
      const keys = declared ? declaredKeys(state, canonical, field) : Object.keys(value);
      inputs[field.name] = Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]]));
    } else if (value !== undefined) inputs[field.name] = value;
  }
  return sortSets(spec, { ...inputs, ...ownInputs(spec, state) }) as InputsOf<R>;
}

/**
 * A preview's outputs before a creation or edit: `outputs` (the state, or nothing) with each changed field
 * the service keeps as given copied from the inputs; what the service decides (uuid, timestamps, fields it
 * renames or rewrites) unknown.
 */
export function plannedOutputs<R extends Resource>(
  spec: R,
  inputs: Partial<InputsOf<R>>,
  outputs: Untyped,
  changed: readonly string[] | "all",
): Untyped {
  const planned: Untyped = { ...outputs };
  const values = byName(inputs);
  for (const field of spec.fields) {
    if (changed !== "all" && !changed.includes(field.name)) continue;
    const { output } = namesOf(field);
    const value = values[field.name];
    const asGiven = output === field.name && !field.fromRecord && field.compare !== "content" && field.compare !== "keys";
    planned[output] = asGiven && value !== undefined ? value : UNKNOWN;
  }
  // A creation: the uuid and timestamps are the service's; an edit keeps the uuid and creation time.
  for (const key of Object.keys(spec.extraOutputs)) {
    if (changed === "all" || key === "updatedAt") planned[key] = UNKNOWN;
  }
  return { ...planned, declaredFields: declaredPaths(spec, inputs), ...ownInputs(spec, inputs) };
}
