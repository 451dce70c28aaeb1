// The rules that need the whole stack: what a page lists, and names across monitors. A stack policy
// sees each resource's outputs (a Monitor's `uuid`, a Page's `items`), which a preview leaves unknown
// for monitors still to be created or changed.
import type { PolicyResource, StackValidationPolicy } from "@pulumi/policy";
import { MONITOR_TYPE, PAGE_TYPE, UNKNOWN, isArray, isBoolean, isString, isUnknown, known, rawProps, withDefaults } from "./props";

export interface PageItemsConfig {
  /** Monitor uuids a page may list although this stack does not declare them, each with the reason. */
  externalMonitors: Record<string, string>;
}
const PAGE_ITEMS_DEFAULTS: PageItemsConfig = { externalMonitors: {} };

export const pageItemsAreStackMonitors: StackValidationPolicy = {
  name: "page-lists-stack-monitors",
  description:
    "Every monitor uuid on a page (useGroups: false) is a monitor of this stack, or is listed in externalMonitors with the reason.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      externalMonitors: {
        type: "object",
        additionalProperties: { type: "string", minLength: 1 },
        default: {},
        description: "monitor uuid -> why the page lists a monitor this stack does not manage",
      },
    },
  },
  validateStack: (args, report) => {
    const { externalMonitors } = withDefaults(PAGE_ITEMS_DEFAULTS, args.getConfig<Partial<PageItemsConfig>>());
    const monitors = args.resources.filter((r) => r.type === MONITOR_TYPE).map((m) => rawProps(m.props));
    // A preview sees a monitor to create or update by its inputs, without the `uuid` it has after `up`;
    // an adopted one names its uuid.
    const knownUuid = (v: unknown): v is string => isString(v) && !isUnknown(v);
    const monitorUuids = new Set(monitors.flatMap((m) => [m.uuid, m.adoptUuid]).filter(knownUuid));
    const unknownUuids = monitors.filter((m) => !knownUuid(m.uuid)).length;
    const hint =
      unknownUuids === 0
        ? ""
        : ` (${unknownUuids} monitor(s) of this stack get their uuid at \`up\`: ` +
          "if it is one of them, list it as `monitor.uuid`, which also follows the monitor when it is replaced)";
    for (const page of args.resources.filter((r) => r.type === PAGE_TYPE)) {
      const props = rawProps(page.props);
      if (known(props.useGroups, isBoolean) !== false) continue; // group uuids, or not known yet
      const items = known(props.items, isArray);
      if (items === undefined) continue;
      // An item not known yet is the uuid of a resource still to be created or changed: it counts as a
      // monitor of this stack when the page's items come from the stack's monitors.
      const fromStackMonitors = (page.propertyDependencies.items ?? []).some((d: PolicyResource) => d.type === MONITOR_TYPE);
      if (items === UNKNOWN || items.some(isUnknown)) {
        if (!fromStackMonitors) {
          report(
            `page "${page.name}" lists monitors that are not known before \`up\` and do not come from this stack's monitors`,
            page.urn,
          );
        }
        if (items === UNKNOWN) continue;
      }
      for (const item of items) {
        if (!isString(item) || isUnknown(item) || monitorUuids.has(item) || externalMonitors[item]) continue;
        report(
          `page "${page.name}" lists monitor ${item}, which is not a monitor of this stack: declare it, or add ` +
            `"${item}": "<why>" to this policy's externalMonitors${hint}`,
          page.urn,
        );
      }
    }
  },
};

export interface UniqueNamesConfig {
  /** Whether "API" and "api" are different names. */
  caseSensitive: boolean;
}
const UNIQUE_NAMES_DEFAULTS: UniqueNamesConfig = { caseSensitive: false };

export const uniqueMonitorNames: StackValidationPolicy = {
  name: "monitor-names-unique",
  description: "No two monitors of the stack share a name (compared without surrounding spaces, and ignoring case unless caseSensitive).",
  enforcementLevel: "mandatory",
  configSchema: { properties: { caseSensitive: { type: "boolean", default: false } } },
  validateStack: (args, report) => {
    const { caseSensitive } = withDefaults(UNIQUE_NAMES_DEFAULTS, args.getConfig<Partial<UniqueNamesConfig>>());
    const byName = new Map<string, PolicyResource[]>();
    for (const monitor of args.resources.filter((r) => r.type === MONITOR_TYPE)) {
      const name = known(rawProps(monitor.props).name, isString);
      if (name === undefined || name === UNKNOWN) continue;
      const key = caseSensitive ? name.trim() : name.trim().toLowerCase();
      byName.set(key, [...(byName.get(key) ?? []), monitor]);
    }
    for (const same of byName.values()) {
      if (same.length < 2) continue;
      const names = same
        .map((m) => `"${m.name}"`)
        .sort()
        .join(", ");
      for (const monitor of same) {
        const name = String(rawProps(monitor.props).name);
        report(`monitors ${names} share the name "${name.trim()}": give each monitor its own name`, monitor.urn);
      }
    }
  },
};

export const stackPolicies = [pageItemsAreStackMonitors, uniqueMonitorNames];
