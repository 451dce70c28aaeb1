// N monitors. `fleet:count` sets N; the first `fleet:edited` monitors get an interval that depends on
// `fleet:generation`, so raising the generation edits exactly those. `fleet:mode` picks who manages
// them: `uptime` (this package), `plugin` (the same monitors through its provider plugin), or the benchmark's comparisons `floor` (a dynamic provider that
// makes no HTTP call) and `naive` (bench/naive-provider.ts: logic serialized into state, a fresh
// connection per call).
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const count = config.getNumber("count") ?? 10;
const edited = config.getNumber("edited") ?? 0;
const generation = config.getNumber("generation") ?? 0;
const mode = config.get("mode") ?? "uptime";
// Monitors to take over, by index: { "0": "<uuid>" } (the recovery of an unconfirmed creation).
const adopt = config.getObject<Record<string, string>>("adopt") ?? {};
// Each monitor after the first waits for the one before (`dependsOn`): steps in a known order.
const chain = config.getBoolean("chain") ?? false;
// `deleteBeforeReplace` on every monitor: a replacement deletes the old resource first.
const deleteBeforeReplace = config.getBoolean("deleteBeforeReplace") ?? false;

function args(i: number): uptime.MonitorArgs {
  return {
    name: `fleet-${String(i).padStart(4, "0")}`,
    type: "https",
    urn: `https://svc-${i}.fleet.example/health`,
    interval: i < edited ? 60 + 60 * generation : 60,
    regions: [1 + (i % 3)],
    httpResponse: { status: ["200-299"], statusMatches: true },
    ...(adopt[String(i)] ? { adoptUuid: adopt[String(i)] } : {}),
  };
}

// The provider plugin's type, as a program of another language declares it: canonical names (`target`).
class PluginMonitor extends pulumi.CustomResource {
  constructor(name: string, { urn, ...rest }: uptime.MonitorArgs, opts?: pulumi.CustomResourceOptions) {
    super("uptime:index:Monitor", name, { ...rest, target: urn }, opts);
  }
}
const viaPlugin = (name: string, a: uptime.MonitorArgs, opts?: pulumi.CustomResourceOptions) => new PluginMonitor(name, a, opts);

const make: (name: string, a: uptime.MonitorArgs, opts?: pulumi.CustomResourceOptions) => pulumi.Resource =
  mode === "uptime"
    ? (name, a, opts) => new uptime.Monitor(name, a, opts)
    : mode === "plugin"
      ? viaPlugin
      : // eslint-disable-next-line @typescript-eslint/no-require-imports -- the benchmark's comparison providers, chosen by config at run time
        require(`${__dirname}/../../../../bench/${mode}-provider`).make;

const monitors: pulumi.Resource[] = [];
for (let i = 0; i < count; i++) {
  const opts: pulumi.CustomResourceOptions = {
    ...(chain && i > 0 ? { dependsOn: [monitors[i - 1]] } : {}),
    ...(deleteBeforeReplace ? { deleteBeforeReplace } : {}),
  };
  monitors.push(make(`m${i}`, args(i), opts));
}
export const created = monitors.length;
