// The benchmark's echo floor: the same number of dynamic resources, with the same inputs, whose
// provider makes no HTTP call. Its outputs echo the inputs plus a uuid and a timestamp, so its state
// has about the size of a real monitor's, and its `__provider` is a one-line require like ours
// (bench/floor-impl.js, installed under node_modules: only modules there are stored by reference).
// It shows the engine's cost for state of our size; the true floor is bench/least-provider.ts.
import * as pulumi from "@pulumi/pulumi";
import type * as uptime from "pulumi-uptime";
import { installedModule } from "./installed-module";

const floorProvider = installedModule<pulumi.dynamic.ResourceProvider>("bench-floor-provider", "floor-impl.js");

/** A floor resource with a monitor's inputs (`urn` kept as `target`: Pulumi reserves `urn`). */
export function make(name: string, args: uptime.MonitorArgs): pulumi.Resource {
  const { urn, ...rest } = args;
  return new FloorMonitor(name, { ...rest, target: urn });
}

class FloorMonitor extends pulumi.dynamic.Resource {
  constructor(name: string, props: pulumi.Inputs) {
    super(floorProvider, name, props, undefined, "bench", "Floor");
  }
}
