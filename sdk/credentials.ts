// The API key must never be stored in plain text. Pulumi passes the stack configuration to providers
// and stores what it passed in the state, with the provider resource: a key set with `--secret` is
// stored encrypted there, one set without it in plain text, in the state, its history and its
// backups. So a plain `uptime:apiKey` is refused before the first resource registers, at preview.
import * as pulumi from "@pulumi/pulumi";
import { PLAIN_KEY_MESSAGE } from "../provider/model/package";

const KEY = "uptime:apiKey";

/** @pulumi/pulumi's own test of a config key (runtime/config.ts): true when the key was set with --secret. */
type IsConfigSecret = (key: string) => boolean;

// The message is the provider plugin's too (provider/plugin/server.ts refuses a plain key at CheckConfig).
export { PLAIN_KEY_MESSAGE } from "../provider/model/package";

let checked = false;

/** Throws (once per program, at the first resource or lookup) when uptime:apiKey is configured without --secret. */
export function refusePlainApiKey(): void {
  if (checked) return;
  const isSecret = (pulumi.runtime as unknown as { isConfigSecret?: IsConfigSecret }).isConfigSecret;
  if (typeof isSecret !== "function") return; // an SDK without it: tests/unit/credentials.test.ts fails first
  const configured = Object.prototype.hasOwnProperty.call(pulumi.runtime.allConfig(), KEY);
  if (configured && !isSecret(KEY)) throw new pulumi.RunError(PLAIN_KEY_MESSAGE);
  checked = true;
}
