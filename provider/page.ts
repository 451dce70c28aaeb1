// The Page resource: a status page taken over by uuid (adopted.ts). Its state keeps the sha256 of each image sent.
import { adoptedLifecycle } from "./adopted";
import type { PageRecord } from "./model/records";
import { ImageRef, ImageSource, fileImageSource, loadImage } from "./validation/image";
import { PAGE_IMAGE_FIELDS, PageImageField, checkPageArgs } from "./validation/page";
import { declaredOf, declaredPaths, inputsFromRecord, outputsFromRecord, removedFields, requestBody } from "./model/engine";
import type { BodyOf, InputsOf, OutputsOf } from "./model/field";
import { PAGE } from "./model/page";

export type PageInputs = InputsOf<typeof PAGE>;
export type PageOutputs = OutputsOf<typeof PAGE, PageRecord>;

/** An image's URL in the record; in the state, its URL and the sha256 of the bytes sent. */
const IMAGE_KEYS = {
  logo: { record: "logoFileBase64", url: "logoUrl", sha: "logoSha256" },
  favicon: { record: "faviconFileBase64", url: "faviconUrl", sha: "faviconSha256" },
} as const;

/** The record's `*FileBase64` URLs as `logoUrl`/`faviconUrl`, with the hash of each image whose URL is ours. */
export function pageOutputs(
  record: PageRecord,
  declared: readonly string[],
  hashes: Partial<Record<PageImageField, string>>,
  refs: Partial<PageInputs> = {},
): PageOutputs {
  const outs = outputsFromRecord(PAGE, record, declared);
  for (const field of PAGE_IMAGE_FIELDS) {
    const sha = hashes[field];
    if (outs[IMAGE_KEYS[field].url] === undefined || sha === undefined) continue;
    outs[IMAGE_KEYS[field].sha] = sha;
    // So that a refresh hands back the input the program wrote.
    const ref = refs[field];
    if (ref && ref.sha256 === sha) outs[field] = { path: ref.path, sha256: sha };
  }
  return outs;
}

/** At apply time, the image must still be the bytes check() hashed. */
async function imageBase64(field: PageImageField, ref: ImageRef, source: ImageSource): Promise<string> {
  const loaded = await loadImage(ref.path, source);
  if (!loaded.ok) throw new Error(`${field}: ${loaded.problem}`);
  if (loaded.ref.sha256 !== ref.sha256) {
    throw new Error(
      `${field}: ${JSON.stringify(ref.path)} changed after it was checked (sha256 ${ref.sha256.slice(0, 12)}… then, ` +
        `${loaded.ref.sha256.slice(0, 12)}… now); nothing was sent. Run the update again once the file is final.`,
    );
  }
  return loaded.bytes.toString("base64");
}

/** Images only those in `sendImages`: others are left as the service has them. */
export async function pageRequestBody(
  inputs: PageInputs,
  options: { sendImages: PageImageField[]; removed?: string[]; images?: ImageSource },
): Promise<BodyOf<typeof PAGE>> {
  const files: Partial<Record<PageImageField, string>> = {};
  for (const field of options.sendImages) {
    const ref = inputs[field];
    if (ref !== undefined)
      files[field] = await imageBase64(field, { path: ref.path, sha256: ref.sha256 ?? "" }, options.images ?? fileImageSource);
  }
  return requestBody(PAGE, inputs, { forEdit: true, removed: options.removed, files });
}

/** Every declared one when the page is taken over, then those whose bytes changed. */
const imagesToSend = (news: PageInputs, olds: PageOutputs | undefined): PageImageField[] =>
  PAGE_IMAGE_FIELDS.filter((f) => news[f] !== undefined && (!olds || news[f]?.sha256 !== olds[IMAGE_KEYS[f].sha]));

export const pages = adoptedLifecycle({
  spec: PAGE,
  check: checkPageArgs,
  patch: (client, uuid, body) => client.pages.update(uuid, body),
  get: (client, uuid) => client.pages.get(uuid),
  body: (news, olds, images) =>
    pageRequestBody(news, { sendImages: imagesToSend(news, olds), removed: olds ? removedFields(olds, news) : undefined, images }),
  outputs(record, news, olds) {
    const sent = imagesToSend(news, olds);
    const hashes: Partial<Record<PageImageField, string>> = {};
    for (const field of olds ? PAGE_IMAGE_FIELDS : sent) {
      // One the service replaced (not our URL) loses its hash, so the next update sends it again.
      const replaced = olds && !sent.includes(field) && record[IMAGE_KEYS[field].record] !== olds[IMAGE_KEYS[field].url];
      if (!replaced) hashes[field] = news[field]?.sha256;
    }
    return pageOutputs(record, declaredPaths(PAGE, news), hashes, news);
  },
  // An image keeps its hash only while the service still has the URL we uploaded.
  readBack(record, props) {
    const declared = declaredOf(props);
    const hashes: Partial<Record<PageImageField, string>> = {};
    for (const field of PAGE_IMAGE_FIELDS) {
      const url = record[IMAGE_KEYS[field].record];
      const sha = props[IMAGE_KEYS[field].sha];
      if (typeof sha === "string" && url && url === props[IMAGE_KEYS[field].url]) hashes[field] = sha;
    }
    const outs = pageOutputs(record, declared, hashes, props);
    const inputs = inputsFromRecord(PAGE, outs, { ...props, declaredFields: declared });
    for (const field of PAGE_IMAGE_FIELDS) {
      const file = outs[field];
      if (declared.includes(field) && file !== undefined) inputs[field] = file;
    }
    return { props: outs, inputs };
  },
});
