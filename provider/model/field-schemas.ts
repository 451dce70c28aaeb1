// What the tables' fields are built from. Messages say the problem and the fix; provider/validation/ puts the path in front.
import { z } from "zod";
import { show } from "./values";

/** The message for a value of the wrong type; a missing one (undefined) is "required" instead. */
export const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `required; set it to ${what}` : `expected ${what}, got ${show(issue.input)}`;

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
  z.string({ error: expected("a uuid string") }).regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, {
    error: "not a uuid (1-128 letters, digits, hyphens and underscores, starting with a letter or digit)",
  });

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

let known: Set<string> | undefined;

/** An IANA time zone name the runtime's ICU knows; case-sensitive, as in the IANA database. */
export function isTimeZone(name: unknown): boolean {
  if (typeof name !== "string" || name.length === 0 || name.length > 64) return false;
  // ICU also takes UTC offsets such as "+05:00": not a zone name, and not what the API describes.
  if (/^[+-]/.test(name)) return false;
  known ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (known.has(name)) return true;
  try {
    // Links such as "Asia/Calcutta" are not always listed: accept what ICU resolves without changing the case.
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved === name : /^[A-Z]/.test(name);
  } catch {
    return false;
  }
}
