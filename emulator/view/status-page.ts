// /status/<slug>: a page as a visitor would see it, rendered from the stored record: title (or
// name), description, logo and favicon from the stored images, then its items in the declared
// order with each monitor's current status, or its groups when useGroups is true.

import { MonitorStatus, worstStatus } from "../service/monitor-status";
import type { Store } from "../service/store";
import type { MonitorData, PageData } from "../types";
import { html, SafeHtml } from "./html";
import { documentShell } from "./layout";

/** What the headline banner says for the worst status on the page. */
const HEADLINE: Record<MonitorStatus, string> = {
  Up: "All systems operational",
  Maintenance: "Scheduled maintenance in progress",
  Degraded: "Degraded performance",
  Disrupted: "Partial disruption",
  Down: "Major outage",
};

/** The page served at /status/<key>: the first page whose slug is key, else the page whose uuid is key. */
export function findPage(store: Store, key: string): PageData | undefined {
  const pages = [...store.pages.values()];
  return pages.find((p) => p.slug === key) ?? store.pages.get(key);
}

/** The address of a page's view: by slug when the slug leads to it (slugs need not be unique), else by uuid. */
export function pagePath(store: Store, page: PageData): string {
  const bySlug = page.slug !== null && page.slug !== "" && findPage(store, page.slug) === page;
  return `/status/${encodeURIComponent(bySlug ? (page.slug as string) : page.uuid)}`;
}

/** The name a status page shows for a monitor: its title ("shown on a status page"), else its name. */
export function displayName(monitor: MonitorData): string {
  return monitor.title ?? monitor.name;
}

export function statusBadge(status: MonitorStatus | null): SafeHtml {
  return status === null
    ? html`<span class="status unknown">Unknown</span>`
    : html`<span class="status ${status.toLowerCase()}">${status}</span>`;
}

interface Row {
  name: string;
  status: MonitorStatus | null;
}

function itemList(rows: Row[]): SafeHtml {
  return html`<ol class="items">${rows.map(
    (row) => html`
<li><span class="item-name">${row.name}</span>${statusBadge(row.status)}</li>`,
  )}
</ol>`;
}

function monitorRow(store: Store, uuid: string): Row {
  const monitor = store.monitors.get(uuid);
  return monitor ? { name: displayName(monitor), status: store.statusOf(uuid) } : { name: `No monitor ${uuid}`, status: null };
}

/** A group's fields are not in the document: it shows as its uuid, holding the monitors that name it in `groups`. */
function groupSection(store: Store, groupUuid: string): { markup: SafeHtml; statuses: MonitorStatus[] } {
  const members = [...store.monitors.values()].filter((m) => m.groups.includes(groupUuid));
  const rows = members.map((m) => ({ name: displayName(m), status: store.statusOf(m.uuid) }));
  const statuses = rows.map((r) => r.status as MonitorStatus);
  const body = rows.length > 0 ? itemList(rows) : html`<p class="empty">No monitor is in this group.</p>`;
  return {
    markup: html`<section class="group"><h2><span class="group-name">Group ${groupUuid}</span>${rows.length > 0 ? statusBadge(worstStatus(statuses)) : null}</h2>
${body}</section>`,
    statuses,
  };
}

/** The whole HTML document of one page. */
export function renderStatusPage(store: Store, page: PageData): string {
  const heading = page.title ?? page.name ?? page.slug ?? "Status";
  let content: SafeHtml;
  let statuses: MonitorStatus[] = [];
  if (page.items.length === 0) {
    content = html`<p class="empty">This page lists no monitors yet.</p>`;
  } else if (page.useGroups === true) {
    const sections = page.items.map((uuid) => groupSection(store, uuid));
    statuses = sections.flatMap((s) => s.statuses);
    content = html`${sections.map((s) => s.markup)}`;
  } else {
    const rows = page.items.map((uuid) => monitorRow(store, uuid));
    statuses = rows.flatMap((r) => (r.status === null ? [] : [r.status]));
    content = itemList(rows);
  }
  const worst = worstStatus(statuses);
  const body = html`<main>
<header class="page">
${page.logoFileBase64 ? html`<img class="logo" src="/assets/${page.logoFileBase64}" alt="${page.name ?? heading} logo">` : null}
<h1>${heading}</h1>
${page.description ? html`<p class="description">${page.description}</p>` : null}
</header>
${statuses.length > 0 ? html`<div class="banner ${worst.toLowerCase()}">${HEADLINE[worst]}</div>` : null}
${content}
<footer>
${page.customDomain ? html`<p>Published at ${page.customDomain}</p>` : null}
<p>A local preview by uptime-emulator of page ${page.uuid}. <a href="/">All objects</a></p>
</footer>
</main>`;
  const faviconPath = page.faviconFileBase64 ? `/assets/${page.faviconFileBase64}` : null;
  return documentShell({ title: heading, faviconPath, body, bodyClass: "status-page" });
}
