// The service's records, as the API document describes them. Lenient where the document is (fields
// may be null or missing), strict where the provider relies on a value (every record has a string
// uuid). A record keeps the fields not named here: a field added to a resource's table reaches its
// outputs without a line here. provider/api/ takes them to read responses.
import { z } from "zod";

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();
const timestamp = z.string().nullish();

export const HttpHeader = z.object({ name: z.string(), value: z.string() });
export type HttpHeader = z.infer<typeof HttpHeader>;

export const HttpRequest = z.object({
  method: nullish(z.string()),
  headers: nullish(z.array(HttpHeader)),
  body: nullish(z.string()),
});
export type HttpRequest = z.infer<typeof HttpRequest>;

export const HttpResponse = z.object({
  status: nullish(z.array(z.string())),
  statusMatches: nullish(z.boolean()),
  keywordHeader: nullish(z.string()),
  keywordHeaderExists: nullish(z.boolean()),
  keywordBody: nullish(z.string()),
  keywordBodyExists: nullish(z.boolean()),
});
export type HttpResponse = z.infer<typeof HttpResponse>;

export const TcpOptions = z.object({
  dataRequest: nullish(z.string()),
  keywordResponse: nullish(z.string()),
  keywordResponseExists: nullish(z.boolean()),
});
export type TcpOptions = z.infer<typeof TcpOptions>;

export const MaintenanceTime = z.object({
  startHour: z.number(),
  startMinute: z.number(),
  stopHour: z.number(),
  stopMinute: z.number(),
});
export const Maintenance = z.object({
  // "described as a string array, but written as small integers": accept both, keep integers.
  days: nullish(z.array(z.union([z.number(), z.string().transform(Number)]))),
  times: nullish(z.array(MaintenanceTime)),
  timeZone: nullish(z.string()),
});
export type Maintenance = z.infer<typeof Maintenance>;

export const MonitorRecord = z.looseObject({
  uuid: z.string().min(1),
  name: nullish(z.string()),
  title: nullish(z.string()),
  type: nullish(z.string()),
  urn: nullish(z.string()),
  httpFollowRedirects: nullish(z.boolean()),
  timeout: nullish(z.number()),
  intervalId: nullish(z.union([z.number(), z.string().transform(Number)])),
  regions: nullish(z.array(z.number())),
  description: nullish(z.string()),
  groups: nullish(z.array(z.string())),
  alerts: nullish(z.array(z.string())),
  degradedThreshold: nullish(z.number()),
  apdexThreshold: nullish(z.number()),
  httpRequest: nullish(HttpRequest),
  httpResponse: nullish(HttpResponse),
  tcpOptions: nullish(TcpOptions),
  maintenance: nullish(Maintenance),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type MonitorRecord = z.infer<typeof MonitorRecord>;

export const PageRecord = z.looseObject({
  uuid: z.string().min(1),
  name: nullish(z.string()),
  title: nullish(z.string()),
  slug: nullish(z.string()),
  customDomain: nullish(z.string()),
  useGroups: nullish(z.boolean()),
  items: nullish(z.array(z.string())),
  description: nullish(z.string()),
  logoFileBase64: nullish(z.string()),
  faviconFileBase64: nullish(z.string()),
  googleAnalitycsId: nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type PageRecord = z.infer<typeof PageRecord>;

export const AlertRecipientRecord = z.object({
  uuid: nullish(z.string()),
  type: z.string(),
  target: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AlertRecipientRecord = z.infer<typeof AlertRecipientRecord>;

export const AlertRecord = z.looseObject({
  uuid: z.string().min(1),
  name: nullish(z.string()),
  up: nullish(z.boolean()),
  degraded: nullish(z.boolean()),
  disrupted: nullish(z.boolean()),
  down: nullish(z.boolean()),
  maintenance: nullish(z.boolean()),
  recipients: nullish(z.array(AlertRecipientRecord)),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AlertRecord = z.infer<typeof AlertRecord>;
