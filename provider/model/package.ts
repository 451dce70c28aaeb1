// The package as a whole: its settings and its lookup, beside the resources' tables.
import { type Documented, type SchemaType, TIMESTAMPS } from "./field";

/** How a setting's text is read, and so the type an Account takes. */
export type SettingValue =
  | { kind: "text" }
  | { kind: "whole"; min: number }
  | { kind: "rate" }
  | { kind: "flag" }
  | { kind: "choice"; of: readonly string[] }
  | { kind: "path" };

export interface SettingSpec {
  /** Under `uptime:`; an Account's argument of the same name. */
  key: string;
  env: string;
  value: SettingValue;
  required?: true;
  secret?: true;
  /** The environment wins over the stack config, so that one run can choose. */
  envFirst?: true;
  default?: string;
  /** For the docs' commands, where there is no default to show. */
  example?: string;
  doc: string;
  /** For an Account, where the words differ. */
  accountDoc?: string;
}

/**
 * The one settings table: read by provider/config.ts (the stack config, then the environment); the
 * plugin's config schema, the README's tables and an Account's args are made from it.
 */
export const SETTINGS = [
  {
    key: "baseUrl",
    env: "UPTIME_BASE_URL",
    value: { kind: "text" },
    required: true,
    example: "https://api.example.com/v1",
    doc: "API base address, ending in the version segment, e.g. `https://api.example.com/v1`.",
  },
  {
    key: "apiKey",
    env: "UPTIME_API_KEY",
    value: { kind: "text" },
    required: true,
    secret: true,
    example: "<key>",
    doc: "The credential, sent as `Authorization: <key>`; set it with `--secret`.",
    accountDoc:
      'The credential, sent as `Authorization: <key>`. Always stored as a secret, whatever is passed; give it from a secret, e.g. `config.requireSecret("stagingKey")`.',
  },
  {
    key: "authScheme",
    env: "UPTIME_AUTH_SCHEME",
    value: { kind: "text" },
    example: "Bearer",
    doc: "A word put before the key (`Bearer` gives `Authorization: Bearer <key>`); none by default.",
  },
  {
    key: "connectTimeoutMs",
    env: "UPTIME_CONNECT_TIMEOUT_MS",
    value: { kind: "whole", min: 1 },
    default: "10000",
    doc: "Time allowed to open a connection, in milliseconds.",
  },
  {
    key: "requestTimeoutMs",
    env: "UPTIME_REQUEST_TIMEOUT_MS",
    value: { kind: "whole", min: 1 },
    default: "30000",
    doc: "Time allowed for the response headers, and between body chunks, in milliseconds.",
  },
  {
    key: "maxRetries",
    env: "UPTIME_MAX_RETRIES",
    value: { kind: "whole", min: 0 },
    default: "5",
    doc: "Retries of a request that failed (502/503/504, a dropped connection) after the first attempt; a 429 is not a failure and is not counted.",
  },
  {
    key: "requestsPerSecond",
    env: "UPTIME_REQUESTS_PER_SECOND",
    value: { kind: "rate" },
    example: "8",
    doc: "A ceiling on the requests sent per second, for a service whose limit is known (a number > 0, e.g. `8` or `0.5`). Without it the pace is learned from the service's answers.",
  },
  {
    key: "maxConcurrentRequests",
    env: "UPTIME_MAX_CONCURRENT_REQUESTS",
    value: { kind: "whole", min: 1 },
    default: "16",
    doc: "Requests in flight at once, at most, whatever `--parallel` is; the others wait their turn in the provider.",
  },
  {
    key: "rateLimitWaitSeconds",
    env: "UPTIME_RATE_LIMIT_WAIT_SECONDS",
    value: { kind: "whole", min: 1 },
    default: "300",
    doc: "How long one request may keep being answered 429 Too Many Requests before it fails; a `Retry-After` longer than this fails at once.",
  },
  {
    key: "offlinePreview",
    env: "UPTIME_OFFLINE_PREVIEW",
    value: { kind: "flag" },
    default: "false",
    doc: "`true`: `pulumi preview` sends no request of its own (a `getWebhooks` lookup in the program still lists the webhooks), so a wrong address or key is found only by `pulumi up` (before anything changes). By default every run proves the address and the key once per account with `GET /webhooks?pageSize=1`, so a wrong one fails `pulumi preview`, naming the setting.",
  },
  {
    key: "deleteUnsupported",
    env: "UPTIME_DELETE_UNSUPPORTED",
    value: { kind: "choice", of: ["fail", "leave"] },
    envFirst: true,
    default: "fail",
    doc: "What deleting a monitor does when the service refuses `DELETE` (405/501): `fail` stops the run with nothing deleted; `leave` drops the monitor from the stack, leaves it in the service and names it in a warning. Here the environment wins over the stack config, so one run can say `leave`.",
  },
  {
    key: "journalDir",
    env: "UPTIME_JOURNAL_DIR",
    value: { kind: "path" },
    example: "/mnt/ci-cache/uptime-journal",
    doc: "Where the create journal is kept, an absolute path; without it, `uptime-journal` under `$PULUMI_HOME` (else `~/.pulumi`). On CI runners that do not outlive a job, a directory that does and is written as the run goes (a mounted network volume; a CI cache saved when a job ends is not, for a job that is killed), so that the run after one that was killed takes over the monitors it created instead of creating them again.",
  },
] as const satisfies readonly SettingSpec[];

type SettingType<V extends SettingValue> = V extends { kind: "whole" | "rate" }
  ? number
  : V extends { kind: "flag" }
    ? boolean
    : V extends { kind: "choice"; of: readonly (infer C)[] }
      ? C
      : string;

/** As provider/config.ts reads them. */
export type ProviderSettings = { [S in (typeof SETTINGS)[number] as S["key"]]?: SettingType<S["value"]> };
export type SettingKey = keyof ProviderSettings;

export function settingSchemaType(value: SettingValue): SchemaType {
  const type = { whole: "integer", rate: "number", flag: "boolean" } as const;
  return { type: value.kind in type ? type[value.kind as keyof typeof type] : "string" };
}

/** How an Account (sdk/account.ts, an explicit provider) names itself to its provider process. */
export const ACCOUNT_KEY = "uptime:__account";
/** The names an Account was renamed from (its `aliases` option), as a JSON list: its resources stay its own. */
export const ACCOUNT_ALIASES_KEY = "uptime:__accountAliases";
/** The engine's id of an explicit provider of the plugin, which a rename with `aliases` keeps (plugin/server.ts). */
export const ACCOUNT_ID_KEY = "uptime:__accountId";
/** What a program calls an account other than the stack's: an `Account` (TypeScript), else a `provider` (the plugin's). */
export const ACCOUNT_NOUN_KEY = "uptime:__accountNoun";

/** Its arguments are checked by provider/webhooks.ts. */
export const GET_WEBHOOKS = {
  name: "getWebhooks",
  doc: "Lists the service's webhook subscriptions: every page of `GET /webhooks`, each subscription once, in the service's order.",
  args: {
    topic: {
      type: { type: "string" },
      doc: "Only subscriptions to this topic, e.g. `monitors/status_change` (filtered after listing: the API has no filter).",
    },
    pageSize: { type: { type: "integer" }, doc: "Subscriptions asked per request, a whole number 1-100 (default 100)." },
    maxPages: {
      type: { type: "integer" },
      doc: "Requests made at most (default 1000); a service still paginating after that is an error.",
    },
  },
  result: {
    webhooks: {
      type: { type: "array", items: { $ref: "#/types/uptime:index:Webhook" } },
      doc: "The subscriptions (of `topic`, when given), each once.",
    },
    count: { type: { type: "integer" }, doc: "How many subscriptions `webhooks` holds." },
  },
  types: {
    Webhook: {
      doc: "A webhook subscription: deliveries of `topic` go to `url`.",
      properties: {
        uuid: { type: { type: "string" }, doc: "The subscription's uuid." },
        topic: { type: { type: "string" }, doc: "e.g. `monitors/status_change`, `monitors/delete`." },
        url: { type: { type: "string" }, doc: "The address that receives deliveries." },
        ...TIMESTAMPS,
      },
      required: ["uuid", "topic", "url"],
    },
  },
} as const satisfies {
  name: string;
  doc: string;
  args: Documented;
  result: Documented;
  types: Record<string, { doc: string; properties: Documented; required: readonly string[] }>;
};

/** Why a plain `uptime:apiKey` is refused, by the SDK (sdk/credentials.ts) and the plugin (CheckConfig, Configure) alike. */
export const PLAIN_KEY_MESSAGE =
  `uptime:apiKey is set in plain text in the stack configuration. Pulumi stores the configuration it passes to ` +
  `providers in the stack's state, so the key would be written unencrypted into the state, its history and its ` +
  `backups. Run \`pulumi config set --secret uptime:apiKey <key>\` (or \`pulumi config rm uptime:apiKey\` and set ` +
  `UPTIME_API_KEY in the environment), then run the command again.`;
