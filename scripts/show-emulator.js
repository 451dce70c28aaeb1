#!/usr/bin/env node
// Prints a short table of what exists in a running emulator (its admin API), for the demo; with
// --view, only the addresses of its HTML view: the dashboard and each status page.
// Usage: node scripts/show-emulator.js http://127.0.0.1:<port>/admin [--view]
const [adminUrl, mode] = process.argv.slice(2);
if (!adminUrl || (mode !== undefined && mode !== "--view")) {
  console.error("usage: show-emulator.js <admin url> [--view]");
  process.exit(2);
}
const origin = adminUrl.replace(/\/admin\/?$/, "");
const pageView = (p) => `${origin}/status/${encodeURIComponent(p.slug ?? p.uuid)}`;

function table(title, rows, columns) {
  console.log(`\n${title} (${rows.length})`);
  if (rows.length === 0) return;
  const cells = rows.map((row) => columns.map(([, get]) => String(get(row) ?? "")));
  const widths = columns.map(([name], i) => Math.max(name.length, ...cells.map((c) => c[i].length)));
  const line = (values) => "  " + values.map((v, i) => v.padEnd(widths[i])).join("  ");
  console.log(line(columns.map(([name]) => name)));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const c of cells) console.log(line(c));
}

(async () => {
  const response = await fetch(`${adminUrl}/state`);
  if (!response.ok) throw new Error(`GET ${adminUrl}/state answered ${response.status}`);
  const state = await response.json();
  if (mode === "--view") {
    const rows = [["dashboard", `${origin}/`], ...state.pages.map((p) => [`page "${p.name ?? p.uuid}"`, pageView(p)])];
    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, url] of rows) console.log(`  ${label.padEnd(width)}  ${url}`);
    return;
  }
  table("Monitors in the service", state.monitors, [
    ["name", (m) => m.name],
    ["type", (m) => m.type],
    ["urn", (m) => m.urn],
    ["interval", (m) => m.intervalId],
    ["regions", (m) => (m.regions ?? []).join(",")],
    ["alerts", (m) => (m.alerts ?? []).length],
    ["uuid", (m) => m.uuid],
  ]);
  table("Alerts", state.alerts, [
    ["name", (a) => a.name],
    ["on", (a) => ["up", "degraded", "disrupted", "down", "maintenance"].filter((f) => a[f]).join(",")],
    ["recipients", (a) => (a.recipients ?? []).map((r) => `${r.type}:${r.target}`).join(" ")],
  ]);
  table("Status pages", state.pages, [
    ["name", (p) => p.name],
    ["slug", (p) => p.slug],
    ["items", (p) => (p.items ?? []).length],
    ["logo", (p) => p.logoFileBase64 ?? "-"],
    ["view", pageView],
  ]);
  table("Webhook subscriptions", state.webhooks, [
    ["topic", (w) => w.topic],
    ["url", (w) => w.url],
  ]);
})().catch((error) => {
  console.error(`show-emulator: ${error.message}`);
  process.exit(1);
});
