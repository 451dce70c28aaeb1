// The Page provider against the emulator: taking a seeded page over, updating it, an image re-sent
// only when its file's content changed, refresh (release, unknown uuids and gone pages: adopted-kinds.test.ts).
import { pages, PageOutputs } from "../../../provider/page";
import { adminJson } from "../../helpers/emulator-http";
import { GIF, png, tempDir } from "../../helpers/images";
import { useEmulator } from "../../helpers/emulator";
import { checkedPage, found } from "../../helpers/checked";

const PAGE = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
const SEEDED_LOGO = png(9, 9, 9);
const SEED = {
  pages: [
    {
      uuid: PAGE,
      name: "Old name",
      title: "Old title",
      slug: "old",
      description: "kept: never declared",
      useGroups: true,
      items: ["g-1"],
      logoFileBase64: SEEDED_LOGO.toString("base64"),
    },
  ],
};

const { emulator, admin, client } = useEmulator({ seed: SEED });
const files = tempDir();
afterAll(() => files.remove());

const storedPage = () => admin.get(`/pages/${PAGE}`);
const assetBytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

const checked = (args: Record<string, unknown>) => checkedPage({ uuid: PAGE, ...args });

const logoPath = files.file("logo.png", png(200, 0, 0));
const faviconPath = files.file("favicon.gif", GIF);
let DECLARED: Record<string, unknown> = {
  name: "Acme status",
  title: "Acme",
  slug: "acme",
  customDomain: "status.acme.example",
  useGroups: false,
  items: ["m-2", "m-1"],
  googleAnalyticsId: "G-ACME1",
  logo: { path: logoPath },
  favicon: { path: faviconPath },
};
let state: PageOutputs;
/** Updates the page from `olds` to `news`, keeping the new state; the one PATCH's body. */
async function update(news: Awaited<ReturnType<typeof checked>>, olds: PageOutputs = state) {
  await admin.clearRequests();
  state = (await pages.update(client, PAGE, olds, news)).outs;
  const [patch] = await admin.requests();
  return patch.body;
}

test("create takes the seeded page over with one PATCH of the declared fields, images as base64", async () => {
  await admin.clearRequests();
  const { id, outs } = await pages.create(client, await checked(DECLARED));
  expect(id).toBe(PAGE);
  state = outs;

  const log = await admin.requests();
  expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /v1/pages/${PAGE}`]);
  expect(log[0].body).toEqual({
    name: "Acme status",
    title: "Acme",
    slug: "acme",
    customDomain: "status.acme.example",
    useGroups: false,
    items: ["m-2", "m-1"],
    googleAnalitycsId: "G-ACME1",
    logoFileBase64: png(200, 0, 0).toString("base64"),
    faviconFileBase64: GIF.toString("base64"),
  });

  const page = await storedPage();
  expect(page).toMatchObject({
    name: "Acme status",
    items: ["m-2", "m-1"],
    description: "kept: never declared",
    googleAnalitycsId: "G-ACME1",
  });
  expect(await assetBytes(page.logoFileBase64)).toEqual(png(200, 0, 0));
  expect(outs).toMatchObject({
    uuid: PAGE,
    logoUrl: page.logoFileBase64,
    faviconUrl: page.faviconFileBase64,
    description: "kept: never declared",
  });
  expect(outs.logoSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(outs)).not.toContain(png(200, 0, 0).toString("base64"));
  expect(outs).not.toHaveProperty("logoFileBase64");
});

test("an unchanged image is not re-sent: a title edit PATCHes the declared fields without logo or favicon", async () => {
  DECLARED = { ...DECLARED, title: "Acme services" };
  const news = await checked(DECLARED);
  expect(pages.diff(state, news).changed).toEqual(["title"]);
  const logoUrl = state.logoUrl;
  const patch = await update(news);
  expect(patch.title).toBe("Acme services");
  expect(patch).toMatchObject({ name: "Acme status", slug: "acme", items: ["m-2", "m-1"] });
  expect(patch).not.toHaveProperty("logoFileBase64");
  expect(patch).not.toHaveProperty("faviconFileBase64");
  expect((await storedPage()).logoFileBase64).toBe(logoUrl);
  expect(state.logoUrl).toBe(logoUrl);
  expect(pages.diff(state, news).changes).toBe(false);
});

test("a logo file changed on disk diffs, and the update sends the new bytes (and only that image)", async () => {
  files.file("logo.png", png(0, 200, 0));
  const news = await checked(DECLARED);
  expect(pages.diff(state, news).changed).toEqual(["logo"]);
  const patch = await update(news);
  expect(patch.logoFileBase64).toBe(png(0, 200, 0).toString("base64"));
  expect(patch).not.toHaveProperty("faviconFileBase64");
  const page = await storedPage();
  expect(state.logoUrl).toBe(page.logoFileBase64);
  expect(await assetBytes(page.logoFileBase64)).toEqual(png(0, 200, 0));
  expect(pages.diff(state, await checked(DECLARED)).changes).toBe(false);
});

test("a file changed between check and update is refused before any request", async () => {
  files.file("logo.png", png(1, 2, 3));
  const news = await checked(DECLARED);
  files.file("logo.png", png(4, 5, 6));
  await admin.clearRequests();
  await expect(pages.update(client, PAGE, state, news)).rejects.toThrow(/^logo: ".*logo\.png" changed after it was checked/);
  expect(await admin.requests()).toEqual([]);
  files.file("logo.png", png(0, 200, 0));
});

test("fields removed from the program are cleared with null; the favicon removal clears it in the service", async () => {
  const { title: _t, favicon: _f, ...rest } = DECLARED;
  const news = await checked(rest);
  expect(pages.diff(state, news).changed).toEqual(["title", "favicon"]);
  expect(await update(news)).toMatchObject({ title: null, faviconFileBase64: null });
  const page = await storedPage();
  expect(page).toMatchObject({ title: null, faviconFileBase64: null, description: "kept: never declared" });
  expect(state).not.toHaveProperty("faviconUrl");
  expect(state.declaredFields).not.toContain("title");
});

test("refresh sees edits made in the dashboard: a new logo loses its hash, so the next update re-sends the file", async () => {
  const edit = { name: "Renamed in the dashboard", logoFileBase64: SEEDED_LOGO.toString("base64") };
  await adminJson(emulator, "PATCH", `/pages/${PAGE}`, edit);
  const outcome = found(await pages.read(client, PAGE, state));
  expect(outcome.props).toMatchObject({ name: "Renamed in the dashboard" });
  expect(outcome.props).not.toHaveProperty("logoSha256");
  expect(outcome.inputs).toMatchObject({ uuid: PAGE, name: "Renamed in the dashboard" });

  const { title: _t, favicon: _f, ...rest } = DECLARED;
  const news = await checked(rest);
  expect(pages.diff(outcome.props, news).changed).toEqual(["name", "logo"]);
  expect((await update(news, outcome.props)).logoFileBase64).toBe(png(0, 200, 0).toString("base64"));
  expect(await assetBytes((await storedPage()).logoFileBase64)).toEqual(png(0, 200, 0));
});
