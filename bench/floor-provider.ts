// The benchmark's floor: the same number of dynamic resources, with the same inputs, whose provider
// makes no HTTP call. What it costs is the engine's own cost (program, gRPC, checkpoint writes), the
// part no provider can remove. Its outputs echo the inputs plus a uuid and a timestamp, so its state
// has about the size of a real monitor's, and its `__provider` is a one-line require like ours
// (bench/floor-impl.js, installed under node_modules: only modules there are stored by reference).
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type * as uptime from "pulumi-uptime";

const PACKAGE = "bench-floor-provider";
const REPO = path.resolve(__dirname, "..");

/** Copies floor-impl.js into node_modules as a package, when missing or stale. */
function installFloorPackage(): void {
  const dir = path.join(REPO, "node_modules", PACKAGE);
  const source = fs.readFileSync(path.join(__dirname, "floor-impl.js"), "utf8");
  const target = path.join(dir, "index.js");
  if (fs.existsSync(target) && fs.readFileSync(target, "utf8") === source) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: PACKAGE, version: "0.0.0", main: "index.js", private: true }));
  fs.writeFileSync(`${target}.tmp-${process.pid}`, source);
  fs.renameSync(`${target}.tmp-${process.pid}`, target);
}

installFloorPackage();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- by package name, so Pulumi serializes it as a require
const floorProvider: pulumi.dynamic.ResourceProvider = require(PACKAGE);

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
