// Per-process state: the settings configure() gets, and one client (one connection pool) for every resource.
import { UptimeClient } from "./api/client";
import { BaseUrlError } from "./api/errors";
import {
  ConfigError,
  ProviderSettings,
  SettingWords,
  clientOptions,
  environmentOf,
  problemWith,
  readSettings,
  settingWords,
} from "./config";
import { providerLog } from "./log";
import { packageVersion } from "./release";
import { CreateJournal, journalDir } from "./journal";
import { ThisRun } from "./monitor-safety";
import { ACCOUNT_ALIASES_KEY, ACCOUNT_ID_KEY, ACCOUNT_KEY, ACCOUNT_NOUN_KEY, SETTINGS } from "./model/package";

export interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

/** `name`: none for the stack's own settings; `aliases` and `id` survive a rename (providers.ts accountMove). */
interface AccountIdentity {
  name?: string;
  aliases: string[];
  id?: string;
  noun?: string;
}

let lookup: (key: string) => string | undefined = () => undefined;
let settings: ProviderSettings | undefined;
let client: { key: string; client: UptimeClient } | undefined;
let account: AccountIdentity = { aliases: [] };

let announced = false;

export function configure(req: ConfigureRequest): void {
  if (!announced) providerLog.debug(`uptime: provider ${packageVersion()} (Node.js ${process.version})`);
  announced = true;
  const values = new Map<string, string | undefined>(SETTINGS.map(({ key }) => [key, req.config.get(`uptime:${key}`)]));
  lookup = (key) => values.get(key);
  account = {
    name: req.config.get(ACCOUNT_KEY) || undefined,
    aliases: parseNames(req.config.get(ACCOUNT_ALIASES_KEY)),
    id: req.config.get(ACCOUNT_ID_KEY) || undefined,
    noun: req.config.get(ACCOUNT_NOUN_KEY) || undefined,
  };
  settings = undefined;
}

export function currentWords(): SettingWords {
  return settingWords(account.name, account.noun);
}

/** From the configuration (stored with the stack), not UPTIME_BASE_URL (read by every run). */
export function addressConfigured(): boolean {
  return Boolean(lookup("baseUrl"));
}

let run = new ThisRun();
export const thisRun = (): ThisRun => run;

export function currentAccountIdentity(): Readonly<AccountIdentity> {
  return account;
}

function parseNames(json: string | undefined): string[] {
  try {
    const names: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
  } catch {
    return [];
  }
}

export function currentSettings(): ProviderSettings {
  settings ??= readSettings(lookup, environmentOf(account.name), currentWords());
  return settings;
}

/** Whether the account answers as the API with this key (once per process), so `pulumi preview` fails on a wrong one. */
export async function accountProblem(): Promise<ConfigError | undefined> {
  if (configProblem() || currentSettings().offlinePreview) return undefined;
  try {
    await getClient().verifyBaseUrl();
    return undefined;
  } catch (error) {
    // verifyBaseUrl throws only these two.
    return new ConfigError(error instanceof BaseUrlError ? "baseUrl" : "apiKey", (error as Error).message);
  }
}

export function configProblem(): ConfigError | undefined {
  return problemWith(currentSettings, currentWords());
}

export function getClient(): UptimeClient {
  const options = clientOptions(currentSettings(), currentWords());
  const key = JSON.stringify({ ...options, account: account.name });
  if (!client || client.key !== key) client = { key, client: new UptimeClient({ ...options, log: providerLog }) };
  return client.client;
}

export function resetSession(): void {
  lookup = () => undefined;
  account = { aliases: [] };
  settings = undefined;
  client = undefined;
  run = new ThisRun();
}

export function getJournal(): CreateJournal {
  const settings = currentSettings();
  return new CreateJournal(journalDir(settings.journalDir), clientOptions(settings, currentWords()).baseUrl);
}
