// The inputs every resource documents under two spellings (`intervalId` for `interval`, `urn` for
// `target`, ...) reach the engine under one, the name the provider stores. The engine applies
// `ignoreChanges` to the program's inputs by copying the stored value at each path: a path under the
// other spelling would find nothing stored and drop the input. So the args are renamed before
// registration, and each `ignoreChanges` path is renamed the same way; a path that names no input
// fails here, at preview, naming the inputs there are.
import * as pulumi from "@pulumi/pulumi";

/**
 * Every letter case of `S`: `AnyCase<"sms">` is `"sms" | "Sms" | "sMs" | … | "SMS"`. For the inputs the
 * provider reads case-insensitively (a recipient's type, an HTTP method), so the type accepts what
 * the provider accepts.
 */
export type AnyCase<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Uppercase<Head> | Lowercase<Head>}${AnyCase<Tail>}` : S;

export interface Spellings {
  /** Resource kind, for messages: "monitor", "page", "alert". */
  kind: string;
  /** Every input name a program may write (both spellings), and `*`. */
  inputs: readonly string[];
  /** Top-level renames: written name -> stored name. */
  renames: Readonly<Record<string, string>>;
  /** Renames of keys inside an object input: input -> (written key -> stored key). */
  nested?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * What spellingsOf() reads of a resource's table (provider/model/field.ts's ResourceSpec): written
 * out here so that the SDK's declarations never reach the model's zod types.
 */
export interface SpelledResource {
  kind: string;
  fields: readonly { name: string; input?: string; aliases?: readonly string[]; keys?: Readonly<Record<string, { alias?: string }>> }[];
}

/** A resource's spellings, from its table: the names a program writes, and what each is stored as. */
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

/** Names Pulumi keeps for itself: an input written under one never reaches the provider's check(). */
const RESERVED = new Set(["urn", "id"]);

/**
 * The args with every alternative spelling renamed; when both spellings are given, both are kept for check() to
 * report. Both under a name Pulumi keeps for itself (a monitor's `urn` beside `target`) are decided here, since
 * check() would see only one: one plain value is one field; two values, or one not yet known, fail the program.
 */
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
    // A plain object keeps its values as they are (a secret one stays the only secret); only an
    // object that is itself an Output or a Promise is renamed once resolved.
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

/** `opts` with each ignoreChanges path under the stored names; throws naming the inputs for a path that names none. */
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
