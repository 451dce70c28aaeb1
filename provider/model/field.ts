// One table of fields per resource (monitor.ts, page.ts, alert.ts): each field says once every name it
// goes by (program, request, record, outputs), its schema and doc, how values compare and what a change
// means. Check, bodies, outputs, diff, read-back, the schema and the README are walked from them (engine.ts).
import { z } from "zod";
import type { TableKind } from "./kinds";
import { uuidRef } from "./field-schemas";

/** How a field's values compare in a diff. */
type Comparison =
  /** Deep equality, key order aside. */
  | "value"
  /** A list whose order means nothing: equal as multisets, kept sorted in inputs. */
  | "set"
  /** An option object: each key declared now or before compared on its own (a key never declared is the service's). */
  | "keys"
  /** A file: equal when the sha256 of its bytes is. */
  | "content";

/** A key inside an option object. */
export interface KeySpec {
  /** A list whose order means nothing. */
  set?: boolean;
  /** The spelling the API also accepts for this key (TcpOptions' `DataRequest`). */
  alias?: string;
  /** The TypeScript type a program writes (of the items, for a list), when the schema's says less (`AnyCase<HttpMethod>`). */
  ts?: string;
  /** In the record only (a recipient's uuid), never an input; `ts` is its type. */
  outputOnly?: boolean;
  doc: string;
}

/** As Pulumi's package schema writes it (schema.json). */
export type SchemaType = { type: "string" | "number" | "integer" | "boolean" } | { type: "array"; items: SchemaType } | { $ref: string };
/** Properties as the schema lists them, each with its type and doc (a resource's extra outputs, the lookup's). */
export type Documented = Readonly<Record<string, { type: SchemaType; doc: string }>>;

export interface FieldSpec<N extends string = string, S extends z.ZodType = z.ZodType> {
  /** The name in canonical inputs, in `declaredFields` and in diffs. */
  name: N;
  /** What a program writes, when it is not `name` (the monitor's `urn`, kept as `target`: Pulumi reserves `urn`). */
  input?: string;
  /** Other spellings a program may write; both given with different values is a check failure. */
  aliases?: readonly string[];
  /** The name in request bodies (default: `input`, else `name`). */
  wire?: string;
  /** The name in the service's record (default: the wire name). */
  record?: string;
  /** The name in the resource's outputs (default: the record name). */
  output?: string;
  schema: S;
  type: SchemaType;
  /** One line (README, schema.json, every SDK): for every language. */
  doc: string;
  /** What only a TypeScript program needs to know (after `doc` in its reference). */
  tsNote?: string;
  /** The TypeScript type a program writes (of the items, for a list) when the schema's says less (sdk/arg-types.ts). */
  ts?: string;
  /** A list the outputs always hold, `[]` when the service has none (an alert's recipients). */
  listAlways?: boolean;
  /** @default "value" */
  compare?: Comparison;
  required?: boolean;
  /** Sent when the object is created only (not a parameter of edit): a change replaces it. */
  createOnly?: boolean;
  replaces?: boolean;
  /** An empty list means unset: the service returns [] for a list never given. */
  emptyIsUnset?: boolean;
  /** The object's identity (a page's or an alert's uuid): in the request's path, never its body, nor among declared fields. */
  inPath?: boolean;
  /** For a set of objects: the key of their canonical order (default: the item's JSON). */
  orderBy?: (item: unknown) => string;
  /** How the record's value reads as an input (an alert's recipients without their uuids and timestamps). */
  fromRecord?: (value: unknown) => unknown;
  /** Of an option object (`compare: "keys"`). */
  keys?: Readonly<Record<string, KeySpec>>;
  /** The README's table, where it says more than the schema. */
  readme?: { type?: string; required?: string };
}

/** The times the service stamps every object with: outputs of each resource. */
export const TIMESTAMPS = {
  createdAt: { type: { type: "string" }, doc: "RFC 3339 creation time." },
  updatedAt: { type: { type: "string" }, doc: "RFC 3339 time of the last edit." },
} as const;

/** The uuid of an object taken over (a page, an alert): in the request's path; another one is another object. */
export function identityField(kind: string) {
  return {
    name: "uuid",
    schema: uuidRef(),
    type: { type: "string" },
    required: true,
    inPath: true,
    replaces: true,
    doc: `an existing ${kind}`,
  } as const satisfies FieldSpec;
}

/** A field's zod schema as JSON Schema (io "input"); for a list, its items'. */
export function inputJsonSchema(field: FieldSpec): Record<string, unknown> {
  const schema = z.toJSONSchema(field.schema, { io: "input", unrepresentable: "any" });
  return "items" in field.type ? ((schema.items ?? {}) as Record<string, unknown>) : schema;
}

export function namesOf(field: FieldSpec): { input: string; wire: string; record: string; output: string } {
  const input = field.input ?? field.name;
  const wire = field.wire ?? input;
  const record = field.record ?? wire;
  return { input, wire, record, output: field.output ?? record };
}

/** Every output of a resource, as the package schema lists them. */
export function outputNamesOf(spec: ResourceSpec): string[] {
  return [...new Set([...spec.fields.map((f) => namesOf(f).output), ...Object.keys(spec.extraOutputs)])];
}

/** The names a program may write a field under: the documented one, then its aliases. */
export const writtenNames = (field: FieldSpec): string[] => [namesOf(field).input, ...(field.aliases ?? [])];

/** The provider's own inputs that programs write (not those the SDK sets). */
export const publicInputs = (spec: ResourceSpec) => Object.entries(spec.providerInputs).filter(([, input]) => !input.internal);

/** Every name a program may write at the top of a resource's inputs. */
export function programNames(spec: ResourceSpec): string[] {
  return [...spec.fields.flatMap(writtenNames), ...publicInputs(spec).map(([name]) => name)];
}

/** An input of the provider's own (not the service's), kept in the state. */
interface ProviderInputSpec {
  schema: z.ZodType;
  type: SchemaType;
  doc: string;
  /** Set by the SDK (a monitor's journalKey, from its URN), not written by programs. */
  internal?: boolean;
  /** What a change of it means, for the README. */
  change?: string;
}

export interface ResourceSpec {
  kind: TableKind;
  typeName: string;
  doc: string;
  fields: readonly FieldSpec[];
  providerInputs: Readonly<Record<string, ProviderInputSpec>>;
  /** Outputs beyond the record's fields. */
  extraOutputs: Documented;
}

// A table is walked as a plain ResourceSpec and carries its literal type beside (its field names and
// schemas), from which the types below read its canonical inputs, request body and outputs.
declare const literal: unique symbol;
export type Resource<T extends ResourceSpec = ResourceSpec> = ResourceSpec & { readonly [literal]?: T };
export const defineResource = <const T extends ResourceSpec>(spec: T): Resource<T> => spec;
type Table<R extends Resource> = NonNullable<R[typeof literal]>;

export type Fields<R extends Resource> = Table<R>["fields"][number];
type OwnInputs<R extends Resource> = Table<R>["providerInputs"];
type OwnValues<R extends Resource> = { -readonly [K in keyof OwnInputs<R>]?: z.output<OwnInputs<R>[K]["schema"]> };
type ValueOf<F> = F extends { schema: infer S extends z.ZodType } ? z.output<S> : never;
type InputName<F> = F extends { input: infer I extends string } ? I : F extends { name: infer N extends string } ? N : never;
type WireName<F> = F extends { wire: infer W extends string } ? W : InputName<F>;
export type RecordName<F> = F extends { record: infer R extends string } ? R : WireName<F>;
type OutputName<F> = F extends { output: infer O extends string } ? O : RecordName<F>;

/** Canonical inputs, as check() gives them and the state keeps them (in a preview, any may be unknown). */
export type InputsOf<R extends Resource> = {
  [F in Fields<R> as F extends { required: true } ? F["name"] : never]: ValueOf<F>;
} & {
  [F in Fields<R> as F extends { required: true } ? never : F["name"]]?: ValueOf<F>;
} & OwnValues<R>;

/** A request body: each field under its wire name, `null` to clear it; a file as the base64 of its bytes. */
export type BodyOf<R extends Resource> = {
  [F in Fields<R> as F extends { inPath: true } ? never : WireName<F>]?: (F extends { compare: "content" } ? string : ValueOf<F>) | null;
};

/** Outputs kept in the state: the record's fields under their output names, nulls left out. */
export type OutputsOf<R extends Resource, Rec> = {
  [F in Fields<R> as OutputName<F>]?: RecordName<F> extends keyof Rec ? NonNullable<Rec[RecordName<F>]> : unknown;
} & {
  /** A file as declared, kept while the service has the bytes uploaded, so that a refresh hands it back. */
  [F in Fields<R> as F extends { compare: "content" } ? F["name"] : never]?: ValueOf<F>;
} & OwnValues<R> & {
    -readonly [K in keyof Table<R>["extraOutputs"]]?: string;
  } & { uuid: string; declaredFields: string[] };

type AliasOf<F> = F extends { aliases: readonly (infer A extends string)[] } ? A : never;
type PublicOwnInput<R extends Resource> = {
  [K in keyof OwnInputs<R>]: OwnInputs<R>[K] extends { internal: true } ? never : K;
}[keyof OwnInputs<R>];

/** The names a program may write: fields' input names and aliases, the provider's own public inputs. */
export type ArgNamesOf<R extends Resource> = InputName<Fields<R>> | AliasOf<Fields<R>> | PublicOwnInput<R>;
