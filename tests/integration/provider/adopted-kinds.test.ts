// Pages and alerts, taken over but never created or deleted: each edit's one PATCH, images re-sent only when
// changed, dashboard edits refreshed; delete releases; an unknown uuid, gone and unreadable on refresh.
import { UptimeClient } from "../../../provider/api/client";
import { alerts, AlertOutputs } from "../../../provider/alert";
import { providerLog } from "../../../provider/log";
import { pages, PageOutputs } from "../../../provider/page";
import { alertProvider, pageProvider } from "../../../provider/providers";
import { type Json, adminJson, useEmulator } from "../../helpers/emulator";
import { GIF, png, tempDir } from "../../helpers/images";
import { checkedAlert, checkedPage, found } from "../../helpers/checked";

const PAGE = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
const ALERT = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";
const EMAIL = { type: "email", target: "oncall@acme.example" };
const SLACK = { type: "slack", target: "https://hooks.slack.com/services/T0/B0/X" };
const SMS = { type: "sms", target: "+14155550123" };
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
  alerts: [{ uuid: ALERT, name: "On-call", up: false, down: true, maintenance: true, recipients: [{ ...EMAIL, uuid: "seeded-email" }] }],
};

const { emulator, admin, client } = useEmulator({ seed: SEED });
const documented = useEmulator({ seed: SEED, documentedOnly: true }); // GET answers 405
const files = tempDir();
afterAll(() => files.remove());

/** The body of the one request `run` sends, which must be a PATCH of `path`. */
async function patchOf(path: string, run: () => Promise<unknown>): Promise<Json> {
  await admin.clearRequests();
  await run();
  const log = await admin.requests();
  expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /v1${path}`]);
  return log[0].body;
}

describe("an alert", () => {
  const storedAlert = () => admin.get(`/alerts/${ALERT}`);
  const checked = (args: Record<string, unknown>) => checkedAlert({ uuid: ALERT, ...args });
  /** The alert as most steps declare it, with `more` fields. */
  const primary = (more: Record<string, unknown> = {}) => checked({ name: "Primary on-call", up: true, down: true, ...more });
  let state: AlertOutputs;
  /** Updates the alert from `olds` to `news`, keeping the new state; the one PATCH's body. */
  const update = (news: ReturnType<typeof checked>, olds: AlertOutputs = state) =>
    patchOf(`/alerts/${ALERT}`, async () => (state = (await alerts.update(client, ALERT, olds, news)).outs));

  test("create takes the seeded alert over with one PATCH; outputs carry the recipients as the service returned them", async () => {
    const body = await patchOf(`/alerts/${ALERT}`, async () => {
      const { id, outs } = await alerts.create(client, primary({ recipients: [SLACK, EMAIL] }));
      expect(id).toBe(ALERT);
      state = outs;
    });
    // Recipients are a set: check() puts them in one canonical order (type, then target).
    expect(body).toEqual({ name: "Primary on-call", up: true, down: true, recipients: [EMAIL, SLACK] });

    const alert = await storedAlert();
    expect(alert).toMatchObject({ name: "Primary on-call", up: true, down: true, maintenance: true });
    expect(state.recipients).toEqual(alert.recipients);
    expect(state.recipients).toContainEqual(expect.objectContaining({ ...EMAIL, uuid: "seeded-email" }));
    expect(state).toMatchObject({ uuid: ALERT, maintenance: true, declaredFields: ["name", "up", "down", "recipients"] });
  });

  test("update PATCHes the full declared state; the recipients replace the list", async () => {
    const news = primary({ degraded: true, recipients: [{ type: "sms", target: "+1 415-555-0123" }, EMAIL] });
    expect(alerts.diff(state, news).changed).toEqual(["degraded", "recipients"]);
    expect(await update(news)).toEqual({ name: "Primary on-call", up: true, degraded: true, down: true, recipients: [EMAIL, SMS] });
    const alert = await storedAlert();
    expect(alert.recipients.map((r: Json) => `${r.type}:${r.target}`)).toEqual(["email:oncall@acme.example", "sms:+14155550123"]);
    expect(alert.recipients[0].uuid).toBe("seeded-email");
    expect(state.recipients).toEqual(alert.recipients);
    expect(alerts.diff(state, news).changes).toBe(false);
  });

  test("fields removed from the program are cleared with null", async () => {
    const news = primary();
    expect(alerts.diff(state, news).changed).toEqual(["degraded", "recipients"]);
    expect(await update(news)).toEqual({ name: "Primary on-call", up: true, down: true, degraded: null, recipients: null });
    expect(await storedAlert()).toMatchObject({ degraded: null, recipients: [] });
    expect(state.recipients).toEqual([]);
    expect(state.declaredFields).toEqual(["name", "up", "down"]);
  });

  test("refresh sees a recipient added in the dashboard, and the next diff puts the declared list back", async () => {
    const news = primary({ recipients: [EMAIL] });
    await update(news);
    await adminJson(emulator, "PATCH", `/alerts/${ALERT}`, { recipients: [EMAIL, SLACK] });
    const outcome = found(await alerts.read(client, ALERT, state));
    expect((outcome.props.recipients as Json[]).map((r) => r.type)).toEqual(["email", "slack"]);
    expect(outcome.inputs).toEqual({ uuid: ALERT, name: "Primary on-call", up: true, down: true, recipients: [EMAIL, SLACK] });
    expect(alerts.diff(outcome.props, news).changed).toEqual(["recipients"]);
    await update(news, outcome.props);
    expect((await storedAlert()).recipients.map((r: Json) => r.type)).toEqual(["email"]);
  });
});

describe("a page", () => {
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
  const update = (news: Awaited<ReturnType<typeof checked>>, olds: PageOutputs = state) =>
    patchOf(`/pages/${PAGE}`, async () => (state = (await pages.update(client, PAGE, olds, news)).outs));

  test("create takes the seeded page over with one PATCH of the declared fields, images as base64", async () => {
    const news = await checked(DECLARED);
    const body = await patchOf(`/pages/${PAGE}`, async () => {
      const { id, outs } = await pages.create(client, news);
      expect(id).toBe(PAGE);
      state = outs;
    });
    expect(body).toEqual({
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
    expect(state).toMatchObject({
      uuid: PAGE,
      logoUrl: page.logoFileBase64,
      faviconUrl: page.faviconFileBase64,
      description: "kept: never declared",
    });
    expect(state.logoSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(state)).not.toContain(png(200, 0, 0).toString("base64"));
    expect(state).not.toHaveProperty("logoFileBase64");
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
});

type Props = Record<string, unknown>;
interface Kind {
  kind: "page" | "alert";
  uuid: string;
  provider: { delete(id: string, props: Props): Promise<void> };
  create(client: UptimeClient, args: Props): Promise<{ outs: Props }>;
  read(client: UptimeClient, id: string, props: Props): Promise<unknown>;
  unknown(client: UptimeClient): Promise<unknown>;
  noun: string;
}

const KINDS: Kind[] = [
  {
    kind: "page",
    uuid: PAGE,
    provider: pageProvider as never,
    create: async (client, args) => pages.create(client, await checkedPage({ uuid: PAGE, ...args })),
    read: (client, id, props) => pages.read(client, id, props as never),
    unknown: async (client) => pages.create(client, (await pages.check({ uuid: "no-such-page", name: "x" })).inputs),
    noun: "Pages",
  },
  {
    kind: "alert",
    uuid: ALERT,
    provider: alertProvider as never,
    create: async (client, args) => alerts.create(client, checkedAlert({ uuid: ALERT, ...args })),
    read: (client, id, props) => alerts.read(client, id, props as never),
    unknown: (client) => alerts.create(client, { uuid: "no-such-alert", name: "x" }),
    noun: "Alerts",
  },
];

const stored = (k: Kind) => admin.get(`/${k.kind}s/${k.uuid}`);

describe.each(KINDS)("$kind", (k) => {
  beforeEach(() => admin.reset(SEED));

  test("delete releases it: no request, it stays exactly as it was, and the log says so", async () => {
    const { outs } = await k.create(client, { name: "Acme" });
    const before = await stored(k);
    const info = jest.spyOn(providerLog, "info").mockImplementation(() => undefined);
    await admin.clearRequests();
    await k.provider.delete(k.uuid, outs);
    expect(await admin.requests()).toEqual([]);
    expect(await stored(k)).toEqual(before);
    expect(info).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(`^${k.kind} ${k.uuid} \\("Acme"\\) released: removed from the stack and left in the service as it is`),
      ),
    );
    info.mockRestore();
  });

  test("taking over a uuid the service does not know fails with the way out", async () => {
    await expect(k.unknown(client)).rejects.toThrow(
      new RegExp(
        `^${k.kind} no-such-${k.kind} \\("x"\\): the service has no ${k.kind} with this uuid \\(404\\)\\. ${k.noun} cannot be created through the API, only taken over`,
      ),
    );
  });

  test("refresh: deleted in the dashboard, it is gone; a service that cannot read it keeps the state", async () => {
    const { outs } = await k.create(client, { name: "Acme" });
    expect(await k.read(documented.client, k.uuid, outs)).toEqual({ kind: "unsupported", status: 405 });
    await adminJson(emulator, "DELETE", `/${k.kind}s/${k.uuid}`);
    expect(await k.read(client, k.uuid, outs)).toEqual({ kind: "gone" });
  });
});
