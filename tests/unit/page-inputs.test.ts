// Page check(): each rule's message (more: tests/bad-inputs/cases.ts), the analytics-id alias, and images
// read through an in-memory source (no I/O), recognized by their bytes and kept as a sha256.
import { createHash } from "node:crypto";
import { UNKNOWN, engineFailure, failureText } from "../../provider/model/values";
import { MAX_IMAGE_BYTES } from "../../provider/validation/image";
import { checkPageArgs } from "../../provider/validation/page";
import { GIF, ICO_START, JPEG_START, SVG, WEBP_START, png } from "../helpers/images";
import { memoryImages } from "../helpers/unit-cases";

const UUID = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const check = (args: Record<string, unknown>, files: Record<string, Buffer | string> = {}) =>
  checkPageArgs({ uuid: UUID, ...args }, memoryImages(files));
const reasons = async (args: Record<string, unknown>, files?: Record<string, Buffer | string>) =>
  (await check(args, files)).failures.map((f) => failureText(f));

test("a full page passes, its customDomain in lower case; the logo becomes { sha256, path }, no bytes or base64 left", async () => {
  const logo = png(10, 20, 30);
  const fields = {
    name: "Acme status",
    title: "Acme",
    slug: "acme-status",
    customDomain: "status.acme.example",
    useGroups: false,
    items: ["m-1", "m-2"],
    description: "Live status",
    googleAnalitycsId: "G-ABC123",
  };
  const args = { ...fields, customDomain: "Status.Acme.EXAMPLE", logo: { path: "/img/logo.png" }, __provider: "serialized" };
  expect(await check(args, { "/img/logo.png": logo })).toEqual({
    inputs: { uuid: UUID, ...fields, logo: { sha256: sha(logo), path: "/img/logo.png" } },
    failures: [],
    warnings: [],
  });
});

test.each(["Acme", "acme status", "acme/status", "acme_status", "", "a".repeat(101)])("slug %j is refused with the rule", async (slug) => {
  expect(await reasons({ slug })).toEqual([
    expect.stringMatching(/^slug: .*is not URL-safe: use 1-100 lowercase letters, digits and hyphens/),
  ]);
});

test.each(["acme", "acme-status-2", "0", "a".repeat(100)])("slug %j is accepted", async (slug) => {
  expect(await reasons({ slug })).toEqual([]);
});

test.each([
  ["status.example.com/path", "without a path"],
  ["bad_host.example.com", "not a valid host name"],
  ["-status.example.com", "not a valid host name"],
])("customDomain %j is refused: %s", async (customDomain, fix) => {
  expect(await reasons({ customDomain })).toEqual([expect.stringMatching(`^customDomain: .*${fix}`)]);
});

test("items: each once, uuids only, order kept; non-empty items need useGroups", async () => {
  expect(await reasons({ useGroups: false, items: ["m-1", "m-2", "m-1"] })).toEqual([
    "items: an item uuid is listed twice; list each once",
  ]);
  expect(await reasons({ useGroups: false, items: ["m 1"] })).toEqual([expect.stringMatching(/^items\[0\]: not a uuid/)]);
  expect(await reasons({ items: ["m-1"] })).toEqual([
    expect.stringMatching(/^useGroups: required with items.*false for monitor uuids, true for group uuids/),
  ]);
  expect(await reasons({ items: [] })).toEqual([]);
  expect((await check({ useGroups: true, items: ["g-2", "g-1"] })).inputs.items).toEqual(["g-2", "g-1"]);
});

// Two different values: the page-analytics-two-spellings row of tests/bad-inputs/cases.ts.
test("googleAnalyticsId is an alias of the API's googleAnalitycsId, with one value under both names", async () => {
  const aliased = await check({ googleAnalyticsId: "G-1" });
  expect(aliased).toMatchObject({ failures: [], inputs: { googleAnalitycsId: "G-1" } });
  expect(aliased.inputs).not.toHaveProperty("googleAnalyticsId");
  expect((await check({ googleAnalyticsId: "G-1", googleAnalitycsId: "G-1" })).failures).toEqual([]);
  expect(await reasons({ googleAnalitycsId: "G 1" })).toEqual([expect.stringMatching(/^googleAnalitycsId: must not contain white space/)]);
});

test("wrong types and unknown fields name the field", async () => {
  expect(await reasons({ useGroups: "yes", name: 3, logoFileBase64: "iVBOR" })).toEqual([
    "name: expected a string, got 3",
    'useGroups: expected true or false, got "yes"',
    "logoFileBase64: unknown field; remove it or check its spelling against the documented fields",
  ]);
});

test.each([
  ["png", png()],
  ["gif", GIF],
  ["jpeg", JPEG_START],
  ["webp", WEBP_START],
  ["ico", ICO_START],
  ["svg", SVG],
  [
    "svg with a BOM and a comment",
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<!-- logo -->\n<svg viewBox='0 0 1 1'></svg>")]),
  ],
])("a %s file is recognized as an image", async (_label, bytes) => {
  const inputs = { uuid: UUID, favicon: { sha256: sha(bytes), path: "/img/f" } };
  expect(await check({ favicon: { path: "/img/f" } }, { "/img/f": bytes })).toEqual({ inputs, failures: [], warnings: [] });
});

test.each([
  ["a missing file", {}, /^logo: no file at "\/img\/logo.png"; check the path/],
  ["a directory", { "/img/logo.png": "EISDIR" }, /^logo: "\/img\/logo.png" is a directory; give the path of an image file/],
  ["an unreadable file", { "/img/logo.png": "EACCES" }, /^logo: "\/img\/logo.png" cannot be read \(permission denied\)/],
  ["a text file", { "/img/logo.png": Buffer.from("hello, not an image") }, /^logo: .* is not an image .*png, jpeg, gif, webp, svg or ico/],
  ["an empty file", { "/img/logo.png": Buffer.alloc(0) }, /^logo: .* is empty/],
  [
    "a file over 5 MiB",
    { "/img/logo.png": Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES)]) },
    /^logo: .* is 5\.0 MiB, over the 5\.0 MiB limit; give a smaller image/,
  ],
])("%s is a check failure on the field", async (_label, files, message) => {
  const result = await check({ logo: { path: "/img/logo.png" } }, files as Record<string, Buffer | string>);
  expect(result.failures.map((f) => engineFailure(f))).toEqual([{ property: "logo", reason: expect.stringMatching(message) }]);
});

test("inline base64 and a bare string are refused with the way to give a file", async () => {
  expect(await reasons({ logo: { base64: png().toString("base64") } })).toEqual([
    expect.stringMatching(/^logo: inline base64 is not accepted .*give \{ path: "<file>" \}/),
  ]);
  expect(await reasons({ favicon: "favicon.ico" })).toEqual([expect.stringMatching(/^favicon: expected \{ path: "<image file>" \}/)]);
});

test("unknown values (preview) are neither rejected nor read", async () => {
  const source = memoryImages({});
  const args = {
    uuid: UNKNOWN,
    slug: UNKNOWN,
    customDomain: UNKNOWN,
    items: [UNKNOWN, "m-1"],
    useGroups: UNKNOWN,
    logo: { path: UNKNOWN },
    favicon: UNKNOWN,
  };
  expect(await checkPageArgs(args, source)).toEqual({ inputs: args, failures: [], warnings: [] });
  expect(source.reads).toEqual([]);
});
