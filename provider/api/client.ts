// The one place that speaks HTTP to the service: one keep-alive pool per origin for the process,
// every response body consumed, the API key only in the Authorization header.
import { connect as tlsConnect } from "node:tls";
import { Pool, errors as undiciErrors } from "undici";
import type { z } from "zod";
import { ApiError, BaseUrlError, ConnectionError, ResponseFormatError, STACK_NAMES, SettingNames, redact } from "./errors";
import { DEFAULT_RETRY_POLICY, RetryPolicy, isRetryable, parseRetryAfter, retryDelayMs } from "./retry";
import { type ResponseHeaders, headerValue } from "./rate-limit-headers";
import { RequestScheduler, SchedulerHalted, SchedulerSettings, givenOnly } from "./scheduler";
import { accountScheduler, nextTurnAfter429, resetAccountSchedulers, tooLongError } from "./accounts";
import type { PageRecord } from "../model/records";
import { AlertEnvelope, ErrorBody, MonitorEnvelope, PagesEnvelope, WebhookPage } from "./schemas";

/** A JSON request body: what fields it holds, under which wire names, is the model's (provider/model/). */
type RequestBody = Readonly<Record<string, unknown>>;

export interface ClientLogger {
  debug(message: string): void;
  warn(message: string): void;
  /** Shown without --debug (waits a user would notice); debug when absent. */
  info?(message: string): void;
}

/** Retry waits from this long are logged at info level: a slow run says why. */
const LONG_WAIT_MS = 2000;

export interface UptimeClientOptions {
  /** Base URL of the API, ending in the version segment, e.g. `https://api.example.com/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Put before the key in `Authorization` (e.g. `Bearer`); none by default, as the document shows. */
  authScheme?: string;
  /** @default 10000 */
  connectTimeoutMs?: number;
  /** Time allowed for the response headers, and between body chunks. @default 30000 */
  requestTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  pacing?: Partial<SchedulerSettings>;
  /** By default the one this process shares for the origin and credential. */
  scheduler?: RequestScheduler;
  /** Larger response bodies are refused. @default 8388608 (8 MiB) */
  maxResponseBytes?: number;
  log?: ClientLogger;
  /** How messages name the settings: the stack's by default, an Account's for one (provider/config.ts). */
  names?: SettingNames;
  sleep?: (ms: number) => Promise<void>;
}

const pools = new Map<string, Pool>();

function poolFor(origin: string, connectTimeoutMs: number): Pool {
  const key = `${origin}|${connectTimeoutMs}`;
  const pool = pools.get(key) ?? new Pool(origin, { connect: { timeout: connectTimeoutMs }, keepAliveTimeout: 10_000, pipelining: 1 });
  pools.set(key, pool);
  return pool;
}

/** README's settings table says the same. */
export const DEFAULT_TIMEOUTS = { connectTimeoutMs: 10_000, requestTimeoutMs: 30_000 };

/** Closes every pool and forgets every account's pace (tests, and processes that exit promptly). */
export async function closeAllPools(): Promise<void> {
  resetAccountSchedulers();
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.close().catch(() => undefined)));
}

const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);
// The host does not exist (EAI_AGAIN is a temporary failure of the resolver, and is retried).
const NO_SUCH_HOST = "ENOTFOUND";
// TLS handshake failures (certificate checks, a non-TLS peer): nothing was sent, and a retry fails the same way.
const TLS_CODE = /^ERR_(TLS|SSL)_|CERT|SELF_SIGNED|^UNABLE_TO_/;

/** What a caller of request() is told of its request's progress. */
export interface RequestOptions {
  /** As each attempt leaves, once its turn in the scheduler has come. */
  onSend?: () => void;
  /** On a 429: not processed; the request waits for its next turn. */
  onRefused?: () => void;
}

export class UptimeClient {
  /** The API's base address as configured (uptime:baseUrl), for messages. */
  readonly baseUrl: string;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly authorization: string;
  private readonly secrets: string[];
  private readonly connectTimeoutMs: number;
  private readonly requestTimeoutMs: number;
  private readonly retryPolicy: RetryPolicy;
  private readonly maxResponseBytes: number;
  private readonly log: Required<ClientLogger>;
  readonly names: SettingNames;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly scheduler: RequestScheduler;

  constructor(options: UptimeClientOptions) {
    const url = new URL(options.baseUrl);
    this.baseUrl = options.baseUrl;
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, "");
    this.authorization = options.authScheme ? `${options.authScheme} ${options.apiKey}` : options.apiKey;
    this.secrets = [options.apiKey];
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_TIMEOUTS.connectTimeoutMs;
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUTS.requestTimeoutMs;
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...givenOnly(options.retry ?? {}) };
    this.maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;
    const log = options.log ?? { debug: () => undefined, warn: () => undefined };
    this.log = { debug: (m) => log.debug(m), warn: (m) => log.warn(m), info: (m) => (log.info ? log.info(m) : log.debug(m)) };
    this.names = options.names ?? STACK_NAMES;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.scheduler = options.scheduler ?? accountScheduler(this.origin, this.authorization, options.pacing ?? {}, this.log);
  }

  readonly monitors = {
    create: (body: RequestBody, progress?: RequestOptions) => this.request("POST", "/monitors", body, MonitorEnvelope, progress),
    get: (uuid: string) => this.request("GET", at("monitors", uuid), undefined, MonitorEnvelope),
    update: (uuid: string, body: RequestBody) => this.request("PATCH", at("monitors", uuid), body, MonitorEnvelope),
    delete: (uuid: string) => this.request("DELETE", at("monitors", uuid), undefined, undefined),
  };

  readonly pages = {
    get: (uuid: string) => this.page("GET", uuid, undefined),
    update: (uuid: string, body: RequestBody) => this.page("PATCH", uuid, body),
  };

  /** The page asked for, from the `{ pages: [...] }` envelope; another page's record is not taken for it. */
  private async page(method: "GET" | "PATCH", uuid: string, body: RequestBody | undefined): Promise<PageRecord> {
    const path = at("pages", uuid);
    const pages = await this.request(method, path, body, PagesEnvelope);
    const page = pages.find((p) => p.uuid === uuid);
    if (!page) throw new ResponseFormatError(method, path, `pages: expected the page ${uuid}, got ${pages.map((p) => p.uuid).join(", ")}`);
    return page;
  }

  readonly alerts = {
    get: (uuid: string) => this.request("GET", at("alerts", uuid), undefined, AlertEnvelope),
    update: (uuid: string, body: RequestBody) => this.request("PATCH", at("alerts", uuid), body, AlertEnvelope),
  };

  readonly webhooks = {
    listPage: (page: { recordOffset: number; pageSize: number }) =>
      this.request("GET", `/webhooks?recordOffset=${page.recordOffset}&pageSize=${page.pageSize}`, undefined, WebhookPage),
  };

  private verified?: Promise<void>;

  /**
   * Checks once per client that the base URL is the API: the documented GET /webhooks answers its list.
   * Called before a first creation (a wrong address must not leave a creation in doubt) and before a
   * 404 is taken for "gone" (gone.ts). A failure is kept: every later call fails the same way, at once.
   */
  verifyBaseUrl(): Promise<void> {
    this.verified ??= this.webhooks.listPage({ recordOffset: 0, pageSize: 1 }).then(
      () => undefined,
      (error: unknown) => {
        // A refused key is a key problem, already named as such.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw error;
        // A network failure already says what to fix; another answer is most often a path without its version.
        const advice =
          error instanceof ConnectionError
            ? ""
            : " Check the address: it is the API's base, ending in its version segment, e.g. https://<host>/v1.";
        throw new BaseUrlError(
          `${this.names.name("baseUrl")} (${this.baseUrl}) does not answer as the service's API: GET ${this.basePath}/webhooks, a ` +
            `documented route, ${foundThere(error)}.${advice} Nothing was changed.`,
          { cause: error },
        );
      },
    );
    return this.verified;
  }

  /**
   * Sends one request in its scheduler's turn, retrying per the policy, and validates a success body
   * against `schema`. A 429 is no failure: the request waits its next turn, ahead of the others, until
   * the service takes it or uptime:rateLimitWaitSeconds is spent.
   */
  async request<T extends z.ZodType>(method: string, path: string, body: unknown, schema: T, options?: RequestOptions): Promise<z.infer<T>>;
  async request(method: string, path: string, body: unknown, schema: undefined, options?: RequestOptions): Promise<undefined>;
  async request(
    method: string,
    path: string,
    body: unknown,
    schema: z.ZodType | undefined,
    options: RequestOptions = {},
  ): Promise<unknown> {
    let throttledSince: number | undefined;
    for (let attempt = 0; ;) {
      const startedAt = await this.scheduler.turn(throttledSince !== undefined).catch((error: unknown) => {
        throw error instanceof SchedulerHalted ? tooLongError(this.scheduler, error.askedMs, { method, path }, this.names) : error;
      });
      let settled = false;
      const settle = (status?: number, headers?: ResponseHeaders, retryAfterMs?: number) => {
        if (settled) return;
        settled = true;
        this.scheduler.settle(startedAt, status, headers, retryAfterMs);
      };
      try {
        options.onSend?.();
        return await this.attempt(method, path, body, schema, settle);
      } catch (caught) {
        settle();
        const error = await this.tlsInsteadOfHttp(caught);
        if (error instanceof ApiError && error.status === 429) {
          options.onRefused?.();
          throttledSince ??= this.scheduler.clock.now();
          const when = nextTurnAfter429(this.scheduler, error, throttledSince, this.names);
          this.log.debug(`uptime: ${method} ${path}: 429; its turn comes again ${when}`);
          continue;
        }
        if (attempt >= this.retryPolicy.maxRetries || !isRetryable(method, error, attempt)) throw error;
        attempt++;
        const retryAfter = error instanceof ApiError ? error.retryAfterMs : undefined;
        const delay = retryDelayMs(attempt, this.retryPolicy, retryAfter);
        const why = error instanceof ApiError ? `${error.status}` : (error as Error).message;
        const line = `uptime: ${method} ${path}: ${why}; retry ${attempt} of ${this.retryPolicy.maxRetries} in ${(delay / 1000).toFixed(1)}s`;
        // A wait the user would notice (a timeout, a long Retry-After, later retries) is said without --debug.
        const long = delay >= LONG_WAIT_MS || (error instanceof ConnectionError && error.timedOut);
        (long ? this.log.info : this.log.debug)(line);
        await this.sleep(delay);
      }
    }
  }

  private tlsSniff?: Promise<boolean>;

  /**
   * A connection closed before any response at an http:// address whose port completes a TLS handshake:
   * said at once, not after maxRetries identical failures. The handshake sends nothing of ours; its
   * certificate is not judged.
   */
  private async tlsInsteadOfHttp(error: unknown): Promise<unknown> {
    if (!(error instanceof ConnectionError) || !error.closedEarly || !this.origin.startsWith("http:")) return error;
    this.tlsSniff ??= speaksTls(new URL(this.origin), this.connectTimeoutMs);
    if (!(await this.tlsSniff)) return error;
    const https = this.baseUrl.replace(/^http:/i, "https:");
    return new ConnectionError({
      method: error.method,
      path: error.path,
      detail:
        `the connection was closed before a response, and ${this.origin} speaks TLS: an http:// address at an https port; ` +
        `use ${https}`,
      // The TLS server read the request as a failed handshake: nothing reached the service.
      mayHaveReachedServer: false,
      permanent: true,
      cause: error,
    });
  }

  private async attempt(
    method: string,
    path: string,
    body: unknown,
    schema: z.ZodType | undefined,
    settle: (status: number, headers: ResponseHeaders, retryAfterMs: number | undefined) => void,
  ): Promise<unknown> {
    const typed = body === undefined ? {} : { "content-type": "application/json" };
    const headers = { authorization: this.authorization, accept: "application/json", ...typed };
    let response;
    try {
      response = await poolFor(this.origin, this.connectTimeoutMs).request({
        method: method as "GET",
        path: this.basePath + path,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        headersTimeout: this.requestTimeoutMs,
        bodyTimeout: this.requestTimeoutMs,
      });
    } catch (error) {
      throw this.connectionError(method, path, error);
    }
    const status = response.statusCode;
    const retryAfterMs = parseRetryAfter(headerValue(response.headers, "retry-after"));
    settle(status, response.headers, retryAfterMs);
    let text: string | undefined;
    try {
      text = await readCapped(response.body, this.maxResponseBytes);
    } catch (error) {
      throw this.connectionError(method, path, error);
    }
    if (text === undefined)
      throw new ResponseFormatError(method, path, `${status} with a body over ${this.maxResponseBytes} bytes`, status);
    // undici gives a kept-alive socket back to the pool one event-loop turn after the response ends;
    // without this wait the caller's next request finds it busy and the pool opens one more connection.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (status < 200 || status >= 300) throw this.apiError(method, path, status, text, retryAfterMs);
    if (!schema) return undefined;
    const json = parseJson(text);
    if (!json)
      throw new ResponseFormatError(method, path, `${status} with a body that is not JSON: ${excerpt(redact(text, this.secrets))}`, status);
    const parsed = schema.safeParse(json.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ResponseFormatError(method, path, `${issue?.path.join(".") || "body"}: ${issue?.message}`, status);
    }
    return parsed.data;
  }

  private apiError(method: string, path: string, status: number, text: string, retryAfterMs: number | undefined): ApiError {
    const json = parseJson(text);
    const said = json && ErrorBody.safeParse(json.value).data?.error;
    const bodyKind = json ? "json" : text.trim() === "" ? "empty" : "other";
    // Redact before cutting: a cut through the key would leave a piece redact() cannot recognise.
    const serviceMessage = said?.message ? excerpt(redact(said.message, this.secrets), 500) : excerpt(redact(text, this.secrets));
    return new ApiError({ method, path, status, code: said?.code, serviceMessage, bodyKind, retryAfterMs, names: this.names });
  }

  private connectionError(method: string, path: string, error: unknown): ConnectionError {
    const code = (error as { code?: string }).code ?? "";
    const tls = TLS_CODE.test(code);
    const notSent = NOT_SENT_CODES.has(code) || tls;
    const timedOut = error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError;
    const closedEarly = code === "UND_ERR_SOCKET" || code === "ECONNRESET";
    const check = `check ${this.names.name("baseUrl")} (${this.baseUrl})`;
    let detail = redact((error as Error).message ?? String(error), this.secrets);
    if (tls) {
      const reason = redact((error as { reason?: string }).reason ?? detail, this.secrets);
      detail = `TLS with ${this.origin} failed before anything was sent: ${reason} (${code}); ${check}, and that this machine trusts the service's certificate`;
    } else if (timedOut) {
      detail = `no response from ${this.origin} within ${this.requestTimeoutMs} ms (${this.names.name("requestTimeoutMs")}); ${check}`;
    } else if (code === "UND_ERR_CONNECT_TIMEOUT") {
      detail = `could not connect to ${this.origin} within ${this.connectTimeoutMs} ms (${this.names.name("connectTimeoutMs")}); ${check}`;
    } else if (code === "ECONNREFUSED") {
      detail = `connection refused by ${this.origin}; ${check}, and that the service is up`;
    } else if (code === NO_SUCH_HOST) {
      detail = `the host ${new URL(this.baseUrl).hostname} does not resolve (${code}); ${check}`;
    } else if (closedEarly) {
      detail = `the connection was closed before a response (${detail}); ${check}`;
    } else if (code === "EHOSTUNREACH" || code === "ENETUNREACH" || code === "EAI_AGAIN") {
      // No route to the host, or the resolver could not answer now: the address is the first thing to check.
      detail = `${detail} (${code}); ${check}`;
    }
    return new ConnectionError({
      method,
      path,
      detail,
      mayHaveReachedServer: !notSent,
      permanent: tls || code === NO_SUCH_HOST,
      timedOut,
      closedEarly,
      atAddress: detail.includes(check),
      cause: error,
    });
  }
}

const at = (kind: string, uuid: string) => `/${kind}/${encodeURIComponent(uuid)}`;

/** What the base URL check found where the service should be. */
function foundThere(error: unknown): string {
  if (error instanceof ApiError) {
    const what = error.bodyKind === "other" ? ` with ${error.serviceMessage}` : error.serviceMessage ? ` (${error.serviceMessage})` : "";
    return `answered ${error.status}${what}`;
  }
  if (error instanceof ResponseFormatError) return `answered something other than the documented list: ${error.detail}`;
  if (error instanceof ConnectionError) return `failed: ${error.detail}`;
  return `failed: ${(error as Error)?.message ?? String(error)}`;
}

function speaksTls(origin: URL, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const host = origin.hostname.replace(/^\[|\]$/g, "");
    const socket = tlsConnect({
      host,
      port: Number(origin.port || 80),
      // An IP address is not a valid SNI name; Node warns if given one.
      servername: /^[\d.]+$|:/.test(host) ? undefined : host,
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once("secureConnect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/** The text's JSON value, boxed; undefined when the text is not JSON. */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The body as text; undefined, the rest of it dropped, once it is over `max` bytes. */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A short, single-line excerpt of a body for an error message; HTML is reduced to its text. */
export function excerpt(text: string, max = 200): string {
  let t = text;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(t);
  if (/^\s*<(!doctype|html)/i.test(t)) t = `an HTML page${title ? ` "${title[1].trim()}"` : ""}`;
  t = t.replace(/\s+/g, " ").trim();
  if (!t) return "(empty body)";
  return t.length > max ? `${t.slice(0, max)}…` : t;
}
