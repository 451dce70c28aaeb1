// The provider objects Pulumi serializes into each resource's state (`__provider`). Each kind's
// object is the whole `module.exports` of its own module (shim/monitor.ts, ...), so when the package
// is installed under node_modules the closure serializer records it as one
// `require("pulumi-uptime/dist/provider/shim/<kind>")` — about a hundred bytes — instead of copying code.
// The methods load the implementation on first use, by package name, so the program process never
// loads undici or zod just to declare resources, and the shim still works if a linked layout makes
// the serializer copy it by value.
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
