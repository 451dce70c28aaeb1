// The benchmark's true floor: the engine with a provider that makes no request and stores the least
// state. Each resource has one small input (the monitor's interval, so that the fleet's update of 10%
// is an update here too), no outputs, and the shortest `__provider`: a one-line require of
// bench/least-impl.js (installed under node_modules), written out as this package's SDK writes its
// own (sdk/shim.ts). What it costs is the engine's own work per resource (program, gRPC, checkpoint
// writes), which no provider can remove.
import * as pulumi from "@pulumi/pulumi";
import type * as uptime from "pulumi-uptime";
import { installedModule } from "./installed-module";

const PACKAGE = "bench-least-provider";
installedModule(PACKAGE, "least-impl.js");
const PROVIDER_TEXT = `exports.handler = () => require("${PACKAGE}");\n`;

export function make(name: string, args: uptime.MonitorArgs): pulumi.Resource {
  return new Least(name, { interval: args.interval, __provider: PROVIDER_TEXT });
}

class Least extends pulumi.CustomResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("pulumi-nodejs:dynamic/bench:Least", name, props);
  }
}
