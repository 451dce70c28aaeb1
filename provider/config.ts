// Provider configuration: stack config (`uptime:*`, the key set with --secret) first, then the
// UPTIME_* environment variables. Never a resource input. Pulumi stores the stack config it passes to
// the provider plugin with the provider in the state, which is why the plugin refuses a plain key.
import * as path from "node:path";
import type { UptimeClientOptions } from "./api/client";
import { SETTINGS as MODEL_SETTINGS, ProviderSettings, SettingKey, SettingSpec } from "./model/package";

export type { ProviderSettings };

/** Each setting by its key: its stack config key (under `uptime:`) and its environment variable. */
export const SETTINGS = Object.fromEntries(MODEL_SETTINGS.map((s) => [s.key, s])) as Record<SettingKey, SettingSpec>;

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

/** Reads settings from a config lookup (`key -> value`) and the environment, each as its row says. */
export function readSettings(get: (key: string) => string | undefined, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  // An empty value is "not set": it must not hide the other source.
  const given = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
  const read = (s: SettingSpec) => {
    const [first, second] = s.envFirst ? [env[s.env], get(s.key)] : [get(s.key), env[s.env]];
    const raw = given(first) ?? given(second);
    return raw === undefined ? undefined : parse(s, raw);
  };
  return Object.fromEntries(MODEL_SETTINGS.map((s) => [s.key, read(s)])) as ProviderSettings;
}

/** One setting's text as its value, or a ConfigError naming the setting and what it takes. */
function parse(s: SettingSpec, raw: string): string | number | boolean {
  const refuse = (takes: string): never => {
    throw new ConfigError(`uptime:${s.key} (or ${s.env}) must be ${takes}, got ${JSON.stringify(raw)}`);
  };
  const v = s.value;
  switch (v.kind) {
    case "whole": {
      // Digits only: Number() would take " " for 0 and "1e3" or "0x10" for numbers.
      const n = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
      return Number.isSafeInteger(n) && n >= v.min ? n : refuse(`a whole number >= ${v.min}`);
    }
    case "rate": {
      const n = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(raw) ? Number(raw) : NaN;
      return n > 0 && Number.isFinite(n) ? n : refuse("a number of requests per second > 0, such as 8 or 0.5");
    }
    case "flag": {
      const word = raw.trim().toLowerCase();
      return word === "true" || word === "false" ? word === "true" : refuse("true or false");
    }
    case "choice":
      return v.of.includes(raw) ? raw : refuse(`one of ${v.of.join(", ")}`);
    case "path":
      // Absolute, since the program and the provider may run in different directories.
      return path.isAbsolute(raw) ? raw : refuse("an absolute path");
    case "text":
      return raw;
  }
}

const CREDENTIALS = new Set(["UPTIME_BASE_URL", "UPTIME_API_KEY", "UPTIME_AUTH_SCHEME"]);
/** The environment without the default account's address and key: what an Account's settings may take from it. */
export const withoutCredentials = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !CREDENTIALS.has(name)));

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
