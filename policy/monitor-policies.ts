// The rules each Monitor must meet on its own, read from its inputs as the provider's check left them
// (`target` is the monitor's `urn`, `interval` a number). An unknown value is not checked: the rule
// runs again at `up`, when every input is known.
import type { ResourceValidationArgs, ResourceValidationPolicy } from "@pulumi/policy";
import { MONITOR_TYPE, UNKNOWN, isArray, isBoolean, isObject, isString, known, knownNumber, rawProps, withDefaults } from "./props";

type Report = (message: string) => void;

/** Runs `check` on Monitors only, with the inputs read as plain JSON. */
function onMonitors(check: (props: Record<string, unknown>, args: ResourceValidationArgs, report: Report) => void) {
  return (args: ResourceValidationArgs, report: Report) => {
    if (args.type === MONITOR_TYPE) check(rawProps(args.props), args, report);
  };
}

export const monitorHasAlert: ResourceValidationPolicy = {
  name: "monitor-has-alert",
  description: "Every monitor notifies someone: its `alerts` lists at least one alert uuid.",
  enforcementLevel: "mandatory",
  validateResource: onMonitors((props, args, report) => {
    const alerts = known(props.alerts, isArray);
    if (alerts === UNKNOWN || (alerts !== undefined && alerts.length > 0)) return;
    report(`monitor "${args.name}" has no alert, so nobody hears when it goes down: add \`alerts: [alert.uuid]\``);
  }),
};

export interface HttpsOnlyConfig {
  /** URL prefixes that may be checked over plain http (e.g. an internal health endpoint). */
  allowedHttpTargets: string[];
}
const HTTPS_ONLY_DEFAULTS: HttpsOnlyConfig = { allowedHttpTargets: [] };

export const httpsOnly: ResourceValidationPolicy = {
  name: "monitor-uses-https",
  description: "http(s) monitors check https:// addresses; plain http only for the URL prefixes in allowedHttpTargets.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: { allowedHttpTargets: { type: "array", items: { type: "string" }, default: [] } },
  },
  validateResource: onMonitors((props, args, report) => {
    const config = withDefaults(HTTPS_ONLY_DEFAULTS, args.getConfig<Partial<HttpsOnlyConfig>>());
    const type = known(props.type, isString);
    const target = known(props.target, isString);
    if (type === UNKNOWN || target === UNKNOWN) return;
    const plainHttp = type?.toLowerCase() === "http" || /^http:\/\//i.test(target ?? "");
    if (!plainHttp || (target && config.allowedHttpTargets.some((prefix) => target.startsWith(prefix)))) return;
    // The address itself is not repeated: it may be a secret.
    report(
      `monitor "${args.name}" checks its target over plain http: use type "https" and an https:// urn, ` +
        "or add the URL's prefix to this policy's allowedHttpTargets",
    );
  }),
};

export interface IntervalBoundsConfig {
  minIntervalSeconds: number;
  maxIntervalSeconds: number;
  maxTimeoutSeconds: number;
}
export const INTERVAL_DEFAULTS: IntervalBoundsConfig = { minIntervalSeconds: 30, maxIntervalSeconds: 3600, maxTimeoutSeconds: 60 };

export const intervalBounds: ResourceValidationPolicy = {
  name: "monitor-interval-bounds",
  description:
    "The interval is between minIntervalSeconds and maxIntervalSeconds; a timeout is at most maxTimeoutSeconds and no longer than the interval.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      minIntervalSeconds: { type: "number", minimum: 1, default: INTERVAL_DEFAULTS.minIntervalSeconds },
      maxIntervalSeconds: { type: "number", minimum: 1, default: INTERVAL_DEFAULTS.maxIntervalSeconds },
      maxTimeoutSeconds: { type: "number", minimum: 1, default: INTERVAL_DEFAULTS.maxTimeoutSeconds },
    },
  },
  validateResource: onMonitors((props, args, report) => {
    const {
      minIntervalSeconds: min,
      maxIntervalSeconds: max,
      maxTimeoutSeconds,
    } = withDefaults(INTERVAL_DEFAULTS, args.getConfig<Partial<IntervalBoundsConfig>>());
    const interval = knownNumber(props.interval ?? props.intervalId);
    const timeout = knownNumber(props.timeout);
    const where = `monitor "${args.name}"`;
    if (typeof interval === "number" && (interval < min || interval > max)) {
      report(`${where}: interval ${interval} s is outside ${min}-${max} s`);
    }
    if (typeof timeout !== "number") return;
    if (timeout > maxTimeoutSeconds) report(`${where}: timeout ${timeout} s is over ${maxTimeoutSeconds} s`);
    if (typeof interval === "number" && timeout > interval) {
      report(`${where}: timeout ${timeout} s is longer than its interval ${interval} s`);
    }
  }),
};

export const tcpKeywordHasProbe: ResourceValidationPolicy = {
  name: "tcp-keyword-has-probe",
  description:
    "A tcp monitor with a response keyword sends data (dataRequest) or expects the keyword in the response (keywordResponseExists: true).",
  enforcementLevel: "mandatory",
  validateResource: onMonitors((props, args, report) => {
    if (known(props.type, isString) !== "tcp") return;
    const options = known(props.tcpOptions, isObject);
    if (options === undefined || options === UNKNOWN) return;
    const keyword = known(options.keywordResponse, isString);
    if (keyword === undefined || keyword === "") return;
    const data = known(options.dataRequest, isString);
    const expects = known(options.keywordResponseExists, isBoolean);
    if (data === UNKNOWN || (data !== undefined && data !== "") || expects === UNKNOWN || expects === true) return;
    // Without data to send, a server that does not speak first answers nothing, and "keyword absent" always holds.
    report(
      `monitor "${args.name}" looks for a keyword in a response it never asks for: ` +
        "set tcpOptions.dataRequest, or keywordResponseExists: true if the server speaks first",
    );
  }),
};

export const monitorPolicies = [monitorHasAlert, httpsOnly, intervalBounds, tcpKeywordHasProbe];
