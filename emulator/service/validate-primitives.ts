// Small checkers that either return the typed value or throw a ValidationError naming the field path.

import { ValidationError } from "./errors";

export type JsonObject = Record<string, unknown>;

export function fieldPath(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  return parent === "" ? key : `${parent}.${key}`;
}

export function has(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

export function expectObject(value: unknown, path: string): JsonObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ValidationError(path === "" ? "body" : path, "expected an object");
  }
  return value as JsonObject;
}

/** Strictness catches client typos: every key must be one the document names. */
export function rejectUnknownKeys(obj: JsonObject, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) throw new ValidationError(fieldPath(path, key), "unknown field");
  }
}

/** Value of whichever spelling is present; both spellings at once are ambiguous and rejected. */
export function takeEitherSpelling(
  obj: JsonObject,
  spellings: readonly [string, string],
  path: string,
): { present: false } | { present: true; key: string; value: unknown } {
  const [first, second] = spellings;
  if (has(obj, first) && has(obj, second)) {
    throw new ValidationError(fieldPath(path, first), `give either ${first} or ${second}, not both`);
  }
  const key = has(obj, first) ? first : has(obj, second) ? second : undefined;
  return key === undefined ? { present: false } : { present: true, key, value: obj[key] };
}

export function expectString(value: unknown, path: string, nonEmpty = false): string {
  if (typeof value !== "string") throw new ValidationError(path, "expected a string");
  if (nonEmpty && value.length === 0) throw new ValidationError(path, "must not be empty");
  return value;
}

export function expectBoolean(value: unknown, path: string): boolean {
  if (typeof value !== "boolean") throw new ValidationError(path, "expected a boolean");
  return value;
}

export function expectNonNegativeNumber(value: unknown, path: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new ValidationError(path, "expected a number");
  if (value < 0) throw new ValidationError(path, "must be >= 0");
  return value;
}

/** An integer; with allowNumericString a quoted one such as "30" is accepted too and returned as a number. */
export function expectInteger(value: unknown, path: string, allowNumericString = false): number {
  if (allowNumericString && typeof value === "string" && /^-?\d+$/.test(value)) {
    const parsed = Number(value);
    if (Number.isSafeInteger(parsed)) return parsed;
  }
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new ValidationError(path, allowNumericString ? "expected an integer or a quoted integer" : "expected an integer");
  }
  return value;
}

export function expectArray<T>(value: unknown, path: string, item: (v: unknown, p: string) => T): T[] {
  if (!Array.isArray(value)) throw new ValidationError(path, "expected an array");
  return value.map((v, i) => item(v, fieldPath(path, i)));
}

export function stringArray(value: unknown, path: string): string[] {
  return expectArray(value, path, (v, p) => expectString(v, p));
}

/** null stays null (clears the field or leaves it unset); anything else goes through check. */
export function nullable<T>(check: (v: unknown, p: string) => T): (v: unknown, p: string) => T | null {
  return (v, p) => (v === null ? null : check(v, p));
}

/** Reads an optional key: unset -> undefined, else the checked value. */
export function optional<T>(obj: JsonObject, key: string, path: string, check: (v: unknown, p: string) => T): T | undefined {
  return has(obj, key) ? check(obj[key], fieldPath(path, key)) : undefined;
}
