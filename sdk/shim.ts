// How a resource of this package finds its implementation. Pulumi's dynamic-provider host looks up
// each resource's implementation in its `__provider` property: module text it evaluates, calling
// the `handler` it exports. `pulumi.dynamic.Resource` would fill it by serializing a provider
// object's closure (a few hundred bytes, even for a one-line require); ours is written out as the
// one line it amounts to, a require of the installed package's shim for that kind
// (provider/shim/<kind>.ts), by package name, as a user's program resolves it:
//
//   exports.handler = () => require("pulumi-uptime/dist/provider/shim/monitor.js");
//
// The engine stores it twice per resource (inputs and outputs) and rewrites the whole checkpoint
// after every step, so each byte here costs at scale. It holds no code and no closure: upgrading the
// package changes no resource, and it works whether the package is installed, linked or hoisted.
import type * as pulumi from "@pulumi/pulumi";

export type ProviderKind = "monitor" | "page" | "alert";

const TYPE_NAMES: Record<ProviderKind, string> = { monitor: "Monitor", page: "Page", alert: "Alert" };

/** The module text stored as `__provider` for a resource of `kind`. */
export function providerModuleText(kind: ProviderKind): string {
  return `exports.handler = () => require("pulumi-uptime/dist/provider/shim/${kind}.js");\n`;
}

/** The resource type, as `pulumi.dynamic.Resource` names it (module `uptime`): the type every state already holds. */
export function dynamicResourceType(kind: ProviderKind): string {
  return `pulumi-nodejs:dynamic/uptime:${TYPE_NAMES[kind]}`;
}

/** A resource's props as registered: its own, and `__provider` (which the args cannot set). */
export function dynamicResourceProps(kind: ProviderKind, props: pulumi.Inputs): pulumi.Inputs {
  return { ...props, __provider: providerModuleText(kind) };
}
