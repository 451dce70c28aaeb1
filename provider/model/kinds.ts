// The one place a kind is listed, with every name it goes by. Nothing here loads a table, so the shims
// that every stored state names stay small.
export const TYPE_NAMES = { monitor: "Monitor", page: "Page", alert: "Alert", fleet: "MonitorFleet" } as const;

/** "monitor", "page", "alert", "fleet": the word used in messages and in the shims' paths. */
export type ProviderKind = keyof typeof TYPE_NAMES;
export const KINDS = Object.keys(TYPE_NAMES) as ProviderKind[];

/** The kinds with a table (tables.ts); a fleet holds monitors. */
export const TABLE_KINDS = ["monitor", "page", "alert"] as const satisfies readonly ProviderKind[];
export type TableKind = (typeof TABLE_KINDS)[number];

export const packageToken = (name: string): string => `uptime:index:${name}`;

/** The type `pulumi.dynamic.Resource` names a kind's resources: the type every state already holds. */
export const dynamicType = (kind: ProviderKind): string => `pulumi-nodejs:dynamic/uptime:${TYPE_NAMES[kind]}`;

export const kindOfToken = (token: string): TableKind | undefined => TABLE_KINDS.find((kind) => packageToken(TYPE_NAMES[kind]) === token);
