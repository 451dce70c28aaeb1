// Inputs with two spellings (`intervalId` for `interval`, `urn` for `target`) reach the engine under the stored
// one. `ignoreChanges` copies the stored value at each path, so a path under the other spelling would drop the
// input: paths are renamed too, and one that names no input fails at preview.
import * as pulumi from "@pulumi/pulumi";

/** Every letter case of `S`: `AnyCase<"sms">` is `"sms" | "Sms" | … | "SMS"`, for inputs read case-insensitively. */
export type AnyCase<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Uppercase<Head> | Lowercase<Head>}${AnyCase<Tail>}` : S;

export interface Spellings {
  /** For messages: "monitor", "page", "alert". */
  kind: string;
  /** Every input name a program may write (both spellings), and `*`. */
  inputs: readonly string[];
  /** Written name -> stored name. */
  renames: Readonly<Record<string, string>>;
  /** Keys inside an object input: input -> (written key -> stored key). */
  nested?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** What spellingsOf() reads of a ResourceSpec, written out so the SDK's declarations never reach zod's types. */
export interface SpelledResource {
  kind: string;
  fields: readonly { name: string; input?: string; aliases?: readonly string[]; keys?: Readonly<Record<string, { alias?: string }>> }[];
}

export function spellingsOf(spec: SpelledResource, sdkInputs: readonly string[] = []): Spellings {
  const inputs: string[] = [];
  const renames: Record<string, string> = {};
  const nested: Record<string, Record<string, string>> = {};
  for (const field of spec.fields) {
    const input = field.input ?? field.name;
    for (const spelling of [input, field.name, ...(field.aliases ?? [])]) if (!inputs.includes(spelling)) inputs.push(spelling);
    for (const spelling of [input, ...(field.aliases ?? [])]) if (spelling !== field.name) renames[spelling] = field.name;
    for (const [key, keySpec] of Object.entries(field.keys ?? {})) if (keySpec.alias) (nested[field.name] ??= {})[keySpec.alias] = key;
  }
  return { kind: spec.kind, inputs: [...inputs, ...sdkInputs, "*"], renames, nested };
}

/** Pulumi keeps these: an input written under one never reaches check(). */
const RESERVED = new Set(["urn", "id"]);

// Both spellings given are kept for check() to report, except under a RESERVED name, which check() would not
// see: one plain value is one field; two values, or one not yet known, fail the program.
export function canonicalArgs(name: string, args: Record<string, unknown>, spellings: Spellings): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  for (const [from, to] of Object.entries(spellings.renames)) {
    if (RESERVED.has(from) && out[from] !== undefined && out[to] !== undefined) {
      const plain = [out[from], out[to]].every((v) => !pulumi.Output.isInstance(v) && !(v instanceof Promise));
      if (!plain || JSON.stringify(out[from]) !== JSON.stringify(out[to])) {
        throw new pulumi.RunError(
          `${spellings.kind} ${JSON.stringify(name)}: ${from} and ${to} are the same field${plain ? " with different values" : ""}; keep only ${from}`,
        );
      }
      delete out[from];
    }
    renameKey(out, from, to);
  }
  for (const [field, keys] of Object.entries(spellings.nested ?? {})) {
    const value = out[field];
    const rename = (object: unknown) => {
      if (!object || typeof object !== "object" || Array.isArray(object)) return object;
      const copy: Record<string, unknown> = { ...(object as Record<string, unknown>) };
      for (const [from, to] of Object.entries(keys)) renameKey(copy, from, to);
      return copy;
    };
    // A plain object keeps its values (a secret one stays the only secret); an Output is renamed once resolved.
    if (pulumi.Output.isInstance(value) || value instanceof Promise) out[field] = pulumi.output(value).apply(rename);
    else out[field] = rename(value);
  }
  return out;
}

function renameKey(target: Record<string, unknown>, from: string, to: string): void {
  if (!(from in target) || target[from] === undefined) return;
  if (to in target && target[to] !== undefined) return; // both given: check() reports the conflict
  target[to] = target[from];
  delete target[from];
}

export function canonicalOptions<T extends pulumi.CustomResourceOptions>(
  name: string,
  opts: T | undefined,
  spellings: Spellings,
): T | undefined {
  if (!opts?.ignoreChanges?.length) return opts;
  const ignoreChanges = opts.ignoreChanges.map((path) => canonicalPath(name, path, spellings));
  return { ...opts, ignoreChanges };
}

function canonicalPath(name: string, path: string, spellings: Spellings): string {
  const match = /^([A-Za-z_$][\w$]*|\*)(.*)$/.exec(path);
  const head = match?.[1];
  if (!match || head === undefined || !spellings.inputs.includes(head)) {
    throw new pulumi.RunError(
      `${spellings.kind} ${JSON.stringify(name)}: ignoreChanges ${JSON.stringify(path)} names no input of this resource; ` +
        `use one of ${spellings.inputs.filter((i) => i !== "*").join(", ")} (or a path inside one, e.g. "httpRequest.headers")`,
    );
  }
  const top = spellings.renames[head] ?? head;
  let rest = match[2];
  const nested = spellings.nested?.[top];
  const sub = /^\.([A-Za-z_$][\w$]*)(.*)$/.exec(rest);
  if (nested && sub && nested[sub[1]]) rest = `.${nested[sub[1]]}${sub[2]}`;
  return `${top}${rest}`;
}
