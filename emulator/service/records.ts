// Stored data -> the records the API returns: timestamps rendered by the clock, page images as
// asset URLs, every key present in the document's order.

import type { Clock } from "./clock";
import type { AlertData, Kind, MonitorData, PageData, WebhookData } from "../types";

export interface RenderContext {
  clock: Clock;
  /** Base of asset URLs, e.g. http://127.0.0.1:8787/assets */
  assetBase: string;
}

export function renderMonitor(m: MonitorData, ctx: RenderContext): Record<string, unknown> {
  return {
    uuid: m.uuid,
    name: m.name,
    title: m.title,
    type: m.type,
    urn: m.urn,
    httpFollowRedirects: m.httpFollowRedirects,
    timeout: m.timeout,
    intervalId: m.intervalId,
    regions: m.regions,
    description: m.description,
    groups: m.groups,
    alerts: m.alerts,
    degradedThreshold: m.degradedThreshold,
    apdexThreshold: m.apdexThreshold,
    httpRequest: m.httpRequest,
    httpResponse: m.httpResponse,
    tcpOptions: m.tcpOptions,
    maintenance: m.maintenance,
    createdAt: ctx.clock.format(m.createdAt),
    updatedAt: ctx.clock.format(m.updatedAt),
  };
}

export function renderPage(p: PageData, ctx: RenderContext): Record<string, unknown> {
  const url = (id: string | null) => (id === null ? null : `${ctx.assetBase}/${id}`);
  return {
    uuid: p.uuid,
    name: p.name,
    title: p.title,
    slug: p.slug,
    customDomain: p.customDomain,
    useGroups: p.useGroups,
    items: p.items,
    description: p.description,
    logoFileBase64: url(p.logoFileBase64),
    faviconFileBase64: url(p.faviconFileBase64),
    googleAnalitycsId: p.googleAnalitycsId,
    createdAt: ctx.clock.format(p.createdAt),
    updatedAt: ctx.clock.format(p.updatedAt),
  };
}

export function renderAlert(a: AlertData, ctx: RenderContext): Record<string, unknown> {
  return {
    uuid: a.uuid,
    name: a.name,
    up: a.up,
    degraded: a.degraded,
    disrupted: a.disrupted,
    down: a.down,
    maintenance: a.maintenance,
    recipients: a.recipients.map((r) => ({
      uuid: r.uuid,
      type: r.type,
      target: r.target,
      createdAt: ctx.clock.format(r.createdAt),
      updatedAt: ctx.clock.format(r.updatedAt),
    })),
    createdAt: ctx.clock.format(a.createdAt),
    updatedAt: ctx.clock.format(a.updatedAt),
  };
}

export function renderWebhook(w: WebhookData, ctx: RenderContext): Record<string, unknown> {
  return { uuid: w.uuid, topic: w.topic, url: w.url, createdAt: ctx.clock.format(w.createdAt), updatedAt: ctx.clock.format(w.updatedAt) };
}

export function renderAny(kind: Kind, data: unknown, ctx: RenderContext): Record<string, unknown> {
  switch (kind) {
    case "monitors":
      return renderMonitor(data as MonitorData, ctx);
    case "pages":
      return renderPage(data as PageData, ctx);
    case "alerts":
      return renderAlert(data as AlertData, ctx);
    case "webhooks":
      return renderWebhook(data as WebhookData, ctx);
  }
}
