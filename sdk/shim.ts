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
import { outputNamesOf, type ResourceSpec } from "../provider/model/field";
import type { ProviderKind } from "../provider/model/kinds";

/** The module text stored as `__provider` for a resource of `kind`. */
export function providerModuleText(kind: ProviderKind): string {
  return `exports.handler = () => require("pulumi-uptime/dist/provider/shim/${kind}.js");\n`;
}

/** A resource's props as registered: its own, and `__provider` (which the args cannot set). */
export function dynamicResourceProps(kind: ProviderKind, props: pulumi.Inputs): pulumi.Inputs {
  return { ...props, __provider: providerModuleText(kind) };
}

/**
 * Every output of a kind, from its table, seeded `undefined` in the props a class registers: the
 * engine then fills each one from the provider's outputs, declared as an input or not (a property not
 * among the props stays undefined at run time, whatever its type says).
 */
export function outputSeeds(spec: ResourceSpec): Record<string, undefined> {
  return Object.fromEntries(outputNamesOf(spec).map((name) => [name, undefined]));
}

/** The first @pulumi/pulumi whose dynamic-provider host hands a read with no state (a `get`) the registration's inputs. */
export const FIRST_SDK_WITH_GET = "3.268.0";

/** Refuses `get` under an older @pulumi/pulumi, whose host would fail the read without saying why. */
export function requireGetSupport(className: string, version: string): void {
  const [major, minor] = version.split(".").map(Number);
  const [wantMajor, wantMinor] = FIRST_SDK_WITH_GET.split(".").map(Number);
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return;
  throw new Error(
    `${className}.get needs @pulumi/pulumi ${FIRST_SDK_WITH_GET} or later (this program has ${version}): from that version its ` +
      `dynamic-provider host hands a read with no state what the program registered. Upgrade @pulumi/pulumi in the program.`,
  );
}

/** The version of the @pulumi/pulumi this program runs with. */
export function sdkVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the program's own copy, a peer dependency
  return (require("@pulumi/pulumi/package.json") as { version: string }).version;
}
