// The HTML view over HTTP, read from the API's store, and the admin call setting the status only the view shows.
import { png } from "../../helpers/images";
import { useEmulator, admin, api, createMonitor, Json, toReply } from "../../helpers/emulator";

const SEED = { pages: [{ uuid: "p1", name: "Acme status", title: "Acme service status", slug: "acme", items: [] }] };
const { emulator } = useEmulator({ seed: SEED, resetEach: true });
const origin = () => emulator.url.replace(/\/v1$/, "");

const view = async (path: string, init?: RequestInit) => toReply(await fetch(`${origin()}${path}`, init));
/** The status page's rows as "name: Status". */
const rows = (markup: string) =>
  [...markup.matchAll(/class="item-name">([^<]*)<\/span><span class="status [a-z]+">([A-Za-z]+)</g)].map((m) => `${m[1]}: ${m[2]}`);
const setStatus = (uuid: string, status: unknown) => admin(emulator, "PUT", `/monitors/${uuid}/status`, { status });

test("/ and /status/<slug> answer HTML with a policy that allows no script; /view.css the stylesheet", async () => {
  for (const path of ["/", "/status/acme", "/status/p1"]) {
    const { status, headers, text } = await view(path);
    expect([status, headers.get("content-type"), headers.get("cache-control")]).toEqual([200, "text/html; charset=utf-8", "no-store"]);
    expect(headers.get("content-security-policy")).toMatch(/^default-src 'none'; img-src 'self'; style-src 'self'/);
    expect(text).toMatch(/^<!doctype html>/);
  }
  expect((await view("/status/p1")).text).toContain("<h1>Acme service status</h1>");
  const css = await view("/view.css");
  expect([css.status, css.headers.get("content-type")]).toEqual([200, "text/css; charset=utf-8"]);
});

test("an unknown page is a 404 page; the view is read-only; HEAD answers headers only", async () => {
  const missing = await view("/status/nope");
  expect([missing.status, missing.text]).toEqual([404, expect.stringContaining("No status page has the slug or uuid &quot;nope&quot;.")]);
  const post = await view("/", { method: "POST", body: "x" });
  expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  const head = await view("/status/acme", { method: "HEAD" });
  expect([head.status, head.text]).toEqual([200, ""]);
});

test("the page follows API edits at once: items in order, titles, images served from /assets", async () => {
  const api1 = await createMonitor(emulator, { name: "api", title: "Public API" });
  const db = await createMonitor(emulator, { name: "Primary database", type: "tcp", urn: "db:5432" });
  expect((await view("/status/acme")).text).toContain("This page lists no monitors yet.");
  const logo = png(10, 20, 30);
  await api(emulator, "PATCH", "/pages/p1", {
    items: [db.uuid, api1.uuid],
    logoFileBase64: logo.toString("base64"),
    faviconFileBase64: png(1, 1, 1).toString("base64"),
  });
  const page = (await view("/status/acme")).text;
  expect(rows(page)).toEqual(["Primary database: Up", "Public API: Up"]);
  const logoPath = /<img class="logo" src="([^"]+)"/.exec(page)![1];
  const faviconPath = /<link rel="icon" href="([^"]+)"/.exec(page)![1];
  expect(Buffer.from(await (await fetch(`${origin()}${logoPath}`)).arrayBuffer())).toEqual(logo);
  expect((await fetch(`${origin()}${faviconPath}`)).headers.get("content-type")).toBe("image/png");

  await api(emulator, "PATCH", "/pages/p1", { items: [api1.uuid, db.uuid] });
  await api(emulator, "PATCH", `/monitors/${db.uuid}`, { title: "Database" });
  expect(rows((await view("/status/acme")).text)).toEqual(["Public API: Up", "Database: Up"]);
});

test("PUT /admin/monitors/{uuid}/status sets each of the document's states; the page and the dashboard show it, and nothing else: not the /v1 record, the admin state or the request log", async () => {
  const monitor = await createMonitor(emulator, { name: "api" });
  await api(emulator, "PATCH", "/pages/p1", { items: [monitor.uuid] });
  await admin(emulator, "DELETE", "/requests");
  expect((await admin(emulator, "GET", `/monitors/${monitor.uuid}/status`)).json).toEqual({ uuid: monitor.uuid, status: "Up" });
  const headlines: Record<string, string> = {
    Up: "All systems operational",
    Degraded: "Degraded performance",
    Disrupted: "Partial disruption",
    Down: "Major outage",
    Maintenance: "Scheduled maintenance in progress",
  };
  for (const [status, headline] of Object.entries(headlines)) {
    const reply = await setStatus(monitor.uuid, status.toLowerCase());
    expect([reply.status, reply.json]).toEqual([200, { uuid: monitor.uuid, status }]);
    const page = (await view("/status/acme")).text;
    expect(rows(page)).toEqual([`api: ${status}`]);
    expect(page).toContain(`<div class="banner ${status.toLowerCase()}">${headline}</div>`);
    expect((await view("/")).text).toContain(`<span class="status ${status.toLowerCase()}">${status}</span>`);
  }
  const record = (await api(emulator, "GET", `/monitors/${monitor.uuid}`)).json.monitor;
  expect(Object.keys(record)).not.toContain("status");
  expect(JSON.stringify(record)).not.toContain("Maintenance");
  expect(JSON.stringify((await admin(emulator, "GET", "/state")).json.monitors)).not.toContain("Maintenance");
  const { requests } = (await admin(emulator, "GET", "/requests")).json;
  expect(requests.map((r: Json) => `${r.method} ${r.path}`)).toEqual([`GET /v1/monitors/${monitor.uuid}`]);
});

test("bad status calls name the problem; deleting or resetting forgets the status", async () => {
  const monitor = await createMonitor(emulator);
  const bad = await setStatus(monitor.uuid, "Broken");
  expect([bad.status, bad.json.error.message]).toEqual([
    422,
    'status: expected one of Up, Degraded, Disrupted, Down, Maintenance, got "Broken"',
  ]);
  expect((await admin(emulator, "PUT", `/monitors/${monitor.uuid}/status`, { status: "Down", since: 1 })).json.error.message).toBe(
    "since: unknown field",
  );
  expect((await setStatus("no-such-monitor", "Down")).status).toBe(404);
  expect((await admin(emulator, "DELETE", `/monitors/${monitor.uuid}/status`)).status).toBe(405);

  await setStatus(monitor.uuid, "Down");
  await admin(emulator, "DELETE", `/monitors/${monitor.uuid}`);
  const sameUuid = (name: string) => ({ uuid: monitor.uuid, name, type: "https", urn: "https://x", interval: 60, regions: [1] });
  await admin(emulator, "POST", "/monitors", sameUuid("again"));
  expect((await admin(emulator, "GET", `/monitors/${monitor.uuid}/status`)).json.status).toBe("Up");
  await setStatus(monitor.uuid, "Down");
  await admin(emulator, "POST", "/reset", { monitors: [sameUuid("seeded")] });
  expect((await admin(emulator, "GET", `/monitors/${monitor.uuid}/status`)).json.status).toBe("Up");
});
