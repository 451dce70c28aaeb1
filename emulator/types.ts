// Shapes shared by the emulator's modules: options, seeds, fault rules and the stored data.

/** Options of {@link startEmulator}. */
export interface EmulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default "127.0.0.1". */
  host?: string;
  /** The only credential /v1 accepts, as `Authorization: <key>` or `Bearer <key>`. */
  apiKey: string;
  /** Objects to create at start: an object, or the path of a JSON seed file. */
  seed?: SeedData | string;
  /** Persistence file: loaded at start when present (the seed is then skipped), rewritten atomically after every change. */
  dataFile?: string;
  /** Undocumented /v1 routes answer 405. */
  documentedOnly?: boolean;
  /** Fill what monitor requests leave out with defaults, as a service may (emulator/service/defaults.ts). */
  fillDefaults?: boolean;
  /** Numeric offset such as "+02:00" used to render timestamps instead of "Z". */
  timestampOffset?: string;
  /** Faults active from the start. */
  faults?: FaultConfig;
  /** A per-key token bucket in front of /v1 (harness/rate-limit.ts); POST /admin/reset restores it. */
  rateLimit?: RateLimitConfig;
  /** No per-request log lines on stderr. */
  quiet?: boolean;
}

export interface RunningEmulator {
  /** Base URL of the API, ending in /v1. */
  url: string;
  /** Base URL of the admin API. */
  adminUrl: string;
  port: number;
  /** Closes the server and every socket (keep-alive and hanging ones too). */
  close(): Promise<void>;
}

/** Objects to create. Monitors use the request spelling (as in POST /monitors); the others use record field names. */
export interface SeedData {
  monitors?: Record<string, unknown>[];
  pages?: Record<string, unknown>[];
  alerts?: Record<string, unknown>[];
  webhooks?: Record<string, unknown>[];
}

export interface FaultConfig {
  /** PRNG seed: the same seed and the same request sequence give the same faults. */
  seed?: number;
  /** Delay added before answering every /v1 request: fixedMs plus a uniform draw in [0, jitterMs). */
  latency?: { fixedMs: number; jitterMs?: number };
  rules?: FaultRule[];
  /** GET /webhooks ignores recordOffset/pageSize and always returns the first page. */
  ignorePagination?: boolean;
}

export interface FaultRule {
  method?: string;
  route?: string;
  rate429?: number;
  retryAfter?: string;
  rate5xx?: number;
  statuses?: number[];
  dropBeforeRate?: number;
  dropAfterRate?: number;
  respond?: ScriptedResponse;
  times?: number;
}

export interface ScriptedResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  bodyBytes?: number;
  hang?: boolean;
}

/**
 * A token bucket per API key: `rps` tokens a second refill a bucket of `burst`; each /v1 request with the key
 * takes one. With `window`, a fixed window instead: `rps * window` requests per key in each window.
 */
export interface RateLimitConfig {
  /** Sustained requests per second, > 0, may be fractional. */
  rps: number;
  /** Bucket size (requests in a burst), an integer >= 1; default Math.max(1, Math.ceil(rps)). Not with `window`. */
  burst?: number;
  /** Seconds, an integer >= 1: fixed windows (from the limit's start) of Math.max(1, Math.round(rps * window)) requests each. */
  window?: number;
  /** Which rate-limit headers /v1 answers carry; default "none" (a 429 still carries Retry-After). */
  headers?: RateLimitHeaders;
}

export type RateLimitHeaders = "none" | "x-ratelimit" | "ietf";

/** Epoch milliseconds; rendered as RFC 3339 only in responses. */
export type Millis = number;

export interface HttpRequestOptions {
  method: string | null;
  headers: { name: string | null; value: string | null }[] | null;
  body: string | null;
}

export interface HttpResponseOptions {
  status: string[] | null;
  statusMatches: boolean | null;
  keywordHeader: string | null;
  keywordHeaderExists: boolean | null;
  keywordBody: string | null;
  keywordBodyExists: boolean | null;
}

export interface TcpOptions {
  dataRequest: string | null;
  keywordResponse: string | null;
  keywordResponseExists: boolean | null;
}

export interface MaintenanceTime {
  startHour: number | null;
  startMinute: number | null;
  stopHour: number | null;
  stopMinute: number | null;
}

export interface Maintenance {
  days: number[] | null;
  times: MaintenanceTime[] | null;
  timeZone: string | null;
}

/** A monitor as stored: the record's fields, timestamps as epoch ms. */
export interface MonitorData {
  uuid: string;
  name: string;
  title: string | null;
  type: string;
  urn: string;
  httpFollowRedirects: boolean | null;
  timeout: number | null;
  intervalId: number;
  regions: number[];
  description: string | null;
  groups: string[];
  alerts: string[];
  degradedThreshold: number | null;
  apdexThreshold: number | null;
  httpRequest: HttpRequestOptions | null;
  httpResponse: HttpResponseOptions | null;
  tcpOptions: TcpOptions | null;
  maintenance: Maintenance | null;
  createdAt: Millis;
  updatedAt: Millis | null;
}

/** A page as stored; the image fields hold asset ids, rendered as URLs. */
export interface PageData {
  uuid: string;
  name: string | null;
  title: string | null;
  slug: string | null;
  customDomain: string | null;
  useGroups: boolean | null;
  items: string[];
  description: string | null;
  logoFileBase64: string | null;
  faviconFileBase64: string | null;
  googleAnalitycsId: string | null;
  createdAt: Millis;
  updatedAt: Millis | null;
}

export const RECIPIENT_TYPES = ["email", "sms", "call", "slack", "discord", "webhook"] as const;

export interface RecipientData {
  uuid: string;
  type: string;
  target: string;
  createdAt: Millis;
  updatedAt: Millis;
}

export interface AlertData {
  uuid: string;
  name: string | null;
  up: boolean | null;
  degraded: boolean | null;
  disrupted: boolean | null;
  down: boolean | null;
  maintenance: boolean | null;
  recipients: RecipientData[];
  createdAt: Millis;
  updatedAt: Millis | null;
}

export interface WebhookData {
  uuid: string;
  topic: string;
  url: string;
  createdAt: Millis;
  updatedAt: Millis | null;
}

export interface AssetData {
  contentType: string;
  bytes: Buffer;
}

export type Kind = "monitors" | "pages" | "alerts" | "webhooks";
export const KINDS: readonly Kind[] = ["monitors", "pages", "alerts", "webhooks"];
