// The provider objects the dynamic-provider host runs. Each resource's `__provider` text is one line,
// `exports.handler = () => require("pulumi-uptime/dist/provider/shim/<kind>.js")` (see sdk/shim.ts),
// so each kind's object is the whole `module.exports` of its own module (shim/monitor.ts, ...). The
// methods load the implementation on first use, by package name: the module every stored state
// names stays this small and stable while the implementation behind it changes with the package.
import type * as pulumi from "@pulumi/pulumi";

export type ProviderKind = "monitor" | "page" | "alert";

export function makeShim(kind: ProviderKind): pulumi.dynamic.ResourceProvider {
  const impl = () => require("pulumi-uptime/dist/provider/dynamic").providers[kind];
  return {
    configure: (req) => impl().configure(req),
    check: (olds, news) => impl().check(olds, news),
    diff: (id, olds, news) => impl().diff(id, olds, news),
    create: (inputs) => impl().create(inputs),
    read: (id, props) => impl().read(id, props),
    update: (id, olds, news) => impl().update(id, olds, news),
    delete: (id, props) => impl().delete(id, props),
  };
}
