// The in-memory state of the service. Every method is synchronous, so a handler that reads its
// parsed body and writes here cannot interleave with another request: no lost or mixed writes.

import { randomUUID } from "node:crypto";
import { AssetStore, decodeStrictBase64 } from "./assets";
import { ApiError, notFound } from "./errors";
import { DEFAULT_STATUS, MonitorStatus } from "./monitor-status";
import type { AlertData, Kind, MonitorData, PageData, RecipientData, WebhookData } from "../types";
import type { MonitorFields } from "./validate-monitor";
import type { AlertEdit, PageEdit, RecipientInput } from "./validate-page-alert";

export interface StoredState {
  version: 1;
  monitors: MonitorData[];
  pages: PageData[];
  alerts: AlertData[];
  webhooks: WebhookData[];
  assets: Record<string, { contentType: string; base64: string }>;
  /** Monitors whose status is not Up; absent in files written before statuses existed. */
  statuses?: Record<string, MonitorStatus>;
}

type AnyData = MonitorData | PageData | AlertData | WebhookData;

export class Store {
  monitors = new Map<string, MonitorData>();
  pages = new Map<string, PageData>();
  alerts = new Map<string, AlertData>();
  webhooks = new Map<string, WebhookData>();
  assets = new AssetStore();
  /** Statuses other than the default, by monitor uuid (see monitor-status.ts). */
  statuses = new Map<string, MonitorStatus>();

  constructor(
    private readonly now: () => number,
    private readonly onChange: () => void = () => {},
  ) {}

  /** Tells the owner (persistence) that the state changed. */
  changed(): void {
    this.onChange();
  }

  map(kind: Kind): Map<string, AnyData> {
    return this[kind] as Map<string, AnyData>;
  }

  get<K extends Kind>(kind: K, uuid: string): StoreTypes[K] {
    const found = this.map(kind).get(uuid);
    if (!found) throw notFound(`${KIND_NAMES[kind]} "${uuid}"`);
    return found as StoreTypes[K];
  }

  createMonitor(fields: MonitorFields, uuid: string = randomUUID()): MonitorData {
    const monitor: MonitorData = { uuid, ...fields, createdAt: this.now(), updatedAt: null };
    this.monitors.set(uuid, monitor);
    this.statuses.delete(uuid); // a monitor seeded again under a known uuid starts Up
    this.onChange();
    return monitor;
  }

  /** Fields left out stay unchanged; present ones (null included) replace the stored value. */
  editMonitor(uuid: string, patch: Partial<MonitorFields> | Record<string, unknown>): MonitorData {
    const monitor = this.get("monitors", uuid);
    Object.assign(monitor, patch, { updatedAt: this.now() });
    this.onChange();
    return monitor;
  }

  statusOf(uuid: string): MonitorStatus {
    return this.statuses.get(uuid) ?? DEFAULT_STATUS;
  }

  setStatus(uuid: string, status: MonitorStatus): void {
    this.get("monitors", uuid);
    if (status === DEFAULT_STATUS) this.statuses.delete(uuid);
    else this.statuses.set(uuid, status);
    this.onChange();
  }

  /** Creates a page (uuid given or generated), or edits an existing one when uuid is known. */
  upsertPage(edit: PageEdit, uuid?: string): PageData {
    const images = this.decodeImages(edit);
    let page = uuid === undefined ? undefined : this.pages.get(uuid);
    if (!page) {
      page = {
        uuid: uuid ?? randomUUID(),
        name: null,
        title: null,
        slug: null,
        customDomain: null,
        useGroups: null,
        items: [],
        description: null,
        logoFileBase64: null,
        faviconFileBase64: null,
        googleAnalitycsId: null,
        createdAt: this.now(),
        updatedAt: null,
      };
      this.pages.set(page.uuid, page);
    } else {
      page.updatedAt = this.now();
    }
    Object.assign(page, edit, images);
    if (page.items === null) page.items = [];
    this.onChange();
    return page;
  }

  /** Decodes every image of the body before anything is written, so an invalid one changes nothing. */
  private decodeImages(edit: PageEdit): Partial<Pick<PageData, "logoFileBase64" | "faviconFileBase64">> {
    const out: Partial<Pick<PageData, "logoFileBase64" | "faviconFileBase64">> = {};
    const decoded: [keyof typeof out, Buffer | null][] = [];
    for (const key of ["logoFileBase64", "faviconFileBase64"] as const) {
      const value = edit[key];
      if (value === undefined) continue;
      decoded.push([key, value === null ? null : decodeStrictBase64(value, key)]);
    }
    for (const [key, bytes] of decoded) out[key] = bytes === null ? null : this.assets.add(bytes);
    return out;
  }

  /** Creates an alert, or edits it when uuid is known; recipients given replace the list. */
  upsertAlert(edit: AlertEdit, uuid?: string): AlertData {
    const now = this.now();
    let alert = uuid === undefined ? undefined : this.alerts.get(uuid);
    const { recipients, ...flags } = edit;
    if (!alert) {
      alert = {
        uuid: uuid ?? randomUUID(),
        name: null,
        up: null,
        degraded: null,
        disrupted: null,
        down: null,
        maintenance: null,
        recipients: [],
        createdAt: now,
        updatedAt: null,
      };
      this.alerts.set(alert.uuid, alert);
    } else {
      alert.updatedAt = now;
    }
    Object.assign(alert, flags);
    if (recipients !== undefined) alert.recipients = this.replaceRecipients(alert.recipients, recipients ?? [], now);
    this.onChange();
    return alert;
  }

  /** A recipient whose (type, target) was already on the list keeps its uuid and timestamps. */
  private replaceRecipients(previous: RecipientData[], next: RecipientInput[], now: number): RecipientData[] {
    const unclaimed = [...previous];
    return next.map((input) => {
      const index = unclaimed.findIndex((r) =>
        input.uuid !== undefined ? r.uuid === input.uuid : r.type === input.type && r.target === input.target,
      );
      if (index >= 0) {
        const [kept] = unclaimed.splice(index, 1);
        if (kept.type === input.type && kept.target === input.target) return kept;
        return { ...kept, type: input.type, target: input.target, updatedAt: now };
      }
      return { uuid: input.uuid ?? randomUUID(), type: input.type, target: input.target, createdAt: now, updatedAt: now };
    });
  }

  upsertWebhook(fields: { topic?: string; url?: string }, uuid?: string): WebhookData {
    let webhook = uuid === undefined ? undefined : this.webhooks.get(uuid);
    if (!webhook) {
      if (fields.topic === undefined || fields.url === undefined) throw new ApiError(422, "validation_error", "topic and url: required");
      webhook = { uuid: uuid ?? randomUUID(), topic: fields.topic, url: fields.url, createdAt: this.now(), updatedAt: null };
      this.webhooks.set(webhook.uuid, webhook);
    } else {
      Object.assign(webhook, fields, { updatedAt: this.now() });
    }
    this.onChange();
    return webhook;
  }

  remove(kind: Kind, uuid: string): void {
    this.get(kind, uuid);
    this.map(kind).delete(uuid);
    if (kind === "monitors") this.statuses.delete(uuid);
    this.onChange();
  }

  clear(): void {
    for (const map of [this.monitors, this.pages, this.alerts, this.webhooks, this.assets.assets, this.statuses]) map.clear();
    this.onChange();
  }

  snapshot(): StoredState {
    const assets: StoredState["assets"] = {};
    for (const [id, asset] of this.assets.assets) assets[id] = { contentType: asset.contentType, base64: asset.bytes.toString("base64") };
    return {
      version: 1,
      monitors: [...this.monitors.values()],
      pages: [...this.pages.values()],
      alerts: [...this.alerts.values()],
      webhooks: [...this.webhooks.values()],
      assets,
      statuses: Object.fromEntries(this.statuses),
    };
  }

  load(state: StoredState): void {
    this.monitors = new Map(state.monitors.map((m) => [m.uuid, m]));
    this.pages = new Map(state.pages.map((p) => [p.uuid, p]));
    this.alerts = new Map(state.alerts.map((a) => [a.uuid, a]));
    this.webhooks = new Map(state.webhooks.map((w) => [w.uuid, w]));
    this.statuses = new Map(Object.entries(state.statuses ?? {}));
    this.assets.assets.clear();
    for (const [id, asset] of Object.entries(state.assets)) {
      this.assets.assets.set(id, { contentType: asset.contentType, bytes: Buffer.from(asset.base64, "base64") });
    }
  }
}

export interface StoreTypes {
  monitors: MonitorData;
  pages: PageData;
  alerts: AlertData;
  webhooks: WebhookData;
}

export const KIND_NAMES: Record<Kind, string> = { monitors: "monitor", pages: "page", alerts: "alert", webhooks: "webhook subscription" };
