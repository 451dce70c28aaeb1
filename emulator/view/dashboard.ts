// `/`: every object the emulator holds, read from the same store the API writes: monitors (name,
// type, target, interval, regions, alerts, status), alerts (flags, recipients masked), pages (with
// a link to each one's view) and webhook subscriptions (URLs masked).

import type { Store } from "../service/store";
import type { AlertData } from "../types";
import { html, SafeHtml } from "./html";
import { documentShell } from "./layout";
import { maskRecipientTarget, maskTarget, maskUrl } from "./mask";
import { displayName, pagePath, statusBadge } from "./status-page";

const ALERT_FLAGS = ["up", "degraded", "disrupted", "down", "maintenance"] as const;

function section(title: string, count: number, table: SafeHtml, empty: string): SafeHtml {
  return html`<section id="${title.toLowerCase().replace(/\s+/g, "-")}">
<h2>${title} (${count})</h2>
${count > 0 ? table : html`<p class="empty">${empty}</p>`}
</section>`;
}

function monitorsTable(store: Store): SafeHtml {
  const alertName = (uuid: string) => store.alerts.get(uuid)?.name ?? uuid;
  return html`<table class="monitors">
<thead><tr><th>Name</th><th>Type</th><th>Target</th><th>Interval</th><th>Regions</th><th>Alerts</th><th>Status</th></tr></thead>
<tbody>${[...store.monitors.values()].map(
    (m) => html`
<tr><td>${displayName(m)}${m.title !== null ? html`<div class="muted">${m.name}</div>` : null}</td><td>${m.type}</td><td>${maskTarget(m.urn)}</td><td>${m.intervalId}</td><td>${m.regions.join(", ")}</td><td>${m.alerts.map((a) => html`<span class="flag">${alertName(a)}</span> `)}</td><td>${statusBadge(store.statusOf(m.uuid))}</td></tr>`,
  )}
</tbody></table>`;
}

function alertFlags(alert: AlertData): SafeHtml {
  const on = ALERT_FLAGS.filter((flag) => alert[flag] === true);
  return on.length > 0 ? html`${on.map((flag) => html`<span class="flag">${flag}</span> `)}` : html`<span class="muted">none</span>`;
}

function alertsTable(store: Store): SafeHtml {
  return html`<table class="alerts">
<thead><tr><th>Name</th><th>Notifies on</th><th>Recipients</th></tr></thead>
<tbody>${[...store.alerts.values()].map(
    (a) => html`
<tr><td>${a.name ?? a.uuid}</td><td>${alertFlags(a)}</td><td>${a.recipients.map((r) => html`<div class="recipient">${r.type}: ${maskRecipientTarget(r.type, r.target)}</div>`)}</td></tr>`,
  )}
</tbody></table>`;
}

function pagesTable(store: Store): SafeHtml {
  return html`<table class="pages">
<thead><tr><th>Name</th><th>Title</th><th>Slug</th><th>Items</th><th>Custom domain</th><th>View</th></tr></thead>
<tbody>${[...store.pages.values()].map(
    (p) => html`
<tr><td>${p.name ?? p.uuid}</td><td>${p.title}</td><td>${p.slug}</td><td>${p.items.length}${p.useGroups === true ? " groups" : ""}</td><td>${p.customDomain}</td><td><a href="${pagePath(store, p)}">${pagePath(store, p)}</a></td></tr>`,
  )}
</tbody></table>`;
}

function webhooksTable(store: Store): SafeHtml {
  return html`<table class="webhooks">
<thead><tr><th>Topic</th><th>URL</th></tr></thead>
<tbody>${[...store.webhooks.values()].map(
    (w) => html`
<tr><td>${w.topic}</td><td>${maskUrl(w.url)}</td></tr>`,
  )}
</tbody></table>`;
}

/** The whole HTML document of the dashboard. */
export function renderDashboard(store: Store): string {
  const body = html`<main>
<h1>uptime-emulator</h1>
<p class="muted">What the service holds now, read-only. Secrets in alert recipients and webhook URLs are masked.</p>
${section("Monitors", store.monitors.size, monitorsTable(store), "No monitors.")}
${section("Alerts", store.alerts.size, alertsTable(store), "No alerts.")}
${section("Status pages", store.pages.size, pagesTable(store), "No status pages.")}
${section("Webhook subscriptions", store.webhooks.size, webhooksTable(store), "No webhook subscriptions.")}
</main>`;
  return documentShell({ title: "uptime-emulator", body, bodyClass: "dashboard" });
}
