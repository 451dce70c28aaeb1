// Pulumi stores the config it passes a provider in the state: a key set without `--secret` would be plain text
// there and in every backup, so it is refused before the first resource registers.
import * as pulumi from "@pulumi/pulumi";
import { PLAIN_KEY_MESSAGE } from "../provider/model/package";

const KEY = "uptime:apiKey";

export { PLAIN_KEY_MESSAGE } from "../provider/model/package";

let checked = false;

/** At the first resource or lookup. */
export function refusePlainApiKey(): void {
  if (checked) return;
  // @pulumi/pulumi's runtime/config.ts.
  const isSecret = (pulumi.runtime as unknown as { isConfigSecret?: (key: string) => boolean }).isConfigSecret;
  if (typeof isSecret !== "function") return; // an SDK without it: tests/unit/credentials.test.ts fails first
  const configured = Object.prototype.hasOwnProperty.call(pulumi.runtime.allConfig(), KEY);
  if (configured && !isSecret(KEY)) throw new pulumi.RunError(PLAIN_KEY_MESSAGE);
  checked = true;
}
