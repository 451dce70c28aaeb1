// What tests inspect about /v1 traffic: the request log (credential redacted) and counters.

import type { IncomingHttpHeaders } from "node:http";

export interface LoggedRequest {
  seq: number;
  time: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  route: string | null;
  headers: Record<string, string | string[]>;
  body: unknown;
  /** The status answered; null while unanswered or when the connection was dropped. */
  status: number | null;
}

/** The log keeps the most recent entries only, so a long demo cannot exhaust memory. */
const MAX_LOGGED = 10_000;

export class Traffic {
  requests: LoggedRequest[] = [];
  requestsByRoute: Record<string, number> = {};
  requestsTotal = 0;
  connectionsAccepted = 0;
  /** 429s the rate limit answered (harness/rate-limit.ts); fault-injected 429s are not counted here. */
  rateLimited = 0;
  private seq = 0;

  record(
    entry: Omit<LoggedRequest, "seq" | "status" | "headers" | "query"> & { headers: IncomingHttpHeaders; query: URLSearchParams },
  ): LoggedRequest {
    const logged: LoggedRequest = {
      seq: ++this.seq,
      ...entry,
      headers: redact(entry.headers),
      query: queryObject(entry.query),
      status: null,
    };
    this.requests.push(logged);
    if (this.requests.length > MAX_LOGGED) this.requests.splice(0, this.requests.length - MAX_LOGGED);
    this.requestsTotal++;
    if (entry.route !== null) this.requestsByRoute[entry.route] = (this.requestsByRoute[entry.route] ?? 0) + 1;
    return logged;
  }

  /** Everything back to the start, sequence numbers included. */
  reset(): void {
    this.clearRequests();
    this.clearCounters();
    this.seq = 0;
  }

  clearRequests(): void {
    this.requests = [];
  }

  clearCounters(): void {
    this.requestsByRoute = {};
    this.requestsTotal = 0;
    this.connectionsAccepted = 0;
    this.rateLimited = 0;
  }

  counters(): { requestsByRoute: Record<string, number>; requestsTotal: number; connectionsAccepted: number; rateLimited: number } {
    return {
      requestsByRoute: { ...this.requestsByRoute },
      requestsTotal: this.requestsTotal,
      connectionsAccepted: this.connectionsAccepted,
      rateLimited: this.rateLimited,
    };
  }
}

function redact(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = name === "authorization" ? "[REDACTED]" : value;
  }
  return out;
}

function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}
