// Writes sdk/generated.ts, the TypeScript classes' types, from the model: each resource's args (every
// spelling a program may write, one of each), its outputs as class members, and the object types
// inside them, documented from the tables. The structure is the package schema's (provider/model/
// schema.ts, as schema.json has it); the tables add the spellings and, where the schema's type says
// less than the provider accepts, the type a program writes (a field's or key's `ts`).
//   npx ts-node --transpile-only scripts/gen-sdk-types.ts          # rewrite sdk/generated.ts
//   npx ts-node --transpile-only scripts/gen-sdk-types.ts --check  # exit 1 when it is stale
//   ... [--check] --file F                                         # the same with F in place of it
import * as fs from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import type { Documented, FieldSpec, KeySpec, ResourceSpec, SchemaType } from "../provider/model/field";
import { publicInputs, writtenNames } from "../provider/model/field";
import { ALL_TABLES } from "../provider/model/tables";
import { packageToken } from "../provider/model/kinds";
import { packageSchema } from "./package-schema";
import { GET_WEBHOOKS, SETTINGS, SettingSpec, SettingValue, settingSchemaType } from "../provider/model/package";

export const GENERATED = path.resolve(__dirname, "../sdk/generated.ts");

type Property = SchemaType & { description?: string };
type ObjectType = { properties: Record<string, Property>; required?: string[] };
type Schema = { resources: Record<string, ObjectType & { inputProperties: Record<string, Property> }>; types: Record<string, ObjectType> };

/** One property of an args type: the names it may be written under (the first documented), its type, whether required. */
interface Arg {
  names: string[];
  type: string;
  required: boolean;
  doc?: string;
}

/** Where the words a table's `ts` uses are declared. */
const MODULE_OF: Record<string, string> = { AnyCase: "./spellings", ImageFileArgs: "./image" };
const ARG_TYPES_MODULE = "./arg-types";

const TYPE_PREFIX = "#/types/uptime:index:";
const refName = (t: SchemaType): string | undefined =>
  "$ref" in t && t.$ref.startsWith(TYPE_PREFIX) ? t.$ref.slice(TYPE_PREFIX.length) : undefined;
/** A plain type as TypeScript writes it; an object type by its name. */
const tsOf = (t: SchemaType): string =>
  "type" in t ? (t.type === "array" ? `${tsOf(t.items)}[]` : t.type === "integer" ? "number" : t.type) : (refName(t) ?? "unknown");
const upper = (s: string) => `${s[0].toUpperCase()}${s.slice(1)}`;
/** "a Monitor", "an Alert". */
const article = (name: string) => `${/^[AEIOU]/.test(name) ? "an" : "a"} {@link ${name}}`;
const doc = (text: string | undefined, indent = "") => (text ? `${indent}/** ${text.replace(/\*\//g, "*\\/")} */\n` : "");

/** The object type a field names (its own, or its list's items'), and the field itself. */
function ownerOf(specs: readonly ResourceSpec[], name: string): FieldSpec | undefined {
  for (const spec of specs)
    for (const field of spec.fields) {
      const t = "items" in field.type ? field.type.items : field.type;
      if (refName(t) === name) return field;
    }
  return undefined;
}

class Writer {
  private readonly declared = new Set<string>();
  private readonly pending: { name: string; kind: "args" | "output" }[] = [];
  readonly words = new Set<string>();
  out = "";

  constructor(
    private readonly schema: Schema,
    private readonly specs: readonly ResourceSpec[],
  ) {}

  /** A program's type for a schema type: `pulumi.Input` at each level, an object type's args by name. */
  argType(t: SchemaType, ts?: string): string {
    if ("items" in t) return `pulumi.Input<${this.argType(t.items, ts)}>[]`;
    if (ts) return this.word(ts);
    const name = refName(t);
    return name ? this.need(name, "args") : tsOf(t);
  }

  /** An output's type: plain values, an object type by name. */
  outType(t: SchemaType): string {
    if ("items" in t) return `${this.outType(t.items)}[]`;
    const name = refName(t);
    return name ? this.need(name, "output") : tsOf(t);
  }

  private word(ts: string): string {
    for (const w of ts.match(/\b[A-Z]\w*/g) ?? []) this.words.add(w);
    return ts;
  }

  private need(name: string, kind: "args" | "output"): string {
    const declared = kind === "args" ? `${name}Args` : name;
    if (!this.declared.has(declared)) {
      this.declared.add(declared);
      this.pending.push({ name, kind });
    }
    return declared;
  }

  /** The object types met so far, and those they meet, each once. */
  flush(): void {
    for (let next = this.pending.shift(); next; next = this.pending.shift()) {
      const type = this.schema.types[packageToken(next.name)];
      const keys: Readonly<Record<string, KeySpec>> = ownerOf(this.specs, next.name)?.keys ?? {};
      const required = new Set(type.required ?? []);
      if (next.kind === "args") {
        const args = Object.entries(type.properties).map(([key, p]) => ({
          names: keys[key]?.alias ? [key, keys[key].alias] : [key],
          type: this.argType(p, keys[key]?.ts),
          required: required.has(key),
          doc: p.description === key ? undefined : p.description,
        }));
        this.args(`${next.name}Args`, `{@link ${next.name}}, as a program writes it.`, args);
      } else {
        let body = "";
        for (const [key, p] of Object.entries(type.properties))
          body += `${doc(p.description === key ? undefined : p.description, "  ")}  ${key}${required.has(key) ? "" : "?"}: ${this.outType(p)};\n`;
        for (const [key, k] of Object.entries(keys)) if (k.outputOnly) body += `${doc(k.doc, "  ")}  ${key}?: ${k.ts ?? "unknown"};\n`;
        this.out += `/** ${next.name}, as the service returns it. */\nexport interface ${next.name} {\n${body}}\n\n`;
      }
    }
  }

  /**
   * An args type: an interface of the properties with one spelling, and for each property with two, a
   * union of one-spelling-or-the-other, so that giving both is a type error (check() refuses it too).
   */
  args(name: string, summary: string, args: Arg[]): void {
    const member = (a: Arg, written: string, text?: string) =>
      `${doc(text, "  ")}  ${written}${a.required ? "" : "?"}: pulumi.Input<${a.type}>;\n`;
    const single = args.filter((a) => a.names.length === 1);
    const spelt = args.filter((a) => a.names.length > 1);
    const base = name.replace(/Args$/, "");
    const common = spelt.length === 0 ? name : `${base}CommonArgs`;
    const parts: string[] = [];
    if (single.length > 0 || spelt.length === 0) {
      const what = spelt.length === 0 ? summary : `The inputs of {@link ${name}} that have one spelling.`;
      this.out += `/** ${what} */\nexport interface ${common} {\n${single.map((a) => member(a, a.names[0], a.doc)).join("")}}\n\n`;
      parts.push(common);
    }
    for (const a of spelt) {
      const union = `${base}${upper(a.names[0])}Args`;
      const branches = a.names.map((written, i) => {
        const also = `also spelt ${a.names
          .slice(1)
          .map((n) => `\`${n}\``)
          .join(", ")}`;
        const text =
          i === 0
            ? a.doc
              ? `${a.doc.replace(/\.$/, "")}; ${also}.`
              : `${upper(also)}.`
            : `\`${a.names[0]}\`, spelt as the API also spells it.`;
        const others = a.names.filter((n) => n !== written).map((n) => `  ${n}?: never;\n`);
        return `{\n${member(a, written, text.trim())}${others.join("")}}`;
      });
      this.out += `/** \`${a.names[0]}\` of {@link ${name}}, in one of its spellings: give one. */\nexport type ${union} =\n  | ${branches.join("\n  | ")};\n\n`;
      parts.push(union);
    }
    if (spelt.length > 0) this.out += `/** ${summary} */\nexport type ${name} = ${parts.join(" & ")};\n\n`;
  }
}

/** A resource's args: each field under the name a program writes (and its aliases), then the provider's own public inputs. */
function resourceArgs(w: Writer, spec: ResourceSpec, schema: Schema): void {
  const inputs = schema.resources[packageToken(spec.typeName)].inputProperties;
  const args: Arg[] = spec.fields.map((field) => ({
    names: writtenNames(field),
    type: w.argType(inputs[field.name], field.ts),
    required: field.required === true,
    doc: field.tsNote ? `${field.doc}. ${field.tsNote}` : field.doc,
  }));
  for (const [name, input] of publicInputs(spec))
    args.push({ names: [name], type: w.argType(input.type), required: false, doc: input.doc });
  w.args(`${spec.typeName}Args`, `The inputs of ${article(spec.typeName)}.`, args);
}

/** A resource's outputs, as the members its class has (sdk/monitor.ts merges them into the class). */
function resourceOutputs(w: Writer, spec: ResourceSpec, schema: Schema): void {
  const resource = schema.resources[packageToken(spec.typeName)];
  const required = new Set(resource.required ?? []);
  let body = "";
  for (const [name, p] of Object.entries(resource.properties)) {
    const type = w.outType(p);
    body += `${doc(p.description, "  ")}  readonly ${name}: pulumi.Output<${type}${required.has(name) ? "" : " | undefined"}>;\n`;
  }
  w.out += `/** The outputs of ${article(spec.typeName)}: every property its provider keeps, members of the class. */\nexport interface ${spec.typeName}Outputs {\n${body}}\n\n`;
}

/** An Account's args: one per setting of the table, typed as the provider reads it, documented from it. */
function accountArgs(w: Writer): void {
  const tsType = (v: SettingValue) => (v.kind === "choice" ? v.of.map((c) => JSON.stringify(c)).join(" | ") : tsOf(settingSchemaType(v)));
  const body = SETTINGS.map((s: SettingSpec) => {
    const text = `${s.accountDoc ?? s.doc}${s.default ? ` @default ${s.default}` : ""}`;
    return `${doc(text, "  ")}  ${s.key}${s.required ? "" : "?"}: pulumi.Input<${tsType(s.value)}>;\n`;
  });
  w.out += `/** The settings of an {@link Account}: the stack configuration's (\`uptime:<key>\`), given in code. */\nexport interface AccountArgs {\n${body.join("")}}\n\n`;
}

/** The lookup's arguments that the TypeScript SDK takes among its options, beside `provider`: how it pages. */
const LOOKUP_OPTIONS = ["pageSize", "maxPages"];

/** getWebhooks' types from the lookup's table: the object it lists, its result, its filter (plain and as inputs), its paging. */
function lookupTypes(w: Writer): void {
  const members = (props: Documented, required: readonly string[], wrap = (t: string) => t) =>
    Object.entries(props)
      .map(([name, p]) => `${doc(p.doc, "  ")}  ${name}${required.includes(name) ? "" : "?"}: ${wrap(tsOf(p.type))};\n`)
      .join("");
  const only = (keep: (name: string) => boolean): Documented =>
    Object.fromEntries(Object.entries(GET_WEBHOOKS.args).filter(([n]) => keep(n)));
  const [filter, paging] = [only((n) => !LOOKUP_OPTIONS.includes(n)), only((n) => LOOKUP_OPTIONS.includes(n))];
  const type = (what: string, name: string, body: string) => (w.out += `/** ${what} */\nexport interface ${name} {\n${body}}\n\n`);
  for (const [name, t] of Object.entries(GET_WEBHOOKS.types)) type(t.doc, name, members(t.properties, t.required));
  type("What {@link getWebhooks} returns.", "GetWebhooksResult", members(GET_WEBHOOKS.result, Object.keys(GET_WEBHOOKS.result)));
  type("Arguments of {@link getWebhooks}.", "GetWebhooksArgs", members(filter, []));
  type(
    "Arguments of {@link getWebhooksOutput}.",
    "GetWebhooksOutputArgs",
    members(filter, [], (t) => `pulumi.Input<${t}>`),
  );
  // sdk/get-webhooks.ts adds `provider` (an Account) to these.
  type("How {@link getWebhooks} pages through the list.", "GetWebhooksPaging", members(paging, []));
}

/** The text of sdk/generated.ts, formatted as the repository formats TypeScript. */
export async function sdkTypesText(specs: readonly ResourceSpec[] = ALL_TABLES): Promise<string> {
  const schema = packageSchema({ version: "0.0.0" }) as unknown as Schema;
  const w = new Writer(schema, specs);
  for (const spec of specs) {
    resourceArgs(w, spec, schema);
    resourceOutputs(w, spec, schema);
    w.flush();
  }
  accountArgs(w);
  lookupTypes(w);
  const modules = new Map<string, string[]>();
  for (const word of [...w.words].sort()) {
    const module = MODULE_OF[word] ?? ARG_TYPES_MODULE;
    modules.set(module, [...(modules.get(module) ?? []), word]);
  }
  const imports = [...modules].map(([module, words]) => `import type { ${words.join(", ")} } from "${module}";\n`).join("");
  const text =
    `// Generated by scripts/gen-sdk-types.ts from the model (provider/model/): do not edit. A field added to\n` +
    `// a table reaches these types when the script runs again; a test fails while this file is stale.\n` +
    `import type * as pulumi from "@pulumi/pulumi";\n${imports}\n${w.out}`;
  const options = await prettier.resolveConfig(GENERATED);
  return prettier.format(text, { ...options, filepath: GENERATED });
}

if (require.main === module) {
  // --file F: check or write F in place of sdk/generated.ts (formatted as sdk/generated.ts is).
  const at = process.argv.indexOf("--file");
  const file = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : GENERATED;
  void sdkTypesText().then((text) => {
    if (process.argv.includes("--check")) {
      const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      if (current !== text) {
        process.stderr.write(
          `${path.relative(process.cwd(), file)} is stale: run \`npx ts-node --transpile-only scripts/gen-sdk-types.ts\`\n`,
        );
        process.exit(1);
      }
    } else {
      fs.writeFileSync(file, text);
      process.stdout.write(`${path.relative(process.cwd(), file)}: ${text.split("\n").length - 1} lines\n`);
    }
  });
}
