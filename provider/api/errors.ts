// Errors of the HTTP client: each names the request (method and path) and what the service said; never the key.
import { STATUS_CODES } from "node:http";

/**
 * How a face names a setting: the stack's `uptime:baseUrl`, an Account's `baseUrl of Account "staging"`
 * (provider/config.ts). Messages are made in their account's names, never rewritten after.
 */
export interface SettingNames {
  /** `uptime:baseUrl`; `baseUrl of Account "staging"`. */
  name(key: string): string;
  /** The same, with the environment variable that sets it where the face has one: `uptime:apiKey (or UPTIME_API_KEY)`. */
  withEnv(key: string): string;
  /** How to make `value` the rule: `run \`pulumi config set uptime:<key> <value>\` and \`pulumi up\``. */
  rule(key: string, value: string): string;
}

/** The stack's names: `uptime:<key>`, set by `UPTIME_<KEY>` (the settings table's rule, tests/unit/config.test.ts). */
export const STACK_NAMES: SettingNames = {
  name: (key) => `uptime:${key}`,
  withEnv: (key) => `uptime:${key} (or UPTIME_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()})`,
  rule: (key, value) => `run \`pulumi config set uptime:${key} ${value}\` and \`pulumi up\``,
};

export class UptimeError extends Error {
  /** The failure is at the address (uptime:baseUrl): one a changed address explains (providers.ts staleAddressAdvice). */
  readonly atAddress: boolean;

  constructor(message: string, options?: { cause?: unknown; atAddress?: boolean }) {
    super(message, options);
    this.name = new.target.name;
    this.atAddress = options?.atAddress ?? false;
  }
}

/** Statuses named with their reason phrase (`422 Unprocessable Entity`); any other by its number alone. */
const REASONED = new Set([400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 429, 500, 501, 502, 503, 504]);

const HINTS: Record<number, (n: SettingNames) => string> = {
  401: (n) =>
    `check ${n.withEnv("apiKey")} and ${n.name("authScheme")}; if ${n.name("apiKey")} changed since the last \`pulumi up\`, ` +
    "`pulumi refresh` and `pulumi destroy` still use the key stored then: run them with --run-program",
  403: () => "the API key is valid but may not reach this object",
};

/** The service answered with a status that is not a success. */
export class ApiError extends UptimeError {
  declare readonly status: number;
  declare readonly method: string;
  declare readonly path: string;
  declare readonly code?: string;
  /** The service's message (or an excerpt of its body), already redacted. */
  declare readonly serviceMessage: string;
  declare readonly retryAfterMs?: number;
  /** JSON (the service's own answers are), empty, or anything else (an HTML page, text). */
  declare readonly bodyKind: "json" | "empty" | "other";

  constructor({
    hint,
    names = STACK_NAMES,
    ...facts
  }: Pick<ApiError, "method" | "path" | "status" | "code" | "serviceMessage"> &
    Partial<Pick<ApiError, "bodyKind" | "retryAfterMs">> & {
      /** In place of the status's usual advice. */
      hint?: string;
      names?: SettingNames;
    }) {
    const { method, path, status, serviceMessage } = facts;
    const reason = REASONED.has(status) ? STATUS_CODES[status] : undefined;
    const said = serviceMessage ? `: ${serviceMessage}` : "";
    const advice = hint ?? HINTS[status]?.(names);
    super(`${method} ${path} failed with ${status}${reason ? " " + reason : ""}${said}${advice ? ` (${advice})` : ""}`);
    Object.assign(this, { ...facts, bodyKind: facts.bodyKind ?? "json" });
  }
}

/** The service kept answering 429 longer than a run may wait (uptime:rateLimitWaitSeconds). */
export class RateLimitError extends ApiError {}

/** uptime:baseUrl is not the API (a path without its version, another server, a proxy's page). */
export class BaseUrlError extends UptimeError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, { ...options, atAddress: true });
  }
}

/** No answer: refused, reset, dropped or timed out. `mayHaveReachedServer` is false only when no connection opened. */
export class ConnectionError extends UptimeError {
  declare readonly method: string;
  declare readonly path: string;
  declare readonly mayHaveReachedServer: boolean;
  /** Retrying cannot help (a TLS failure: an untrusted certificate, or https:// at a plain-HTTP port; a host name that does not resolve). */
  declare readonly permanent: boolean;
  /** No answer came within uptime:requestTimeoutMs: retried once at most, so a server that never answers fails in bounded time. */
  declare readonly timedOut: boolean;
  /** The peer closed the connection before any response (what a TLS port does with plain HTTP). */
  declare readonly closedEarly: boolean;
  /** Without the request. */
  declare readonly detail: string;

  constructor({
    cause,
    atAddress,
    ...facts
  }: Pick<ConnectionError, "method" | "path" | "detail" | "mayHaveReachedServer"> &
    Partial<Pick<ConnectionError, "permanent" | "timedOut" | "closedEarly" | "atAddress">> & { cause?: unknown }) {
    super(`${facts.method} ${facts.path} failed: ${facts.detail}`, { cause, atAddress });
    Object.assign(this, { permanent: false, timedOut: false, closedEarly: false, ...facts });
  }
}

/** The service answered with success, but the body is not what the API document describes. */
export class ResponseFormatError extends UptimeError {
  constructor(
    method: string,
    path: string,
    readonly detail: string,
    /** When the body itself was the problem (a 2xx means the service did act). */
    readonly status?: number,
  ) {
    super(`${method} ${path} returned an unexpected response: ${detail}`);
  }
}

/** Replaces every occurrence of each secret in a text, so no message can leak one. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => (secret.length >= 4 ? out.replaceAll(secret, "[REDACTED]") : out), text);
}
