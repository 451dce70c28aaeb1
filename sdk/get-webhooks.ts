import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import type { Account } from "./account";
import type { GetWebhooksArgs, GetWebhooksOutputArgs, GetWebhooksPaging, GetWebhooksResult } from "./generated";

/** How {@link getWebhooks} pages through the list, and which account it reads. */
export interface GetWebhooksOptions extends GetWebhooksPaging {
  /** The account to list, as resources are given one; by default the stack's own settings. Its settings must be known at preview. */
  provider?: Account;
}

/**
 * The service's webhook subscriptions, each once. Runs in the program (in a preview too) with the stack's
 * `uptime:*` settings, or the `UPTIME_*` environment variables where a key is not set.
 */
export async function getWebhooks(args: GetWebhooksArgs = {}, opts: GetWebhooksOptions = {}): Promise<GetWebhooksResult> {
  refusePlainApiKey();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first lookup: importing the SDK never loads the HTTP client
  const impl = require("../provider/webhooks") as typeof import("../provider/webhooks");
  const { provider, ...paging } = opts;
  // An Account's settings as given; the stack's `uptime:*` (the environment fills the rest, provider/config.ts).
  const settings = provider && (await new Promise<Record<string, string | undefined>>((resolve) => provider.settings.apply(resolve)));
  const config = new pulumi.Config("uptime");
  const get = (key: string) => (settings ? settings[key] : config.get(key));
  // An Account made by another copy of the package may lack its name: its settings are still an Account's.
  const account = provider === undefined ? undefined : (provider.accountName ?? "");
  try {
    return await impl.lookupWebhooks(get, { ...paging, topic: args.topic, log: pulumi.log }, account);
  } catch (error) {
    // Printed as its message alone: no stack into files the package does not ship.
    throw new pulumi.RunError(`getWebhooks: ${(error as Error).message}`);
  }
}

/** {@link getWebhooks} with inputs that may be outputs of other resources. */
export function getWebhooksOutput(args: GetWebhooksOutputArgs = {}, opts: GetWebhooksOptions = {}): pulumi.Output<GetWebhooksResult> {
  return pulumi.output(args).apply((resolved) => getWebhooks({ topic: resolved.topic }, opts));
}
