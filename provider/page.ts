// The Page resource: an existing status page taken over by uuid. Pages cannot be created or deleted
// through the API, so create PATCHes the page to the declared state and delete only releases it.
// State keeps the record (nulls dropped, image URLs as logoUrl/faviconUrl), the sha256 of each
// image last sent, and `declaredFields`, so diff can tell "removed by the user" from "never set".
import type { UptimeClient } from "./api/client";
import type { ApiError } from "./api/errors";
import { isGone, isUnsupported } from "./gone";
import type { PageRequestBody } from "./api/requests";
import type { PageRecord } from "./api/schemas";
import { stableEqual } from "./compare";
import { CheckFailure, containsUnknown, dropNulls } from "./inputs/common";
import { ImageRef, ImageSource, fileImageSource, loadImage } from "./inputs/image";
import { PAGE_FIELDS, PAGE_IMAGE_FIELDS, PageField, PageImageField, checkPageArgs } from "./inputs/page";

export type PageOutputs = Record<string, unknown> & { uuid: string; declaredFields: string[] };

const IMAGE_KEYS = {
  logo: { wire: "logoFileBase64", url: "logoUrl", sha: "logoSha256" },
  favicon: { wire: "faviconFileBase64", url: "faviconUrl", sha: "faviconSha256" },
} as const;

const describe = (inputs: Record<string, unknown>, uuid: string) =>
  `page ${uuid}${typeof inputs.name === "string" ? ` (${JSON.stringify(inputs.name)})` : ""}`;

export function checkPage(news: Record<string, unknown>, images?: ImageSource): Promise<{ inputs: Record<string, unknown>; failures: CheckFailure[]; warnings: string[] }> {
  return checkPageArgs(news, images);
}

/**
 * Outputs kept in state: the record without nulls, its image URLs as `logoUrl`/`faviconUrl` (the
 * record calls them `*FileBase64`), the hash of each image whose URL is the one we uploaded, and
 * which fields the program declares.
 */
export function pageOutputs(
  record: PageRecord, declared: readonly string[], hashes: Partial<Record<PageImageField, string>>, refs: Record<string, unknown> = {},
): PageOutputs {
  const { logoFileBase64, faviconFileBase64, ...rest } = dropNulls(record) as Record<string, unknown>;
  const outs: Record<string, unknown> = { ...rest };
  const urls: Record<PageImageField, unknown> = { logo: logoFileBase64, favicon: faviconFileBase64 };
  for (const field of PAGE_IMAGE_FIELDS) {
    if (urls[field] === undefined) continue;
    outs[IMAGE_KEYS[field].url] = urls[field];
    if (hashes[field] === undefined) continue;
    outs[IMAGE_KEYS[field].sha] = hashes[field];
    // The declared file as well, so that a refresh hands back the input the program wrote (its path included).
    const ref = refs[field] as Partial<ImageRef> | undefined;
    if (ref && ref.sha256 === hashes[field] && typeof ref.path === "string") outs[field] = { path: ref.path, sha256: ref.sha256 };
  }
  return { ...outs, uuid: record.uuid, declaredFields: PAGE_FIELDS.filter((f) => declared.includes(f)) };
}

/** A stored value (from outputs) in the canonical input form: images by their hash. */
function storedValue(olds: Record<string, unknown>, field: PageField): unknown {
  if (field === "logo" || field === "favicon") {
    const sha = olds[IMAGE_KEYS[field].sha];
    return sha === undefined ? undefined : { sha256: sha };
  }
  const value = olds[field];
  return Array.isArray(value) && value.length === 0 ? undefined : value;
}

function declaredValue(news: Record<string, unknown>, field: PageField): unknown {
  const value = news[field];
  if (field === "logo" || field === "favicon") {
    if (value === undefined || containsUnknown(value)) return value;
    return { sha256: (value as ImageRef).sha256 };
  }
  return Array.isArray(value) && value.length === 0 ? undefined : value;
}

const declaredFieldsOf = (olds: Record<string, unknown>): string[] =>
  Array.isArray(olds.declaredFields) ? (olds.declaredFields as string[]) : [];

/**
 * diff(): the declared fields (now or before) against the stored record. `items` are ordered (the
 * order on the page); images compare by the sha256 of their bytes; an empty list equals no list.
 * A different `uuid` is another page: replace (take the new one over, release the old one).
 */
export function diffPage(olds: Record<string, unknown>, news: Record<string, unknown>): { changes: boolean; replaces: string[]; changed: string[] } {
  const changed: string[] = [];
  if (containsUnknown(news.uuid) || news.uuid !== olds.uuid) changed.push("uuid");
  const fields = new Set<string>([...PAGE_FIELDS.filter((f) => news[f] !== undefined), ...declaredFieldsOf(olds)]);
  for (const field of PAGE_FIELDS) {
    if (!fields.has(field)) continue;
    const next = declaredValue(news, field);
    if (containsUnknown(next) || !stableEqual(storedValue(olds, field), next)) changed.push(field);
  }
  return { changes: changed.length > 0, replaces: changed.filter((f) => f === "uuid"), changed };
}

/** Reads an image again at apply time; it must still be the bytes check() hashed. */
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

/**
 * The PATCH body: every declared field, images only those in `sendImages` (others are left as the
 * service has them), and `null` for each field in `removed`.
 */
export async function pageRequestBody(
  inputs: Record<string, unknown>, options: { sendImages: PageImageField[]; removed?: string[]; images?: ImageSource },
): Promise<PageRequestBody> {
  const body: Record<string, unknown> = {};
  for (const field of PAGE_FIELDS) {
    const value = inputs[field];
    if (value === undefined) continue;
    if (field === "logo" || field === "favicon") {
      if (options.sendImages.includes(field)) body[IMAGE_KEYS[field].wire] = await imageBase64(field, value as ImageRef, options.images ?? fileImageSource);
    } else {
      body[field] = value;
    }
  }
  for (const field of options.removed ?? []) {
    if (inputs[field] !== undefined) continue; // declared (an image kept as is), so not removed
    const wire = field === "logo" || field === "favicon" ? IMAGE_KEYS[field].wire : field;
    if (body[wire] === undefined) body[wire] = null;
  }
  return body as PageRequestBody;
}

/** The error for a failed PATCH: a proven 404/410 (gone.ts) says the uuid names no page. */
async function notFound(client: UptimeClient, error: unknown, inputs: Record<string, unknown>, uuid: string): Promise<unknown> {
  if (await isGone(client, error)) {
    return new Error(
      `${describe(inputs, uuid)}: the service has no page with this uuid (${(error as ApiError).status}). Pages cannot be created through ` +
      `the API, only taken over: create it in the service's dashboard and put its uuid here.`,
      { cause: error },
    );
  }
  return error;
}

const hashesOf = (inputs: Record<string, unknown>, fields: readonly PageImageField[]): Partial<Record<PageImageField, string>> =>
  Object.fromEntries(fields.filter((f) => inputs[f] !== undefined).map((f) => [f, (inputs[f] as ImageRef).sha256]));

/** create(): takes the page over by PATCHing the declared fields (images included) onto it. */
export async function createPage(client: UptimeClient, inputs: Record<string, unknown>, images?: ImageSource): Promise<{ id: string; outs: PageOutputs }> {
  const uuid = inputs.uuid as string;
  const declared = PAGE_FIELDS.filter((f) => inputs[f] !== undefined);
  const sendImages = PAGE_IMAGE_FIELDS.filter((f) => inputs[f] !== undefined);
  let record: PageRecord;
  try {
    record = await client.pages.update(uuid, await pageRequestBody(inputs, { sendImages, images }));
  } catch (error) {
    throw await notFound(client, error, inputs, uuid);
  }
  return { id: record.uuid, outs: pageOutputs(record, declared, hashesOf(inputs, sendImages), inputs) };
}

/**
 * update(): PATCHes the full declared state, `null` for fields removed since the last update. An
 * image is sent only when its bytes changed; one the service replaced behind our back (its URL is
 * not the one we uploaded) loses its hash, so the next update sends it again.
 */
export async function updatePage(
  client: UptimeClient, id: string, olds: Record<string, unknown>, news: Record<string, unknown>, images?: ImageSource,
): Promise<{ outs: PageOutputs }> {
  const removed = declaredFieldsOf(olds).filter((f) => news[f] === undefined);
  const sendImages = PAGE_IMAGE_FIELDS.filter(
    (f) => news[f] !== undefined && (news[f] as ImageRef).sha256 !== olds[IMAGE_KEYS[f].sha],
  );
  let record: PageRecord;
  try {
    record = await client.pages.update(id, await pageRequestBody(news, { sendImages, removed, images }));
  } catch (error) {
    throw await notFound(client, error, news, id);
  }
  const hashes = hashesOf(news, PAGE_IMAGE_FIELDS);
  for (const field of PAGE_IMAGE_FIELDS) {
    const url = field === "logo" ? record.logoFileBase64 : record.faviconFileBase64;
    if (!sendImages.includes(field) && url !== olds[IMAGE_KEYS[field].url]) delete hashes[field];
  }
  const declared = PAGE_FIELDS.filter((f) => news[f] !== undefined);
  return { outs: pageOutputs(record, declared, hashes, news) };
}

export type PageReadOutcome =
  | { kind: "found"; id: string; props: PageOutputs; inputs: Record<string, unknown> }
  | { kind: "gone" }
  | { kind: "unsupported"; status: number };

/**
 * read() for refresh: a proven 404/410 means gone (gone.ts); 405/501 mean the service cannot read pages. An image
 * keeps its hash only while the service still has the URL we uploaded.
 */
export async function readPage(client: UptimeClient, id: string, props: Record<string, unknown>): Promise<PageReadOutcome> {
  let record: PageRecord;
  try {
    record = await client.pages.get(id);
  } catch (error) {
    if (await isGone(client, error)) return { kind: "gone" };
    if (isUnsupported(error)) return { kind: "unsupported", status: error.status };
    throw error;
  }
  const declared = Array.isArray(props.declaredFields) ? (props.declaredFields as string[]) : [];
  const hashes: Partial<Record<PageImageField, string>> = {};
  for (const field of PAGE_IMAGE_FIELDS) {
    const url = field === "logo" ? record.logoFileBase64 : record.faviconFileBase64;
    const sha = props[IMAGE_KEYS[field].sha];
    if (typeof sha === "string" && url && url === props[IMAGE_KEYS[field].url]) hashes[field] = sha;
  }
  const outs = pageOutputs(record, declared, hashes, props);
  const inputs: Record<string, unknown> = { uuid: record.uuid };
  for (const field of declared as PageField[]) {
    const value = field === "logo" || field === "favicon" ? (outs[field] ?? (hashes[field] ? { sha256: hashes[field] } : undefined)) : outs[field];
    if (value !== undefined) inputs[field] = value;
  }
  return { kind: "found", id: record.uuid, props: outs, inputs };
}

/** The message logged when a page leaves the stack: no request is made. */
export function releaseMessage(id: string, props: Record<string, unknown>): string {
  return `${describe(props, id)} released: removed from the stack and left in the service as it is (pages cannot be deleted through the API)`;
}
