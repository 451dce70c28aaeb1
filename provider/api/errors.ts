// Errors of the HTTP client. Every message names the request (method and path, never the host's
// credentials) and what the service said; the API key is never part of any of them.

/** Base class of every error the client raises. */
export class UptimeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

const HINTS: Record<number, string> = {
  401:
    "check uptime:apiKey (or UPTIME_API_KEY) and uptime:authScheme; if uptime:apiKey changed since the last `pulumi up`, " +
    "`pulumi refresh` and `pulumi destroy` still use the key stored then: run them with --run-program",
  403: "the API key is valid but may not reach this object",
};

/** The service answered with a status that is not a success. */
export class ApiError extends UptimeError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  /** The service's own error code, when its body carried one. */
  readonly code?: string;
  /** The service's message (or an excerpt of its body), already redacted. */
  readonly serviceMessage: string;
  /** The wait the service asked for with `Retry-After`, when it did. */
  retryAfterMs?: number;
  /** What the body was: JSON (the service's own answers are), empty, or anything else (an HTML page, text). */
  readonly bodyKind: "json" | "empty" | "other";

  constructor(args: {
    method: string;
    path: string;
    status: number;
    code?: string;
    serviceMessage: string;
    bodyKind?: "json" | "empty" | "other";
    /** What to do about it, in place of the status's usual advice. */
    hint?: string;
  }) {
    const reason = REASONS[args.status] ?? "";
    const said = args.serviceMessage ? `: ${args.serviceMessage}` : "";
    const advice = args.hint ?? HINTS[args.status];
    const hint = advice ? ` (${advice})` : "";
    super(`${args.method} ${args.path} failed with ${args.status}${reason ? " " + reason : ""}${said}${hint}`);
    this.status = args.status;
    this.method = args.method;
    this.path = args.path;
    this.code = args.code;
    this.serviceMessage = args.serviceMessage;
    this.bodyKind = args.bodyKind ?? "json";
  }
}

/** The service kept answering 429 longer than a run may wait (uptime:rateLimitWaitSeconds). */
export class RateLimitError extends ApiError {}

/**
 * The address in uptime:baseUrl is not the service's API (a path without its version segment, another
 * server, a proxy's page): found out before any answer of it was taken for the service's.
 */
export class BaseUrlError extends UptimeError {}

/**
 * The request did not get an answer: refused, reset, dropped or timed out. `mayHaveReachedServer`
 * says whether the service may have processed it (false only when the connection never opened).
 */
export class ConnectionError extends UptimeError {
  readonly method: string;
  readonly path: string;
  readonly mayHaveReachedServer: boolean;
  /** Retrying cannot help (a TLS failure: an untrusted certificate, or https:// at a plain-HTTP port; a host name that does not resolve). */
  readonly permanent: boolean;
  /** No answer came within uptime:requestTimeoutMs: retried once at most, so a server that never answers fails in bounded time. */
  readonly timedOut: boolean;
  /** The peer closed the connection before any response (what a TLS port does with plain HTTP). */
  readonly closedEarly: boolean;

  constructor(args: {
    method: string;
    path: string;
    detail: string;
    mayHaveReachedServer: boolean;
    permanent?: boolean;
    timedOut?: boolean;
    closedEarly?: boolean;
    cause?: unknown;
  }) {
    super(`${args.method} ${args.path} failed: ${args.detail}`, { cause: args.cause });
    this.method = args.method;
    this.path = args.path;
    this.mayHaveReachedServer = args.mayHaveReachedServer;
    this.permanent = args.permanent ?? false;
    this.timedOut = args.timedOut ?? false;
    this.closedEarly = args.closedEarly ?? false;
  }
}

/** The service answered with success, but the body is not what the API document describes. */
export class ResponseFormatError extends UptimeError {
  /** The answer's status, when the body itself was the problem (a 2xx means the service did act). */
  readonly status?: number;

  constructor(method: string, path: string, detail: string, status?: number) {
    super(`${method} ${path} returned an unexpected response: ${detail}`);
    this.status = status;
  }
}

/** Replaces every occurrence of each secret in a text, so no message can leak one. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join("[REDACTED]");
  }
  return out;
}
