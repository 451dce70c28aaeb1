import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./register";
import { forgetCreateNoteWhenRegistered, resourceUrn } from "./identity";
import { dynamicResourceProps, dynamicResourceType } from "./shim";
import { Spellings, canonicalArgs, canonicalOptions } from "./spellings";

/** An HTTP header sent with the check request. */
export interface HttpHeaderArgs {
  /** Header name: an HTTP token (no spaces, colons, CR or LF). */
  name: pulumi.Input<string>;
  /** Header value; wrap it in `pulumi.secret()` to keep it encrypted in state. No CR or LF. */
  value: pulumi.Input<string>;
}

/** How the check request is made (http and https monitors only). */
export interface HttpRequestArgs {
  /** One of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS (lower case is accepted and upper-cased). */
  method?: pulumi.Input<string>;
  headers?: pulumi.Input<pulumi.Input<HttpHeaderArgs>[]>;
  /** Body sent with the check request. */
  body?: pulumi.Input<string>;
}

/** What makes a response a success (http and https monitors only). */
export interface HttpResponseArgs {
  /** Expected status codes: a code ("200") or a range ("200-299"), each 100-599. */
  status?: pulumi.Input<pulumi.Input<string>[]>;
  /** true: the status must be in `status`; false: it must not be. */
  statusMatches?: pulumi.Input<boolean>;
  /** Keyword looked for in the response headers, case-insensitive. */
  keywordHeader?: pulumi.Input<string>;
  /** Whether `keywordHeader` must exist (true) or must not (false). Needs `keywordHeader`. */
  keywordHeaderExists?: pulumi.Input<boolean>;
  /** Keyword looked for in the response body, case-insensitive. */
  keywordBody?: pulumi.Input<string>;
  /** Whether `keywordBody` must exist (true) or must not (false). Needs `keywordBody`. */
  keywordBodyExists?: pulumi.Input<boolean>;
}

/** TCP check options (tcp monitors only). Keys with a leading capital (`DataRequest`) are accepted too; give one spelling of each. */
export interface TcpOptionsArgs {
  /** Data sent to the server. */
  dataRequest?: pulumi.Input<string>;
  /** Keyword looked for in the response data, case-insensitive. */
  keywordResponse?: pulumi.Input<string>;
  /** Whether `keywordResponse` must exist (true) or must not (false). Needs `keywordResponse`. */
  keywordResponseExists?: pulumi.Input<boolean>;
  /** `dataRequest`, as the API also spells it. */
  DataRequest?: pulumi.Input<string>;
  /** `keywordResponse`, as the API also spells it. */
  KeywordResponse?: pulumi.Input<string>;
  /** `keywordResponseExists`, as the API also spells it. */
  KeywordResponseExists?: pulumi.Input<boolean>;
}

/** A maintenance period within a day, in the window's time zone. Start and stop must differ. */
export interface MaintenanceTimeArgs {
  startHour: pulumi.Input<number>;
  startMinute: pulumi.Input<number>;
  stopHour: pulumi.Input<number>;
  stopMinute: pulumi.Input<number>;
}

/** A weekly maintenance window. */
export interface MaintenanceArgs {
  /** Days of the week, 0-7: 1 is Monday, 0 and 7 are both Sunday (the API leaves the numbering undocumented). */
  days: pulumi.Input<pulumi.Input<number>[]>;
  times: pulumi.Input<pulumi.Input<MaintenanceTimeArgs>[]>;
  /** IANA time zone name, e.g. Europe/Paris. */
  timeZone: pulumi.Input<string>;
}

/** The inputs of a {@link Monitor}. */
export interface MonitorArgs {
  /** Name of the monitor. */
  name: pulumi.Input<string>;
  /** Title shown on a status page. */
  title?: pulumi.Input<string>;
  /** `https`, `http` or `tcp` (another value is sent as written, with a warning). */
  type: pulumi.Input<string>;
  /**
   * The target, named as in the API: a URL for http(s) (scheme matching `type`), `host:port` for
   * tcp (IPv6 as `[::1]:443`). Pulumi reserves `urn` for every resource's own URN, so the resource
   * keeps this value as `target` (and the output is `monitor.target`).
   */
  urn: pulumi.Input<string>;
  /** Wait for the end of a redirect chain (http/https). Alias: `httpFollowRedirects`. */
  followRedirects?: pulumi.Input<boolean>;
  /** Alias of `followRedirects` (the record's name); give one of the two. */
  httpFollowRedirects?: pulumi.Input<boolean>;
  /** Check timeout, in seconds. */
  timeout?: pulumi.Input<number>;
  /** Check interval in seconds, a positive whole number (a numeric string is accepted). Alias: `intervalId`. Required. */
  interval?: pulumi.Input<number | string>;
  /** Alias of `interval` (the record's name); give one of the two. */
  intervalId?: pulumi.Input<number | string>;
  /** Region ids the check runs from: at least one, no duplicates; order does not matter. */
  regions: pulumi.Input<pulumi.Input<number>[]>;
  description?: pulumi.Input<string>;
  /** Group uuids. */
  groups?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Alert uuids, e.g. `[alert.uuid]`. The API cannot edit a monitor's alerts, so changing them
   * REPLACES the monitor (a new one is created, then the old one deleted).
   */
  alerts?: pulumi.Input<pulumi.Input<string>[]>;
  /** Response time, in seconds, above which the monitor is Degraded. */
  degradedThreshold?: pulumi.Input<number>;
  /** Apdex threshold, in seconds. */
  apdexThreshold?: pulumi.Input<number>;
  httpRequest?: pulumi.Input<HttpRequestArgs>;
  httpResponse?: pulumi.Input<HttpResponseArgs>;
  tcpOptions?: pulumi.Input<TcpOptionsArgs>;
  maintenance?: pulumi.Input<MaintenanceArgs>;
  /**
   * Take over an existing monitor instead of creating one: its uuid. On creation of this resource
   * the monitor is edited to the declared state; from then on it is managed (and deleted on destroy
   * unless `retainOnDelete` is set). Ignored after creation.
   */
  adoptUuid?: pulumi.Input<string>;
}

/** One HTTP header of the record. */
export interface HttpHeader { name: string; value: string }
export interface HttpRequest { method?: string; headers?: HttpHeader[]; body?: string }
export interface HttpResponse {
  status?: string[]; statusMatches?: boolean; keywordHeader?: string; keywordHeaderExists?: boolean;
  keywordBody?: string; keywordBodyExists?: boolean;
}
export interface TcpOptions { dataRequest?: string; keywordResponse?: string; keywordResponseExists?: boolean }
export interface MaintenanceTime { startHour: number; startMinute: number; stopHour: number; stopMinute: number }
export interface Maintenance { days?: number[]; times?: MaintenanceTime[]; timeZone?: string }

/**
 * An uptime monitor: a check of an HTTP(S) address or a TCP `host:port`, run at an interval from
 * one or more regions. The Pulumi id is the monitor's uuid. Outputs use the service record's
 * names (`httpFollowRedirects`, `intervalId`); fields the service left empty are undefined.
 * Served by Pulumi's Node.js dynamic-provider host, as type `pulumi-nodejs:dynamic/uptime:Monitor`.
 */
export class Monitor extends pulumi.CustomResource {
  /**
   * The monitor's uuid: the resource id itself, so that it stays known while a preview plans an
   * update (an update keeps the uuid). A page listing `monitor.uuid` is then no possible change.
   */
  declare readonly uuid: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly title: pulumi.Output<string | undefined>;
  declare readonly type: pulumi.Output<string>;
  /** The record's `urn`: the checked address (named `target` because Pulumi reserves `urn`). */
  declare readonly target: pulumi.Output<string>;
  /** `followRedirects` as the service stores it. */
  declare readonly httpFollowRedirects: pulumi.Output<boolean | undefined>;
  declare readonly timeout: pulumi.Output<number | undefined>;
  /** The interval as the service stores it (an integer). */
  declare readonly intervalId: pulumi.Output<number>;
  declare readonly regions: pulumi.Output<number[]>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly groups: pulumi.Output<string[] | undefined>;
  declare readonly alerts: pulumi.Output<string[] | undefined>;
  declare readonly degradedThreshold: pulumi.Output<number | undefined>;
  declare readonly apdexThreshold: pulumi.Output<number | undefined>;
  declare readonly httpRequest: pulumi.Output<HttpRequest | undefined>;
  declare readonly httpResponse: pulumi.Output<HttpResponse | undefined>;
  declare readonly tcpOptions: pulumi.Output<TcpOptions | undefined>;
  declare readonly maintenance: pulumi.Output<Maintenance | undefined>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** RFC 3339 time of the last edit. */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

  constructor(name: string, args: MonitorArgs, opts?: pulumi.CustomResourceOptions) {
    refusePlainApiKey();
    const restore = plainPromiseStacks();
    try {
      // The resource's URN keys the provider's create journal: after an interrupted `pulumi up`, the
      // next create of this resource takes over the monitor the interrupted run made (sdk/identity.ts).
      const journalKey = resourceUrn(dynamicResourceType("monitor"), name, opts?.parent);
      const props = { ...MONITOR_OUTPUTS, ...canonicalArgs({ ...args }, MONITOR_SPELLINGS), journalKey };
      super(dynamicResourceType("monitor"), name, dynamicResourceProps("monitor", props), canonicalOptions(name, opts, MONITOR_SPELLINGS));
      forgetCreateNoteWhenRegistered(journalKey, this.id);
      this.uuid = this.id;
    } finally {
      restore();
    }
  }
}

/** Input names as the README documents them, and the names the provider stores them under. */
const MONITOR_SPELLINGS: Spellings = {
  kind: "monitor",
  inputs: [
    "name", "title", "type", "urn", "target", "followRedirects", "httpFollowRedirects", "timeout", "interval", "intervalId",
    "regions", "description", "groups", "alerts", "degradedThreshold", "apdexThreshold", "httpRequest", "httpResponse",
    "tcpOptions", "maintenance", "adoptUuid", "*",
  ],
  // Pulumi reserves `urn` for every resource's own URN: the monitor's target is stored as `target`.
  renames: { urn: "target", httpFollowRedirects: "followRedirects", intervalId: "interval" },
  nested: { tcpOptions: { DataRequest: "dataRequest", KeywordResponse: "keywordResponse", KeywordResponseExists: "keywordResponseExists" } },
};

const MONITOR_OUTPUTS = {
  httpFollowRedirects: undefined, intervalId: undefined, createdAt: undefined, updatedAt: undefined,
};
