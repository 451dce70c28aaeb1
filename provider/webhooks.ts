// The webhook lookup: every page of GET /webhooks. It ends on an empty page, a page with nothing new (the
// offset ignored), recordsCount reached, or a cap of pages: no server can make it run forever.
import { ClientLogger, UptimeClient } from "./api/client";
import type { WebhookRecord } from "./api/schemas";
import { clientOptions, environmentOf, readSettings, settingWords } from "./config";
import { CheckFailure, failureText, show } from "./model/values";

type Timestamp = "createdAt" | "updatedAt";
/** A record as listed: a timestamp the service left empty is left out. */
export type WebhookSubscription = Omit<WebhookRecord, Timestamp> & { [K in Timestamp]?: string };

export interface WebhookList {
  webhooks: WebhookSubscription[];
  count: number;
}

export interface ListWebhooksOptions {
  /** Only subscriptions with this topic (filtered here: the API shows no filter parameter). */
  topic?: string;
  /** Records asked per page. @default 100 */
  pageSize?: number;
  /** Pages read at most before giving up with an error. @default 1000 */
  maxPages?: number;
  /** Told when the service stops paginating before recordsCount records came back. */
  warn?: (message: string) => void;
}

function subscription({ uuid, topic, url, createdAt, updatedAt }: WebhookRecord): WebhookSubscription {
  return { uuid, topic, url, ...(createdAt ? { createdAt } : {}), ...(updatedAt ? { updatedAt } : {}) };
}

// `null` is "not given", as for resource inputs.
const given = (value: unknown): boolean => value !== undefined && value !== null;

export function checkWebhooksArgs(options: { topic?: unknown; pageSize?: unknown; maxPages?: unknown }): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const add = (property: string, problem: string) => failures.push({ property, problem });
  const { topic, pageSize, maxPages } = options;
  if (given(topic)) {
    if (typeof topic !== "string") add("topic", `expected a topic string such as "monitors/status_change", got ${show(topic)}`);
    else if (topic.length === 0)
      add("topic", "must not be empty; give a topic such as monitors/status_change, or leave topic out to list every subscription");
    else if (topic.length > 200) add("topic", `longer than 200 characters (${topic.length}); give a topic such as monitors/status_change`);
    else if (/\s/.test(topic)) add("topic", `${show(topic)} contains white space; topics have none, e.g. monitors/status_change`);
  }
  const whole = (value: unknown, min: number, max: number) =>
    typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
  if (given(pageSize) && !whole(pageSize, 1, 100)) add("pageSize", `must be a whole number 1-100, got ${show(pageSize)}`);
  if (given(maxPages) && !whole(maxPages, 1, Number.MAX_SAFE_INTEGER))
    add("maxPages", `must be a whole number >= 1, got ${show(maxPages)}`);
  return failures;
}

/** Its arguments checked by the caller (checkWebhooksArgs), before any request. */
export async function listWebhooks(client: UptimeClient, options: ListWebhooksOptions = {}): Promise<WebhookList> {
  const pageSize = options.pageSize ?? 100;
  const maxPages = options.maxPages ?? 1000;
  const byUuid = new Map<string, WebhookSubscription>();
  let recordOffset = 0;
  let recordsCount: number | undefined;
  for (let pages = 0; ; pages++) {
    if (pages >= maxPages) {
      throw new Error(
        `GET /webhooks: still not at the end after ${maxPages} pages (${byUuid.size} subscriptions` +
          `${recordsCount === undefined ? "" : ` of ${recordsCount}`}); the service's pagination looks broken`,
      );
    }
    const page = await client.webhooks.listPage({ recordOffset, pageSize });
    recordsCount = page.paginator?.recordsCount ?? recordsCount;
    if (page.webhook.length === 0) break;
    const fresh = page.webhook.filter((w) => !byUuid.has(w.uuid));
    if (fresh.length === 0) {
      // The service ignores recordOffset: what we have is all we can get.
      if (recordsCount !== undefined && byUuid.size < recordsCount) {
        options.warn?.(
          `GET /webhooks: the service answered recordOffset=${recordOffset} with records already listed, so only ` +
            `${byUuid.size} of its ${recordsCount} subscriptions could be read`,
        );
      }
      break;
    }
    for (const record of fresh) byUuid.set(record.uuid, subscription(record));
    if (recordsCount !== undefined && byUuid.size >= recordsCount) break;
    recordOffset += page.webhook.length;
  }
  const all = [...byUuid.values()];
  const webhooks = given(options.topic) ? all.filter((w) => w.topic === options.topic) : all;
  return { webhooks, count: webhooks.length };
}

/** As the SDK runs it, in the program: `get(key)` reads `uptime:<key>` (or an Account's settings). */
export async function lookupWebhooks(
  get: (key: string) => string | undefined,
  options: ListWebhooksOptions & { log?: ClientLogger } = {},
  /** The Account's name; undefined for the stack's settings. */
  account?: string,
): Promise<WebhookList> {
  // The arguments first: a bad one is reported even while the provider's settings are missing too. No
  // "getWebhooks: " prefix: the SDK puts it in front of every message of the lookup.
  const failures = checkWebhooksArgs(options);
  if (failures.length > 0) throw new Error(failures.map((f) => failureText(f)).join("; "));
  const words = settingWords(account);
  const client = new UptimeClient({ ...clientOptions(readSettings(get, environmentOf(account), words), words), log: options.log });
  return listWebhooks(client, { warn: options.log?.warn, ...options });
}
