// The Page's model: every field once (see field.ts). A page is taken over by its uuid; its images
// are files, compared by the sha256 of their bytes, sent as base64 and returned as URLs.
import { z } from "zod";
import { bool, isHostName, nonEmptyText, text, uuidRef } from "./field-schemas";
import { show } from "./values";
import { type FieldSpec, defineResource, TIMESTAMPS, identityField } from "./field";
import { TYPE_NAMES } from "./kinds";

const SLUG = /^[a-z0-9-]{1,100}$/;

function customDomainProblem(value: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return "give the host name only, without a scheme, e.g. status.example.com";
  if (value.includes("/")) return "give the host name only, without a path, e.g. status.example.com";
  if (value.includes(":")) return "give the host name only, without a port, e.g. status.example.com";
  if (!isHostName(value)) return "not a valid host name (labels of letters, digits and hyphens separated by dots), e.g. status.example.com";
  if (!value.includes(".")) return "needs a domain with at least one dot, e.g. status.example.com";
  return undefined;
}

const ImageInput = z.strictObject(
  {
    path: nonEmptyText(4096),
    // A hash sent back by the engine (already-checked inputs) is recomputed from the file.
    sha256: z.string().optional(),
  },
  { error: (i) => `expected { path: "<image file>" } (e.g. uptime.imageFile("logo.png")), got ${show(i.input)}` },
);

const image = <N extends "logo" | "favicon">(name: N, what: string) =>
  ({
    name,
    wire: `${name}FileBase64`,
    output: `${name}Url`,
    schema: ImageInput,
    type: { $ref: "#/types/uptime:index:ImageFile" },
    ts: "ImageFileArgs",
    compare: "content",
    doc: `${what}: an image file of the program's (\`{ path }\`: PNG, JPEG, GIF, WebP, SVG or ICO), uploaded when its bytes change; its URL is the \`${name}Url\` output`,
    tsNote: `\`uptime.imageFile("${name}.png")\` gives one`,
    readme: { type: "`{ path }` or `uptime.imageFile(path)`" },
  }) as const satisfies FieldSpec;

export const PAGE = defineResource({
  kind: "page",
  typeName: TYPE_NAMES.page,
  doc: "A public status page of the service, taken over by its uuid and kept in the declared state; releasing it leaves it as it is.",
  fields: [
    identityField("page"),
    { name: "name", schema: nonEmptyText(255), type: { type: "string" }, doc: "not blank, ≤ 255 characters" },
    { name: "title", schema: text(255), type: { type: "string" }, doc: "≤ 255" },
    {
      name: "slug",
      type: { type: "string" },
      schema: z.string({ error: (i) => `expected a string, got ${show(i.input)}` }).refine((s) => SLUG.test(s), {
        error: (i) => `${show(i.input)} is not URL-safe: use 1-100 lowercase letters, digits and hyphens, e.g. "acme-status"`,
      }),
      doc: "1-100 lowercase letters, digits, hyphens (`acme-status`)",
    },
    {
      name: "customDomain",
      type: { type: "string" },
      schema: z.string({ error: (i) => `expected a host name string, got ${show(i.input)}` }).superRefine((s, ctx) => {
        const problem = customDomainProblem(s);
        if (problem) ctx.addIssue({ code: "custom", message: `${show(s)}: ${problem}` });
      }),
      doc: "a host name with at least one dot, no scheme, port or path (`status.example.com`); stored in lower case",
    },
    {
      name: "useGroups",
      schema: bool(),
      type: { type: "boolean" },
      doc: "`true`: items are group uuids; `false`: monitor uuids",
      readme: { required: "when `items` is not empty" },
    },
    {
      name: "items",
      type: { type: "array", items: { type: "string" } },
      emptyIsUnset: true,
      schema: z
        .array(uuidRef(), { error: (i) => `expected a list of monitor or group uuids, got ${show(i.input)}` })
        .refine((items) => new Set(items).size === items.length, { error: "an item uuid is listed twice; list each once" }),
      doc: "uuids, each once; the order is the order on the page (reordering is a change)",
    },
    { name: "description", schema: text(4096), type: { type: "string" }, doc: "≤ 4096" },
    image("logo", "Logo"),
    image("favicon", "Favicon"),
    {
      name: "googleAnalitycsId",
      aliases: ["googleAnalyticsId"],
      type: { type: "string" },
      schema: nonEmptyText(64).refine((s) => !/\s/.test(s), { error: "must not contain white space, e.g. G-ABC123XYZ" }),
      doc: "the API's spelling; `googleAnalyticsId` is accepted as an alias (both with different values is an error)",
    },
  ],
  providerInputs: {},
  extraOutputs: {
    logoSha256: {
      type: { type: "string" },
      doc: "sha256 (hex) of the logo bytes last uploaded; unset when the service's logo is not one this resource uploaded.",
    },
    faviconSha256: { type: { type: "string" }, doc: "sha256 (hex) of the favicon bytes last uploaded." },
    ...TIMESTAMPS,
  },
});
