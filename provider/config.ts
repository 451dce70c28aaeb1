// Provider configuration: stack config (`uptime:*`, the key set with --secret) first, then the
// UPTIME_* environment variables. Never a resource input. Pulumi stores the stack config it passes to
// the provider plugin with the provider in the state, which is why the plugin refuses a plain key.
import * as path from "node:path";
import type { UptimeClientOptions } from "./api/client";
import { SETTINGS as MODEL_SETTINGS, SettingSpec } from "./model/package";

export interface ProviderSettings {
  baseUrl?: string;
  apiKey?: string;
  authScheme?: string;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  maxRetries?: number;
  /** A ceiling on requests per second (api/scheduler.ts); unset: learned from the service. */
  requestsPerSecond?: number;
  maxConcurrentRequests?: number;
  rateLimitWaitSeconds?: number;
  /** No request at preview: the account check (session.ts accountProblem) is left to `up`. */
  offlinePreview?: boolean;
  /** What delete does when the service refuses DELETE: "fail" (the default) or "leave" the monitor in the service. */
  deleteUnsupported?: "fail" | "leave";
  /** Where the create journal is kept (journal.ts); an absolute path. */
  journalDir?: string;
}

/** Each setting: its stack config key (under `uptime:`) and its environment variable (model/package.ts lists them). */
export const SETTINGS = Object.fromEntries(MODEL_SETTINGS.map((s) => [s.key, s])) as Record<keyof ProviderSettings, SettingSpec>;

export class ConfigError extends Error {}

/**
 * A problem with the settings as the program gives them: an Account's by its name and argument
 * (`maxRetries of Account "staging"`), the stack's (no account) by its config key and variable, as written.
 */
export function accountWords(problem: string, account: string | undefined): string {
  if (account === undefined) return problem;
  const named = `Account ${JSON.stringify(account)}`;
  // The settings' own names only: an address such as http://uptime:8080/v1 is left as it is.
  const setting = `uptime:(${Object.keys(SETTINGS).join("|")})\\b`;
  return problem
    .replace(/^no API key: .*/, `no API key: give ${named} its apiKey`)
    .replace(/^no API address: .*/, `no API address: give ${named} its baseUrl, e.g. https://<host>/v1`)
    .replace(new RegExp(`${setting} \\(or UPTIME_\\w+\\)`, "g"), `$1 of ${named}`)
    .replace(new RegExp(setting, "g"), `$1 of ${named}`);
}

/** Reads settings from a config lookup (`key -> value`) and the environment. */
export function readSettings(get: (key: string) => string | undefined, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const given = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
  // An empty config value is "not set": it must not hide the environment variable.
  const pick = (s: { key: string; env: string }) => given(get(s.key)) ?? given(env[s.env]);
  const num = (s: { key: string; env: string }, min: number) => {
    const v = pick(s);
    if (v === undefined) return undefined;
    // Digits only: Number() would take " " for 0 and "1e3" or "0x10" for numbers.
    const n = /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < min) {
      throw new ConfigError(`uptime:${s.key} (or ${s.env}) must be a whole number >= ${min}, got ${JSON.stringify(v)}`);
    }
    return n;
  };
  const rate = (s: { key: string; env: string }) => {
    const v = pick(s);
    if (v === undefined) return undefined;
    const n = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(v) ? Number(v) : NaN;
    if (!(n > 0) || !Number.isFinite(n)) {
      throw new ConfigError(
        `uptime:${s.key} (or ${s.env}) must be a number of requests per second > 0, such as 8 or 0.5, got ${JSON.stringify(v)}`,
      );
    }
    return n;
  };
  const flag = (s: { key: string; env: string }) => {
    const v = pick(s)?.trim().toLowerCase();
    if (v === undefined) return undefined;
    if (v !== "true" && v !== "false")
      throw new ConfigError(`uptime:${s.key} (or ${s.env}) must be true or false, got ${JSON.stringify(pick(s))}`);
    return v === "true";
  };
  const choice = <T extends string>(s: { key: string; env: string }, allowed: readonly T[]): T | undefined => {
    // The environment wins here: it is how a single run overrides the choice stored with the stack.
    const v = given(env[s.env]) ?? given(get(s.key));
    if (v === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(v)) {
      throw new ConfigError(`uptime:${s.key} (or ${s.env}) must be one of ${allowed.join(", ")}, got ${JSON.stringify(v)}`);
    }
    return v as T;
  };
  return {
    baseUrl: pick(SETTINGS.baseUrl),
    apiKey: pick(SETTINGS.apiKey),
    authScheme: pick(SETTINGS.authScheme),
    connectTimeoutMs: num(SETTINGS.connectTimeoutMs, 1),
    requestTimeoutMs: num(SETTINGS.requestTimeoutMs, 1),
    maxRetries: num(SETTINGS.maxRetries, 0),
    requestsPerSecond: rate(SETTINGS.requestsPerSecond),
    maxConcurrentRequests: num(SETTINGS.maxConcurrentRequests, 1),
    rateLimitWaitSeconds: num(SETTINGS.rateLimitWaitSeconds, 1),
    offlinePreview: flag(SETTINGS.offlinePreview),
    deleteUnsupported: choice(SETTINGS.deleteUnsupported, ["fail", "leave"] as const),
    journalDir: absolutePath(SETTINGS.journalDir, pick(SETTINGS.journalDir)),
  };
}

const CREDENTIALS = new Set(["UPTIME_BASE_URL", "UPTIME_API_KEY", "UPTIME_AUTH_SCHEME"]);
/** The environment without the default account's address and key: what an Account's settings may take from it. */
export const withoutCredentials = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !CREDENTIALS.has(name)));

/** A directory setting: absolute, since the program and the provider may run in different directories. */
function absolutePath(s: { key: string; env: string }, value: string | undefined): string | undefined {
  if (value === undefined || path.isAbsolute(value)) return value;
  throw new ConfigError(`uptime:${s.key} (or ${s.env}) must be an absolute path, got ${JSON.stringify(value)}`);
}

/** The setting a problem names: each problem's words name its `uptime:<key>`. */
export function settingNamed(problem: string): string | undefined {
  return MODEL_SETTINGS.find((s) => problem.includes(`uptime:${s.key}`))?.key;
}

/** The problem with the settings, if any, in words that say both ways to fix it. */
export function settingsProblem(s: ProviderSettings): string | undefined {
  if (!s.apiKey) {
    return "no API key: run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY";
  }
  if (!s.baseUrl) {
    return "no API address: run `pulumi config set uptime:baseUrl https://<host>/v1` or set UPTIME_BASE_URL";
  }
  try {
    const url = new URL(s.baseUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    return `uptime:baseUrl (or UPTIME_BASE_URL) ${JSON.stringify(s.baseUrl)} is not an http(s) URL; give the API's base address, e.g. https://<host>/v1`;
  }
  if (s.authScheme !== undefined && !/^[A-Za-z][A-Za-z0-9._-]*$/.test(s.authScheme)) {
    return `uptime:authScheme (or UPTIME_AUTH_SCHEME) must be one word such as Bearer, got ${JSON.stringify(s.authScheme)}`;
  }
  return undefined;
}

/** Client options from valid settings; throws ConfigError naming the fix otherwise. */
export function clientOptions(s: ProviderSettings): UptimeClientOptions {
  const problem = settingsProblem(s);
  if (problem) throw new ConfigError(problem);
  return {
    baseUrl: s.baseUrl!,
    apiKey: s.apiKey!,
    authScheme: s.authScheme,
    connectTimeoutMs: s.connectTimeoutMs,
    requestTimeoutMs: s.requestTimeoutMs,
    retry: s.maxRetries === undefined ? undefined : { maxRetries: s.maxRetries },
    pacing: {
      maxRate: s.requestsPerSecond,
      maxInFlight: s.maxConcurrentRequests,
      maxWaitMs: s.rateLimitWaitSeconds === undefined ? undefined : s.rateLimitWaitSeconds * 1000,
    },
  };
}
