// What a program writes for a Monitor: every spelling the provider accepts (README, Resources), and
// no spelling it refuses. tests/types/ holds programs that must and must not compile against these,
// each also run through the provider's check.
import type * as pulumi from "@pulumi/pulumi";
import type { AnyCase } from "./spellings";

/** A whole number written as a string, e.g. `"60"`: the API's document quotes intervals, so the provider accepts either and sends a number. */
export type WholeNumberString = `${bigint}`;

/** The HTTP methods a check request may use, as the service stores them. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

/** An expected status: a code (`"200"`) or a range (`"200-299"`), each 100-599, in quotes. */
export type HttpStatusArg = `${bigint}` | `${bigint}-${bigint}`;

/** A monitor type: `https`, `http` or `tcp` are checked; another value is sent as written, with a warning. */
export type MonitorType = "https" | "http" | "tcp" | (string & {});

/** A day of the week, 0-7: 1 is Monday, 0 and 7 are both Sunday. A numeric string (`"1"`) is accepted too. */
export type MaintenanceDayArg = number | "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7";

/** An HTTP header sent with the check request. */
export interface HttpHeaderArgs {
  /** Header name: an HTTP token (no spaces, colons, CR or LF). */
  name: pulumi.Input<string>;
  /** Header value; wrap it in `pulumi.secret()` to keep it encrypted in state. No CR or LF. */
  value: pulumi.Input<string>;
}

/** How the check request is made (http and https monitors only). */
export interface HttpRequestArgs {
  /** One of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, in any letter case (stored in upper case). */
  method?: pulumi.Input<AnyCase<HttpMethod>>;
  headers?: pulumi.Input<pulumi.Input<HttpHeaderArgs>[]>;
  /** Body sent with the check request. */
  body?: pulumi.Input<string>;
}

/** What makes a response a success (http and https monitors only). */
export interface HttpResponseArgs {
  /** Expected status codes: a code ("200") or a range ("200-299"), each 100-599, in quotes. */
  status?: pulumi.Input<pulumi.Input<HttpStatusArg>[]>;
  /** true: the status must be in `status`; false: it must not be. Needs `status`. */
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

/**
 * TCP check options (tcp monitors only). Each key may be written as the API also spells it, with a
 * leading capital (`DataRequest`); give one spelling of each.
 */
export type TcpOptionsArgs = TcpDataRequestArgs & TcpKeywordResponseArgs & TcpKeywordResponseExistsArgs;

/** `dataRequest` of {@link TcpOptionsArgs}, in one of its two spellings. */
export type TcpDataRequestArgs =
  | {
      /** Data sent to the server. Also spelt `DataRequest`. */
      dataRequest?: pulumi.Input<string>;
      DataRequest?: never;
    }
  | {
      dataRequest?: never;
      /** `dataRequest`, as the API also spells it. */
      DataRequest?: pulumi.Input<string>;
    };

/** `keywordResponse` of {@link TcpOptionsArgs}, in one of its two spellings. */
export type TcpKeywordResponseArgs =
  | {
      /** Keyword looked for in the response data, case-insensitive. Also spelt `KeywordResponse`. */
      keywordResponse?: pulumi.Input<string>;
      KeywordResponse?: never;
    }
  | {
      keywordResponse?: never;
      /** `keywordResponse`, as the API also spells it. */
      KeywordResponse?: pulumi.Input<string>;
    };

/** `keywordResponseExists` of {@link TcpOptionsArgs}, in one of its two spellings. */
export type TcpKeywordResponseExistsArgs =
  | {
      /** Whether the keyword must exist (true) or must not (false). Needs the keyword. Also spelt `KeywordResponseExists`. */
      keywordResponseExists?: pulumi.Input<boolean>;
      KeywordResponseExists?: never;
    }
  | {
      keywordResponseExists?: never;
      /** `keywordResponseExists`, as the API also spells it. */
      KeywordResponseExists?: pulumi.Input<boolean>;
    };

/** A maintenance period within a day, in the window's time zone. Start and stop must differ. */
export interface MaintenanceTimeArgs {
  startHour: pulumi.Input<number>;
  startMinute: pulumi.Input<number>;
  stopHour: pulumi.Input<number>;
  stopMinute: pulumi.Input<number>;
}

/** A weekly maintenance window. */
export interface MaintenanceArgs {
  /** Days of the week, 0-7: 1 is Monday, 0 and 7 are both Sunday (the API leaves the numbering undocumented). `"1"` is accepted for 1. */
  days: pulumi.Input<pulumi.Input<MaintenanceDayArg>[]>;
  times: pulumi.Input<pulumi.Input<MaintenanceTimeArgs>[]>;
  /** IANA time zone name, e.g. Europe/Paris. */
  timeZone: pulumi.Input<string>;
}

/**
 * The inputs of a {@link Monitor}. `interval` is required, written `interval` or `intervalId`;
 * `followRedirects` may be written `httpFollowRedirects`. Give one spelling of each.
 */
export type MonitorArgs = MonitorCommonArgs & MonitorIntervalArgs & MonitorFollowRedirectsArgs;

/** `interval` of {@link MonitorArgs}, required, in one of its two spellings. */
export type MonitorIntervalArgs =
  | {
      interval?: never;
      /** `interval`, as the service's record names it. */
      intervalId: pulumi.Input<number | WholeNumberString>;
    }
  | {
      /** Check interval in seconds, a positive whole number; a numeric string (`"60"`) is sent as a number. Also spelt `intervalId`. */
      interval: pulumi.Input<number | WholeNumberString>;
      intervalId?: never;
    };

/** `followRedirects` of {@link MonitorArgs}, in one of its two spellings. */
export type MonitorFollowRedirectsArgs =
  | {
      /** Wait for the end of a redirect chain (http/https). Also spelt `httpFollowRedirects`. */
      followRedirects?: pulumi.Input<boolean>;
      httpFollowRedirects?: never;
    }
  | {
      followRedirects?: never;
      /** `followRedirects`, as the service's record names it. */
      httpFollowRedirects?: pulumi.Input<boolean>;
    };

/** The inputs of a {@link Monitor} that have one spelling. */
export interface MonitorCommonArgs {
  /** Name of the monitor. */
  name: pulumi.Input<string>;
  /** Title shown on a status page. */
  title?: pulumi.Input<string>;
  /** `https`, `http` or `tcp` (another value is sent as written, with a warning). */
  type: pulumi.Input<MonitorType>;
  /**
   * The target, named as in the API: a URL for http(s) (scheme matching `type`), `host:port` for
   * tcp (IPv6 as `[::1]:443`). Pulumi reserves `urn` for every resource's own URN, so the resource
   * keeps this value as `target` (and the output is `monitor.target`).
   */
  urn: pulumi.Input<string>;
  /** Check timeout, in seconds. */
  timeout?: pulumi.Input<number>;
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
