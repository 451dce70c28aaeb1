// The package's resource kinds and every name each goes by: the one place a kind is listed. The
// tables (monitor.ts, page.ts, alert.ts) take their type names from here; the SDK's classes, the
// dynamic-provider shims and the plugin take their type tokens. Nothing here loads a table, so the
// shims that every stored state names stay small.
export const TYPE_NAMES = { monitor: "Monitor", page: "Page", alert: "Alert", fleet: "MonitorFleet" } as const;

/** "monitor", "page", "alert", "fleet": the word used in messages and in the shims' paths. */
export type ProviderKind = keyof typeof TYPE_NAMES;
export const KINDS = Object.keys(TYPE_NAMES) as ProviderKind[];

/** The kinds with a table of fields (tables.ts), the package schema's resources; a fleet holds monitors. */
export const TABLE_KINDS = ["monitor", "page", "alert"] as const satisfies readonly ProviderKind[];
export type TableKind = (typeof TABLE_KINDS)[number];

/** The package schema's token (schema.json, the plugin): `uptime:index:Monitor`. */
export const packageToken = (name: string): string => `uptime:index:${name}`;

/** The type `pulumi.dynamic.Resource` names a kind's resources (module `uptime`): the type every state already holds. */
export const dynamicType = (kind: ProviderKind): string => `pulumi-nodejs:dynamic/uptime:${TYPE_NAMES[kind]}`;

/** The kind of a package token, if it is one of the schema's resources. */
export const kindOfToken = (token: string): TableKind | undefined => TABLE_KINDS.find((kind) => packageToken(TYPE_NAMES[kind]) === token);
