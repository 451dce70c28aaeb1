// Provider settings: stack config (`uptime:*`) first, then UPTIME_* variables; never a resource input (pulumi/pulumi#8265).
import * as path from "node:path";
import type { UptimeClientOptions } from "./api/client";
import { STACK_NAMES, type SettingNames } from "./api/errors";
import { SETTINGS as MODEL_SETTINGS, ProviderSettings, SettingKey, SettingSpec } from "./model/package";

export type { ProviderSettings };

export const SETTINGS = Object.fromEntries(MODEL_SETTINGS.map((s) => [s.key, s])) as Record<SettingKey, SettingSpec>;

export class ConfigError extends Error {
  constructor(
    readonly setting: SettingKey,
    message: string,
  ) {
    super(message);
  }
}

export interface SettingWords extends SettingNames {
  /** `run \`pulumi config set --secret uptime:apiKey <key>\` or set UPTIME_API_KEY`; `give Account "staging" its apiKey`. */
  give(key: SettingKey, example: string): string;
}

/** The stack's words (`uptime:maxRetries (or UPTIME_MAX_RETRIES)`) or an Account's (`maxRetries of Account "staging"`). */
export function settingWords(account?: string, noun = "Account"): SettingWords {
  if (account === undefined) {
    return {
      ...STACK_NAMES,
      give: (key, example) =>
        `run \`pulumi config set ${SETTINGS[key].secret ? "--secret " : ""}uptime:${key} ${example}\` or set ${SETTINGS[key].env}`,
    };
  }
  const named = `${noun} ${JSON.stringify(account)}`;
  const name = (key: string) => `${key} of ${named}`;
  return {
    name,
    withEnv: name,
    rule: (key, value) => `give ${named} ${key}: ${JSON.stringify(value)} and run \`pulumi up\``,
    give: (key, example) => `give ${named} its ${key}${SETTINGS[key].secret ? "" : `, e.g. ${example}`}`,
  };
}

export function readSettings(
  get: (key: string) => string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  words: SettingNames = STACK_NAMES,
): ProviderSettings {
  // An empty value is "not set": it must not hide the other source.
  const given = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
  const read = (s: SettingSpec) => {
    const [first, second] = s.envFirst ? [env[s.env], get(s.key)] : [get(s.key), env[s.env]];
    const raw = given(first) ?? given(second);
    return raw === undefined ? undefined : parse(s, raw, words);
  };
  return Object.fromEntries(MODEL_SETTINGS.map((s) => [s.key, read(s)])) as ProviderSettings;
}

function parse(s: SettingSpec, raw: string, words: SettingNames): string | number | boolean {
  const refuse = (takes: string): never => {
    throw new ConfigError(s.key as SettingKey, `${words.withEnv(s.key)} must be ${takes}, got ${JSON.stringify(raw)}`);
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
/** An Account (or the plugin's explicit provider) never takes the default account's address and key. */
export function environmentOf(account: string | undefined): NodeJS.ProcessEnv {
  if (account === undefined) return process.env;
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !CREDENTIALS.has(name)));
}

export function settingsProblem(s: ProviderSettings, words: SettingWords = settingWords()): ConfigError | undefined {
  if (!s.apiKey) return new ConfigError("apiKey", `no API key: ${words.give("apiKey", "<key>")}`);
  if (!s.baseUrl) return new ConfigError("baseUrl", `no API address: ${words.give("baseUrl", "https://<host>/v1")}`);
  try {
    const url = new URL(s.baseUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    return new ConfigError(
      "baseUrl",
      `${words.withEnv("baseUrl")} ${JSON.stringify(s.baseUrl)} is not an http(s) URL; give the API's base address, e.g. https://<host>/v1`,
    );
  }
  if (s.authScheme !== undefined && !/^[A-Za-z][A-Za-z0-9._-]*$/.test(s.authScheme)) {
    return new ConfigError(
      "authScheme",
      `${words.withEnv("authScheme")} must be one word such as Bearer, got ${JSON.stringify(s.authScheme)}`,
    );
  }
  return undefined;
}

export function problemWith(read: () => ProviderSettings, words: SettingWords): ConfigError | undefined {
  try {
    return settingsProblem(read(), words);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

export function clientOptions(s: ProviderSettings, words: SettingWords = settingWords()): UptimeClientOptions {
  const problem = settingsProblem(s, words);
  if (problem) throw problem;
  return {
    names: words,
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
