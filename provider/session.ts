// Per-process provider state: the settings handed to configure() and one client built from them.
// Every resource of every kind shares the client, and so one connection pool per origin.
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

/** What configure() receives from the engine: the whole stack config. */
export interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

/**
 * The account this process serves: its `name` (sdk/account.ts; none for the stack's own settings); what
 * survives a rename (providers.ts accountMove): the `aliases` its Account was renamed from, the engine's
 * `id` of the plugin's explicit provider; and its `noun` in messages (config.ts settingWords).
 */
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
  // `pulumi up --debug` says which release serves the run (`pulumi plugin ls` does for the plugin).
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

/** How this process's messages name the settings: the stack's, or its Account's (config.ts settingWords). */
export function currentWords(): SettingWords {
  return settingWords(account.name, account.noun);
}

/** Whether the address comes from the configuration (stored with the stack), not UPTIME_BASE_URL (read by every run). */
export function addressConfigured(): boolean {
  return Boolean(lookup("baseUrl"));
}

let run = new ThisRun();
/** This run's bookkeeping (monitor-safety.ts): the process's, a new one per resetSession. */
export const thisRun = (): ThisRun => run;

/** The account this process serves, with what survives a rename. */
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

/**
 * The settings; throws ConfigError (naming the key and the fix) for a malformed value. An Account's
 * address and key are its own: UPTIME_BASE_URL, UPTIME_API_KEY and UPTIME_AUTH_SCHEME are the stack's
 * default account's. The other UPTIME_* variables are the run's, for every account.
 */
export function currentSettings(): ProviderSettings {
  settings ??= readSettings(lookup, environmentOf(account.name), currentWords());
  return settings;
}

/**
 * Whether the account answers as the service's API with this key: `GET /webhooks?pageSize=1`, once
 * per process (api/client.ts verifyBaseUrl), unless uptime:offlinePreview. The problem, naming the
 * setting, or undefined. check() reports it, so a wrong address or key fails `pulumi preview`.
 */
export async function accountProblem(): Promise<ConfigError | undefined> {
  if (configProblem() || currentSettings().offlinePreview) return undefined;
  try {
    await getClient().verifyBaseUrl();
    return undefined;
  } catch (error) {
    // An address that is not the service's API, else a refused key (verifyBaseUrl lets only those through).
    return new ConfigError(error instanceof BaseUrlError ? "baseUrl" : "apiKey", (error as Error).message);
  }
}

/** The configuration problem, if any: reported by check() so `pulumi preview` stops before any request. */
export function configProblem(): ConfigError | undefined {
  return problemWith(currentSettings, currentWords());
}

export function getClient(): UptimeClient {
  const options = clientOptions(currentSettings(), currentWords());
  const key = JSON.stringify({ ...options, account: account.name });
  if (!client || client.key !== key) client = { key, client: new UptimeClient({ ...options, log: providerLog }) };
  return client.client;
}

/** Tests: forget the settings so the next call reads them anew. */
export function resetSession(): void {
  lookup = () => undefined;
  account = { aliases: [] };
  settings = undefined;
  client = undefined;
  run = new ThisRun();
}

/** The create journal of the configured service (see journal.ts). */
export function getJournal(): CreateJournal {
  const settings = currentSettings();
  return new CreateJournal(journalDir(settings.journalDir), clientOptions(settings, currentWords()).baseUrl);
}
