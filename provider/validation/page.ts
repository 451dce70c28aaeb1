// Page inputs.
import { CheckResult, isUnknown, programArgs } from "../model/values";
import { schemaFailures } from "./failures";
import { ImageSource, fileImageSource, loadImage } from "./image";
import { canonicalNames, checkedInputs, inputsSchema } from "../model/engine";
import type { InputsOf } from "../model/field";
import { PAGE } from "../model/page";

export const PAGE_IMAGE_FIELDS = ["logo", "favicon"] as const;
export type PageImageField = (typeof PAGE_IMAGE_FIELDS)[number];

export const PageInputs = inputsSchema(PAGE);
export type PageInputs = InputsOf<typeof PAGE>;

/**
 * `googleAnalyticsId` as `googleAnalitycsId` (the API's spelling), customDomain in lower case, images read
 * into `{ sha256, path }`. Values still unknown in a preview are never rejected nor read.
 */
export async function checkPageArgs(raw: Record<string, unknown>, images: ImageSource = fileImageSource): Promise<CheckResult<PageInputs>> {
  const args = programArgs(raw);
  const failures = canonicalNames(PAGE, args);
  if (typeof args.customDomain === "string" && !isUnknown(args.customDomain)) args.customDomain = args.customDomain.toLowerCase();
  for (const field of PAGE_IMAGE_FIELDS) {
    const image = args[field];
    if (image && typeof image === "object" && "base64" in image) {
      failures.push({
        property: field,
        problem:
          `inline base64 is not accepted (it would be stored in the state); write the image to a file ` +
          `in the project and give { path: "<file>" }, e.g. uptime.imageFile("${field}.png")`,
      });
      delete args[field];
    }
  }
  failures.push(...schemaFailures(PAGE, PageInputs, args));
  if (Array.isArray(args.items) && args.items.length > 0 && args.useGroups === undefined) {
    const problem = "required with items, to say what the uuids are: false for monitor uuids, true for group uuids";
    failures.push({ property: "useGroups", problem });
  }
  for (const field of PAGE_IMAGE_FIELDS) {
    // The unknown sentinel is a string: not read.
    const image = args[field] as { path?: unknown } | undefined;
    if (typeof image !== "object" || typeof image.path !== "string" || isUnknown(image.path)) continue;
    if (failures.some((f) => f.property === field || f.property.startsWith(`${field}.`))) continue;
    const loaded = await loadImage(image.path, images);
    if (loaded.ok) args[field] = loaded.ref;
    else failures.push({ property: field, problem: loaded.problem });
  }
  return { inputs: checkedInputs(PAGE, args), failures, warnings: [] };
}
