/**
 * Pulumi resources for the uptime-monitoring and status-page service: {@link Monitor},
 * {@link Page} and {@link Alert}, and the {@link getWebhooks} lookup.
 * @packageDocumentation
 */
export { Monitor } from "./monitor";
export type {
  MonitorArgs, HttpHeaderArgs, HttpRequestArgs, HttpResponseArgs, TcpOptionsArgs, MaintenanceArgs, MaintenanceTimeArgs,
  HttpHeader, HttpRequest, HttpResponse, TcpOptions, Maintenance, MaintenanceTime,
} from "./monitor";
export { validateMonitorArgs } from "./validate";
