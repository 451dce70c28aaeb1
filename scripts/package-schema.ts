// The package schema (schema.json), made from the model alone; the object types come from the fields'
// zod schemas. scripts/gen-schema.ts writes it, the SDKs are generated from it and the plugin serves it;
// a test fails when the checked-in file is stale.
import { Documented, FieldSpec, ResourceSpec, SchemaType, inputJsonSchema, namesOf, publicInputs } from "../provider/model/field";
import { usageOf } from "./schema-usage";
import { GET_WEBHOOKS, SETTINGS, SettingSpec, settingSchemaType } from "../provider/model/package";
import { ALL_TABLES } from "../provider/model/tables";
import { TYPE_NAMES, packageToken as token } from "../provider/model/kinds";

const REPOSITORY = "github.com/pulumi-uptime/pulumi-uptime";

const PACKAGE = {
  name: "uptime",
  displayName: "Uptime",
  description: "Monitors, alerts and status pages of the uptime-monitoring and status-page service, declared in code.",
  license: "Apache-2.0",
  publisher: "pulumi-uptime",
  repository: `https://${REPOSITORY}`,
  homepage: `https://${REPOSITORY}`,
  keywords: ["pulumi", "uptime", "monitoring", "status-page", "category/monitoring", "kind/native"],
  logoUrl: `https://raw.githubusercontent.com/${REPOSITORY.replace(/^github\.com\//, "")}/main/docs/logo.svg`,
  /** `go get` finds a module in a subdirectory at tags such as `sdks/go/v0.2.0` (RELEASING.md). */
  goModule: `${REPOSITORY}/sdks/go`,
} as const;

type Json = Record<string, unknown>;
type Property = SchemaType & { description: string; secret?: boolean };

/** Object types found inside the fields, by token. */
type Types = Record<string, Json>;

/** Names of object types below a field, by path (the rest are named after the field and key). */
const NESTED_NAMES: Record<string, string> = {
  "HttpRequest.headers": "HttpHeader",
  "Maintenance.times": "MaintenanceTime",
};

function namedType(types: Types, name: string, type: Json): SchemaType {
  types[token(name)] = type;
  return { $ref: `#/types/${token(name)}` };
}

const described = (entries: Documented): Record<string, Property> =>
  Object.fromEntries(Object.entries(entries).map(([key, p]) => [key, { ...p.type, description: p.doc }]));

/** Zod's JSON Schema as a Pulumi schema type; objects become named types in `types`. */
function fromJsonSchema(schema: Json, name: string, docs: Record<string, string>, types: Types): SchemaType {
  const type = schema.type;
  if (type === "array") return { type: "array", items: fromJsonSchema((schema.items ?? {}) as Json, name, {}, types) };
  if (type === "object") {
    const properties: Record<string, Property> = {};
    for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      const inner = fromJsonSchema(value, NESTED_NAMES[`${name}.${key}`] ?? `${name}${key[0].toUpperCase()}${key.slice(1)}`, {}, types);
      properties[key] = { ...inner, description: docs[key] ?? String(value.description ?? key) };
    }
    const required = Array.isArray(schema.required) && schema.required.length ? { required: schema.required } : {};
    return namedType(types, name, { type: "object", properties, ...required });
  }
  if (type === "string" || type === "number" || type === "integer" || type === "boolean") return { type };
  return { $ref: "pulumi.json#/Any" };
}

/** Adds to `types` the object type a field names (its own, or its list's items'). */
function addObjectType(field: FieldSpec, types: Types): void {
  const type = field.type;
  const ref = "$ref" in type ? type.$ref : "items" in type && "$ref" in type.items ? type.items.$ref : undefined;
  if (!ref?.startsWith("#/types/")) return;
  const name = ref.slice("#/types/uptime:index:".length);
  if (field.compare === "content") {
    // A program names a file by its path (the hash beside it is the provider's own).
    types[token(name)] = {
      type: "object",
      properties: { path: { type: "string", description: "Path of the image file." } },
      required: ["path"],
    };
    return;
  }
  const docs = Object.fromEntries(Object.entries(field.keys ?? {}).map(([key, spec]) => [key, spec.doc]));
  fromJsonSchema(inputJsonSchema(field), name, docs, types);
}

function resource(spec: ResourceSpec, types: Types): Json {
  const inputProperties: Record<string, Property> = {};
  const properties: Record<string, Property> = {};
  for (const field of spec.fields) {
    addObjectType(field, types);
    inputProperties[field.name] = { ...field.type, description: field.doc };
    const output = namesOf(field).output;
    // An image's output is the URL the service stores (the record's `*FileBase64`), not the file.
    properties[output] =
      field.compare === "content"
        ? { type: "string", description: `URL of the ${field.name} the service stores.` }
        : { ...field.type, description: field.doc };
  }
  for (const [name, input] of publicInputs(spec)) inputProperties[name] = { ...input.type, description: input.doc };
  Object.assign(properties, described(spec.extraOutputs));
  const alwaysSet = spec.fields.filter((f) => f.required || f.listAlways).map((f) => namesOf(f).output);
  return {
    description: `${spec.doc}\n\n${usageOf(spec.typeName)}`,
    properties,
    required: [...new Set([...alwaysSet, ...("uuid" in properties ? ["uuid"] : [])])],
    inputProperties,
    requiredInputs: spec.fields.filter((f) => f.required).map((f) => f.name),
  };
}

/** A fleet (provider/fleet.ts): members, by name, with a Monitor's inputs and outputs. */
function fleetResource(monitor: Json, types: Types): Json {
  const member = (name: string, description: string, properties: unknown, required: unknown): SchemaType =>
    namedType(types, name, { type: "object", description, properties, required });
  const spec = member("MonitorSpec", "A member of a fleet: a Monitor's inputs.", monitor.inputProperties, monitor.requiredInputs);
  const state = member(
    "MonitorFleetMember",
    "A member of a fleet as the service holds it: a Monitor's outputs.",
    monitor.properties,
    monitor.required,
  );
  const monitors = (items: SchemaType, description: string) => ({ type: "object", additionalProperties: items, description });
  return {
    description:
      "Many monitors as one resource, keyed by names the program chooses: one step per run for the engine, whatever the fleet's size. " +
      `Each member is a monitor as a Monitor resource has it; its requests are sent in parallel.\n\n${usageOf(TYPE_NAMES.fleet)}`,
    properties: {
      monitors: monitors(state, "Each member's monitor as the service holds it, by name."),
      uuids: monitors(
        { type: "string" },
        "Each member's uuid, by name: what a page lists (known in a preview while no member is created or replaced).",
      ),
    },
    required: ["monitors"],
    inputProperties: {
      monitors: monitors(
        spec,
        "The members, by names you choose (1-256 characters): each a Monitor's inputs. Renaming one replaces its monitor.",
      ),
      retainOnRemove: {
        type: "boolean",
        description: "A member removed from `monitors` is released (left in the service, no request) instead of deleted. Default false.",
      },
    },
    requiredInputs: ["monitors"],
  };
}

/**
 * From package.json: `pluginDownloadURL` is where the engine downloads
 * `pulumi-resource-uptime-v<version>-<os>-<arch>.tar.gz` on first use (scripts/release.sh sets it).
 */
export type PackageRelease = { version: string; pluginDownloadURL?: string };

export function releaseOf(manifest: { version?: unknown; pluginDownloadURL?: unknown }): PackageRelease {
  if (typeof manifest.version !== "string") throw new Error("package.json has no version");
  const url = manifest.pluginDownloadURL;
  return typeof url === "string" && url !== "" ? { version: manifest.version, pluginDownloadURL: url } : { version: manifest.version };
}

export function packageSchema({ version, pluginDownloadURL }: PackageRelease): Json {
  const { name, displayName, goModule, ...about } = PACKAGE;
  const types: Types = {};
  const resources: Record<string, Json> = Object.fromEntries(ALL_TABLES.map((spec) => [token(spec.typeName), resource(spec, types)]));
  resources[token(TYPE_NAMES.fleet)] = fleetResource(resources[token(TYPE_NAMES.monitor)], types);
  const config = Object.fromEntries(
    SETTINGS.map((s: SettingSpec) => [
      s.key,
      {
        ...settingSchemaType(s.value),
        description: `${s.doc}${s.required ? " Required." : ""} Environment: \`${s.env}\`.${s.default ? ` Default: ${s.default}.` : ""}`,
        ...(s.secret ? { secret: true } : {}),
      },
    ]),
  );
  for (const [name, t] of Object.entries(GET_WEBHOOKS.types)) {
    types[token(name)] = { type: "object", description: t.doc, required: t.required, properties: described(t.properties) };
  }
  return {
    name,
    displayName,
    version,
    ...(pluginDownloadURL ? { pluginDownloadURL } : {}),
    ...about,
    config: { variables: config, defaults: ["baseUrl", "apiKey"] },
    provider: { description: `The provider of package ${name}: its settings.`, inputProperties: config },
    resources,
    types: Object.fromEntries(Object.entries(types).sort(([a], [b]) => (a < b ? -1 : 1))),
    functions: {
      [token(GET_WEBHOOKS.name)]: {
        description: GET_WEBHOOKS.doc,
        inputs: { properties: described(GET_WEBHOOKS.args) },
        outputs: { properties: described(GET_WEBHOOKS.result), required: ["webhooks", "count"] },
      },
    },
    language: {
      // The SDKs ask for the Pulumi SDKs whose runtime has what the code generators of v3.274.1 call (each
      // resource's `exists`: 3.269.0 in every language) and today's TypeScript.
      nodejs: {
        packageName: "@pulumi-uptime/sdk",
        respectSchemaVersion: true,
        dependencies: { "@pulumi/pulumi": "^3.269.0" },
        devDependencies: { "@types/node": "^22" },
        typescriptVersion: "~5.9.3",
      },
      python: {
        packageName: "pulumi_uptime",
        respectSchemaVersion: true,
        // The versions the tests run (3.11) and the examples ask for (3.10 on).
        pythonRequires: ">=3.10",
        pyproject: { enabled: true },
        requires: { pulumi: ">=3.269.0,<4.0.0" },
      },
      go: { importBasePath: `${goModule}/uptime`, respectSchemaVersion: true },
    },
  };
}
