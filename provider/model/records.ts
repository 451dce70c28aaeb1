// The service's records as the API document describes them, derived from the tables: lenient where the
// document is (every field nullish, fields not named kept), strict where the provider relies on a value
// (a string uuid). provider/api/ reads responses with them.
import { z } from "zod";
import type { Fields, RecordName, Resource, SchemaType } from "./field";
import { namesOf } from "./field";
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

type Lenient<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> };
/** An object the service may write with any member null or left out. */
const lenient = <S extends Record<string, z.ZodType>>(shape: S) =>
  z.object(Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, value.nullish()])) as Lenient<S>);

const HttpHeader = z.object({ name: z.string(), value: z.string() });
const HttpRequest = lenient({ method: z.string(), headers: z.array(HttpHeader), body: z.string() });
const HttpResponse = lenient({
  status: z.array(z.string()),
  statusMatches: z.boolean(),
  keywordHeader: z.string(),
  keywordHeaderExists: z.boolean(),
  keywordBody: z.string(),
  keywordBodyExists: z.boolean(),
});
const TcpOptions = lenient({
  dataRequest: z.string(),
  keywordResponse: z.string(),
  keywordResponseExists: z.boolean(),
});
const MaintenanceTime = z.object({
  startHour: z.number(),
  startMinute: z.number(),
  stopHour: z.number(),
  stopMinute: z.number(),
});
// "described as a string array, but written as small integers": accept both, keep integers.
const Maintenance = lenient({ days: z.array(numeric), times: z.array(MaintenanceTime), timeZone: z.string() });
const AlertRecipientRecord = z.object({
  uuid: z.string().nullish(),
  type: z.string(),
  target: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** What the service sends for each type a table names (an image as its URL). */
const SCALARS = { string: z.string(), number: z.number(), integer: z.number().int(), boolean: z.boolean() };
const OBJECTS = {
  "#/types/uptime:index:HttpRequest": HttpRequest,
  "#/types/uptime:index:HttpResponse": HttpResponse,
  "#/types/uptime:index:TcpOptions": TcpOptions,
  "#/types/uptime:index:Maintenance": Maintenance,
  "#/types/uptime:index:AlertRecipient": AlertRecipientRecord,
  "#/types/uptime:index:ImageFile": z.string(),
};
/** Record fields the service writes otherwise than their type says, by record name. */
const IRREGULAR: Readonly<Record<string, z.ZodType | undefined>> = { intervalId: numeric };

/** The type of what wire() gives. */
type Wire<T> = T extends { $ref: infer R extends keyof typeof OBJECTS }
  ? z.output<(typeof OBJECTS)[R]>
  : T extends { type: "array"; items: infer I }
    ? Wire<I>[]
    : T extends { type: infer S extends keyof typeof SCALARS }
      ? z.output<(typeof SCALARS)[S]>
      : unknown;

type RecordOf<R extends Resource> = { uuid: string } & {
  [F in Fields<R> as F extends { inPath: true } ? never : RecordName<F>]?: Wire<F["type"]> | null;
} & { createdAt?: string | null; updatedAt?: string | null; [key: string]: unknown };

const objects: Readonly<Record<string, z.ZodType | undefined>> = OBJECTS;
function wire(type: SchemaType): z.ZodType {
  if (!("$ref" in type)) return type.type === "array" ? z.array(wire(type.items)) : SCALARS[type.type];
  const schema = objects[type.$ref];
  if (!schema) throw new Error(`model/records.ts: no wire schema for ${type.$ref} in OBJECTS`);
  return schema;
}

function recordSchema<R extends Resource>(spec: R): z.ZodType<RecordOf<R>> {
  const fields = spec.fields.filter((field) => !field.inPath).map((field) => [namesOf(field).record, field.type] as const);
  const shape = Object.fromEntries(fields.map(([name, type]) => [name, (IRREGULAR[name] ?? wire(type)).nullish()]));
  return z.looseObject({ uuid: z.string().min(1), ...shape, createdAt: timestamp, updatedAt: timestamp });
}

export const MonitorRecord = recordSchema(MONITOR);
export type MonitorRecord = z.output<typeof MonitorRecord>;
export const PageRecord = recordSchema(PAGE);
export type PageRecord = z.output<typeof PageRecord>;
export const AlertRecord = recordSchema(ALERT);
export type AlertRecord = z.output<typeof AlertRecord>;
