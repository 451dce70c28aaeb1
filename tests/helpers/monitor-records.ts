// Monitor records as the emulator's README documents them (every key present, unset values null or []),
// built from canonical inputs, for tests that need a record without a server.
import type { MonitorRecord } from "../../provider/model/records";

type Args = Record<string, unknown>;

const OPTION_KEYS: Record<string, string[]> = {
  httpRequest: ["method", "headers", "body"],
  httpResponse: ["status", "statusMatches", "keywordHeader", "keywordHeaderExists", "keywordBody", "keywordBodyExists"],
  tcpOptions: ["dataRequest", "keywordResponse", "keywordResponseExists"],
  maintenance: ["days", "times", "timeZone"],
};

function option(name: string, value: unknown): Args | null {
  if (value === undefined || value === null) return null;
  const given = value as Args;
  return Object.fromEntries(OPTION_KEYS[name].map((k) => [k, given[k] ?? null]));
}

/** The record the service would return for `inputs` (canonical names), with `overrides` (record names) on top. */
export function recordOf(inputs: Args, overrides: Args = {}): MonitorRecord {
  const v = (key: string) => (inputs[key] === undefined ? null : inputs[key]);
  return {
    uuid: "3b0c5f0e-1111-4a5b-8c6d-000000000001",
    name: inputs.name,
    title: v("title"),
    type: inputs.type,
    urn: inputs.target,
    httpFollowRedirects: v("followRedirects"),
    timeout: v("timeout"),
    intervalId: inputs.interval,
    regions: inputs.regions,
    description: v("description"),
    groups: inputs.groups ?? [],
    alerts: inputs.alerts ?? [],
    degradedThreshold: v("degradedThreshold"),
    apdexThreshold: v("apdexThreshold"),
    httpRequest: option("httpRequest", inputs.httpRequest),
    httpResponse: option("httpResponse", inputs.httpResponse),
    tcpOptions: option("tcpOptions", inputs.tcpOptions),
    maintenance: option("maintenance", inputs.maintenance),
    createdAt: "2026-03-01T12:00:00.000Z",
    updatedAt: null,
    ...overrides,
  } as MonitorRecord;
}

/** Canonical inputs of an https monitor with every option set. */
export const HTTP_FULL: Args = {
  name: "api",
  title: "API",
  type: "https",
  target: "https://api.example.com/health",
  followRedirects: true,
  timeout: 2.5,
  interval: 60,
  regions: [1, 2, 3],
  description: "public API",
  groups: ["g-1", "g-2"],
  degradedThreshold: 1.5,
  apdexThreshold: 0.5,
  httpRequest: {
    method: "POST",
    headers: [
      { name: "X-Probe", value: "1" },
      { name: "Accept", value: "application/json" },
    ],
    body: "{}",
  },
  httpResponse: {
    status: ["200-299", "301"],
    statusMatches: true,
    keywordHeader: "x-ok",
    keywordHeaderExists: true,
    keywordBody: "ok",
    keywordBodyExists: false,
  },
  maintenance: { days: [1, 3, 5], times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 30 }], timeZone: "Europe/Paris" },
};

/** Canonical inputs of a tcp monitor with its options. */
export const TCP_FULL: Args = {
  name: "db",
  type: "tcp",
  target: "db.internal:5432",
  interval: 300,
  regions: [2],
  tcpOptions: { dataRequest: "PING", keywordResponse: "PONG", keywordResponseExists: true },
};

/** The smallest https monitor. */
export const HTTP_MIN: Args = { name: "web", type: "https", target: "https://www.example.com", interval: 60, regions: [1] };
