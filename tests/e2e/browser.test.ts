// The demo's status page and the emulator's dashboard in a real headless Chromium (scripts/chromium.ts), after
// `pulumi up` of examples/quickstart: what a visitor sees, and hostile text shown as text.
import * as fs from "node:fs";
import * as path from "node:path";
import { BrowserPage, Chromium } from "../../scripts/chromium";
import { adminCall, e2eFile, Json } from "../helpers/e2e";
import { REPO } from "../helpers/pulumi";

jest.setTimeout(300_000);

const QUICKSTART = path.join(REPO, "examples/quickstart");
const HOSTILE = `<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">"'&amp; </td></li>`;

const { emulator, stack, track } = e2eFile();
let origin: string;
let outputs: Record<string, { value: Json }>;
let tab: BrowserPage;

beforeAll(async () => {
  origin = emulator.url.replace(/\/v1$/, "");
  const up = await (await stack("quickstart")).stack.up();
  expect(up.summary.result).toBe("succeeded");
  outputs = up.outputs;
  tab = await track(await Chromium.launch()).newPage(1000, 800);
});

interface Visible {
  title: string;
  heading: string;
  description: string | null;
  banner: string | null;
  logo: { path: string; loaded: boolean; width: number; height: number } | null;
  favicon: string | null;
  rows: { name: string; status: string; color: string }[];
  headingFontSize: string;
  scripts: number;
  injected: number;
  pwned: unknown;
}

/** What a visitor of a status page sees, read from the rendered document. */
function readStatusPage(): Promise<Visible> {
  return tab.evaluate<Visible>(`(() => {
    const text = (selector) => document.querySelector(selector)?.textContent ?? null;
    const logo = document.querySelector("img.logo");
    return {
      title: document.title, heading: text("h1"), description: text("p.description"), banner: text(".banner"),
      logo: logo && { path: new URL(logo.src).pathname, loaded: logo.complete, width: logo.naturalWidth, height: logo.naturalHeight },
      favicon: document.querySelector("link[rel=icon]")?.href ?? null,
      rows: [...document.querySelectorAll("ol.items li")].map((li) => ({
        name: li.querySelector(".item-name").textContent, status: li.querySelector(".status").textContent,
        color: getComputedStyle(li.querySelector(".status")).color,
      })),
      headingFontSize: getComputedStyle(document.querySelector("h1")).fontSize,
      scripts: document.querySelectorAll("script").length,
      injected: document.querySelectorAll("img[src=x], [onerror]").length,
      pwned: window.__pwned,
    };
  })()`);
}

const monitorUuids = () => ({ api: outputs.apiMonitor.value as string, db: outputs.databaseMonitor.value as string });
const setStatus = (uuid: string, status: string) => adminCall(emulator, "PUT", `/monitors/${uuid}/status`, { status });

test("the quickstart's page as a visitor sees it: title, logo, favicon, items in the declared order", async () => {
  expect(await tab.goto(`${origin}/status/acme`)).toBe(200);
  const page = await readStatusPage();
  expect(page).toMatchObject({
    title: "Acme service status",
    heading: "Acme service status",
    description: "Live status of Acme's public services",
    banner: "All systems operational",
    scripts: 0,
  });
  // The logo the program uploaded, loaded by the browser at its intrinsic size (logo.svg is 120x32).
  expect(page.logo).toEqual({ path: new URL(outputs.pageLogoUrl.value).pathname, loaded: true, width: 120, height: 32 });
  const record = (await adminCall(emulator, "GET", "/state")).pages.find((p: Json) => p.slug === "acme");
  expect(page.favicon).toBe(`${origin}${new URL(record.faviconFileBase64).pathname}`);
  // The browser loads it as an image (the page's CSP allows images from its own origin only) ...
  const favicon = await tab.evaluate<{ loaded: boolean; width?: number }>(`new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ loaded: true, width: image.naturalWidth });
    image.onerror = () => resolve({ loaded: false });
    image.src = document.querySelector("link[rel=icon]").href;
  })`);
  expect(favicon).toEqual({ loaded: true, width: 32 });
  // ... and it is the file the program declared.
  expect(await (await fetch(page.favicon!)).text()).toBe(fs.readFileSync(path.join(QUICKSTART, "favicon.svg"), "utf8"));
  expect(page.rows.map((r) => `${r.name}: ${r.status}`)).toEqual(["Public API: Up", "Primary database: Up"]);
  expect(page.headingFontSize).toBe("26px"); // the stylesheet applied under the page's CSP
});

// Each state's row and headline in the markup: integration/emulator/view.test.ts; its colour needs a browser.
test("each of the document's states shows on the page in its own colour, the worst as headline", async () => {
  const { api, db } = monitorUuids();
  const colours = new Set<string>();
  for (const status of ["Up", "Maintenance", "Degraded", "Disrupted", "Down"]) {
    await setStatus(db, status);
    await tab.goto(`${origin}/status/acme`);
    const page = await readStatusPage();
    expect(page.rows.map((r) => `${r.name}: ${r.status}`)).toEqual(["Public API: Up", `Primary database: ${status}`]);
    colours.add(page.rows[1].color);
  }
  expect(colours.size).toBe(5);
  await setStatus(api, "Degraded");
  await setStatus(db, "Maintenance");
  await tab.goto(`${origin}/status/acme`);
  expect((await readStatusPage()).banner).toBe("Degraded performance");
  await setStatus(api, "Up");
  await setStatus(db, "Up");
});

test("the dashboard lists what the program declared, recipient secrets masked, and links to the page", async () => {
  expect(await tab.goto(`${origin}/`)).toBe(200);
  const dashboard = await tab.evaluate<{ tables: Record<string, string[][]>; text: string; link: string }>(`(() => ({
    tables: Object.fromEntries([...document.querySelectorAll("table")].map((table) => [table.className,
      [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.cells].map((td) => td.innerText.trim()))])),
    text: document.body.innerText,
    link: document.querySelector("table.pages a").href,
  }))()`);
  // Listed in creation order, which the engine's parallelism decides.
  expect([...dashboard.tables.monitors].sort()).toEqual([
    ["Primary database", "tcp", "db.acme.example:5432", "120", "2", "", "Up"],
    ["Public API", "https", "https://api.acme.example/health", "60", "1, 2, 3", "On-call", "Up"],
  ]);
  expect(dashboard.tables.alerts).toEqual([
    ["On-call", "up disrupted down", "email: oncall@acme.example\nslack: https://hooks.slack.example/…"],
  ]);
  expect(dashboard.tables.pages).toEqual([["Acme status", "Acme service status", "acme", "2", "", "/status/acme"]]);
  expect(dashboard.tables.webhooks.map((row) => row[0])).toEqual(["monitors/status_change", "monitors/delete", "monitors/status_change"]);
  expect(dashboard.text).not.toMatch(/T000|XXXX|\/uptime\/status/);
  expect(await tab.goto(dashboard.link)).toBe(200);
  expect((await readStatusPage()).title).toBe("Acme service status");
});

test("hostile names and descriptions are shown as text and never run", async () => {
  const monitor = await adminCall(emulator, "POST", "/monitors", {
    name: HOSTILE,
    type: "https",
    urn: "https://x.example",
    interval: 60,
    regions: [1],
  });
  await adminCall(emulator, "POST", "/pages", {
    name: HOSTILE,
    title: HOSTILE,
    description: HOSTILE,
    slug: "hostile",
    useGroups: false,
    items: [monitor.uuid],
  });
  await adminCall(emulator, "POST", "/alerts", {
    name: HOSTILE,
    recipients: [{ type: "webhook", target: `https://hooks.example/${encodeURIComponent(HOSTILE)}` }],
  });
  expect(await tab.goto(`${origin}/status/hostile`)).toBe(200);
  const page = await readStatusPage();
  expect(page).toMatchObject({ title: HOSTILE, heading: HOSTILE, description: HOSTILE, scripts: 0, injected: 0 });
  expect(page.pwned).toBeUndefined();
  expect(page.rows.map((r) => r.name)).toEqual([HOSTILE]);

  await tab.goto(`${origin}/`);
  const dashboard = await tab.evaluate<{ cells: string[]; scripts: number; injected: number; pwned: unknown }>(`({
    cells: [...document.querySelectorAll("td")].map((td) => td.textContent),
    scripts: document.querySelectorAll("script").length, injected: document.querySelectorAll("img[src=x], [onerror]").length, pwned: window.__pwned,
  })`);
  expect(dashboard.cells.filter((c) => c === HOSTILE)).toHaveLength(4); // the monitor, the alert, the page's name and title
  expect(dashboard).toMatchObject({ scripts: 0, injected: 0 });
  expect(dashboard.pwned).toBeUndefined();
});
