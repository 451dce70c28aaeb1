// The service's records as the API document describes them, derived from the tables: lenient where the
// document is (every field nullish, fields not named kept), strict where the provider relies on a value
// (a string uuid). provider/api/ reads responses with them.
import { z } from "zod";
import type { FieldSpec, Fields, RecordName, Resource, SchemaType } from "./field";
import { inputJsonSchema, namesOf } from "./field";
import { ALERT } from "./alert";
import { MONITOR } from "./monitor";
import { PAGE } from "./page";

const timestamp = z.string().nullish();
/** A whole number the service may also write as a numeric string ("60"): read as the number, never as NaN. */
const numeric = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/, "expected a whole number")
    .transform(Number),
]);

/** What the service sends for each plain type a table names. */
const SCALARS = { string: z.string(), number: z.number(), integer: z.number().int(), boolean: z.boolean() };
/**
 * Values the service writes otherwise than their type says, by record name (and key). Maintenance days are
 * "described as a string array, but written as small integers": both are read, as integers.
 */
const IRREGULAR: Readonly<Record<string, z.ZodType | undefined>> = { intervalId: numeric, "maintenance.days": z.array(numeric) };

type Json = { type?: string; items?: Json; properties?: Record<string, Json>; required?: string[] };

/** A value of an object type as the service writes it back: the keys and JSON types a program writes, nothing refined. */
function echoed(json: Json, path: string, lenient = false, extra: Record<string, z.ZodType> = {}): z.ZodType {
  if (json.type === "array") return z.array(echoed(json.items ?? {}, path));
  if (json.type !== "object") {
    const plain = { string: z.string(), boolean: z.boolean(), number: z.number(), integer: z.number() }[json.type ?? ""];
    // A table given a type this reading does not know fails when the module loads, not on a service's answer.
    if (!plain) throw new Error(`records: ${path} is ${JSON.stringify(json)}, which the record schemas do not read`);
    return plain;
  }
  // An option object's keys may each be null or left out; an item's are as a program writes them.
  const required = new Set(lenient ? [] : (json.required ?? []));
  const keys = Object.entries(json.properties ?? {}).map(([key, value]) => {
    const schema = IRREGULAR[`${path}.${key}`] ?? echoed(value, `${path}.${key}`);
    return [key, required.has(key) ? schema : schema.nullish()];
  });
  return z.object({ ...Object.fromEntries(keys), ...extra });
}

const scalar = (type: SchemaType): z.ZodType =>
  "items" in type ? z.array(scalar(type.items)) : "type" in type ? SCALARS[type.type] : z.unknown();

function wire(field: FieldSpec): z.ZodType {
  const name = namesOf(field).record;
  // An image is sent as the file's bytes and read back as the URL the service stores.
  if (field.compare === "content") return z.string();
  if (!field.keys) return IRREGULAR[name] ?? scalar(field.type);
  // Keys only the service writes (a recipient's uuid and times).
  const outputOnly = Object.keys(field.keys).filter((key) => field.keys?.[key].outputOnly);
  const extra = Object.fromEntries(outputOnly.map((key) => [key, z.string().nullish()]));
  const value = echoed(inputJsonSchema(field) as Json, name, field.compare === "keys", extra);
  return "items" in field.type ? z.array(value) : value;
}

/** A program's value as the service writes it back: literal types widened to their JSON types. */
type Echoed<T> = T extends string
  ? string
  : T extends readonly (infer I)[]
    ? Echoed<I>[]
    : T extends object
      ? { [K in keyof T]: Echoed<T[K]> }
      : T;
type OutputOnly<K> = { [N in keyof K as K[N] extends { outputOnly: true } ? N : never]?: string | null };
type Scalar<T> = T extends { type: "array"; items: infer I }
  ? Scalar<I>[]
  : T extends { type: infer S extends keyof typeof SCALARS }
    ? z.output<(typeof SCALARS)[S]>
    : unknown;
/** The type of what wire() reads. */
type Wire<F> = F extends { compare: "content" }
  ? string
  : F extends { compare: "keys"; schema: infer S extends z.ZodType }
    ? { [K in keyof z.input<S>]?: Echoed<z.input<S>[K]> | null }
    : F extends { keys: infer K; schema: infer S extends z.ZodType }
      ? Echoed<z.input<S>> extends (infer I)[]
        ? (I & OutputOnly<K>)[]
        : never
      : F extends { type: infer T }
        ? Scalar<T>
        : unknown;

type RecordOf<R extends Resource> = { uuid: string } & {
  [F in Fields<R> as F extends { inPath: true } ? never : RecordName<F>]?: Wire<F> | null;
} & { createdAt?: string | null; updatedAt?: string | null; [key: string]: unknown };

function recordSchema<R extends Resource>(spec: R): z.ZodType<RecordOf<R>> {
  const fields = spec.fields.filter((field) => !field.inPath);
  const shape = Object.fromEntries(fields.map((field) => [namesOf(field).record, wire(field).nullish()]));
  return z.looseObject({ uuid: z.string().min(1), ...shape, createdAt: timestamp, updatedAt: timestamp }) as z.ZodType<RecordOf<R>>;
}

export const MonitorRecord = recordSchema(MONITOR);
export type MonitorRecord = z.output<typeof MonitorRecord>;
export const PageRecord = recordSchema(PAGE);
export type PageRecord = z.output<typeof PageRecord>;
export const AlertRecord = recordSchema(ALERT);
export type AlertRecord = z.output<typeof AlertRecord>;
