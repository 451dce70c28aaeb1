// The HTML view without a server: what pages and the dashboard render from a store, user text escaped, secrets masked.
import { parseStatus, worstStatus } from "../../emulator/service/monitor-status";
import { Store } from "../../emulator/service/store";
import { parseMonitorBody } from "../../emulator/service/validate-monitor";
import { parseAlertBody, parsePageBody } from "../../emulator/service/validate-page-alert";
import { renderDashboard } from "../../emulator/view/dashboard";
import { escapeHtml, html, SafeHtml } from "../../emulator/view/html";
import { maskPhone, maskRecipientTarget, maskTarget, maskUrl } from "../../emulator/view/mask";
import { findPage, renderStatusPage } from "../../emulator/view/status-page";
import { png } from "../helpers/images";

const HOSTILE = `<script>window.pwned=1</script><img src=x onerror="pwned=2">"'&amp;\``;

const storeWith = () => new Store(() => Date.UTC(2026, 0, 1));
function monitor(store: Store, name: string, extra: Record<string, unknown> = {}): string {
  return store.createMonitor(
    parseMonitorBody({ name, type: "https", urn: "https://example.com", interval: 60, regions: [1], ...extra }, "create", () => true),
  ).uuid;
}
const page = (store: Store, fields: Record<string, unknown>) =>
  store.upsertPage(parsePageBody({ name: "Status", slug: "status", ...fields }));
/** Tags in the markup, e.g. ["html", "head", ...]: what a browser would build elements from. */
const tags = (markup: string) => [...markup.matchAll(/<([a-z][a-z0-9]*)/gi)].map((m) => m[1].toLowerCase());

test("escaped templates: every interpolated value is escaped; html`` results (SafeHtml instances, not lookalikes) and lists of them are spliced as markup", () => {
  expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;");
  const inner = html`<b>${"<i>"}</b>`;
  expect(html`<p title="${'"><script>'}">${inner}${[html`<br>`, "<br>"]}${null}${undefined}${false}${0}</p>`.text).toBe(
    '<p title="&quot;&gt;&lt;script&gt;"><b>&lt;i&gt;</b><br>&lt;br&gt;0</p>',
  );
  const lookalike = { text: "<script>" } as unknown as SafeHtml;
  expect(html`${lookalike}`.text).toBe("[object Object]");
  expect(html`${new SafeHtml("<hr>")}`.text).toBe("<hr>");
});

describe("a status page", () => {
  // Items in order with their statuses, the banner and the images served: integration/emulator/view.test.ts.
  test("title, description, and the logo and favicon from the stored images; no items: an empty state and no headline; an item that names no monitor says so", () => {
    const store = storeWith();
    page(store, {
      title: "Acme service status",
      description: "Live status",
      logoFileBase64: png(1, 2, 3).toString("base64"),
      faviconFileBase64: png(4, 5, 6).toString("base64"),
    });
    const stored = findPage(store, "status")!;
    const markup = renderStatusPage(store, stored);
    expect(markup).toContain("<title>Acme service status</title>");
    expect(markup).toContain(`<link rel="icon" href="/assets/${stored.faviconFileBase64}">`);
    expect(markup).toContain(`<img class="logo" src="/assets/${stored.logoFileBase64}" alt="Status logo">`);
    expect(markup).toContain('<p class="description">Live status</p>');
    page(store, { name: "Empty", slug: "empty", items: [] });
    const empty = renderStatusPage(store, findPage(store, "empty")!);
    expect(empty).toContain("This page lists no monitors yet.");
    expect(empty).not.toContain("banner");
    expect(empty).not.toContain('rel="icon"');
    expect(tags(empty)).not.toContain("img");
    store.upsertPage(parsePageBody({ items: ["gone-uuid"] }), findPage(store, "empty")!.uuid);
    expect(renderStatusPage(store, findPage(store, "empty")!)).toContain(
      'No monitor gone-uuid</span><span class="status unknown">Unknown</span>',
    );
  });

  test("useGroups: each item is a group holding the monitors that name it, worst status on its heading", () => {
    const store = storeWith();
    const a = monitor(store, "a", { groups: ["g1"] });
    monitor(store, "b", { groups: ["g1", "g2"] });
    monitor(store, "c");
    page(store, { useGroups: true, items: ["g2", "g1", "g3"] });
    store.setStatus(a, "Down");
    const markup = renderStatusPage(store, findPage(store, "status")!);
    // The banner, then each group's heading and items, in the page's order (line breaks aside).
    const badge = (status: string) => `<span class="status ${status.toLowerCase()}">${status}</span>`;
    const heading = (name: string, worst = "") => `<section class="group"><h2><span class="group-name">Group ${name}</span>${worst}</h2>`;
    const item = (name: string, status: string) => `<li><span class="item-name">${name}</span>${badge(status)}</li>`;
    expect(markup.replace(/\n/g, "")).toContain(
      `<div class="banner down">Major outage</div>` +
        `${heading("g2", badge("Up"))}<ol class="items">${item("b", "Up")}</ol></section>` +
        `${heading("g1", badge("Down"))}<ol class="items">${item("a", "Down")}${item("b", "Up")}</ol></section>` +
        `${heading("g3")}<p class="empty">No monitor is in this group.</p></section>`,
    );
    expect(markup.split('<section class="group">')).toHaveLength(4); // those three groups, no other
    expect(markup).not.toContain('<span class="item-name">c</span>'); // a monitor in no listed group is not shown
  });

  test("hostile page and monitor text is escaped everywhere it appears", () => {
    const store = storeWith();
    const m = monitor(store, HOSTILE, { groups: [HOSTILE] });
    page(store, {
      name: HOSTILE,
      title: HOSTILE,
      description: HOSTILE,
      customDomain: HOSTILE,
      slug: HOSTILE,
      items: [m],
      logoFileBase64: png().toString("base64"),
    });
    const markup = renderStatusPage(store, findPage(store, HOSTILE)!);
    expect(tags(markup)).toEqual("html head meta meta title link body main header img h1 p div ol li span span footer p p a".split(" "));
    expect(markup).not.toMatch(/<script|<img src=x/i);
    expect(markup).toContain(`<h1>${escapeHtml(HOSTILE)}</h1>`);
    store.upsertPage(parsePageBody({ useGroups: true, items: [HOSTILE] }), findPage(store, HOSTILE)!.uuid);
    expect(renderStatusPage(store, findPage(store, HOSTILE)!)).not.toMatch(/<script|<img src=x/i);
  });
});

test("the dashboard lists monitors, alerts, pages and webhooks, hostile text escaped, secrets masked", () => {
  const store = storeWith();
  const alert = store.upsertAlert(
    parseAlertBody({
      name: HOSTILE,
      down: true,
      up: false,
      recipients: [
        { type: "email", target: "ops@acme.example" },
        { type: "sms", target: "+1 555 010 9876" },
        { type: "slack", target: "https://hooks.slack.com/services/T000/B000/SECRETTOKEN" },
        { type: "webhook", target: `https://hooks.example/${HOSTILE}` },
      ],
    }),
  );
  const m = monitor(store, HOSTILE, {
    urn: "https://probe:hunter2@api.acme.example/health",
    alerts: [alert.uuid],
    regions: [1, 3],
    interval: 300,
  });
  store.setStatus(m, "Maintenance");
  page(store, { name: HOSTILE, slug: "a b/c" });
  store.upsertWebhook({ topic: HOSTILE, url: "https://chat.example/hooks/SECRETTOKEN" });
  const markup = renderDashboard(store);
  expect(markup).not.toMatch(/<script|<img src=x|SECRETTOKEN|hunter2|010 9876/);
  const name = escapeHtml(HOSTILE);
  expect(markup).toContain(
    `<tr><td>${name}</td><td>https</td><td>https://probe:•••@api.acme.example/health</td><td>300</td><td>1, 3</td>` +
      `<td><span class="flag">${name}</span> </td><td><span class="status maintenance">Maintenance</span></td></tr>`,
  );
  const recipients = ["email: ops@acme.example", "sms: •••9876", "slack: https://hooks.slack.com/…", "webhook: https://hooks.example/…"];
  const alertCells = `<td><span class="flag">down</span> </td><td>${recipients.map((r) => `<div class="recipient">${r}</div>`).join("")}</td>`;
  expect(markup).toContain(`<tr><td>${name}</td>${alertCells}</tr>`);
  expect(markup).toContain(`<tr><td>${name}</td><td>https://chat.example/…</td></tr>`);
  expect(markup).toContain('<a href="/status/a%20b%2Fc">/status/a%20b%2Fc</a>');
  expect(new Set(tags(markup))).toEqual(
    new Set("html head meta title link body main h1 p section h2 table thead tr th tbody td div span a".split(" ")),
  );
});

describe("masking", () => {
  test.each([
    ["https://hooks.slack.com/services/T/B/x", "https://hooks.slack.com/…"],
    ["https://user:pw@discord.example:8443/api/webhooks/1/tok?x=1", "https://discord.example:8443/…"],
    ["https://hooks.example", "https://hooks.example"],
    ["not a url", "•••"],
  ])("maskUrl(%s) = %s", (input, expected) => expect(maskUrl(input)).toBe(expected));

  test("phone numbers keep their last 4 digits only when long enough to hide the rest", () => {
    expect(maskPhone("+33 6 12 34 56 78")).toBe("•••5678");
    expect(maskPhone("12345")).toBe("•••");
    expect(maskRecipientTarget("call", "+1-555-0100-22")).toBe("•••0022");
    expect(maskRecipientTarget("email", "a@b.example")).toBe("a@b.example");
    expect(maskRecipientTarget("carrier-pigeon", "coop 7")).toBe("•••");
    expect(maskTarget("db.acme.example:5432")).toBe("db.acme.example:5432");
  });
});

// A status in any letter case, and one outside the document's five: integration/emulator/view.test.ts.
test("a missing status is refused; the worst decides a page's headline", () => {
  expect(() => parseStatus(undefined)).toThrow("got nothing");
  expect(worstStatus([])).toBe("Up");
  expect(worstStatus(["Maintenance", "Degraded", "Up"])).toBe("Degraded");
  expect(worstStatus(["Down", "Disrupted"])).toBe("Down");
});
