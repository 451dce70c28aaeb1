// Monitor inputs: every spelling the API document allows, normalized to one canonical form, then
// validated with messages that name the field and the fix.
import { z } from "zod";
import {
  CheckFailure, CheckResult, bool, containsUnknown, dropNulls, expected, int, isHostName, isUnknown, nonEmptyText,
  positiveNumber, show, text, toFailures, unknownPaths, uuidRef,
} from "./common";
import { isTimeZone } from "./time-zone";
import { sortMonitorSets } from "../monitor-state";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export const KNOWN_TYPES = ["http", "https", "tcp"] as const;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

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
  .superRefine((r, ctx) => {
    if (r.keywordHeaderExists !== undefined && r.keywordHeader === undefined) {
      ctx.addIssue({ code: "custom", path: ["keywordHeaderExists"], message: "set keywordHeader too: keywordHeaderExists says whether that keyword must exist" });
    }
    if (r.keywordBodyExists !== undefined && r.keywordBody === undefined) {
      ctx.addIssue({ code: "custom", path: ["keywordBodyExists"], message: "set keywordBody too: keywordBodyExists says whether that keyword must exist" });
    }
    if (r.statusMatches !== undefined && r.status === undefined) {
      ctx.addIssue({ code: "custom", path: ["statusMatches"], message: "set status too: statusMatches says whether the status must match that list" });
    }
  });

const TcpOptionsInput = z
  .strictObject({
    dataRequest: text(65536).optional(),
    keywordResponse: nonEmptyText(1024).optional(),
    keywordResponseExists: bool().optional(),
  })
  .superRefine((t, ctx) => {
    if (t.keywordResponseExists !== undefined && t.keywordResponse === undefined) {
      ctx.addIssue({ code: "custom", path: ["keywordResponseExists"], message: "set keywordResponse too: keywordResponseExists says whether that keyword must exist" });
    }
  });

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
    .refine((d) => { const ok = d.filter((x) => Number.isInteger(x) && x >= 0 && x <= 7); return new Set(ok.map((x) => x % 7)).size === ok.length; }, { error: "a day is listed twice (0 and 7 are both Sunday)" }),
  times: z.array(MaintenanceTimeInput, { error: "expected a list of periods" }).min(1, { error: "give at least one period" }),
  timeZone: z
    .string({ error: "expected a time zone name such as Europe/Paris" })
    .refine(isTimeZone, { error: (i) => `${show(i.input)} is not an IANA time zone; use a region/city name such as Europe/Paris or America/New_York` }),
});

/** The canonical form of a monitor's inputs, stored as the resource's inputs. */
export const MonitorInputs = z
  .strictObject({
    name: nonEmptyText(255),
    title: text(255).optional(),
    type: nonEmptyText(32),
    target: nonEmptyText(2048),
    followRedirects: bool().optional(),
    timeout: positiveNumber("seconds").optional(),
    interval: z
      .number({ error: expected("a whole number of seconds") })
      .int({ error: "expected a whole number of seconds" })
      .positive({ error: "must be a positive number of seconds" }),
    regions: z
      .array(z.number({ error: expected("a region id (a positive whole number)") })
        .int({ error: "a region id is a positive whole number" }).positive({ error: "a region id is a positive whole number" }),
        { error: expected("a list of region ids, e.g. [1]") })
      .min(1, { error: "give at least one region id" })
      .refine((r) => new Set(r).size === r.length, { error: "a region id is listed twice; list each once" }),
    description: text(4096).optional(),
    groups: z.array(uuidRef(), { error: "expected a list of group uuids" }).refine(unique, { error: "a group uuid is listed twice" }).optional(),
    alerts: z.array(uuidRef(), { error: "expected a list of alert uuids" }).refine(unique, { error: "an alert uuid is listed twice" }).optional(),
    degradedThreshold: positiveNumber("seconds").optional(),
    apdexThreshold: positiveNumber("seconds").optional(),
    httpRequest: HttpRequestInput.optional(),
    httpResponse: HttpResponseInput.optional(),
    tcpOptions: TcpOptionsInput.optional(),
    maintenance: MaintenanceInput.optional(),
    adoptUuid: uuidRef().optional(),
    // Set by the SDK, not the user: the resource's stable identity for the create journal.
    journalKey: z.string().max(2048).optional(),
  });
export type MonitorInputs = z.infer<typeof MonitorInputs>;

/** Rules across fields (type decides what the target and the option objects may be). Skipped while type is unknown. */
function crossFieldFailures(m: Record<string, unknown>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (typeof m.type !== "string" || isUnknown(m.type)) return failures;
  const add = (property: string, reason: string) => failures.push({ property, reason: `${property}: ${reason}` });
  const isHttp = m.type === "http" || m.type === "https";
  if (typeof m.target === "string" && !isUnknown(m.target)) {
    const problem = isHttp ? httpUrnProblem(m.target, m.type) : m.type === "tcp" ? tcpUrnProblem(m.target) : undefined;
    if (problem) add("target", `${show(m.target)}: ${problem}`);
  }
  if (m.type === "tcp") {
    if (m.httpRequest !== undefined) add("httpRequest", "applies to http and https monitors; remove it or set type to https");
    if (m.httpResponse !== undefined) add("httpResponse", "applies to http and https monitors; remove it or set type to https");
    if (m.followRedirects !== undefined) add("followRedirects", "applies to http and https monitors; remove it");
  }
  if (isHttp && m.tcpOptions !== undefined) add("tcpOptions", "applies to tcp monitors; remove it or set type to tcp");
  return failures;
}

function unique(values: unknown[]): boolean {
  return new Set(values).size === values.length;
}

function httpUrnProblem(urn: string, type: string): string | undefined {
  let url: URL;
  try {
    url = new URL(urn);
  } catch {
    return `not a URL; write a full address such as ${type}://example.com/health`;
  }
  if (url.protocol !== `${type}:`) {
    return `a ${type} monitor needs a ${type}:// address; change the address or set type to ${url.protocol.replace(":", "")}`;
  }
  if (!url.hostname) return "the address has no host";
  if (/\s/.test(urn)) return "the address contains white space; percent-encode it";
  return undefined;
}

function tcpUrnProblem(urn: string): string | undefined {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[^:\[\]\s/]+):(\d{1,5})$/.exec(urn);
  if (!m) return "a tcp monitor's address is host:port (IPv6 in brackets: [2001:db8::1]:443), e.g. db.internal:5432";
  const [, host, portText] = m;
  const port = Number(portText);
  if (port < 1 || port > 65535) return `port must be 1-65535, got ${port}`;
  if (host.startsWith("[")) {
    try {
      new URL(`tcp://${host}:1`);
    } catch {
      return `${host} is not an IPv6 address`;
    }
    return undefined;
  }
  if (!isHostName(host)) return `${show(host)} is not a valid host name or IPv4 address`;
  return undefined;
}

const TCP_KEYS: Record<string, string> = {
  DataRequest: "dataRequest",
  KeywordResponse: "keywordResponse",
  KeywordResponseExists: "keywordResponseExists",
};

/**
 * Rewrites the accepted spellings to the canonical ones: `httpFollowRedirects` -> `followRedirects`,
 * `intervalId` -> `interval`, a numeric-string interval -> a number, TcpOptions keys with a capital
 * -> camel case, maintenance days given as numeric strings -> numbers. `null` means "not set".
 * Writing one field in both spellings is a failure.
 */
export function normalizeMonitorArgs(raw: Record<string, unknown>): { args: Record<string, unknown>; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  const args = dropNulls(Object.fromEntries(Object.entries(raw).filter(([k]) => k !== "__provider"))) as Record<string, unknown>;
  const alias = (target: Record<string, unknown>, from: string, to: string, prefix = "") => {
    if (!(from in target)) return;
    // Equal values are fine; a value still unknown (preview) may turn out equal, so it is not rejected.
    const conflict = to in target && JSON.stringify(target[to]) !== JSON.stringify(target[from]);
    if (conflict && !containsUnknown(target[to]) && !containsUnknown(target[from])) {
      failures.push({ property: prefix + from, reason: `${prefix}${from} and ${prefix}${to} are the same field with different values; keep only ${prefix}${to}` });
    }
    if (!containsUnknown(target[to])) target[to] = target[from];
    delete target[from];
  };
  alias(args, "httpFollowRedirects", "followRedirects");
  alias(args, "intervalId", "interval");
  if (typeof args.interval === "string" && /^\s*\d+\s*$/.test(args.interval) && !isUnknown(args.interval)) {
    args.interval = Number(args.interval);
  }
  const tcp = args.tcpOptions;
  if (tcp && typeof tcp === "object" && !Array.isArray(tcp)) {
    for (const [from, to] of Object.entries(TCP_KEYS)) alias(tcp as Record<string, unknown>, from, to, "tcpOptions.");
  }
  const maintenance = args.maintenance as { days?: unknown } | undefined;
  if (maintenance && Array.isArray(maintenance.days)) {
    maintenance.days = maintenance.days.map((d) => (typeof d === "string" && /^\d+$/.test(d) ? Number(d) : d));
  }
  const request = args.httpRequest as { method?: unknown } | undefined;
  if (request && typeof request.method === "string" && !isUnknown(request.method)) request.method = request.method.toUpperCase();
  return { args, failures };
}

/** check(): canonical inputs, failures that name field and fix, and warnings. */
export function checkMonitorArgs(raw: Record<string, unknown>): CheckResult<Record<string, unknown>> {
  const { args, failures } = normalizeMonitorArgs(raw);
  const warnings: string[] = [];
  const parsed = MonitorInputs.safeParse(args);
  if (!parsed.success) failures.push(...toFailures(parsed.error.issues, unknownPaths(args)));
  failures.push(...crossFieldFailures(args));
  // The API calls the target `urn`, a name Pulumi reserves for every resource's URN: the SDK takes
  // `urn` and hands it over as `target`. Messages use the name the user wrote.
  for (const f of failures) f.reason = f.reason.replace(/^target\b/, "urn");
  if (typeof args.type === "string" && !isUnknown(args.type) && !(KNOWN_TYPES as readonly string[]).includes(args.type)) {
    warnings.push(`type ${show(args.type)} is not one the API document lists (${KNOWN_TYPES.join(", ")}); it is sent as written`);
  }
  return { inputs: sortMonitorSets(args), failures, warnings };
}
