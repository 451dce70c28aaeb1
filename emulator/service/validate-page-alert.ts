// Page and alert edit bodies (and the page, alert and webhook objects of a seed or the admin API),
// checked against the document's fields and types. Unknown keys are rejected.

import { ValidationError } from "./errors";
import { RECIPIENT_TYPES } from "../types";
import {
  expectArray,
  expectBoolean,
  expectObject,
  expectString,
  has,
  JsonObject,
  nullable,
  optional,
  rejectUnknownKeys,
  stringArray,
} from "./validate-primitives";

export const PAGE_KEYS = [
  "name",
  "title",
  "slug",
  "customDomain",
  "useGroups",
  "items",
  "description",
  "logoFileBase64",
  "faviconFileBase64",
  "googleAnalitycsId",
] as const;
export const ALERT_KEYS = ["name", "up", "degraded", "disrupted", "down", "maintenance", "recipients"] as const;
export const WEBHOOK_KEYS = ["topic", "url"] as const;

/** Page fields present in the body; images are still base64 text here (null clears). */
export interface PageEdit {
  name?: string | null;
  title?: string | null;
  slug?: string | null;
  customDomain?: string | null;
  useGroups?: boolean | null;
  items?: string[] | null;
  description?: string | null;
  logoFileBase64?: string | null;
  faviconFileBase64?: string | null;
  googleAnalitycsId?: string | null;
}

export interface RecipientInput {
  type: string;
  target: string;
  uuid?: string;
}

export interface AlertEdit {
  name?: string | null;
  up?: boolean | null;
  degraded?: boolean | null;
  disrupted?: boolean | null;
  down?: boolean | null;
  maintenance?: boolean | null;
  recipients?: RecipientInput[] | null;
}

const nullableString = nullable((v, p) => expectString(v, p));
const nullableBoolean = nullable(expectBoolean);

/** extraKeys lets seeds and the admin API give a uuid. */
// API document, "Page"; "PATCH /pages/{uuid}" (the body's fields).
export function parsePageBody(body: unknown, extraKeys: readonly string[] = []): PageEdit {
  const obj = expectObject(body, "");
  rejectUnknownKeys(obj, [...PAGE_KEYS, ...extraKeys], "");
  const edit: PageEdit = {};
  for (const key of [
    "name",
    "title",
    "slug",
    "customDomain",
    "description",
    "logoFileBase64",
    "faviconFileBase64",
    "googleAnalitycsId",
  ] as const) {
    const value = optional(obj, key, "", nullableString);
    if (value !== undefined) edit[key] = value;
  }
  const useGroups = optional(obj, "useGroups", "", nullableBoolean);
  if (useGroups !== undefined) edit.useGroups = useGroups;
  const items = optional(obj, "items", "", nullable(stringArray));
  if (items !== undefined) edit.items = items;
  return edit;
}

// API document, "AlertRecipient".
function recipient(value: unknown, path: string, allowUuid: boolean): RecipientInput {
  const obj = expectObject(value, path);
  rejectUnknownKeys(obj, allowUuid ? ["type", "target", "uuid"] : ["type", "target"], path);
  if (!has(obj, "type")) throw new ValidationError(`${path}.type`, "required");
  if (!has(obj, "target")) throw new ValidationError(`${path}.target`, "required");
  const type = expectString(obj.type, `${path}.type`);
  if (!(RECIPIENT_TYPES as readonly string[]).includes(type)) {
    throw new ValidationError(`${path}.type`, `expected one of ${RECIPIENT_TYPES.join(", ")}`);
  }
  const out: RecipientInput = { type, target: expectString(obj.target, `${path}.target`) };
  if (allowUuid && has(obj, "uuid")) out.uuid = expectString(obj.uuid, `${path}.uuid`, true);
  return out;
}

/** extraKeys lets seeds and the admin API give a uuid (for the alert and its recipients). */
// API document, "Alert"; "PATCH /alerts/{uuid}" (the body's fields).
export function parseAlertBody(body: unknown, extraKeys: readonly string[] = []): AlertEdit {
  const obj = expectObject(body, "");
  rejectUnknownKeys(obj, [...ALERT_KEYS, ...extraKeys], "");
  const edit: AlertEdit = {};
  const name = optional(obj, "name", "", nullableString);
  if (name !== undefined) edit.name = name;
  for (const key of ["up", "degraded", "disrupted", "down", "maintenance"] as const) {
    const value = optional(obj, key, "", nullableBoolean);
    if (value !== undefined) edit[key] = value;
  }
  const allowUuid = extraKeys.includes("uuid");
  const recipients = optional(
    obj,
    "recipients",
    "",
    nullable((v, p) => expectArray(v, p, (r, rp) => recipient(r, rp, allowUuid))),
  );
  if (recipients !== undefined) edit.recipients = recipients;
  return edit;
}

/** A webhook subscription (seed or admin API): topic and url are required strings. */
// API document, "Webhook subscription" (admin API only: the document shows no create).
export function parseWebhookBody(
  body: unknown,
  mode: "create" | "edit",
  extraKeys: readonly string[] = [],
): { topic?: string; url?: string } {
  const obj: JsonObject = expectObject(body, "");
  rejectUnknownKeys(obj, [...WEBHOOK_KEYS, ...extraKeys], "");
  const out: { topic?: string; url?: string } = {};
  for (const key of WEBHOOK_KEYS) {
    if (!has(obj, key)) {
      if (mode === "create") throw new ValidationError(key, "required");
      continue;
    }
    out[key] = expectString(obj[key], key, true);
  }
  return out;
}
