// Pages: the edit answers { pages: [record] }; images go in as strict base64 and come back as
// URLs the emulator itself serves.

import { useEmulator, api, RFC3339_MS_Z } from "../../helpers/emulator";

const PAGE = "page-acme";
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
const { emulator } = useEmulator({ seed: { pages: [{ uuid: PAGE, name: "Acme status", slug: "acme", useGroups: false, items: [] }] } });

test("PATCH answers 200 { pages: [record] }; fields left out stay, null clears", async () => {
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

test("GET /pages/{uuid} answers the same envelope as the edit", async () => {
  const reply = await api(emulator, "GET", `/pages/${PAGE}`);
  expect(reply.status).toBe(200);
  expect(reply.json.pages[0].uuid).toBe(PAGE);
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
  expect(reply.status).toBe(400);
  expect(reply.json.error).toMatchObject({ code: "invalid_base64" });
  expect(reply.json.error.message).toMatch(/^logoFileBase64: /);
  expect((await api(emulator, "GET", `/pages/${PAGE}`)).json.pages[0]).toEqual(before);
});

test.each([
  [{ useGroups: "yes" }, /^useGroups: expected a boolean/],
  [{ items: "m1" }, /^items: expected an array/],
  [{ logoFileBase64: 42 }, /^logoFileBase64: expected a string/],
  [{ googleAnalyticsId: "G-1" }, /^googleAnalyticsId: unknown field/],
])("422 naming the field for %j", async (body, message) => {
  const reply = await api(emulator, "PATCH", `/pages/${PAGE}`, body);
  expect(reply.status).toBe(422);
  expect(reply.json.error.message).toMatch(message);
});

test("unknown page uuid is 404; unknown asset is 404", async () => {
  expect((await api(emulator, "PATCH", "/pages/nope", { title: "x" })).status).toBe(404);
  expect((await api(emulator, "GET", "/pages/nope")).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${emulator.port}/assets/nope.png`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${emulator.port}/assets/%E0%A4%A`)).status).toBe(404);
  expect((await api(emulator, "GET", "/pages/%E0%A4%A")).status).toBe(404);
});
