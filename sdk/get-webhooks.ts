import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";

/** Arguments of {@link getWebhooks}. */
export interface GetWebhooksArgs {
  /** Only subscriptions to this topic, e.g. `monitors/status_change` (filtered after listing: the API has no filter). */
  topic?: string;
}

/** Arguments of {@link getWebhooksOutput}. */
export interface GetWebhooksOutputArgs {
  /** Only subscriptions to this topic, e.g. `monitors/status_change`. */
  topic?: pulumi.Input<string>;
}

/** How {@link getWebhooks} pages through the list. */
export interface GetWebhooksOptions {
  /** Subscriptions asked per request, a whole number 1-100. @default 100 */
  pageSize?: number;
  /** Requests made at most (a whole number >= 1); a service still paginating after that is an error. @default 1000 */
  maxPages?: number;
}

/** A webhook subscription: deliveries of `topic` go to `url`. */
export interface Webhook {
  uuid: string;
  /** e.g. `monitors/status_change`, `monitors/delete`. */
  topic: string;
  /** The address that receives deliveries. */
  url: string;
  /** RFC 3339 creation time. */
  createdAt?: string;
  /** RFC 3339 time of the last edit. */
  updatedAt?: string;
}

/** What {@link getWebhooks} returns. */
export interface GetWebhooksResult {
  /** The subscriptions (of `topic`, when given), each once, in the service's order. */
  webhooks: Webhook[];
  /** How many subscriptions `webhooks` holds. */
  count: number;
}

/**
 * Lists the service's webhook subscriptions: every page of `GET /webhooks`, each subscription once.
 * Runs in the program (during preview too) with the stack's `uptime:*` configuration, or the
 * `UPTIME_*` environment variables where a key is not set.
 */
export async function getWebhooks(args: GetWebhooksArgs = {}, opts: GetWebhooksOptions = {}): Promise<GetWebhooksResult> {
  refusePlainApiKey();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first lookup: importing the SDK never loads the HTTP client
  const impl = require("../provider/webhooks") as typeof import("../provider/webhooks");
  const config = new pulumi.Config("uptime");
  const log = {
    debug: (m: string) => void pulumi.log.debug(m),
    info: (m: string) => void pulumi.log.info(m),
    warn: (m: string) => void pulumi.log.warn(m),
  };
  try {
    return await impl.lookupWebhooks((key) => config.get(key), { ...opts, topic: args.topic, log });
  } catch (error) {
    // A RunError is printed as its message alone: one line, no stack into files the package does not ship.
    throw new pulumi.RunError(`getWebhooks: ${(error as Error).message}`);
  }
}

/** {@link getWebhooks} with inputs that may be outputs of other resources. */
export function getWebhooksOutput(args: GetWebhooksOutputArgs = {}, opts: GetWebhooksOptions = {}): pulumi.Output<GetWebhooksResult> {
  return pulumi.output(args).apply((resolved) => getWebhooks({ topic: resolved.topic }, opts));
}
