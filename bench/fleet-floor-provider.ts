// The fleet's floor: one dynamic resource with a MonitorFleet's inputs whose provider makes no HTTP
// call (bench/fleet-floor-impl.js), its state about the size of ours. What a fleet of N costs the
// engine, the program and a provider process that does nothing; `fleet-floor-latency` adds the time
// the fleet's requests take at 16 in flight, so ours minus it is what the provider itself costs.
import * as pulumi from "@pulumi/pulumi";
import type * as uptime from "pulumi-uptime";
import { installedModule } from "./installed-module";

const fleetFloorProvider = installedModule<pulumi.dynamic.ResourceProvider>("bench-fleet-floor-provider", "fleet-floor-impl.js");

/** The floor fleet of these members (`urn` kept as `target`, as the floor's monitors keep it). */
export function makeFleet(name: string, members: Record<string, uptime.MonitorArgs>): pulumi.Resource {
  const monitors = Object.fromEntries(Object.entries(members).map(([key, { urn, ...rest }]) => [key, { ...rest, target: urn }]));
  return new FloorFleet(name, { monitors });
}

class FloorFleet extends pulumi.dynamic.Resource {
  constructor(name: string, props: pulumi.Inputs) {
    super(fleetFloorProvider, name, props, undefined, "bench", "FloorFleet");
  }
}
