// What a response says of the rate limit, in any form services send: `X-RateLimit-*`, the IETF draft's
// `RateLimit-*` (06), `RateLimit` (07) and structured fields (08+). The API document names none of
// them, so each is optional and an unreadable one is ignored.
/** Names in lower case, as undici gives them. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

interface RateLimitHint {
  /** Requests per `windowMs` (the policy). */
  limit?: number;
  /** `X-RateLimit-*` never states it. */
  windowMs?: number;
  /** Requests the key may still make (counting this one as made). */
  remaining?: number;
  /** Until `remaining` is replenished. */
  resetMs?: number;
}

/** The first, when it came more than once. */
export const headerValue = (headers: ResponseHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const count = (text: string | undefined): number | undefined => {
  if (text === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return undefined;
  return Number(text);
};

/** A reset value: seconds from now, or (above a year's worth of seconds) a Unix time in seconds or milliseconds. */
export function resetToMs(text: string | undefined, now: number = Date.now()): number | undefined {
  const value = count(text);
  if (value === undefined) return undefined;
  if (value > 1e12) return Math.max(0, value - now);
  if (value > 31_536_000) return Math.max(0, value * 1000 - now);
  return value * 1000;
}

/** The parameters of one member of a structured field: `"name";q=10;w=1` or `10;w=1` or `limit=10`. */
function parameters(member: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = member.split(";").map((p) => p.trim());
  const head = parts[0];
  if (/^\d+$/.test(head)) out.set("", head);
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq > 0) out.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return out;
}

/** Reads every form it knows; the most specific one present wins field by field. */
export function parseRateLimitHeaders(headers: ResponseHeaders, now: number = Date.now()): RateLimitHint {
  const hint: RateLimitHint = {};
  const set = <K extends keyof RateLimitHint>(key: K, value: number | undefined) => {
    if (value !== undefined && Number.isFinite(value) && hint[key] === undefined) hint[key] = value;
  };
  // Drafts 08 and later: RateLimit-Policy: "default";q=10;w=1 / RateLimit: "default";r=4;t=1
  // Draft 06 and 07: RateLimit-Policy: 10;w=1 (the first member is the one in force)
  const policy = headerValue(headers, "ratelimit-policy");
  if (policy) {
    const first = parameters(policy.split(",")[0]);
    set("limit", count(first.get("q") ?? first.get("")));
    const window = count(first.get("w"));
    set("windowMs", window === undefined ? undefined : window * 1000);
  }
  const combined = headerValue(headers, "ratelimit");
  if (combined) {
    // Draft 07 writes `limit=10, remaining=4, reset=1` as one list; drafts 08+ one member per policy.
    const fields = new Map<string, string>();
    for (const member of combined.split(",")) for (const [k, v] of parameters(member)) if (!fields.has(k)) fields.set(k, v);
    set("remaining", count(fields.get("r") ?? fields.get("remaining")));
    set("resetMs", resetToMs(fields.get("t") ?? fields.get("reset"), now));
    set("limit", count(fields.get("limit")));
  }
  for (const prefix of ["ratelimit-", "x-ratelimit-", "x-rate-limit-"]) {
    set("limit", count(headerValue(headers, `${prefix}limit`)));
    set("remaining", count(headerValue(headers, `${prefix}remaining`)));
    set("resetMs", resetToMs(headerValue(headers, `${prefix}reset`), now));
  }
  return hint;
}
