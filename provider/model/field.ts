// The declarative model: one table of fields per resource (model/monitor.ts, page.ts, alert.ts).
// Each field says, once, every name it goes by (what a program writes, what a request carries,
// what the service's record returns, what the outputs keep), its schema and documentation, how two
// values compare, and what a change of it means. Check, request bodies, outputs, diff, read-back,
// the package schema and the README's tables are all walked from these tables (model/engine.ts).
import type { z } from "zod";

/** How a field's values compare in a diff (and so whether a change shows in a preview). */
export type Comparison =
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
  doc: string;
}

/** The type of a field as Pulumi's package schema writes it (schema.json). */
export type SchemaType = { type: "string" | "number" | "integer" | "boolean" } | { type: "array"; items: SchemaType } | { $ref: string };

export interface FieldSpec {
  /** The name in canonical inputs, in `declaredFields` and in diffs. */
  name: string;
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
  /** The canonical value's schema: check() reports its issues with the field's path. */
  schema: z.ZodType;
  /** The type in the package schema. */
  type: SchemaType;
  /** One line of documentation (README, schema.json, SDK). */
  doc: string;
  compare: Comparison;
  required?: boolean;
  /** Sent when the object is created only (not a parameter of edit): a change replaces it. */
  createOnly?: boolean;
  /** A change replaces the resource. */
  replaces?: boolean;
  /** An empty list means unset: the service returns [] for a list never given. */
  emptyIsUnset?: boolean;
  /** The object's identity (a page's or an alert's uuid): in the request's path, never its body, nor among declared fields. */
  inPath?: boolean;
  /** For a set of objects: the key that puts its items in their canonical order (default: the item's JSON). */
  orderBy?: (item: unknown) => string;
  /** How the record's value reads as an input (an alert's recipients without their uuids and timestamps). */
  fromRecord?: (value: unknown) => unknown;
  /** Keys of an option object (`compare: "keys"`). */
  keys?: Readonly<Record<string, KeySpec>>;
  /** The README's table, where it says more than the schema: the type as a program writes it, when required. */
  readme?: { type?: string; required?: string };
}

/** The uuid of an object taken over (a page, an alert): its identity, in the request's path; another one is another object. */
export function identityField(schema: z.ZodType, kind: string): FieldSpec {
  return {
    name: "uuid",
    schema,
    type: { type: "string" },
    compare: "value",
    required: true,
    inPath: true,
    replaces: true,
    doc: `an existing ${kind}`,
  };
}

/** Names a field goes by, defaults applied. */
export function namesOf(field: FieldSpec): { input: string; wire: string; record: string; output: string } {
  const input = field.input ?? field.name;
  const wire = field.wire ?? input;
  const record = field.record ?? wire;
  return { input, wire, record, output: field.output ?? record };
}

/** A resource of the package: its fields and how the SDK registers it. */
export interface ResourceSpec {
  /** "monitor", "page", "alert": used in messages. */
  kind: string;
  /** The Pulumi type name (Monitor, Page, Alert). */
  typeName: string;
  doc: string;
  fields: readonly FieldSpec[];
  /** Inputs of the provider's own (not the service's), kept in the state; `internal` ones are set by the SDK, not written by programs. */
  providerInputs: Readonly<Record<string, { schema: z.ZodType; type: SchemaType; doc: string; internal?: boolean; change?: string }>>;
  /** Outputs beyond the record's fields, with their documentation. */
  extraOutputs: Readonly<Record<string, { type: SchemaType; doc: string }>>;
}
