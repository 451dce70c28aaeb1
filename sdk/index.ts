/**
 * Pulumi resources for the uptime-monitoring and status-page service: {@link Monitor},
 * {@link Page} and {@link Alert}, and the {@link getWebhooks} lookup.
 * @packageDocumentation
 */
import { shareModulesWithTheEngine } from "./automation";

// An Automation API inline program's dynamic resources find their implementation (sdk/automation.ts).
shareModulesWithTheEngine();

export { Monitor } from "./monitor";
export type {
  MonitorArgs,
  MonitorCommonArgs,
  MonitorIntervalArgs,
  MonitorFollowRedirectsArgs,
  MonitorType,
  WholeNumberString,
  HttpHeaderArgs,
  HttpRequestArgs,
  HttpMethod,
  HttpResponseArgs,
  HttpStatusArg,
  TcpOptionsArgs,
  TcpDataRequestArgs,
  TcpKeywordResponseArgs,
  TcpKeywordResponseExistsArgs,
  MaintenanceArgs,
  MaintenanceDayArg,
  MaintenanceTimeArgs,
} from "./monitor-args";
export type { HttpHeader, HttpRequest, HttpResponse, TcpOptions, Maintenance, MaintenanceTime } from "./monitor";
export { validateMonitorArgs } from "./validate";
export { Page } from "./page";
export type { PageArgs, PageCommonArgs, PageAnalyticsArgs } from "./page";
export { imageFile } from "./image";
export type { ImageFileArgs } from "./image";
export { Alert } from "./alert";
export type { AlertArgs, AlertRecipientArgs, AlertRecipient, AlertRecipientType, AlertRecipientTypeArg } from "./alert";
export type { AnyCase } from "./spellings";
export { getWebhooks, getWebhooksOutput } from "./get-webhooks";
export { Account } from "./account";
export { version } from "./version";
export type { AccountArgs } from "./account";
export type { GetWebhooksArgs, GetWebhooksOutputArgs, GetWebhooksOptions, GetWebhooksResult, Webhook } from "./get-webhooks";
