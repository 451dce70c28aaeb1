// The object handed to pulumi.dynamic.Resource is the exports of the installed package's shim
// module for that kind (provider/shim/*.ts), so that Pulumi stores a one-line require of it in the
// state rather than a copy of any code: `__provider` stays about a hundred bytes, and upgrading the
// package changes no resource.
import type * as pulumi from "@pulumi/pulumi";

export type ProviderKind = "monitor" | "page" | "alert";

export function providerShim(kind: ProviderKind): pulumi.dynamic.ResourceProvider {
  // Resolved by package name, as a user's program resolves it from its node_modules.
  return require(`pulumi-uptime/dist/provider/shim/${kind}`);
}
