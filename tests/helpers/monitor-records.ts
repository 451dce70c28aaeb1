// Monitor records as the emulator answers them (every key present, unset values null or []), built from
// canonical inputs, for tests that need a record without a server.
import { Clock } from "../../emulator/service/clock";
import { renderMonitor } from "../../emulator/service/records";
import { parseMonitorBody } from "../../emulator/service/validate-monitor";
import type { MonitorRecord } from "../../provider/model/records";

type Args = Record<string, unknown>;

/** The record the service would return for `inputs` (canonical names), with `overrides` (record names) on top. */
export function recordOf(inputs: Args, overrides: Args = {}): MonitorRecord {
  // adoptUuid and journalKey are the provider's own, never sent.
  const { target, adoptUuid, journalKey, ...rest } = inputs;
  const fields = parseMonitorBody({ ...rest, urn: target }, "create", () => true);
  const created = { uuid: "3b0c5f0e-1111-4a5b-8c6d-000000000001", ...fields, createdAt: Date.parse("2026-03-01T12:00:00.000Z") };
  return { ...renderMonitor({ ...created, updatedAt: null }, { clock: new Clock(), assetBase: "" }), ...overrides } as MonitorRecord;
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
