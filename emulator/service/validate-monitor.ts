// Monitor request bodies (POST /monitors, PATCH /monitors/{uuid}, monitors in a seed) checked
// against the document and normalized to the record's names: followRedirects -> httpFollowRedirects,
// interval -> intervalId (integer), TcpOptions keys -> camel case, maintenance days -> integers.

import { ApiError, ValidationError } from "./errors";
import type { HttpRequestOptions, HttpResponseOptions, Maintenance, MaintenanceTime, MonitorData, TcpOptions } from "../types";
import {
  expectArray,
  expectBoolean,
  expectInteger,
  expectNonNegativeNumber,
  expectObject,
  expectString,
  fieldPath,
  has,
  JsonObject,
  nullable,
  rejectUnknownKeys,
  stringArray,
  takeEitherSpelling,
} from "./validate-primitives";

export type MonitorFields = Omit<MonitorData, "uuid" | "createdAt" | "updatedAt">;

const MONITOR_KEYS = [
  "name",
  "title",
  "type",
  "urn",
  "followRedirects",
  "httpFollowRedirects",
  "timeout",
  "interval",
  "intervalId",
  "regions",
  "description",
  "groups",
  "alerts",
  "degradedThreshold",
  "apdexThreshold",
  "httpRequest",
  "httpResponse",
  "tcpOptions",
  "maintenance",
] as const;
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
const STATUS_ENTRY = /^\d{3}(-\d{3})?$/;
const REQUIRED = ["name", "type", "urn", "intervalId", "regions"] as const;

function positiveInterval(value: unknown, path: string): number {
  const interval = expectInteger(value, path, true);
  if (interval <= 0) throw new ValidationError(path, "must be a positive integer");
  return interval;
}

function regions(value: unknown, path: string): number[] {
  const list = expectArray(value, path, (v, p) => expectInteger(v, p));
  if (list.length === 0) throw new ValidationError(path, "must hold at least one region id");
  return list;
}

/**
 * Reads a nested option object whose keys may each be spelled two ways (TcpOptions' leading capital).
 * Option objects may be partial (unsupplied keys read back as null); a value tuple (a header, a
 * maintenance period) is "complete": every key required, none null.
 */
function readKeys<T>(
  obj: JsonObject,
  path: string,
  fields: Record<string, (v: unknown, p: string) => unknown>,
  aliases: Record<string, string> = {},
  complete = false,
): T {
  rejectUnknownKeys(obj, [...Object.keys(fields), ...Object.values(aliases)], path);
  const out: JsonObject = {};
  for (const [key, check] of Object.entries(fields)) {
    const alias = aliases[key];
    const taken = alias
      ? takeEitherSpelling(obj, [key, alias], path)
      : has(obj, key)
        ? { present: true as const, key, value: obj[key] }
        : { present: false as const };
    if (complete && (!taken.present || taken.value === null)) throw new ValidationError(fieldPath(path, key), "required");
    out[key] = taken.present ? nullable(check)(taken.value, fieldPath(path, taken.key)) : null;
  }
  return out as T;
}

// API document, "HttpRequest", "HttpHeader".
function httpRequest(value: unknown, path: string): HttpRequestOptions {
  return readKeys(expectObject(value, path), path, {
    method: (v, p) => {
      const method = expectString(v, p);
      if (!HTTP_METHODS.includes(method)) throw new ValidationError(p, `expected one of ${HTTP_METHODS.join(", ")}`);
      return method;
    },
    headers: (v, p) =>
      expectArray(v, p, (h, hp) => readKeys(expectObject(h, hp), hp, { name: expectString, value: expectString }, {}, true)),
    body: expectString,
  });
}

// API document, "HttpResponse".
function httpResponse(value: unknown, path: string): HttpResponseOptions {
  return readKeys(expectObject(value, path), path, {
    status: (v, p) =>
      expectArray(v, p, (s, sp) => {
        const entry = expectString(s, sp);
        if (!STATUS_ENTRY.test(entry)) throw new ValidationError(sp, 'expected a status code such as "200" or a range such as "200-299"');
        return entry;
      }),
    statusMatches: expectBoolean,
    keywordHeader: expectString,
    keywordHeaderExists: expectBoolean,
    keywordBody: expectString,
    keywordBodyExists: expectBoolean,
  });
}

// API document, "TcpOptions" (keys with a leading capital accepted).
function tcpOptions(value: unknown, path: string): TcpOptions {
  return readKeys(
    expectObject(value, path),
    path,
    { dataRequest: expectString, keywordResponse: expectString, keywordResponseExists: expectBoolean },
    { dataRequest: "DataRequest", keywordResponse: "KeywordResponse", keywordResponseExists: "KeywordResponseExists" },
  );
}

// API document, "Maintenance", "MaintenanceTime".
function maintenance(value: unknown, path: string): Maintenance {
  return readKeys(expectObject(value, path), path, {
    days: (v, p) => expectArray(v, p, (d, dp) => expectInteger(d, dp, true)),
    times: (v, p) =>
      expectArray(v, p, (t, tp) =>
        readKeys<MaintenanceTime>(
          expectObject(t, tp),
          tp,
          {
            startHour: expectInteger,
            startMinute: expectInteger,
            stopHour: expectInteger,
            stopMinute: expectInteger,
          },
          {},
          true,
        ),
      ),
    timeZone: expectString,
  });
}

// API document, "Monitor" and its notes 1-3; "POST /monitors" (required fields); "PATCH /monitors/{uuid}" (no alerts).
/**
 * Checks a monitor body. "create" fills unsupplied fields with their defaults; "edit" returns only the
 * fields present (explicit null clears an optional field). alertExists checks `alerts` uuids on create.
 */
export function parseMonitorBody(body: unknown, mode: "create", alertExists: (uuid: string) => boolean): MonitorFields;
export function parseMonitorBody(body: unknown, mode: "edit", alertExists: (uuid: string) => boolean): Partial<MonitorFields>;
export function parseMonitorBody(body: unknown, mode: "create" | "edit", alertExists: (uuid: string) => boolean): Partial<MonitorFields> {
  const obj = expectObject(body, "");
  if (mode === "edit" && has(obj, "alerts")) {
    throw new ApiError(400, "alerts_not_editable", "alerts: not a parameter of edit; alerts can only be given when the monitor is created");
  }
  rejectUnknownKeys(obj, MONITOR_KEYS, "");
  const out: Partial<Record<keyof MonitorFields, unknown>> = {};
  const read = (key: keyof MonitorFields, spellings: readonly [string, string] | string, check: (v: unknown, p: string) => unknown) => {
    const taken =
      typeof spellings === "string"
        ? has(obj, spellings)
          ? { present: true as const, key: spellings, value: obj[spellings] }
          : { present: false as const }
        : takeEitherSpelling(obj, spellings, "");
    if (!taken.present) return;
    if (taken.value === null && (REQUIRED as readonly string[]).includes(key)) {
      throw new ValidationError(taken.key, mode === "create" ? "required" : "required field, cannot be cleared with null");
    }
    out[key] = nullable(check)(taken.value, taken.key);
  };
  read("name", "name", (v, p) => expectString(v, p, true));
  read("title", "title", expectString);
  read("type", "type", (v, p) => expectString(v, p, true));
  read("urn", "urn", (v, p) => expectString(v, p, true));
  read("httpFollowRedirects", ["followRedirects", "httpFollowRedirects"], expectBoolean);
  read("timeout", "timeout", expectNonNegativeNumber);
  read("intervalId", ["interval", "intervalId"], positiveInterval);
  read("regions", "regions", regions);
  read("description", "description", expectString);
  read("groups", "groups", stringArray);
  read("alerts", "alerts", (v, p) =>
    expectArray(v, p, (a, ap) => {
      const uuid = expectString(a, ap);
      if (!alertExists(uuid)) throw new ValidationError(ap, `no alert with uuid "${uuid}"`);
      return uuid;
    }),
  );
  read("degradedThreshold", "degradedThreshold", expectNonNegativeNumber);
  read("apdexThreshold", "apdexThreshold", expectNonNegativeNumber);
  read("httpRequest", "httpRequest", httpRequest);
  read("httpResponse", "httpResponse", httpResponse);
  read("tcpOptions", "tcpOptions", tcpOptions);
  read("maintenance", "maintenance", maintenance);
  // Lists cleared with null read back as empty lists, like lists never supplied.
  if (out.groups === null) out.groups = [];
  if (out.alerts === null) out.alerts = [];
  if (mode === "edit") return out as Partial<MonitorFields>;
  for (const key of REQUIRED) {
    if (out[key] === undefined) throw new ValidationError(key === "intervalId" ? "interval" : key, "required");
  }
  return {
    name: out.name,
    title: null,
    type: out.type,
    urn: out.urn,
    httpFollowRedirects: null,
    timeout: null,
    intervalId: out.intervalId,
    regions: out.regions,
    description: null,
    groups: [],
    alerts: [],
    degradedThreshold: null,
    apdexThreshold: null,
    httpRequest: null,
    httpResponse: null,
    tcpOptions: null,
    maintenance: null,
    ...out,
  } as MonitorFields;
}
