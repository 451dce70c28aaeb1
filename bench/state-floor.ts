// The benchmark's state floors: dynamic resources with a monitor's inputs whose provider
// (bench/state-impl.js) makes no request, storing (a) *mirror*: what this package's Monitor stores,
// field for field and of the same length (the record as outputs, `declaredFields`, `journalKey` in the
// inputs and the outputs, an 80-byte `__provider`); (b) *lean*: the same without the bookkeeping
// (`declaredFields`, `journalKey`); (c) *declared*: the declared inputs, and only the uuid and the
// creation time as outputs, with a `__provider` as short as the true floor's: the least a provider
// whose users declare these six fields can store. Against the true floor (one input, no outputs) they
// say what each part of the state costs the engine; against ours, what our own work costs beyond it.
import * as pulumi from "@pulumi/pulumi";
import type * as uptime from "pulumi-uptime";
import { installedModule } from "./installed-module";

export type Variant = "mirror" | "lean" | "declared";

/** Ours: `exports.handler = () => require("pulumi-uptime/dist/provider/shim/monitor.js");\n` (80 B). */
const OURS_PROVIDER_BYTES = 80;

function providerText(variant: Variant): string {
  const base = `bench-state-${variant}`;
  const line = (pkg: string) => `exports.handler = () => require("${pkg}");\n`;
  // mirror and lean: a package name padded so that the line is as long as ours.
  const pkg = variant === "declared" ? base : `${base}-${"x".repeat(OURS_PROVIDER_BYTES - line(base).length - 1)}`;
  installedModule(pkg, "state-impl.js");
  return line(pkg);
}

export function maker(variant: Variant): (name: string, args: uptime.MonitorArgs) => pulumi.Resource {
  const provider = providerText(variant);
  // Ours keys its journal by the URN; this string has the length of ours (same project, stack and name; our type).
  const journalKey = (name: string) =>
    `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::pulumi-nodejs:dynamic/uptime:Monitor::${name}`;
  return (name, { urn, adoptUuid: _adopt, ...rest }) =>
    new StateFloor(variant, name, {
      ...rest,
      target: urn,
      ...(variant === "mirror" ? { journalKey: journalKey(name) } : {}),
      __provider: provider,
    });
}

class StateFloor extends pulumi.CustomResource {
  constructor(variant: Variant, name: string, props: pulumi.Inputs) {
    super(`pulumi-nodejs:dynamic/bench:${variant[0].toUpperCase()}${variant.slice(1)}`, name, props);
  }
}
