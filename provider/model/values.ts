// Values as the engine hands them to a provider (the unknown sentinel, `null` for "not set") and the
// check failures that name a field. Below every other module of the provider.
/** What the engine puts in place of an input not known yet (during preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * A check failure as data, the field in the table's names; each face names it in its own words
 * (failureText): `urn` in a TypeScript program, `target` through the plugin, `monitors.api.interval` in a fleet.
 */
export interface CheckFailure {
  /** `target`, `httpRequest.headers`; "" for the resource as a whole. */
  property: string;
  /** What is wrong, and the fix. */
  problem: string;
  /** The fleet member (`monitors.api`), named before the field. */
  member?: string;
  /** The problem names its fields itself (one field in two spellings). */
  unnamed?: true;
}

/** How a face names a field's path given in the table's names: a program's `urn` (engine.ts inputPath). */
export type FieldNames = (path: string) => string;
/** The schema's names, which are the table's: the plugin's. */
export const SCHEMA_NAMES: FieldNames = (path) => path;

export function failureText(f: CheckFailure, name: FieldNames = SCHEMA_NAMES): string {
  const where = [f.member, f.unnamed || !f.property ? "" : name(f.property)].filter(Boolean).join(".");
  return where ? `${where}: ${f.problem}` : f.problem;
}

/** A failure as check() hands it to the engine, which prints the property beside the reason. */
export const engineFailure = (f: CheckFailure, name?: FieldNames) => ({
  property: [f.member, f.property].filter(Boolean).join("."),
  reason: failureText(f, name),
});
export type EngineFailure = ReturnType<typeof engineFailure>;

/**
 * Whether the engine, given `value` as a failure's property, prints it plainly beside the reason (in Go's
 * notation): one left out or a path inside one prints as `{<nil>}`, a list or object as `{[{60}]}`, a long
 * value whole (a 100,000-character input, twice). Only a short string, number or boolean is worth naming.
 */
export const printedPlainly = (value: unknown): boolean =>
  ["string", "number", "boolean"].includes(typeof value) && String(value).length <= 120;

export type CheckResult<T> = { inputs: T; failures: CheckFailure[]; warnings: string[] };

export const isUnknown = (value: unknown): boolean => value === UNKNOWN;

/** Paths of every unknown value inside `value`. */
export function unknownPaths(value: unknown, prefix: PropertyKey[] = []): string[] {
  if (isUnknown(value)) return [formatPath(prefix)];
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownPaths(v, [...prefix, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => unknownPaths(v, [...prefix, k]));
  return [];
}

export const containsUnknown = (value: unknown): boolean => unknownPaths(value).length > 0;

/** `["httpRequest", "headers", 0, "name"]` -> `httpRequest.headers[0].name` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** A program's arguments as check() receives them: the engine's `__provider` left out, `null` as "not set". */
export function programArgs(raw: Record<string, unknown>): Record<string, unknown> {
  const { __provider: _engine, ...args } = raw;
  return dropNulls(args) as Record<string, unknown>;
}

/** Removes `null` and `undefined` members, recursively through plain objects (not arrays' items). */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === "object" && !Array.isArray(v) ? dropNulls(v) : v));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === null || v === undefined) continue;
      out[k] = dropNulls(v);
    }
    return out;
  }
  return value;
}

/** Quotes a user value for a message, shortened so a huge input cannot flood the output. */
export function show(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}
