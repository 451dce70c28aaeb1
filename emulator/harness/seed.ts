// Seeds: pages, alerts and webhook subscriptions cannot be created through the documented API,
// so they (and any monitors) come from a JSON seed file or the admin API.

import { readFileSync } from "node:fs";
import { ApiError } from "../service/errors";
import type { Store } from "../service/store";
import type { SeedData } from "../types";
import { parseMonitorBody } from "../service/validate-monitor";
import { parseAlertBody, parsePageBody, parseWebhookBody } from "../service/validate-page-alert";
import { expectArray, expectObject, expectString, has, JsonObject, rejectUnknownKeys } from "../service/validate-primitives";

export function loadSeedFile(path: string): SeedData {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`seed file ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return JSON.parse(text) as SeedData;
  } catch (error) {
    throw new Error(`seed file ${path}: not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** Takes the optional uuid out of a seeded object, leaving the fields its parser knows. */
function splitUuid(value: unknown, path: string): { uuid?: string; fields: JsonObject } {
  const { uuid, ...fields } = expectObject(value, path);
  return uuid === undefined ? { fields } : { uuid: expectString(uuid, `${path}.uuid`, true), fields };
}

function withPrefix<T>(path: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, error.code, `${path}: ${error.message}`);
    throw error;
  }
}

/** Adds every object of the seed (an object with a known uuid replaces it). All or nothing. */
export function applySeed(store: Store, seed: unknown): void {
  const data = expectObject(seed, "");
  rejectUnknownKeys(data, ["monitors", "pages", "alerts", "webhooks"], "");
  const list = (key: string) => (has(data, key) ? expectArray(data[key], key, (v) => v) : []);
  const before = store.snapshot();
  try {
    list("alerts").forEach((item, i) =>
      withPrefix(`alerts[${i}]`, () => {
        const { uuid, fields } = splitUuid(item, `alerts[${i}]`);
        store.upsertAlert(parseAlertBody(fields, ["uuid"]), uuid);
      }),
    );
    list("monitors").forEach((item, i) =>
      withPrefix(`monitors[${i}]`, () => {
        const { uuid, fields } = splitUuid(item, `monitors[${i}]`);
        store.createMonitor(
          parseMonitorBody(fields, "create", (id) => store.alerts.has(id)),
          uuid,
        );
      }),
    );
    list("pages").forEach((item, i) =>
      withPrefix(`pages[${i}]`, () => {
        const { uuid, fields } = splitUuid(item, `pages[${i}]`);
        store.upsertPage(parsePageBody(fields), uuid);
      }),
    );
    list("webhooks").forEach((item, i) =>
      withPrefix(`webhooks[${i}]`, () => {
        const { uuid, fields } = splitUuid(item, `webhooks[${i}]`);
        store.upsertWebhook(parseWebhookBody(fields, "create"), uuid);
      }),
    );
  } catch (error) {
    store.load(before);
    store.changed();
    throw error;
  }
}
