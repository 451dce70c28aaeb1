// Page diff: fields compare as canonical values against the stored record, items in order, images
// by the sha256 of their content (not their path), and the PATCH body sends an image only when asked.
import { UNKNOWN } from "../../provider/model/values";
import { pages, pageOutputs, pageRequestBody } from "../../provider/page";
import type { PageRecord } from "../../provider/model/records";
import { png } from "../helpers/images";
import { checkedPage } from "../helpers/checked";
import { memoryImages } from "../helpers/unit-cases";

const UUID = "page-1";
const RED = png(255, 0, 0);
const BLUE = png(0, 0, 255);

const checked = (args: Record<string, unknown>, files: Record<string, Buffer> = {}) =>
  checkedPage({ uuid: UUID, ...args }, memoryImages(files));

const RECORD: PageRecord = {
  uuid: UUID,
  name: "Acme status",
  title: null,
  slug: "acme",
  customDomain: null,
  useGroups: false,
  items: ["m-1", "m-2"],
  description: null,
  logoFileBase64: "https://assets.example/logo-1.png",
  faviconFileBase64: null,
  googleAnalitycsId: "G-1",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: null,
};

/** The state after applying `inputs`: what create/update would store. */
const stateAfter = async (inputs: Record<string, unknown>, record: PageRecord = RECORD) =>
  pageOutputs(record, Object.keys(inputs), inputs.logo ? { logo: (inputs.logo as { sha256: string }).sha256 } : {});

test("outputs: the record without nulls, the logo as its URL and hash, never base64", async () => {
  const inputs = await checked({ name: "Acme status", logo: { path: "/a/logo.png" } }, { "/a/logo.png": RED });
  // Strict: a logoFileBase64 key even holding undefined fails it.
  expect(await stateAfter(inputs)).toStrictEqual({
    uuid: UUID,
    name: "Acme status",
    slug: "acme",
    useGroups: false,
    items: ["m-1", "m-2"],
    googleAnalitycsId: "G-1",
    logoUrl: "https://assets.example/logo-1.png",
    logoSha256: (inputs.logo as { sha256: string }).sha256,
    createdAt: "2026-01-01T00:00:00.000Z",
    declaredFields: ["name", "logo"],
  });
});

test("a logo diffs by its bytes: the same at another path is no change; other bytes, or a logo never uploaded, a change", async () => {
  const olds = await stateAfter(await checked({ logo: { path: "/a/logo.png" } }, { "/a/logo.png": RED }));
  const moved = await checked({ logo: { path: "/b/renamed.png" } }, { "/b/renamed.png": RED });
  expect(pages.diff(olds, moved)).toMatchObject({ changes: false, changed: [] });
  const edited = await checked({ logo: { path: "/a/logo.png" } }, { "/a/logo.png": BLUE });
  expect(pages.diff(olds, edited)).toEqual({ changes: true, replaces: [], changed: ["logo"] });
  // A logo the service has but this resource never uploaded (no hash): a change once declared.
  const unhashed = await stateAfter(await checked({ name: "Acme status" }));
  expect(unhashed).toHaveProperty("logoUrl");
  const declared = await checked({ name: "Acme status", logo: { path: "/a/logo.png" } }, { "/a/logo.png": RED });
  expect(pages.diff(unhashed, declared).changed).toEqual(["logo"]);
});

const GA = { name: "Acme status", googleAnalitycsId: "G-1" };
const ITEMS = { useGroups: false, items: ["m-1", "m-2"] };

// Items are ordered; a field diffs once declared, not before; the alias compares as the API's spelling.
test.each<[string, Record<string, unknown>, Record<string, unknown>, string[], PageRecord?]>([
  ["items in the same order", ITEMS, ITEMS, []],
  ["items in another order", ITEMS, { ...ITEMS, items: ["m-2", "m-1"] }, ["items"]],
  ["an empty items list, the service's empty too", { items: [] }, { items: [] }, [], { ...RECORD, items: [] }],
  ["fields the program never declared", GA, GA, []],
  ["a declared field removed", GA, { name: "Acme status" }, ["googleAnalitycsId"]],
  ["googleAnalyticsId, the same value as stored", { googleAnalitycsId: "G-1" }, { googleAnalyticsId: "G-1" }, []],
  ["googleAnalyticsId, another value", { googleAnalitycsId: "G-1" }, { googleAnalyticsId: "G-2" }, ["googleAnalitycsId"]],
])("%s", async (_name, before, after, changed, ...[record]) => {
  const olds = await stateAfter(await checked(before), record);
  expect(pages.diff(olds, await checked(after))).toEqual({ changes: changed.length > 0, replaces: [], changed });
});

test("another uuid replaces the resource; unknown values count as changes", async () => {
  const olds = await stateAfter(await checked({ name: "Acme status" }));
  expect(pages.diff(olds, { ...(await checked({ name: "Acme status" })), uuid: "page-2" })).toMatchObject({ replaces: ["uuid"] });
  expect(pages.diff(olds, { uuid: UUID, name: UNKNOWN, logo: { path: UNKNOWN } })).toMatchObject({
    changes: true,
    replaces: [],
    changed: ["name", "logo"],
  });
});

// Only the images asked sent as base64, a removed field or image as null: integration/provider/adopted-kinds.test.ts.
test("the PATCH body never clears an image the inputs still declare; a file changed after check fails it, naming the field", async () => {
  const inputs = await checked({ name: "Acme", logo: { path: "/a/logo.png" } }, { "/a/logo.png": RED });
  const images = memoryImages({ "/a/logo.png": RED });
  expect(await pageRequestBody(inputs, { sendImages: [], removed: ["logo"], images })).toEqual({ name: "Acme" });
  await expect(pageRequestBody(inputs, { sendImages: ["logo"], images: memoryImages({ "/a/logo.png": BLUE }) })).rejects.toThrow(
    /^logo: "\/a\/logo.png" changed after it was checked .*nothing was sent/,
  );
});
