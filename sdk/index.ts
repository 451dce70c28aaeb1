/**
 * Pulumi resources for the uptime-monitoring and status-page service: {@link Monitor},
 * {@link Page} and {@link Alert}, and the {@link getWebhooks} lookup.
 * @packageDocumentation
 */
import { shareModulesWithTheEngine } from "./automation";

shareModulesWithTheEngine();

export { Monitor } from "./monitor";
export * from "./generated";
export * from "./arg-types";
export { validateMonitorArgs } from "./validate";
export { Page } from "./page";
export { imageFile, type ImageFileArgs } from "./image";
export { Alert } from "./alert";
export { MonitorFleet, type MonitorFleetArgs, type MonitorFleetMember } from "./fleet";
export type { AnyCase } from "./spellings";
export { getWebhooks, getWebhooksOutput, type GetWebhooksOptions } from "./get-webhooks";
export { Account, type AccountArgs } from "./account";
export { version } from "./version";
export type { GetWebhooksArgs, GetWebhooksOutputArgs, GetWebhooksPaging, GetWebhooksResult, Webhook } from "./generated";

// Names of earlier releases for types the model now names after their fields.
import type * as generated from "./generated";
/** @deprecated The same type as {@link generated.PageGoogleAnalitycsIdArgs}. */
export type PageAnalyticsArgs = generated.PageGoogleAnalitycsIdArgs;
/** @deprecated The same type as {@link generated.TcpOptionsDataRequestArgs}. */
export type TcpDataRequestArgs = generated.TcpOptionsDataRequestArgs;
/** @deprecated The same type as {@link generated.TcpOptionsKeywordResponseArgs}. */
export type TcpKeywordResponseArgs = generated.TcpOptionsKeywordResponseArgs;
/** @deprecated The same type as {@link generated.TcpOptionsKeywordResponseExistsArgs}. */
export type TcpKeywordResponseExistsArgs = generated.TcpOptionsKeywordResponseExistsArgs;
