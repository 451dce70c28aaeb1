// Which fields of a resource change, and how a value is shown: secrets as [secret] in whichever
// form the JSON carries them, values the preview cannot know as "(known after up)", compact JSON.

import { MONITOR } from "../../provider/model/monitor";

/** Pulumi's signature key and the value marking a secret (`{"4dabf…": "1b47…", …}`). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The placeholder for a value known only after `up` (Pulumi's unknown-value sentinel). */
const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Properties the provider keeps for itself (the SDK's own inputs, the declared fields): never a field the user declared. */
const BOOKKEEPING = new Set([
  "declaredFields",
  ...Object.entries(MONITOR.providerInputs)
    .filter(([, input]) => input.internal)
    .map(([name]) => name),
]);
/** Monitor inputs stored under another name than the one a program writes (`urn`, which Pulumi reserves), from the model. */
export const MONITOR_FIELD_NAMES: Record<string, string> = Object.fromEntries(
  MONITOR.fields.filter((f) => f.input && f.input !== f.name).map((f) => [f.name, f.input as string]),
);

export interface FieldChange {
  /** Dotted path, e.g. `interval` or `tcpOptions.dataRequest`. */
  path: string;
  /** Absent when the field is added. */
  old?: unknown;
  /** Absent when the field is removed. */
  new?: unknown;
}

export const isSecret = (value: unknown): boolean =>
  value === "[secret]" || (typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG);

export const isUnknown = (value: unknown): boolean => value === UNKNOWN_VALUE;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !isSecret(value);

/** The fields that differ between two sets of inputs, nested objects compared field by field. */
export function changedFields(
  oldInputs: Record<string, unknown> | undefined,
  newInputs: Record<string, unknown> | undefined,
  isMonitor: boolean,
): FieldChange[] {
  const changes: FieldChange[] = [];
  const walk = (a: Record<string, unknown>, b: Record<string, unknown>, prefix: string) => {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      if (prefix === "" && (key.startsWith("__") || BOOKKEEPING.has(key))) continue;
      const [before, after] = [a[key], b[key]];
      if (sameValue(before, after)) continue;
      const name = prefix === "" && isMonitor ? (MONITOR_FIELD_NAMES[key] ?? key) : key;
      const path = prefix + name;
      if (isPlainObject(before) && isPlainObject(after)) walk(before, after, `${path}.`);
      else changes.push({ path, ...(before === undefined ? {} : { old: before }), ...(after === undefined ? {} : { new: after }) });
    }
  };
  walk(oldInputs ?? {}, newInputs ?? {}, "");
  return changes;
}

/** Equal as JSON. Two secrets count as equal: whether one changed cannot be seen, and must not be. */
function sameValue(a: unknown, b: unknown): boolean {
  if (isSecret(a) && isSecret(b)) return true;
  if (isSecret(a) !== isSecret(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return a === b;
}

const SECRET_TOKEN = "\u0001secret\u0001";
const UNKNOWN_TOKEN = "\u0001unknown\u0001";

/** Compact JSON with secrets and unknown values replaced, cut to `max` characters. */
export function showValue(value: unknown, max = 80): string {
  if (value === undefined) return "(none)";
  const text = JSON.stringify(mask(value))
    .replaceAll(JSON.stringify(SECRET_TOKEN), "[secret]")
    .replaceAll(JSON.stringify(UNKNOWN_TOKEN), "(known after up)");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function mask(value: unknown): unknown {
  if (isSecret(value)) return SECRET_TOKEN;
  if (isUnknown(value)) return UNKNOWN_TOKEN;
  if (Array.isArray(value)) return value.map(mask);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v)]));
  }
  return value;
}
