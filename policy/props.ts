// Reading resource properties as the engine sends them to a policy: plain JSON in which a value the
// preview cannot know yet is one of Pulumi's "unknown" sentinel strings.
export const MONITOR_TYPE = "pulumi-nodejs:dynamic/uptime:Monitor";
export const PAGE_TYPE = "pulumi-nodejs:dynamic/uptime:Page";

/** A value that exists only after `up` (e.g. the uuid of a monitor not created yet). */
export const UNKNOWN = Symbol("unknown during preview");
export type Known<T> = T | typeof UNKNOWN | undefined;

// The wire protocol's placeholders for unknown values (pulumi/pulumi sdk, "unknown*Value").
const UNKNOWN_SENTINELS = new Set([
  "04da6b54-80e4-46f7-96ec-b56ff0331ba9", // any or string
  "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7", // boolean
  "3eeb2bf0-c639-47a8-9e75-3b44932eb421", // number
  "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2", // array
  "030794c1-ac77-496b-92df-f27374a8bd58", // asset
  "e48ece36-62e2-4504-bad9-02848725956a", // archive
  "dd056dcd-154b-4c76-9bd3-c8f88648b5ff", // object
]);

export const isUnknown = (value: unknown): boolean => typeof value === "string" && UNKNOWN_SENTINELS.has(value);

/**
 * The properties without @pulumi/policy's proxy, which throws on reading an unknown value and turns
 * the whole policy into an advisory "can't run during preview". Here each rule decides what an
 * unknown value means for it (usually: nothing to check yet).
 */
export function rawProps(props: Record<string, unknown>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(props)) {
    if (key.startsWith("__") || key === "journalKey") continue; // the provider's own bookkeeping
    raw[key] = Object.getOwnPropertyDescriptor(props, key)?.value;
  }
  return raw;
}

export function known<T>(value: unknown, guard: (v: unknown) => v is T): Known<T> {
  if (value === undefined || value === null) return undefined;
  if (isUnknown(value)) return UNKNOWN;
  return guard(value) ? value : undefined;
}

export const isString = (v: unknown): v is string => typeof v === "string";
export const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
export const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";
export const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A number the user may have written as a numeric string (`interval: "120"`). */
export function knownNumber(value: unknown): Known<number> {
  if (typeof value === "string" && !isUnknown(value) && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return known(value, isNumber);
}

/** A policy's configuration with the pack's defaults under what the team set. */
export function withDefaults<T extends object>(defaults: T, given: Partial<T>): T {
  const merged = { ...defaults };
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined && key in defaults) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}
