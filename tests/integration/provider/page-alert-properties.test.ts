// Page and alert inputs, generated (FC_SEED=<n> explores other seeds): accepted args are taken over with no
// diff and read back as declared; one field made bad is refused with its path.
import fc from "fast-check";
import { alerts } from "../../../provider/alert";
import { pages } from "../../../provider/page";
import { GIF, SVG, png, tempDir } from "../../helpers/images";
import { useEmulator } from "../../helpers/emulator";
import type { UptimeClient } from "../../../provider/api/client";
import { type CheckFailure, failureText } from "../../../provider/model/values";
import { Mutation, SEED, acceptedInputs, expectFieldPaths, nonBlank, optional, set, text, uuidRef } from "../../helpers/arbitraries";
import { found } from "../../helpers/checked";

jest.setTimeout(120_000);

type Args = Record<string, unknown>;
const PAGE = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
const ALERT = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";

const { client } = useEmulator({
  seed: { pages: [{ uuid: PAGE, name: "Status" }], alerts: [{ uuid: ALERT, name: "On-call", recipients: [] }] },
});
const files = tempDir("uptime-page-properties-");
const IMAGES = [
  files.file("red.png", png(255, 0, 0)),
  files.file("blue.png", png(0, 0, 255)),
  files.file("dot.gif", GIF),
  files.file("logo.svg", SVG),
];

afterAll(() => files.remove());

/** Each failure's text starts with its field's path. */
const textStartsWithPath = (f: CheckFailure) => failureText(f).startsWith(f.property);

// ---- alerts ------------------------------------------------------------------------------------

const phone = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{7,14}$/), fc.boolean()).map(([first, rest, formatted]) => {
  const digits = `${first}${rest}`;
  // "+33 6 12-34-56-78": spaces and dashes are removed by check().
  return formatted ? `+${digits.replace(/(\d{2})(?=\d)/g, (m, _d, i) => (i % 4 === 0 ? `${m} ` : `${m}-`))}` : `+${digits}`;
});
const httpsUrl = fc.webUrl({ validSchemes: ["https"], withQueryParameters: true }).filter((u) => !/\s/.test(u) && u.length <= 2048);
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}[a-z0-9]$/).filter((s) => !s.includes("..")),
    fc.domain(),
  )
  .map(([local, domain]) => `${local}@${domain}`);

const recipient = fc
  .oneof(
    fc.tuple(fc.constantFrom("email"), email),
    fc.tuple(fc.constantFrom("sms", "call"), phone),
    fc.tuple(fc.constantFrom("slack", "discord", "webhook"), httpsUrl),
  )
  .chain(([type, target]) =>
    fc.tuple(fc.mixedCase(fc.constant(type)), fc.constantFrom("", " ")).map(([spelt, pad]) => ({ type: `${pad}${spelt}`, target })),
  );

/** The (type, target) a recipient is stored as: lower-case type, phone numbers without separators. */
const recipientKey = (r: { type: string; target: string }) => {
  const type = r.type.trim().toLowerCase();
  return `${type} ${type === "sms" || type === "call" ? r.target.replace(/[\s-]/g, "") : r.target}`;
};

const alertArgs = fc
  .record(
    {
      name: optional(nonBlank(60)),
      up: optional(fc.boolean()),
      degraded: optional(fc.boolean()),
      disrupted: optional(fc.boolean()),
      down: optional(fc.boolean()),
      maintenance: optional(fc.boolean()),
      recipients: optional(fc.uniqueArray(recipient, { maxLength: 5, selector: recipientKey })),
    },
    { requiredKeys: [] },
  )
  .map((args): Args => ({ uuid: ALERT, ...args }));

const ALERT_MUTATIONS: Mutation[] = [
  (a) => set(a, "uuid", [null, "", "not a uuid", 5]),
  (a) => set(a, "name", ["", " ", 7]),
  (a) => fc.constantFrom("up", "degraded", "disrupted", "down", "maintenance").chain((flag) => set(a, flag, ["true", 1, [true]])),
  (a) =>
    set(a, "recipients", [
      "oncall@acme.example",
      [{ type: "pager", target: "x" }],
      [{ type: "email", target: "oncall" }],
      [{ type: "sms", target: "555-0100" }],
      [{ type: "slack", target: "http://hooks.example/x" }],
      [{ type: "email" }],
      [
        { type: "email", target: "a@b.example" },
        { type: "EMAIL", target: "a@b.example" },
      ],
      [{ type: "email", target: "a@b.example", uuid: "r-1" }],
    ]),
  (a) => set(a, "recipient", [[]]),
];

// ---- pages -------------------------------------------------------------------------------------

const analyticsId = fc.stringMatching(/^[A-Z0-9-]{1,20}$/);
const pageArgs = fc
  .tuple(
    fc.record(
      {
        name: optional(nonBlank(60)),
        title: optional(text(60)),
        slug: optional(fc.stringMatching(/^[a-z0-9-]{1,100}$/)),
        customDomain: optional(fc.mixedCase(fc.domain())),
        description: optional(text(300)),
        logo: optional(fc.constantFrom(...IMAGES).map((path) => ({ path }))),
        favicon: optional(fc.constantFrom(...IMAGES).map((path) => ({ path }))),
      },
      { requiredKeys: [] },
    ),
    // items need useGroups; useGroups may come alone.
    optional(fc.tuple(fc.boolean(), fc.uniqueArray(uuidRef, { maxLength: 5 }))),
    // the analytics id under the API's spelling, the correct one, or both with one value.
    fc.option(fc.tuple(analyticsId, fc.constantFrom("googleAnalitycsId", "googleAnalyticsId", "both")), { nil: undefined }),
  )
  .map(([fields, groups, analytics]): Args => ({
    uuid: PAGE,
    ...fields,
    ...(groups === undefined || groups === null ? {} : { useGroups: groups[0], items: groups[1] }),
    ...(analytics === undefined
      ? {}
      : analytics[1] === "both"
        ? { googleAnalitycsId: analytics[0], googleAnalyticsId: analytics[0] }
        : { [analytics[1]]: analytics[0] }),
  }));

const PAGE_MUTATIONS: Mutation[] = [
  (a) => set(a, "uuid", [null, "a b", 5]),
  (a) => set(a, "slug", ["Acme", "acme status", "", "a".repeat(101), 7]),
  (a) =>
    set(a, "customDomain", [
      "https://status.example.com",
      "status.example.com/x",
      "status.example.com:80",
      "localhost",
      "bad_host.example",
    ]),
  (a) => set({ ...a, useGroups: false }, "items", [["m-1", "m-1"], ["not a uuid"], "m-1"]),
  (a) => set(a, "useGroups", ["false", 0]),
  (a) =>
    set(a, "logo", [
      { path: "/nonexistent/logo.png" },
      { path: files.dir },
      "logo.png",
      { base64: "iVBORw0KGgo=" },
      { path: IMAGES[0], alt: "x" },
    ]),
  (a) => set(a, "googleAnalitycsId", ["G 1", ""]),
  (a) => set(a, "colour", ["red"]),
];

type Checked = { inputs: Args; failures: CheckFailure[] };
/** What the property tests call of each kind's operations. */
type Kind = {
  check(args: Args): Checked | Promise<Checked>;
  create(client: UptimeClient, inputs: Args): Promise<{ id: string; outs: Args }>;
  read(client: UptimeClient, id: string, outs: Args): Promise<{ kind: string }>;
  diff(olds: Args, news: Args): { changes: boolean };
};

describe.each<[string, fc.Arbitrary<Args>, Kind, Mutation[], number]>([
  ["alerts", alertArgs, alerts as never, ALERT_MUTATIONS, SEED],
  ["pages", pageArgs, pages as never, PAGE_MUTATIONS, SEED + 2],
])("%s", (_kind, argsOf, kind, mutations, seed) => {
  test("accepted args are taken over, then no diff, and refresh reads back the same inputs", async () => {
    await fc.assert(
      fc.asyncProperty(argsOf, async (raw) => {
        const inputs = acceptedInputs(await kind.check(raw), raw);
        const { id, outs } = await kind.create(client, inputs);
        expect(kind.diff(outs, inputs)).toEqual({ changes: false, replaces: [], changed: [] });
        // Refresh reads back the inputs as declared, a page's images with their path (the outputs keep the declared file).
        const read = found((await kind.read(client, id, outs)) as { kind: "found"; props: Args; inputs: Args });
        expect(read.inputs).toEqual(inputs);
        expect(kind.diff(read.props, inputs).changes).toBe(false);
      }),
      { numRuns: 60, seed },
    );
  });

  test("one field made bad is refused with that field's path", async () => {
    const bad = fc.tuple(argsOf, fc.nat({ max: mutations.length - 1 })).chain(([args, i]) => mutations[i](args));
    await fc.assert(
      fc.asyncProperty(bad, async ({ args, field }) => {
        const { googleAnalyticsId: _, ...rest } = args; // so the API spelling's own value is the one checked
        expectFieldPaths((await kind.check(field === "googleAnalitycsId" ? rest : args)).failures, field, textStartsWithPath);
      }),
      { numRuns: 200, seed: seed + 1 },
    );
  });
});
