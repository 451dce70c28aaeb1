// The Monitor's table (field.ts): check(), request bodies, outputs, diff, read-back, the package schema
// and the README's table are walked from MONITOR.
import { z } from "zod";
import { bool, expected, int, isTimeZone, nonEmptyText, positiveNumber, text, uuidRef } from "./field-schemas";
import { show } from "./values";
import { TIMESTAMPS, defineResource } from "./field";
import { TYPE_NAMES } from "./kinds";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export const KNOWN_TYPES = ["http", "https", "tcp"] as const;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A flag about another key needs that key: "set keyword too: flag says whether ...". */
function needs(rules: readonly [flag: string, key: string, says: string][]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [flag, key, says] of rules) {
      if (value[flag] !== undefined && value[key] === undefined)
        ctx.addIssue({ code: "custom", path: [flag], message: `set ${key} too: ${flag} says whether ${says}` });
    }
  };
}

const HttpHeaderInput = z.strictObject({
  name: text(256).refine((s) => TOKEN.test(s), {
    error: "header name must be an HTTP token (letters, digits and !#$%&'*+.^_`|~-; no spaces, colons or CR/LF)",
  }),
  value: text(8192).refine((s) => !/[\r\n]/.test(s), { error: "header value must not contain CR or LF" }),
});

const StatusEntry = z.string({ error: expected('a status code in quotes, e.g. "200" or "200-299"') }).refine(
  (s) => {
    const m = /^(\d{3})(?:-(\d{3}))?$/.exec(s);
    if (!m) return false;
    const low = Number(m[1]);
    const high = m[2] === undefined ? low : Number(m[2]);
    return low >= 100 && high <= 599 && low <= high;
  },
  { error: (i) => `${show(i.input)} is not a status code 100-599 or a range "low-high" with low <= high, e.g. "200-299"` },
);

const HttpRequestInput = z.strictObject({
  method: z.enum(HTTP_METHODS, { error: (i) => `${show(i.input)} is not one of ${HTTP_METHODS.join(", ")}` }).optional(),
  headers: z.array(HttpHeaderInput).max(100).optional(),
  body: text(65536).optional(),
});

const HttpResponseInput = z
  .strictObject({
    status: z.array(StatusEntry).min(1, { error: "give at least one status code, or leave status out" }).optional(),
    statusMatches: bool().optional(),
    keywordHeader: nonEmptyText(1024).optional(),
    keywordHeaderExists: bool().optional(),
    keywordBody: nonEmptyText(1024).optional(),
    keywordBodyExists: bool().optional(),
  })
  .superRefine(
    needs([
      ["keywordHeaderExists", "keywordHeader", "that keyword must exist"],
      ["keywordBodyExists", "keywordBody", "that keyword must exist"],
      ["statusMatches", "status", "the status must match that list"],
    ]),
  );

const TcpOptionsInput = z
  .strictObject({
    dataRequest: text(65536).optional(),
    keywordResponse: nonEmptyText(1024).optional(),
    keywordResponseExists: bool().optional(),
  })
  .superRefine(needs([["keywordResponseExists", "keywordResponse", "that keyword must exist"]]));

const MaintenanceTimeInput = z
  .strictObject({
    startHour: int(0, 23),
    startMinute: int(0, 59),
    stopHour: int(0, 23),
    stopMinute: int(0, 59),
  })
  .refine((t) => t.startHour * 60 + t.startMinute !== t.stopHour * 60 + t.stopMinute, {
    error: "the period is empty (start equals stop); give a stop time different from the start",
  });

const MaintenanceInput = z.strictObject({
  days: z
    .array(int(0, 7).describe("day"), { error: "expected a list of day numbers 0-7 (0 and 7 are Sunday, 1 is Monday)" })
    .min(1, { error: "give at least one day (0 and 7 are Sunday, 1 is Monday)" })
    .refine(
      (d) => {
        const ok = d.filter((x) => Number.isInteger(x) && x >= 0 && x <= 7);
        return new Set(ok.map((x) => x % 7)).size === ok.length;
      },
      { error: "a day is listed twice (0 and 7 are both Sunday)" },
    ),
  times: z.array(MaintenanceTimeInput, { error: "expected a list of periods" }).min(1, { error: "give at least one period" }),
  timeZone: z.string({ error: "expected a time zone name such as Europe/Paris" }).refine(isTimeZone, {
    error: (i) => `${show(i.input)} is not an IANA time zone; use a region/city name such as Europe/Paris or America/New_York`,
  }),
});

const unique = (values: unknown[]): boolean => new Set(values).size === values.length;
const seconds = { type: "number" } as const;
const strings = { type: "array", items: { type: "string" } } as const;

export const MONITOR = defineResource({
  kind: "monitor",
  typeName: TYPE_NAMES.monitor,
  doc: "An uptime monitor: a check of an HTTP(S) address or a TCP host:port, run at an interval from one or more regions.",
  fields: [
    { name: "name", schema: nonEmptyText(255), type: { type: "string" }, required: true, doc: "1-255 characters" },
    { name: "title", schema: text(255), type: { type: "string" }, doc: "title shown on a status page" },
    {
      name: "type",
      schema: nonEmptyText(32),
      type: { type: "string" },
      required: true,
      ts: "MonitorType",
      doc: "`https`, `http` or `tcp`; another value is sent as written, with a warning",
    },
    {
      // Pulumi reserves `urn` for every resource's own URN: the target is kept as `target`.
      name: "target",
      input: "urn",
      record: "urn",
      output: "target",
      schema: nonEmptyText(2048),
      type: { type: "string" },
      required: true,
      doc: "http(s): a URL whose scheme matches `type`; tcp: `host:port` (IPv6 as `[2001:db8::1]:443`), port 1-65535",
      tsNote: "Written `urn` (the API's name); kept as `target` in the resource, because Pulumi reserves `urn`",
    },
    {
      name: "followRedirects",
      aliases: ["httpFollowRedirects"],
      record: "httpFollowRedirects",
      schema: bool(),
      type: { type: "boolean" },
      doc: "http(s) only: wait for the end of a redirect chain",
    },
    { name: "timeout", schema: positiveNumber("seconds"), type: seconds, doc: "seconds, > 0" },
    {
      name: "interval",
      aliases: ["intervalId"],
      record: "intervalId",
      required: true,
      type: { type: "integer" },
      ts: "number | WholeNumberString",
      schema: z
        .number({ error: expected("a whole number of seconds") })
        .int({ error: "expected a whole number of seconds" })
        .positive({ error: "must be a positive number of seconds" }),
      doc: "seconds, a positive whole number",
      tsNote: '`"60"` is accepted and sent as `60`',
      readme: { type: "number or numeric string" },
    },
    {
      name: "regions",
      required: true,
      type: { type: "array", items: { type: "integer" } },
      compare: "set",
      schema: z
        .array(
          z
            .number({ error: expected("a region id (a positive whole number)") })
            .int({ error: "a region id is a positive whole number" })
            .positive({ error: "a region id is a positive whole number" }),
          { error: expected("a list of region ids, e.g. [1]") },
        )
        .min(1, { error: "give at least one region id" })
        .refine((r) => new Set(r).size === r.length, { error: "a region id is listed twice; list each once" }),
      doc: "region ids: at least one, positive, no duplicates; order does not matter",
    },
    { name: "description", schema: text(4096), type: { type: "string" }, doc: "free text, ≤ 4096 characters" },
    {
      name: "groups",
      type: strings,
      compare: "set",
      emptyIsUnset: true,
      schema: z.array(uuidRef(), { error: "expected a list of group uuids" }).refine(unique, { error: "a group uuid is listed twice" }),
      doc: "group uuids; order does not matter",
    },
    {
      name: "alerts",
      type: strings,
      compare: "set",
      emptyIsUnset: true,
      createOnly: true,
      schema: z.array(uuidRef(), { error: "expected a list of alert uuids" }).refine(unique, { error: "an alert uuid is listed twice" }),
      doc: "alert uuids, e.g. `[alert.uuid]`. The edit endpoint does not take alerts, so a change creates a new monitor, then deletes the old one",
    },
    {
      name: "degradedThreshold",
      schema: positiveNumber("seconds"),
      type: seconds,
      doc: "seconds, > 0: response time above which the monitor is Degraded",
    },
    { name: "apdexThreshold", schema: positiveNumber("seconds"), type: seconds, doc: "seconds, > 0" },
    {
      name: "httpRequest",
      schema: HttpRequestInput,
      type: { $ref: "#/types/uptime:index:HttpRequest" },
      compare: "keys",
      keys: {
        method: {
          ts: "AnyCase<HttpMethod>",
          doc: "One of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS (lower case is accepted and upper-cased).",
        },
        headers: { doc: "Headers sent with the check request, in order: `[{ name, value }]`." },
        body: { doc: "Body sent with the check request." },
      },
      doc: "http(s) only. `method`: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS (lower case accepted). `headers`: `[{ name, value }]`, names HTTP tokens, no CR/LF; a header value given as a secret stays encrypted in the state",
      tsNote: "wrap a header value in `pulumi.secret()` to keep it encrypted in the state",
    },
    {
      name: "httpResponse",
      schema: HttpResponseInput,
      type: { $ref: "#/types/uptime:index:HttpResponse" },
      compare: "keys",
      keys: {
        status: { set: true, ts: "HttpStatusArg", doc: 'Expected status codes: a code ("200") or a range ("200-299"), each 100-599.' },
        statusMatches: { doc: "true: the status must be in `status`; false: it must not be." },
        keywordHeader: { doc: "Keyword looked for in the response headers, case-insensitive." },
        keywordHeaderExists: { doc: "Whether `keywordHeader` must exist (true) or must not (false)." },
        keywordBody: { doc: "Keyword looked for in the response body, case-insensitive." },
        keywordBodyExists: { doc: "Whether `keywordBody` must exist (true) or must not (false)." },
      },
      doc: 'http(s) only. `status`: codes `"200"` or ranges `"200-299"` (100-599, low <= high); a `…Exists` flag needs its keyword',
    },
    {
      name: "tcpOptions",
      schema: TcpOptionsInput,
      type: { $ref: "#/types/uptime:index:TcpOptions" },
      compare: "keys",
      keys: {
        dataRequest: { alias: "DataRequest", doc: "Data sent to the server." },
        keywordResponse: { alias: "KeywordResponse", doc: "Keyword looked for in the response data, case-insensitive." },
        keywordResponseExists: { alias: "KeywordResponseExists", doc: "Whether `keywordResponse` must exist (true) or must not (false)." },
      },
      doc: "tcp only",
      tsNote: "`DataRequest`-style capitalised keys are accepted",
    },
    {
      name: "maintenance",
      schema: MaintenanceInput,
      type: { $ref: "#/types/uptime:index:Maintenance" },
      compare: "keys",
      keys: {
        days: { set: true, ts: "MaintenanceDayArg", doc: "Days of the week, 0-7: 1 is Monday, 0 and 7 are both Sunday." },
        times: { doc: "Periods within a day: `[{ startHour, startMinute, stopHour, stopMinute }]`, start != stop." },
        timeZone: { doc: "IANA time zone name, e.g. Europe/Paris." },
      },
      doc: "`days`: 0-7, 1 = Monday, 0 and 7 = Sunday (our assumption: the API does not document the numbering); `times`: `[{ startHour, startMinute, stopHour, stopMinute }]`, hours 0-23, minutes 0-59, start != stop; `timeZone`: an IANA name such as `Europe/Paris`",
    },
  ],
  providerInputs: {
    adoptUuid: {
      schema: uuidRef(),
      type: { type: "string" },
      change: "ignored after creation",
      doc: "take over an existing monitor: creation edits it to the declared state instead of creating one. It is then managed like any other (deleted on destroy unless `retainOnDelete`). Its alerts must already be the declared ones",
    },
    journalKey: {
      schema: z.string().max(2048),
      type: { type: "string" },
      internal: true,
      doc: "The resource's URN, set by the SDK (the create journal's key).",
    },
  },
  extraOutputs: {
    uuid: { type: { type: "string" }, doc: "The monitor's uuid (also the resource id)." },
    ...TIMESTAMPS,
  },
});
