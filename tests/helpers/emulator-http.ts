// The emulator over plain HTTP, for every tier: /v1 calls, and the one set of admin calls
// (`adminApi`; tests/helpers/e2e.ts names a few for the e2e files). No provider code involved.

import type { RunningEmulator } from "../../emulator/types";
import { API_KEY } from "./servers";

/** Response JSON is whatever the server sent; tests assert its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON the server sent: each test asserts its shape
export type Json = any;

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: Json;
}

export interface CallOptions {
  /** Headers replacing the defaults (Authorization with the test key, Content-Type when a body is sent). */
  headers?: Record<string, string>;
  /** Body text sent as is instead of JSON-encoding `body`. */
  raw?: string;
  signal?: AbortSignal;
}

async function toReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: Json;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A /v1 call: path is relative to the base URL, e.g. "/monitors". */
export async function api(
  emulator: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Reply> {
  const payload = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  const headers = options.headers ?? {
    authorization: API_KEY,
    ...(payload !== undefined ? { "content-type": "application/json" } : {}),
  };
  return toReply(await fetch(`${emulator.url}${path}`, { method, headers, body: payload, signal: options.signal }));
}

/** An /admin call (no credential). */
export async function admin(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<Reply> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  }
  return toReply(await fetch(`${emulator.adminUrl}${path}`, init));
}

/** An /admin call that must succeed: its JSON (undefined for an empty answer); a failure throws with the status and the text. */
export async function adminJson(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<Json> {
  const reply = await admin(emulator, method, path, body);
  if (reply.status >= 300) throw new Error(`admin ${method} ${path}: ${reply.status} ${reply.text}`);
  return reply.json;
}

/** The admin calls a test makes, bound to one emulator. */
export const adminApi = (emulator: RunningEmulator) => ({
  /** GET of an /admin path: its JSON, whatever the status (an error's body says what is missing). */
  get: async (path: string): Promise<Json> => (await admin(emulator, "GET", path)).json,
  reset: (seed?: unknown) => adminJson(emulator, "POST", "/reset", seed),
  monitors: async (): Promise<Json[]> => (await adminJson(emulator, "GET", "/state")).monitors,
  /** The names of the monitors the service holds, sorted. */
  monitorNames: async (): Promise<string[]> => (await adminApi(emulator).monitors()).map((m) => m.name as string).sort(),
  monitor: (uuid: string) => adminJson(emulator, "GET", `/monitors/${uuid}`),
  /** Creates a monitor as if made in the dashboard (request spelling). */
  createMonitor: async (body: Record<string, unknown>): Promise<Json> => {
    const json = await adminJson(emulator, "POST", "/monitors", body);
    return json.monitor ?? json;
  },
  /** An out-of-band change (record field names), as if made in the dashboard. */
  drift: (uuid: string, fields: Record<string, unknown>) => adminJson(emulator, "PATCH", `/monitors/${uuid}`, fields),
  remove: (uuid: string) => adminJson(emulator, "DELETE", `/monitors/${uuid}`),
  requests: async (): Promise<Json[]> => (await adminJson(emulator, "GET", "/requests")).requests,
  /** The /v1 requests logged since the last clear, as "METHOD /path" lines. */
  requestLines: async (): Promise<string[]> =>
    (await adminApi(emulator).requests()).map((r: { method: string; path: string }) => `${r.method} ${r.path.replace(/\?.*$/, "")}`),
  clearRequests: () => adminJson(emulator, "DELETE", "/requests"),
  counters: () => adminJson(emulator, "GET", "/counters"),
  faults: (config: unknown) => adminJson(emulator, "PUT", "/faults", config),
  rateLimit: (config: unknown) => adminJson(emulator, "PUT", "/rate-limit", config),
});

/** The smallest valid monitor body; overrides are merged in. */
export function monitorBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "api", type: "https", urn: "https://api.example.com/health", interval: 60, regions: [1], ...overrides };
}

export async function createMonitor(emulator: RunningEmulator, overrides: Record<string, unknown> = {}): Promise<Json> {
  const reply = await api(emulator, "POST", "/monitors", monitorBody(overrides));
  if (reply.status !== 201) throw new Error(`POST /monitors: ${reply.status} ${reply.text}`);
  return reply.json.monitor;
}

export const RFC3339_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
