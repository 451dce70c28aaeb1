// The /v1 routes: the five the document shows and the conventional ones a provider needs.
// Each handler runs synchronously from its parsed body to the store write.

import { ApiError, ValidationError } from "./errors";
import { Answer } from "./http-io";
import { renderAlert, renderMonitor, renderPage, renderWebhook, RenderContext } from "./records";
import type { Store } from "./store";
import { fillCreateDefaults, fillOptionDefaults } from "./defaults";
import { parseMonitorBody } from "./validate-monitor";
import { parseAlertBody, parsePageBody } from "./validate-page-alert";

export interface RouteContext {
  store: Store;
  render: RenderContext;
  uuid: string;
  query: URLSearchParams;
  body: unknown;
  ignorePagination: boolean;
  /** Fill what a monitor request leaves out with defaults (see defaults.ts). */
  fillDefaults?: boolean;
}

interface Route {
  method: string;
  pattern: string;
  documented: boolean;
  needsBody: boolean;
  handle(ctx: RouteContext): Answer;
}

const ROUTES: Route[] = [
  {
    // API document, Endpoints: "POST /monitors (add monitor)"
    method: "POST",
    pattern: "/monitors",
    documented: true,
    needsBody: true,
    handle: ({ store, render, body, fillDefaults }) => {
      const parsed = parseMonitorBody(body, "create", (uuid) => store.alerts.has(uuid));
      const fields = fillDefaults ? fillCreateDefaults(parsed) : parsed;
      return { status: 201, body: { monitor: renderMonitor(store.createMonitor(fields), render) } };
    },
  },
  {
    // API document, Endpoints: "PATCH /monitors/{uuid} (edit monitor)"
    method: "PATCH",
    pattern: "/monitors/:uuid",
    documented: true,
    needsBody: true,
    handle: ({ store, render, uuid, body, fillDefaults }) => {
      store.get("monitors", uuid);
      const patch = parseMonitorBody(body, "edit", (id) => store.alerts.has(id));
      if (fillDefaults) fillOptionDefaults(patch);
      return { status: 200, body: { monitor: renderMonitor(store.editMonitor(uuid, patch), render) } };
    },
  },
  {
    // API document, not shown ("Gaps common to the endpoints": read): assumption 9
    method: "GET",
    pattern: "/monitors/:uuid",
    documented: false,
    needsBody: false,
    handle: ({ store, render, uuid }) => ({ status: 200, body: { monitor: renderMonitor(store.get("monitors", uuid), render) } }),
  },
  {
    // API document, not shown ("Gaps common to the endpoints": delete): assumption 9
    method: "DELETE",
    pattern: "/monitors/:uuid",
    documented: false,
    needsBody: false,
    handle: ({ store, uuid }) => {
      store.remove("monitors", uuid);
      return { status: 204 };
    },
  },
  {
    // API document, Endpoints: "PATCH /pages/{uuid} (edit page)"
    method: "PATCH",
    pattern: "/pages/:uuid",
    documented: true,
    needsBody: true,
    handle: ({ store, render, uuid, body }) => {
      store.get("pages", uuid);
      const edit = parsePageBody(body);
      return { status: 200, body: { pages: [renderPage(store.upsertPage(edit, uuid), render)] } };
    },
  },
  {
    // API document, not shown ("Gaps common to the endpoints": read): assumption 9
    method: "GET",
    pattern: "/pages/:uuid",
    documented: false,
    needsBody: false,
    handle: ({ store, render, uuid }) => ({ status: 200, body: { pages: [renderPage(store.get("pages", uuid), render)] } }),
  },
  {
    // API document, Endpoints: "PATCH /alerts/{uuid} (edit alert)"
    method: "PATCH",
    pattern: "/alerts/:uuid",
    documented: true,
    needsBody: true,
    handle: ({ store, render, uuid, body }) => {
      store.get("alerts", uuid);
      const edit = parseAlertBody(body);
      return { status: 200, body: { alert: renderAlert(store.upsertAlert(edit, uuid), render) } };
    },
  },
  {
    // API document, not shown ("Gaps common to the endpoints": read): assumption 9
    method: "GET",
    pattern: "/alerts/:uuid",
    documented: false,
    needsBody: false,
    handle: ({ store, render, uuid }) => ({ status: 200, body: { alert: renderAlert(store.get("alerts", uuid), render) } }),
  },
  {
    // API document, Endpoints: "GET /webhooks (list webhook subscriptions)"
    method: "GET",
    pattern: "/webhooks",
    documented: true,
    needsBody: false,
    handle: ({ store, render, query, ignorePagination }) => {
      const all = [...store.webhooks.values()];
      const requested = { recordOffset: queryInteger(query, "recordOffset", 0, 0), pageSize: queryInteger(query, "pageSize", 20, 1, 100) };
      const { recordOffset, pageSize } = ignorePagination ? { recordOffset: 0, pageSize: 20 } : requested;
      const page = all.slice(recordOffset, recordOffset + pageSize);
      return {
        status: 200,
        body: {
          webhook: page.map((w) => renderWebhook(w, render)),
          paginator: { recordOffset, pageSize, pagesCount: Math.ceil(all.length / pageSize), recordsCount: all.length },
        },
      };
    },
  },
];

function queryInteger(query: URLSearchParams, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ValidationError(name, `expected an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? "" : ` to ${max}`}, got "${raw}"`);
  }
  return value;
}

export type RouteMatch =
  | { kind: "route"; name: string; route: Route; uuid: string }
  | { kind: "wrong_method"; name: string | null; allow: string[]; route?: Route; uuid: string }
  | { kind: "no_path" };

/** Matches a path below /v1; documentedOnly hides the conventional routes behind 405. */
export function matchRoute(method: string, path: string, documentedOnly: boolean): RouteMatch {
  const segments = path.split("/").slice(1);
  let uuid = "";
  const onPath = ROUTES.filter((route) => {
    const parts = route.pattern.split("/").slice(1);
    if (parts.length !== segments.length) return false;
    return parts.every((part, i) => {
      if (part !== ":uuid") return part === segments[i];
      if (segments[i] === "") return false;
      uuid = safeDecode(segments[i]);
      return true;
    });
  });
  if (onPath.length === 0) return { kind: "no_path" };
  const allow = onPath.filter((r) => r.documented || !documentedOnly).map((r) => r.method);
  const route = onPath.find((r) => r.method === method);
  if (!route) return { kind: "wrong_method", name: null, allow, uuid };
  const name = `${route.method} ${route.pattern}`;
  if (documentedOnly && !route.documented) return { kind: "wrong_method", name, allow, route, uuid };
  return { kind: "route", name, route, uuid };
}

export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function runRoute(route: Route, ctx: RouteContext): Answer {
  if (route.needsBody && ctx.body === undefined) {
    throw new ApiError(400, "malformed_json", "a JSON object body is required");
  }
  return route.handle(ctx);
}

export function routeNames(): string[] {
  return ROUTES.map((r) => `${r.method} ${r.pattern}`);
}
