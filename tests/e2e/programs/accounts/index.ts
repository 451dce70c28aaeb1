// Two accounts: production through the stack's settings, staging through an Account, each with a monitor, a fleet
// of two, its page and alert and its webhooks; `accounts:interval` edits them, `accounts:move` moves `shared`.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const interval = config.getNumber("interval") ?? 60;
// `accounts:stagingName` renames the Account; `accounts:stagingAliases` (names, comma-separated) gives it `aliases`.
const formerNames = config.get("stagingAliases")?.split(",") ?? [];
const staging = new uptime.Account(
  config.get("stagingName") ?? "staging",
  { baseUrl: config.require("stagingUrl"), apiKey: config.requireSecret("stagingKey") },
  formerNames.length ? { aliases: formerNames.map((name) => ({ name })) } : {},
);

function environment(prefix: string, provider?: uptime.Account) {
  const opts = provider ? { provider } : {};
  const api = new uptime.Monitor(
    `${prefix}-api`,
    {
      name: `${prefix} API`,
      type: "https",
      urn: `https://api.${prefix}.acme.example/health`,
      interval,
      regions: [1],
    },
    opts,
  );
  const alert = new uptime.Alert(
    `${prefix}-on-call`,
    {
      uuid: config.require("alertUuid"),
      name: `${prefix} on-call`,
      down: true,
      recipients: [{ type: "email", target: `oncall@${prefix}.acme.example` }],
    },
    opts,
  );
  new uptime.Page(
    `${prefix}-status`,
    { uuid: config.require("pageUuid"), title: `${prefix} status`, useGroups: false, items: [api.uuid] },
    opts,
  );
  // Monitors as data: a fleet of two in the same account.
  const edge = new uptime.MonitorFleet(
    `${prefix}-edge`,
    {
      monitors: Object.fromEntries(
        ["a", "b"].map((k) => [
          k,
          { name: `${prefix} edge ${k}`, type: "https", urn: `https://${k}.edge.${prefix}.acme.example/health`, interval, regions: [1] },
        ]),
      ),
    },
    opts,
  );
  const hooks = uptime.getWebhooksOutput({}, provider ? { provider } : {});
  return { monitor: api.uuid, alert: alert.uuid, webhooks: hooks.count, edge: edge.uuids };
}

export const production = environment("prod");
export const stagingEnv = environment("staging", staging);

// One monitor that changes account: moving it is a replacement, made in its new account.
const shared = new uptime.Monitor(
  "shared",
  {
    name: "shared",
    type: "tcp",
    urn: "db.acme.example:5432",
    interval,
    regions: [2],
  },
  config.getBoolean("move") ? { provider: staging } : {},
);
export const sharedUuid = shared.uuid;
