// Shared pieces of input validation: Pulumi's "unknown during preview" sentinel, turning zod issues
// into check failures that name the field and the fix, and small field checks used by every resource.
import { z } from "zod";

/** The value the engine puts in place of an input that is not known yet (during preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export interface CheckFailure {
  property: string;
  reason: string;
}

export type CheckResult<T> = { inputs: T; failures: CheckFailure[]; warnings: string[] };

export const isUnknown = (value: unknown): boolean => value === UNKNOWN;

/** True when the value, or anything inside it, is still unknown. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** Paths (as dotted strings) of every unknown value inside `value`. */
export function unknownPaths(value: unknown, prefix: PropertyKey[] = []): string[] {
  if (isUnknown(value)) return [formatPath(prefix)];
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownPaths(v, [...prefix, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => unknownPaths(v, [...prefix, k]));
  }
  return [];
}

/** `["httpRequest", "headers", 0, "name"]` -> `httpRequest.headers[0].name` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

const overlaps = (a: string, b: string) =>
  a === b || a.startsWith(b + ".") || a.startsWith(b + "[") || b.startsWith(a + ".") || b.startsWith(a + "[");

/**
 * Turns zod issues into check failures, dropping those about values that are still unknown: an
 * input computed from another resource is validated once it is known, never rejected in preview.
 */
export function toFailures(issues: readonly z.core.$ZodIssue[], unknown: readonly string[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const issue of issues) {
    const paths = issue.code === "unrecognized_keys" ? issue.keys.map((k) => formatPath([...issue.path, k])) : [formatPath(issue.path)];
    for (const property of paths) {
      // A misspelt field is wrong whatever its value turns out to be: only value issues wait.
      if (issue.code !== "unrecognized_keys" && unknown.some((u) => overlaps(property, u))) continue;
      const reason =
        issue.code === "unrecognized_keys"
          ? `${property}: unknown field; remove it or check its spelling against the documented fields`
          : `${property || "inputs"}: ${issue.message}`;
      failures.push({ property: property || "inputs", reason });
    }
  }
  return failures;
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

/** The message for a value of the wrong type; a missing one (undefined) is "required" instead. */
export const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `required; set it to ${what}` : `expected ${what}, got ${show(issue.input)}`;

// Field schemas. Messages say the problem and the fix; toFailures() puts the field path in front.
export const text = (max: number) =>
  z
    .string({ error: expected("a string") })
    .max(max, { error: `longer than ${max} characters; shorten it` })
    // eslint-disable-next-line no-control-regex -- control characters are what this check refuses
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(s), {
      error: "contains control characters; remove them",
    });

export const nonEmptyText = (max: number) => text(max).refine((s) => s.trim().length > 0, { error: "must not be empty" });

export const bool = () => z.boolean({ error: expected("true or false") });

export const positiveNumber = (unit: string) =>
  z
    .number({ error: expected(`a number of ${unit}`) })
    .refine((n) => Number.isFinite(n) && n > 0, { error: `must be a positive number of ${unit}` });

export const uuidRef = () =>
  z
    .string({ error: expected("a uuid string") })
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, { error: "not a uuid (letters, digits and hyphens only)" });

export const int = (min: number, max: number) =>
  z
    .number({ error: expected(`a whole number ${min}-${max}`) })
    .int({ error: `expected a whole number ${min}-${max}` })
    .min(min, { error: `must be ${min}-${max}` })
    .max(max, { error: `must be ${min}-${max}` });

/**
 * Host names per RFC 1123 (labels of letters, digits and hyphens), at most 253 characters, or a
 * dotted IPv4 address: a name whose last label is all digits must be one ("300.1.1.1" is neither).
 */
export function isHostName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split(".");
  if (/^\d+$/.test(labels[labels.length - 1])) {
    return labels.length === 4 && labels.every((l) => /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(l));
  }
  return labels.every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label));
}

/** A https URL with a host, nothing else: used for webhooks, chat integrations. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}
