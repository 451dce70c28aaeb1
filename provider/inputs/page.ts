// Page inputs: the alias spelling of the analytics id, host and slug rules, ordered items, and the
// images, which check() reads from their files and turns into `{ sha256, path }`.
import { z } from "zod";
import {
  CheckFailure, CheckResult, bool, dropNulls, isHostName, isUnknown, nonEmptyText, show, text, toFailures, unknownPaths,
  uuidRef,
} from "./common";
import { ImageSource, fileImageSource, loadImage } from "./image";

/** Canonical input fields the service keeps, in the order of the API document (images by their input names). */
export const PAGE_FIELDS = [
  "name", "title", "slug", "customDomain", "useGroups", "items", "description", "logo", "favicon", "googleAnalitycsId",
] as const;
export type PageField = (typeof PAGE_FIELDS)[number];
export const PAGE_IMAGE_FIELDS = ["logo", "favicon"] as const;
export type PageImageField = (typeof PAGE_IMAGE_FIELDS)[number];

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

/** The inputs after normalization; images still as the user gave them (`{ path }`). */
export const PageInputs = z.strictObject({
  uuid: uuidRef(),
  name: nonEmptyText(255).optional(),
  title: text(255).optional(),
  slug: z
    .string({ error: (i) => `expected a string, got ${show(i.input)}` })
    .refine((s) => SLUG.test(s), { error: (i) => `${show(i.input)} is not URL-safe: use 1-100 lowercase letters, digits and hyphens, e.g. "acme-status"` })
    .optional(),
  customDomain: z
    .string({ error: (i) => `expected a host name string, got ${show(i.input)}` })
    .superRefine((s, ctx) => {
      const problem = customDomainProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: `${show(s)}: ${problem}` });
    })
    .optional(),
  useGroups: bool().optional(),
  items: z
    .array(uuidRef(), { error: (i) => `expected a list of monitor or group uuids, got ${show(i.input)}` })
    .refine((items) => new Set(items).size === items.length, { error: "an item uuid is listed twice; list each once" })
    .optional(),
  description: text(4096).optional(),
  logo: ImageInput.optional(),
  favicon: ImageInput.optional(),
  googleAnalitycsId: nonEmptyText(64)
    .refine((s) => !/\s/.test(s), { error: "must not contain white space, e.g. G-ABC123XYZ" })
    .optional(),
});

/**
 * Canonical spellings: `googleAnalyticsId` (correct spelling) -> `googleAnalitycsId` (the API's),
 * customDomain in lower case. `null` means "not set". Both spellings with different values is a failure.
 */
export function normalizePageArgs(raw: Record<string, unknown>): { args: Record<string, unknown>; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  const args = dropNulls(Object.fromEntries(Object.entries(raw).filter(([k]) => k !== "__provider"))) as Record<string, unknown>;
  if ("googleAnalyticsId" in args) {
    if ("googleAnalitycsId" in args && JSON.stringify(args.googleAnalitycsId) !== JSON.stringify(args.googleAnalyticsId)) {
      failures.push({
        property: "googleAnalyticsId",
        reason: "googleAnalyticsId and googleAnalitycsId are the same field with different values; keep only one",
      });
    }
    args.googleAnalitycsId = args.googleAnalyticsId;
    delete args.googleAnalyticsId;
  }
  if (typeof args.customDomain === "string" && !isUnknown(args.customDomain)) args.customDomain = args.customDomain.toLowerCase();
  for (const field of PAGE_IMAGE_FIELDS) {
    const image = args[field];
    if (image && typeof image === "object" && "base64" in image) {
      failures.push({
        property: field,
        reason:
          `${field}: inline base64 is not accepted (it would be stored in the state); write the image to a file ` +
          `in the project and give { path: "<file>" }, e.g. uptime.imageFile("${field}.png")`,
      });
      delete args[field];
    }
  }
  return { args, failures };
}

function crossFieldFailures(args: Record<string, unknown>): CheckFailure[] {
  const items = args.items;
  if (Array.isArray(items) && items.length > 0 && args.useGroups === undefined) {
    return [{
      property: "useGroups",
      reason: "useGroups: required with items, to say what the uuids are: false for monitor uuids, true for group uuids",
    }];
  }
  return [];
}

/**
 * check(): canonical inputs (images read and replaced by `{ sha256, path }`), failures that name the
 * field and the fix, warnings. Values still unknown in preview are never rejected nor read.
 */
export async function checkPageArgs(raw: Record<string, unknown>, images: ImageSource = fileImageSource): Promise<CheckResult<Record<string, unknown>>> {
  const { args, failures } = normalizePageArgs(raw);
  const parsed = PageInputs.safeParse(args);
  if (!parsed.success) failures.push(...toFailures(parsed.error.issues, unknownPaths(args)));
  failures.push(...crossFieldFailures(args));
  for (const field of PAGE_IMAGE_FIELDS) {
    const image = args[field] as { path?: unknown } | undefined;
    if (image === undefined || isUnknown(image) || typeof image !== "object" || typeof image.path !== "string" || isUnknown(image.path)) continue;
    if (failures.some((f) => f.property === field || f.property.startsWith(`${field}.`))) continue;
    const loaded = await loadImage(image.path, images);
    if (loaded.ok) args[field] = loaded.ref;
    else failures.push({ property: field, reason: `${field}: ${loaded.problem}` });
  }
  return { inputs: args, failures, warnings: [] };
}
