// The documentation's tables, made from the model: doc-tables.ts puts each between its markers.
import { type FieldSpec, type ResourceSpec, type SchemaType, inputJsonSchema, publicInputs, writtenNames } from "../provider/model/field";
import { GET_WEBHOOKS, SETTINGS, SettingSpec, settingSchemaType } from "../provider/model/package";
import { packageSchema } from "./package-schema";
import { packageToken } from "../provider/model/kinds";

const markdownTable = (head: readonly string[], rows: readonly string[]): string =>
  [`| ${head.join(" | ")} |`, `|${"---|".repeat(head.length)}`, ...rows].join("\n");

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
  const schema = inputJsonSchema(field) as { properties?: object; required?: string[] };
  const required = new Set(schema.required ?? []);
  const keys = Object.keys(schema.properties ?? {}).map((k) => (required.has(k) ? k : `${k}?`));
  return `{ ${keys.join(", ")} }`;
}

function changeText(spec: ResourceSpec, field: FieldSpec): string {
  if (field.inPath) return `**replace** (the new ${spec.kind} is taken over, the old one released)`;
  return field.createOnly || field.replaces ? "**replace**" : "update";
}

/** A resource's inputs, one row a field (aliases beside the name), then the provider's own. */
export function inputsTable(spec: ResourceSpec): string {
  const rows = spec.fields.map((field) => {
    const names = writtenNames(field).map((n) => `\`${n}\``);
    const name = names.length > 1 ? `${names[0]} (or ${names.slice(1).join(", ")})` : names[0];
    const required = field.readme?.required ?? (field.required ? "yes" : "");
    return `| ${name} | ${typeText(field.type, field)} |${required ? ` ${required} ` : " "}| ${changeText(spec, field)} | ${field.tsNote ? `${field.doc}. ${field.tsNote}` : field.doc} |`;
  });
  for (const [name, input] of publicInputs(spec))
    rows.push(`| \`${name}\` | ${typeText(input.type)} | | ${input.change ?? "update"} | ${input.doc} |`);
  return markdownTable(["Input", "Type", "Required", "Change", "Notes"], rows);
}

export function settingsTable(): string {
  const rows = SETTINGS.map((s: SettingSpec) => {
    const key = `\`uptime:${s.key}\`${s.secret ? " (set with `--secret`)" : ""}`;
    const fallback = s.default !== undefined ? `\`${s.default}\`` : s.required ? "(required)" : "none";
    return `| ${key} | \`${s.env}\` | ${fallback} | ${s.doc} |`;
  });
  return markdownTable(["Stack config", "Environment", "Default", "Meaning"], rows);
}

type Property = { type?: string; items?: Property; $ref?: string; additionalProperties?: Property; description?: string };

/** A schema type as the TypeScript package names it (its object types by their schema names; a fleet member is a `MonitorArgs`). */
function tsType(p: Property): string {
  if (p.$ref) return p.$ref.endsWith(":MonitorSpec") ? "MonitorArgs" : p.$ref.slice(p.$ref.lastIndexOf(":") + 1);
  if (p.type === "array" && p.items) return `${tsType(p.items)}[]`;
  if (p.type === "object" && p.additionalProperties) return `{ [name]: ${tsType(p.additionalProperties)} }`;
  return p.type === "integer" ? "number" : (p.type ?? "unknown");
}

let resources: Record<string, Record<string, unknown>> | undefined;

/** A resource's inputs or outputs as the package schema lists them (so does sdk/generated.ts). */
export function propertiesTable(typeName: string, side: "inputs" | "outputs"): string {
  resources ??= packageSchema({ version: "0.0.0" }).resources as Record<string, Record<string, unknown>>;
  const resource = resources[packageToken(typeName)];
  const [properties, required, head] =
    side === "inputs"
      ? [resource.inputProperties, resource.requiredInputs, ["Input", "Type", "Required", "Notes"]]
      : [resource.properties, resource.required, ["Output", "Type", "Always set", "Notes"]];
  const rows = Object.entries(properties as Record<string, Property>).map(
    ([name, p]) =>
      `| \`${name}\` | \`${tsType(p)}\` |${((required ?? []) as string[]).includes(name) ? " yes " : " "}| ${p.description ?? ""} |`,
  );
  return markdownTable(head, rows);
}

/** An Account's args (sdk/generated.ts AccountArgs is made from the same rows). */
export function accountArgsTable(): string {
  const type = (s: SettingSpec) =>
    s.value.kind === "choice" ? s.value.of.map((c) => `"${c}"`).join(" \\| ") : tsType(settingSchemaType(s.value) as Property);
  const rows = SETTINGS.map(
    (s: SettingSpec) =>
      `| \`${s.key}\` | \`${type(s)}\` |${s.required ? " yes " : " "}| ${s.default !== undefined ? `\`${s.default}\`` : ""} | ${s.accountDoc ?? s.doc} |`,
  );
  return markdownTable(["Argument", "Type", "Required", "Default", "Notes"], rows);
}

/** getWebhooks (the TypeScript package takes the paging settings in `opts`: sdk/get-webhooks.ts). */
export function webhooksTable(): string {
  const inOpts = new Set(["pageSize", "maxPages"]);
  const row = (name: string, p: { type: SchemaType; doc: string }) => `| \`${name}\` | \`${tsType(p.type as Property)}\` | ${p.doc} |`;
  const rows = [
    ...Object.entries(GET_WEBHOOKS.args).map(([name, p]) => row(`${inOpts.has(name) ? "opts" : "args"}.${name}`, p)),
    ...Object.entries(GET_WEBHOOKS.result).map(([name, p]) => row(name, p)),
    ...Object.entries(GET_WEBHOOKS.types.Webhook.properties).map(([name, p]) => row(`Webhook.${name}`, p)),
  ];
  return markdownTable(["Name", "Type", "Notes"], rows);
}

/** Every setting as a program's stack sets it (`pulumi config set`) and as a shell or CI job does (its variable). */
export function configurationTable(): string {
  const rows = SETTINGS.map((s: SettingSpec) => {
    const example = s.example ?? s.default;
    const set = `\`pulumi config set ${s.secret ? "--secret " : ""}uptime:${s.key} ${example}\``;
    return `| \`${s.key}\` | ${set} | \`${s.env}=${example}\` |${s.required ? " required" : s.default ? ` \`${s.default}\`` : " none"} |`;
  });
  return markdownTable(["Setting", "Stack configuration", "Environment", "Default"], rows);
}
