// The dynamic host evaluates each resource's `__provider` text and calls its `handler`. Rather than a
// serialized closure (hundreds of bytes, stored twice per resource, rewritten every step), ours is the one
// line it amounts to: a require of the package's shim by name (provider/shim/<kind>.ts). It holds no code:
// upgrading the package changes no resource, installed, linked or hoisted.
import type * as pulumi from "@pulumi/pulumi";
import { outputNamesOf, type ResourceSpec } from "../provider/model/field";
import type { ProviderKind } from "../provider/model/kinds";

export function providerModuleText(kind: ProviderKind): string {
  return `exports.handler = () => require("pulumi-uptime/dist/provider/shim/${kind}.js");\n`;
}

/** `__provider` last: the args cannot set it. */
export function dynamicResourceProps(kind: ProviderKind, props: pulumi.Inputs): pulumi.Inputs {
  return { ...props, __provider: providerModuleText(kind) };
}

/** Seeded `undefined` so the engine fills each output, declared as an input or not (else it stays undefined). */
export function outputSeeds(spec: ResourceSpec): Record<string, undefined> {
  return Object.fromEntries(outputNamesOf(spec).map((name) => [name, undefined]));
}

/** The first @pulumi/pulumi whose host hands a read with no state (a `get`) the registration's inputs. */
const FIRST_SDK_WITH_GET = "3.268.0";

/** An older host would fail the read without saying why. `version`: the program's @pulumi/pulumi. */
export function requireGetSupport(
  className: string,
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the program's own copy, a peer dependency
  version = (require("@pulumi/pulumi/package.json") as { version: string }).version,
): void {
  const [major, minor] = version.split(".").map(Number);
  const [wantMajor, wantMinor] = FIRST_SDK_WITH_GET.split(".").map(Number);
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return;
  throw new Error(
    `${className}.get needs @pulumi/pulumi ${FIRST_SDK_WITH_GET} or later (this program has ${version}): from that version its ` +
      `dynamic-provider host hands a read with no state what the program registered. Upgrade @pulumi/pulumi in the program.`,
  );
}
