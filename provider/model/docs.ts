// The documentation's tables of inputs and settings, made from the model (scripts/gen-docs.ts writes
// them between markers, in README.md or the file under docs/ that holds them; a test fails when one is
// stale).
import { z } from "zod";
import type { FieldSpec, ResourceSpec, SchemaType } from "./field";
import { SETTINGS, SettingSpec } from "./package";

/** A type as a program writes it. */
function typeText(type: SchemaType, field?: FieldSpec): string {
  if (field?.readme?.type) return field.readme.type;
  if ("$ref" in type) return field ? `\`${objectText(field)}\`` : "object";
  if (type.type === "array")
    return "items" in type && "$ref" in type.items && field ? `\`${objectText(field)}[]\`` : `${typeText(type.items)}[]`;
  return type.type === "integer" ? "number" : type.type;
}

/** An object's keys as `{ a, b? }`, from the field's schema (a list's items for a list of objects). */
function objectText(field: FieldSpec): string {
  let schema = z.toJSONSchema(field.schema, { io: "input", unrepresentable: "any" }) as {
    items?: unknown;
    properties?: object;
    required?: string[];
  };
  if (schema.items) schema = schema.items as typeof schema;
  const required = new Set(schema.required ?? []);
  return `{ ${Object.keys(schema.properties ?? {})
    .map((k) => (required.has(k) ? k : `${k}?`))
    .join(", ")} }`;
}

function changeText(spec: ResourceSpec, field: FieldSpec): string {
  if (field.inPath) return `**replace** (the new ${spec.kind} is taken over, the old one released)`;
  return field.createOnly || field.replaces ? "**replace**" : "update";
}

/** The table of a resource's inputs, one row a field (aliases beside the name), then the provider's own. */
export function inputsTable(spec: ResourceSpec): string {
  const rows = spec.fields.map((field) => {
    const written = field.input ?? field.name;
    const names = [written, ...(field.aliases ?? [])].map((n) => `\`${n}\``);
    const name = names.length > 1 ? `${names[0]} (or ${names.slice(1).join(", ")})` : names[0];
    const required = field.readme?.required ?? (field.required ? "yes" : "");
    return `| ${name} | ${typeText(field.type, field)} |${required ? ` ${required} ` : " "}| ${changeText(spec, field)} | ${field.tsNote ? `${field.doc}. ${field.tsNote}` : field.doc} |`;
  });
  for (const [name, input] of Object.entries(spec.providerInputs)) {
    if (!input.internal) rows.push(`| \`${name}\` | ${typeText(input.type)} | | ${input.change ?? "update"} | ${input.doc} |`);
  }
  return ["| Input | Type | Required | Change | Notes |", "|---|---|---|---|---|", ...rows].join("\n");
}

/** The table of the provider's settings. */
export function settingsTable(): string {
  const rows = SETTINGS.map((s: SettingSpec) => {
    const key = `\`uptime:${s.key}\`${s.secret ? " (set with `--secret`)" : ""}`;
    const fallback = s.default !== undefined ? `\`${s.default}\`` : s.required ? "(required)" : "none";
    return `| ${key} | \`${s.env}\` | ${fallback} | ${s.doc} |`;
  });
  return ["| Stack config | Environment | Default | Meaning |", "|---|---|---|---|", ...rows].join("\n");
}

/** Every setting as a program's stack sets it (`pulumi config set`) and as a shell or CI job does (its variable). */
export function configurationTable(): string {
  const rows = SETTINGS.map((s: SettingSpec) => {
    const example = s.example ?? s.default;
    const set = `\`pulumi config set ${s.secret ? "--secret " : ""}uptime:${s.key} ${example}\``;
    return `| \`${s.key}\` | ${set} | \`${s.env}=${example}\` |${s.required ? " required" : s.default ? ` \`${s.default}\`` : " none"} |`;
  });
  return ["| Setting | Stack configuration | Environment | Default |", "|---|---|---|---|", ...rows].join("\n");
}

/** Puts each generated table between its markers (`<!-- generated: <name> -->` ... `<!-- end generated -->`). */
export function withGeneratedTables(readme: string, tables: Record<string, string>): string {
  let out = readme;
  for (const [name, table] of Object.entries(tables)) {
    const pattern = new RegExp(`(<!-- generated: ${name} -->\\n)[\\s\\S]*?(\\n<!-- end generated -->)`);
    if (!pattern.test(out)) throw new Error(`no markers for the generated table "${name}"`);
    out = out.replace(pattern, (_m, open: string, close: string) => `${open}${table}${close}`);
  }
  return out;
}
