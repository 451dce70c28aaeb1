// Wire schemas: what the service sends back, per the API document. The records of the resources are
// derived from their tables (model/records.ts); here, the envelopes around them and what has no table.
import { z } from "zod";
import { AlertRecord, MonitorRecord, PageRecord } from "../model/records";

const timestamp = z.string().nullish();

// Each envelope parses to what it wraps; a failure's path still names the envelope's key.
export const MonitorEnvelope = z.object({ monitor: MonitorRecord }).transform((e) => e.monitor);
export const PagesEnvelope = z.object({ pages: z.array(PageRecord).min(1) }).transform((e) => e.pages);
export const AlertEnvelope = z.object({ alert: AlertRecord }).transform((e) => e.alert);

export const WebhookRecord = z.object({
  uuid: z.string().min(1),
  topic: z.string(),
  url: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type WebhookRecord = z.infer<typeof WebhookRecord>;

const count = z.number().int().nonnegative();
const Paginator = z.object({ recordOffset: count, pageSize: count, pagesCount: count, recordsCount: count });
export const WebhookPage = z.object({ webhook: z.array(WebhookRecord), paginator: Paginator.nullish() });
export type WebhookPage = z.infer<typeof WebhookPage>;

/** The error body the emulator (and, we assume, the service) sends: `{ error: { code, message } }`. */
export const ErrorBody = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().optional() }),
});
