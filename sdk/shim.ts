// The object handed to pulumi.dynamic.Resource, and so serialized into every resource's state. It
// holds no logic: each method requires the installed implementation by package name inside its
// body, so `__provider` stays a few hundred bytes and upgrading the package changes no resource.
import type * as pulumi from "@pulumi/pulumi";

export type ProviderKind = "monitor" | "page" | "alert";

export function providerShim(kind: ProviderKind): pulumi.dynamic.ResourceProvider {
  const impl = () => require("pulumi-uptime/provider/dynamic").providers[kind];
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
