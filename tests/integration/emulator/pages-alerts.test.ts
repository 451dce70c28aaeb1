// Pages and alerts: each edit answers its envelope; page images go in as strict base64 and come back as
// URLs the emulator serves; alert recipients replace the list, each with its own uuid and timestamps.

import { useEmulator, api, RFC3339_MS_Z } from "../../helpers/emulator";

const PAGE = "page-acme";
const ALERT = "alert-on-call";
const EMAIL = { type: "email", target: "a@b" };
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
const { emulator } = useEmulator({
  seed: {
    pages: [{ uuid: PAGE, name: "Acme status", slug: "acme", useGroups: false, items: [] }],
    alerts: [{ uuid: ALERT, name: "On-call", up: true, down: true, recipients: [{ type: "email", target: "ops@example.com" }] }],
  },
});

test("a page's PATCH answers 200 { pages: [record] }; fields left out stay, null clears", async () => {
  const edit = { title: "Acme", description: "status", items: ["m1", "m2"], googleAnalitycsId: "G-1" };
  const first = await api(emulator, "PATCH", `/pages/${PAGE}`, edit);
  expect(first.status).toBe(200);
  const stamp = expect.stringMatching(RFC3339_MS_Z);
  const untouched = { uuid: PAGE, name: "Acme status", slug: "acme", customDomain: null, useGroups: false };
  const noImages = { logoFileBase64: null, faviconFileBase64: null };
  expect(first.json).toEqual({ pages: [{ ...untouched, ...edit, ...noImages, createdAt: stamp, updatedAt: stamp }] });

  const second = await api(emulator, "PATCH", `/pages/${PAGE}`, { description: null, useGroups: true });
  expect(second.json.pages[0]).toMatchObject({ title: "Acme", description: null, useGroups: true, items: ["m1", "m2"] });
});

test("padding is optional; svg and unknown bytes get their content types, svg served sandboxed; a new upload gets a new URL", async () => {
  const svgBase64 = SVG.toString("base64").replace(/=+$/, "");
  const first = (await api(emulator, "PATCH", `/pages/${PAGE}`, { faviconFileBase64: svgBase64 })).json.pages[0].faviconFileBase64;
  const svg = await fetch(first);
  expect(svg.headers.get("content-type")).toBe("image/svg+xml");
  // An uploaded SVG opened on its own is sandboxed: no script runs on the emulator's origin.
  expect(svg.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
  expect(svg.headers.get("x-content-type-options")).toBe("nosniff");
  expect(Buffer.from(await svg.arrayBuffer()).equals(SVG)).toBe(true);

  const second = (await api(emulator, "PATCH", `/pages/${PAGE}`, { faviconFileBase64: Buffer.from("not an image").toString("base64") }))
    .json.pages[0].faviconFileBase64;
  expect(second).not.toBe(first);
  expect((await fetch(second)).headers.get("content-type")).toBe("application/octet-stream");
});

test.each([
  ["whitespace", "iVBO Rw0K"],
  ["line breaks", "iVBORw0K\nGgo="],
  ["URL-safe alphabet", "iVBORw0K-_go"],
  ["impossible length", "iVBORw0KG"],
  ["misplaced padding", "iV=BORw0"],
  ["an asset URL sent back", "http://127.0.0.1:1/assets/x.png"],
  ["empty string", ""],
])("invalid base64 (%s) is 400 invalid_base64 and changes nothing", async (_label, value) => {
  const before = (await api(emulator, "GET", `/pages/${PAGE}`)).json.pages[0];
  const reply = await api(emulator, "PATCH", `/pages/${PAGE}`, { title: "should not stick", logoFileBase64: value });
  expect([reply.status, reply.json.error]).toEqual([400, { code: "invalid_base64", message: expect.stringMatching(/^logoFileBase64: /) }]);
  expect((await api(emulator, "GET", `/pages/${PAGE}`)).json.pages[0]).toEqual(before);
});

test("GET /alerts/{uuid} answers { alert: record }, recipients carrying uuid and timestamps; PATCH answers it, flags left out unchanged", async () => {
  const read = await api(emulator, "GET", `/alerts/${ALERT}`);
  const stamp = expect.stringMatching(RFC3339_MS_Z);
  expect(read.status).toBe(200);
  expect(read.json.alert).toEqual({
    uuid: ALERT,
    name: "On-call",
    up: true,
    down: true,
    degraded: null,
    disrupted: null,
    maintenance: null,
    recipients: [{ uuid: expect.any(String), type: "email", target: "ops@example.com", createdAt: stamp, updatedAt: stamp }],
    createdAt: stamp,
    updatedAt: null,
  });
  const edited = await api(emulator, "PATCH", `/alerts/${ALERT}`, { degraded: true, up: false });
  expect([edited.status, edited.json.alert]).toEqual([200, { ...read.json.alert, up: false, degraded: true, updatedAt: stamp }]);
});

test("recipients replace the list; a recipient already there keeps its uuid and createdAt", async () => {
  const before = (await api(emulator, "GET", `/alerts/${ALERT}`)).json.alert.recipients[0];
  const reply = await api(emulator, "PATCH", `/alerts/${ALERT}`, {
    recipients: [
      { type: "sms", target: "+15550100" },
      { type: "email", target: "ops@example.com" },
    ],
  });
  const recipients = reply.json.alert.recipients;
  expect(recipients.map((r: { type: string }) => r.type)).toEqual(["sms", "email"]);
  expect(recipients[1]).toEqual(before);
  expect(recipients[0].uuid).not.toBe(before.uuid);
});

test("all six documented recipient types are accepted; null recipients empties the list", async () => {
  const types = ["email", "sms", "call", "slack", "discord", "webhook"];
  const reply = await api(emulator, "PATCH", `/alerts/${ALERT}`, { recipients: types.map((type) => ({ type, target: `t-${type}` })) });
  expect(reply.status).toBe(200);
  expect(reply.json.alert.recipients.map((r: { type: string }) => r.type)).toEqual(types);
  expect((await api(emulator, "PATCH", `/alerts/${ALERT}`, { recipients: null })).json.alert.recipients).toEqual([]);
});

test.each([
  [`/pages/${PAGE}`, { useGroups: "yes" }, /^useGroups: expected a boolean/],
  [`/pages/${PAGE}`, { items: "m1" }, /^items: expected an array/],
  [`/pages/${PAGE}`, { logoFileBase64: 42 }, /^logoFileBase64: expected a string/],
  [`/pages/${PAGE}`, { googleAnalyticsId: "G-1" }, /^googleAnalyticsId: unknown field/],
  [`/alerts/${ALERT}`, { recipients: [EMAIL, { type: "pager", target: "x" }] }, /^recipients\[1\]\.type: expected one of email, sms/],
  [`/alerts/${ALERT}`, { recipients: [{ type: "email" }] }, /^recipients\[0\]\.target: required/],
  [`/alerts/${ALERT}`, { recipients: [{ uuid: "r1", type: "email", target: "a@b" }] }, /^recipients\[0\]\.uuid: unknown field/],
  [`/alerts/${ALERT}`, { down: "yes" }, /^down: expected a boolean/],
  [`/alerts/${ALERT}`, { name: 5 }, /^name: expected a string/],
  [`/alerts/${ALERT}`, { status: "up" }, /^status: unknown field/],
])("PATCH %s with %j is 422 validation_error naming the field", async (path, body, message) => {
  const reply = await api(emulator, "PATCH", path, body);
  expect([reply.status, reply.json.error]).toEqual([422, { code: "validation_error", message: expect.stringMatching(message) }]);
});

test("an unknown page or alert uuid is 404; an unknown asset is 404", async () => {
  for (const path of ["/pages/nope", "/alerts/nope"]) {
    expect((await api(emulator, "PATCH", path, { up: true })).status).toBe(404);
    expect((await api(emulator, "GET", path)).status).toBe(404);
  }
  for (const asset of ["nope.png", "%E0%A4%A"]) expect((await fetch(`http://127.0.0.1:${emulator.port}/assets/${asset}`)).status).toBe(404);
  expect((await api(emulator, "GET", "/pages/%E0%A4%A")).status).toBe(404);
});
