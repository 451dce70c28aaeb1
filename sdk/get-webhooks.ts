import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import type { Account } from "./account";
import type { GetWebhooksArgs, GetWebhooksOutputArgs, GetWebhooksPaging, GetWebhooksResult } from "./generated";

/** How {@link getWebhooks} pages through the list, and which account it reads. */
export interface GetWebhooksOptions extends GetWebhooksPaging {
  /** The account to list, as resources are given one; by default the stack's own settings. Its settings must be known at preview. */
  provider?: Account;
}

/** The service's webhook subscriptions, each once; runs in the program (in a preview too). */
export async function getWebhooks(args: GetWebhooksArgs = {}, opts: GetWebhooksOptions = {}): Promise<GetWebhooksResult> {
  refusePlainApiKey();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first lookup: importing the SDK never loads the HTTP client
  const impl = require("../provider/webhooks") as typeof import("../provider/webhooks");
  const { provider, ...paging } = opts;
  const get = provider ? await accountLookup(provider) : configLookup();
  // An Account made by another copy of the package may lack its name: its settings are still an Account's.
  const account = provider === undefined ? undefined : (provider.accountName ?? "");
  try {
    return await impl.lookupWebhooks(get, { ...paging, topic: args.topic, log: pulumi.log }, account);
  } catch (error) {
    // Printed as its message alone: no stack into files the package does not ship.
    throw new pulumi.RunError(`getWebhooks: ${(error as Error).message}`);
  }
}

function configLookup(): (key: string) => string | undefined {
  const config = new pulumi.Config("uptime");
  return (key) => config.get(key);
}

async function accountLookup(account: Account): Promise<(key: string) => string | undefined> {
  const settings = await new Promise<Record<string, string | undefined>>((resolve) => account.settings.apply(resolve));
  return (key) => settings[key];
}

/** {@link getWebhooks} with inputs that may be outputs of other resources. */
export function getWebhooksOutput(args: GetWebhooksOutputArgs = {}, opts: GetWebhooksOptions = {}): pulumi.Output<GetWebhooksResult> {
  return pulumi.output(args).apply((resolved) => getWebhooks({ topic: resolved.topic }, opts));
}
