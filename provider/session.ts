// Per-process provider state: the settings handed to configure() and one client built from them.
// Every resource of every kind shares the client, and so one connection pool per origin.
import { UptimeClient } from "./api/client";
import { ProviderSettings, clientOptions, readSettings, settingsProblem } from "./config";
import { providerLog } from "./log";
import { CreateJournal, journalDir } from "./journal";
import { SETTINGS } from "./model/package";

/** What configure() receives from the engine: the whole stack config. */
export interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

let lookup: (key: string) => string | undefined = () => undefined;
let settings: ProviderSettings | undefined;
let client: { key: string; client: UptimeClient } | undefined;

export function configure(req: ConfigureRequest): void {
  const values = new Map<string, string | undefined>();
  for (const { key } of SETTINGS) {
    values.set(key, req.config.get(`uptime:${key}`));
  }
  lookup = (key) => values.get(key);
  settings = undefined;
}

/** The settings; throws ConfigError (naming the key and the fix) for a malformed value. */
export function currentSettings(): ProviderSettings {
  settings ??= readSettings(lookup);
  return settings;
}

/** The configuration problem, if any: reported by check() so `pulumi preview` stops before any request. */
export function configProblem(): string | undefined {
  try {
    return settingsProblem(currentSettings());
  } catch (error) {
    return (error as Error).message;
  }
}

export function getClient(): UptimeClient {
  const options = clientOptions(currentSettings());
  const key = JSON.stringify(options);
  if (!client || client.key !== key) client = { key, client: new UptimeClient({ ...options, log: providerLog }) };
  return client.client;
}

/** Tests: forget the settings so the next call reads them anew. */
export function resetSession(): void {
  lookup = () => undefined;
  settings = undefined;
  client = undefined;
}

/** The create journal of the configured service (see journal.ts). */
export function getJournal(): CreateJournal {
  const settings = currentSettings();
  return new CreateJournal(journalDir(settings.journalDir), clientOptions(settings).baseUrl);
}
