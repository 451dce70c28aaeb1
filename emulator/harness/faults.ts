// Fault injection on /v1: latency, 429 with Retry-After, 5xx, dropped connections and scripted
// answers, per method or route, drawn from a seeded PRNG so a run can be replayed exactly.

import { ApiError, ValidationError } from "../service/errors";
import { Answer, errorAnswer } from "../service/http-io";
import { routeNames } from "../service/routes";
import type { FaultConfig, FaultRule, ScriptedResponse } from "../types";
import {
  expectArray,
  expectBoolean,
  expectInteger,
  expectObject,
  expectString,
  fieldPath,
  has,
  JsonObject,
  rejectUnknownKeys,
} from "../service/validate-primitives";

export type FaultDecision =
  | { kind: "none" }
  | { kind: "drop_before" }
  | { kind: "drop_after" }
  | { kind: "answer"; answer: Answer }
  | { kind: "respond"; respond: ScriptedResponse };

/** mulberry32: tiny, fast and good enough to make fault sequences reproducible. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUS_CODES: Record<number, string> = {
  500: "internal_error",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};
export const DEFAULT_FAULT_SEED = 1;

export class FaultEngine {
  private config: FaultConfig = {};
  private random = mulberry32(DEFAULT_FAULT_SEED);
  private fired: number[] = [];

  set(input: unknown): void {
    const config = parseFaultConfig(input);
    this.config = { ...config, seed: config.seed ?? DEFAULT_FAULT_SEED };
    this.random = mulberry32(this.config.seed as number);
    this.fired = (config.rules ?? []).map(() => 0);
  }

  clear(): void {
    this.set({});
  }

  /** The active config, with how many times each rule has fired. */
  describe(): FaultConfig & { firedCounts: number[] } {
    return { ...this.config, firedCounts: [...this.fired] };
  }

  get ignorePagination(): boolean {
    return this.config.ignorePagination === true;
  }

  latencyMs(): number {
    const latency = this.config.latency;
    if (!latency) return 0;
    const jitter = latency.jitterMs ? this.random() * latency.jitterMs : 0;
    return latency.fixedMs + jitter;
  }

  /** Rules are checked in order; the first that fires decides. */
  decide(method: string, route: string | null): FaultDecision {
    const rules = this.config.rules ?? [];
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i];
      if (rule.method !== undefined && rule.method !== method) continue;
      if (rule.route !== undefined && rule.route !== route) continue;
      if (rule.times !== undefined && this.fired[i] >= rule.times) continue;
      const decision = this.draw(rule);
      if (decision.kind === "none") continue;
      this.fired[i]++;
      return decision;
    }
    return { kind: "none" };
  }

  /** One draw per matching rule, split into consecutive ranges: drop before, 429, 5xx, drop after. */
  private draw(rule: FaultRule): FaultDecision {
    const ranges: [number, () => FaultDecision][] = [
      [rule.dropBeforeRate ?? 0, () => ({ kind: "drop_before" })],
      [rule.rate429 ?? 0, () => ({ kind: "answer", answer: tooManyRequests(rule.retryAfter ?? "1") })],
      [rule.rate5xx ?? 0, () => ({ kind: "answer", answer: serverError(this.pickStatus(rule.statuses ?? [503])) })],
      [rule.dropAfterRate ?? 0, () => ({ kind: "drop_after" })],
    ];
    if (ranges.some(([rate]) => rate > 0)) {
      const roll = this.random();
      let upper = 0;
      for (const [rate, decision] of ranges) {
        upper += rate;
        if (roll < upper) return decision();
      }
    }
    return rule.respond ? { kind: "respond", respond: rule.respond } : { kind: "none" };
  }

  private pickStatus(statuses: number[]): number {
    return statuses.length === 1 ? statuses[0] : statuses[Math.floor(this.random() * statuses.length)];
  }
}

function tooManyRequests(retryAfter: string): Answer {
  return errorAnswer(new ApiError(429, "rate_limited", "too many requests (injected fault)", { "retry-after": retryAfter }));
}

function serverError(status: number): Answer {
  return errorAnswer(new ApiError(status, STATUS_CODES[status] ?? "server_error", `server error ${status} (injected fault)`));
}

const rate = (v: unknown, p: string) => {
  if (typeof v !== "number" || !(v >= 0 && v <= 1)) throw new ValidationError(p, "expected a number from 0 to 1");
  return v;
};
const nonNegative = (v: unknown, p: string) => {
  if (typeof v !== "number" || !(v >= 0) || !Number.isFinite(v)) throw new ValidationError(p, "expected a number >= 0");
  return v;
};
const status = (min: number) => (v: unknown, p: string) => {
  const code = expectInteger(v, p);
  if (code < min || code > 599) throw new ValidationError(p, `expected an HTTP status from ${min} to 599`);
  return code;
};

function pick<T>(obj: JsonObject, key: string, path: string, check: (v: unknown, p: string) => T, out: JsonObject): void {
  if (has(obj, key) && obj[key] !== undefined && obj[key] !== null) out[key] = check(obj[key], fieldPath(path, key));
}

export function parseFaultConfig(input: unknown): FaultConfig {
  const obj = expectObject(input, "");
  rejectUnknownKeys(obj, ["seed", "latency", "rules", "ignorePagination"], "");
  const out: JsonObject = {};
  pick(obj, "seed", "", (v, p) => expectInteger(v, p), out);
  pick(obj, "ignorePagination", "", expectBoolean, out);
  pick(
    obj,
    "latency",
    "",
    (v, p) => {
      const latency = expectObject(v, p);
      rejectUnknownKeys(latency, ["fixedMs", "jitterMs"], p);
      const parsed: JsonObject = { fixedMs: nonNegative(latency.fixedMs ?? 0, `${p}.fixedMs`) };
      pick(latency, "jitterMs", p, nonNegative, parsed);
      return parsed;
    },
    out,
  );
  pick(obj, "rules", "", (v, p) => expectArray(v, p, parseRule), out);
  return out as FaultConfig;
}

function parseRule(value: unknown, path: string): FaultRule {
  const obj = expectObject(value, path);
  rejectUnknownKeys(
    obj,
    ["method", "route", "rate429", "retryAfter", "rate5xx", "statuses", "dropBeforeRate", "dropAfterRate", "respond", "times"],
    path,
  );
  const out: JsonObject = {};
  pick(obj, "method", path, (v, p) => expectString(v, p, true).toUpperCase(), out);
  pick(
    obj,
    "route",
    path,
    (v, p) => {
      const route = expectString(v, p);
      if (!routeNames().includes(route)) throw new ValidationError(p, `unknown route; expected one of ${routeNames().join(", ")}`);
      return route;
    },
    out,
  );
  for (const key of ["rate429", "rate5xx", "dropBeforeRate", "dropAfterRate"]) pick(obj, key, path, rate, out);
  pick(obj, "retryAfter", path, (v, p) => expectString(v, p, true), out);
  pick(
    obj,
    "statuses",
    path,
    (v, p) => {
      const list = expectArray(v, p, status(400));
      if (list.length === 0) throw new ValidationError(p, "must hold at least one status");
      return list;
    },
    out,
  );
  pick(
    obj,
    "times",
    path,
    (v, p) => {
      const times = expectInteger(v, p);
      if (times < 1) throw new ValidationError(p, "must be >= 1");
      return times;
    },
    out,
  );
  pick(
    obj,
    "respond",
    path,
    (v, p) => {
      const respond = expectObject(v, p);
      rejectUnknownKeys(respond, ["status", "headers", "body", "bodyBytes", "hang"], p);
      const parsed: JsonObject = { status: status(100)(respond.status, `${p}.status`) };
      pick(
        respond,
        "headers",
        p,
        (h, hp) => {
          const headers = expectObject(h, hp);
          for (const [name, headerValue] of Object.entries(headers)) expectString(headerValue, fieldPath(hp, name));
          return headers;
        },
        parsed,
      );
      pick(respond, "body", p, (b, bp) => expectString(b, bp), parsed);
      pick(
        respond,
        "bodyBytes",
        p,
        (b, bp) => {
          const n = expectInteger(b, bp);
          if (n < 0) throw new ValidationError(bp, "must be >= 0");
          return n;
        },
        parsed,
      );
      pick(respond, "hang", p, expectBoolean, parsed);
      return parsed;
    },
    out,
  );
  return out as FaultRule;
}
