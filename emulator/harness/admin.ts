// The admin API under /admin (no credential): reset and seed, state, the request log, counters,
// out-of-band ("dashboard") changes to simulate drift, fault injection and the rate limit.

import { ApiError, ValidationError } from "../service/errors";
import type { FaultEngine } from "./faults";
import type { RateLimiter } from "./rate-limit";
import { Answer } from "../service/http-io";
import { renderAny, RenderContext } from "../service/records";
import { parseStatus } from "../service/monitor-status";
import { applySeed } from "./seed";
import type { Store } from "../service/store";
import type { Traffic } from "./traffic";
import { KINDS, Kind } from "../types";
import { safeDecode } from "../service/routes";
import { parseMonitorBody } from "../service/validate-monitor";
import { parseAlertBody, parsePageBody, parseWebhookBody } from "../service/validate-page-alert";
import { expectObject, JsonObject, rejectUnknownKeys } from "../service/validate-primitives";

export interface AdminContext {
  store: Store;
  traffic: Traffic;
  faults: FaultEngine;
  rateLimit: RateLimiter;
  render: RenderContext;
}

/** Monitor record fields the dashboard can change (merged raw, without the API's validation). */
const MONITOR_RECORD_FIELDS = [
  "name",
  "title",
  "type",
  "urn",
  "httpFollowRedirects",
  "timeout",
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
];

export function state(ctx: AdminContext): Record<Kind, Record<string, unknown>[]> {
  const out = {} as Record<Kind, Record<string, unknown>[]>;
  for (const kind of KINDS) out[kind] = [...ctx.store.map(kind).values()].map((d) => renderAny(kind, d, ctx.render));
  return out;
}

function createObject(ctx: AdminContext, kind: Kind, body: unknown): unknown {
  const { uuid, ...fields } = expectObject(body, "");
  if (uuid !== undefined && (typeof uuid !== "string" || uuid === "")) throw new ValidationError("uuid", "expected a non-empty string");
  if (uuid !== undefined && ctx.store.map(kind).has(uuid as string)) throw new ApiError(409, "conflict", `uuid "${uuid}" already exists`);
  const id = uuid as string | undefined;
  switch (kind) {
    case "monitors":
      return ctx.store.createMonitor(
        parseMonitorBody(fields, "create", (a) => ctx.store.alerts.has(a)),
        id,
      );
    case "pages":
      return ctx.store.upsertPage(parsePageBody(fields), id);
    case "alerts":
      return ctx.store.upsertAlert(parseAlertBody(fields, ["uuid"]), id);
    case "webhooks":
      return ctx.store.upsertWebhook(parseWebhookBody(fields, "create"), id);
  }
}

function editObject(ctx: AdminContext, kind: Kind, uuid: string, body: unknown): unknown {
  ctx.store.get(kind, uuid);
  switch (kind) {
    case "monitors": {
      const fields: JsonObject = expectObject(body, "");
      rejectUnknownKeys(fields, MONITOR_RECORD_FIELDS, "");
      return ctx.store.editMonitor(uuid, fields);
    }
    case "pages":
      return ctx.store.upsertPage(parsePageBody(body), uuid);
    case "alerts":
      return ctx.store.upsertAlert(parseAlertBody(body, ["uuid"]), uuid);
    case "webhooks":
      return ctx.store.upsertWebhook(parseWebhookBody(body, "edit"), uuid);
  }
}

/** Answers one admin request; body is the parsed JSON body (undefined when empty). */
export function handleAdmin(ctx: AdminContext, method: string, path: string, body: unknown): Answer {
  const segments = path.split("/").slice(2);
  const route = `${method} /${segments[0] ?? ""}${segments.length > 1 ? "/:uuid" : ""}`;
  switch (route) {
    case "POST /reset":
      ctx.store.clear();
      ctx.traffic.reset();
      ctx.faults.clear();
      ctx.rateLimit.reset();
      if (body !== undefined) applySeed(ctx.store, body);
      return { status: 200, body: state(ctx) };
    case "POST /seed":
      applySeed(ctx.store, body ?? {});
      return { status: 200, body: state(ctx) };
    case "GET /state":
      return { status: 200, body: state(ctx) };
    case "GET /requests":
      return { status: 200, body: { requests: ctx.traffic.requests } };
    case "DELETE /requests":
      ctx.traffic.clearRequests();
      return { status: 204 };
    case "GET /counters":
      return { status: 200, body: ctx.traffic.counters() };
    case "DELETE /counters":
      ctx.traffic.clearCounters();
      return { status: 204 };
    case "GET /faults":
      return { status: 200, body: ctx.faults.describe() };
    case "PUT /faults":
      ctx.faults.set(body ?? {});
      return { status: 200, body: ctx.faults.describe() };
    case "DELETE /faults":
      ctx.faults.clear();
      return { status: 204 };
    case "GET /rate-limit":
      return { status: 200, body: ctx.rateLimit.describe() };
    case "PUT /rate-limit":
      ctx.rateLimit.set(body);
      return { status: 200, body: ctx.rateLimit.describe() };
    case "DELETE /rate-limit":
      ctx.rateLimit.clear();
      return { status: 204 };
  }
  if (segments[0] === "monitors" && segments.length === 3 && segments[2] === "status") {
    return monitorStatus(ctx, method, safeDecode(segments[1]), body);
  }
  const kind = segments[0] as Kind;
  if (!KINDS.includes(kind) || segments.length > 2 || segments[1] === "") {
    throw new ApiError(404, "not_found", `no admin route ${method} ${path}`);
  }
  const uuid = segments.length === 2 ? safeDecode(segments[1]) : undefined;
  if (uuid === undefined) {
    if (method !== "POST") throw new ApiError(405, "method_not_allowed", `${method} ${path}: use POST`, { allow: "POST" });
    return { status: 201, body: renderAny(kind, createObject(ctx, kind, body), ctx.render) };
  }
  switch (method) {
    case "GET":
      return { status: 200, body: renderAny(kind, ctx.store.get(kind, uuid), ctx.render) };
    case "PATCH":
      return { status: 200, body: renderAny(kind, editObject(ctx, kind, uuid, body), ctx.render) };
    case "DELETE":
      ctx.store.remove(kind, uuid);
      return { status: 204 };
    default:
      throw new ApiError(405, "method_not_allowed", `${method} ${path}: use GET, PATCH or DELETE`, { allow: "GET, PATCH, DELETE" });
  }
}

/** GET or PUT /admin/monitors/{uuid}/status: the status pages and the dashboard show. */
function monitorStatus(ctx: AdminContext, method: string, uuid: string, body: unknown): Answer {
  ctx.store.get("monitors", uuid);
  if (method === "PUT") {
    const fields = expectObject(body, "");
    rejectUnknownKeys(fields, ["status"], "");
    ctx.store.setStatus(uuid, parseStatus(fields.status));
  } else if (method !== "GET") {
    throw new ApiError(405, "method_not_allowed", `${method} /admin/monitors/${uuid}/status: use GET or PUT`, { allow: "GET, PUT" });
  }
  return { status: 200, body: { uuid, status: ctx.store.statusOf(uuid) } };
}
