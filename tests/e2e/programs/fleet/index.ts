// `fleet:count` monitors; raising `fleet:generation` edits the interval of the first `fleet:edited`. `fleet:mode`:
// `uptime` (a Monitor each), `fleet` (one MonitorFleet, members m0, m1, ...), `plugin` and `plugin-fleet` (the
// same through the provider plugin), or the benchmark's `floor` (no HTTP call) and `naive` (bench/naive-provider.ts).
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
// Monitors, by index, given the alert `fleet:alert` (a change of alerts replaces a monitor).
const alerted = config.getObject<number[]>("alerted") ?? [];
const alert = config.get("alert");
// A page to take over (fleet mode): it lists the first three members.
const page = config.get("page");
// `retainOnDelete` on every Monitor (mode uptime); `retainOnRemove` on the fleet (mode fleet): moving
// monitors between the two without re-creating them.
const retain = config.getBoolean("retain") ?? false;
// A header value every monitor sends, wrapped in pulumi.secret().
const secretHeader = config.get("secretHeader");

function args(i: number): uptime.MonitorArgs {
  return {
    name: `fleet-${String(i).padStart(4, "0")}`,
    type: "https",
    urn: `https://svc-${i}.fleet.example/health`,
    interval: i < edited ? 60 + 60 * generation : 60,
    regions: [1 + (i % 3)],
    httpResponse: { status: ["200-299"], statusMatches: true },
    ...(adopt[String(i)] ? { adoptUuid: adopt[String(i)] } : {}),
    ...(alert && alerted.includes(i) ? { alerts: [alert] } : {}),
    ...(secretHeader ? { httpRequest: { headers: [{ name: "Authorization", value: pulumi.secret(secretHeader) }] } } : {}),
  };
}

// The provider plugin's type, as a program of another language declares it: canonical names (`target`).
class PluginMonitor extends pulumi.CustomResource {
  constructor(name: string, { urn, ...rest }: uptime.MonitorArgs, opts?: pulumi.CustomResourceOptions) {
    super("uptime:index:Monitor", name, { ...rest, target: urn }, opts);
  }
}
const viaPlugin = (name: string, a: uptime.MonitorArgs, opts?: pulumi.CustomResourceOptions) => new PluginMonitor(name, a, opts);

// The modes whose monitors are members of one resource.
const asFleet = mode === "fleet" || mode === "plugin-fleet" || mode === "fleet-floor";
const make: (name: string, a: uptime.MonitorArgs, opts?: pulumi.CustomResourceOptions) => pulumi.Resource =
  mode === "uptime" || asFleet
    ? (name, a, opts) => new uptime.Monitor(name, a, opts)
    : mode === "plugin"
      ? viaPlugin
      : // eslint-disable-next-line @typescript-eslint/no-require-imports -- the benchmark's comparison providers, chosen by config at run time
        require(`${__dirname}/../../../../bench/${mode}-provider`).make;

const monitors: pulumi.Resource[] = [];
// The provider plugin's MonitorFleet, as a program of another language declares it: members in canonical names (`target`).
class PluginFleet extends pulumi.CustomResource {
  constructor(name: string, members: Record<string, uptime.MonitorArgs>, opts?: pulumi.CustomResourceOptions) {
    const monitors = Object.fromEntries(Object.entries(members).map(([key, { urn, ...rest }]) => [key, { ...rest, target: urn }]));
    super("uptime:index:MonitorFleet", name, { monitors, uuids: undefined }, opts);
  }
}
if (mode === "plugin-fleet") {
  monitors.push(new PluginFleet("fleet", Object.fromEntries(Array.from({ length: count }, (_, i) => [`m${i}`, args(i)]))));
}
if (mode === "fleet") {
  const fleet = new uptime.MonitorFleet(
    "fleet",
    {
      monitors: Object.fromEntries(Array.from({ length: count }, (_, i) => [`m${i}`, args(i)])),
      retainOnRemove: retain,
    },
    retain ? { retainOnDelete: true } : {},
  );
  monitors.push(fleet);
  if (page) new uptime.Page("status", { uuid: page, useGroups: false, items: ["m0", "m1", "m2"].map((m) => fleet.uuidOf(m)) });
}
// The benchmark's fleet floor (bench/fleet-floor-provider.ts): one resource of the same members, no HTTP call.
if (mode === "fleet-floor") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the benchmark's comparison, chosen by config at run time
  const { makeFleet } = require(`${__dirname}/../../../../bench/fleet-floor-provider`);
  monitors.push(makeFleet("fleet", Object.fromEntries(Array.from({ length: count }, (_, i) => [`m${i}`, args(i)]))));
}
for (let i = 0; !asFleet && i < count; i++) {
  const opts: pulumi.CustomResourceOptions = {
    ...(chain && i > 0 ? { dependsOn: [monitors[i - 1]] } : {}),
    ...(deleteBeforeReplace ? { deleteBeforeReplace } : {}),
    ...(retain ? { retainOnDelete: true } : {}),
  };
  monitors.push(make(`m${i}`, args(i), opts));
}
export const created = asFleet ? count : monitors.length;
