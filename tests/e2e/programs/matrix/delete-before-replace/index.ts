// A change of alerts replaces a monitor (the API cannot edit them); with deleteBeforeReplace the
// old monitor goes before the new one is made, so two never exist at once.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const escalate = config.getBoolean("escalate") ?? false;
const generation = config.getNumber("generation") ?? 0;

new uptime.Monitor(
  "api",
  {
    name: "api",
    type: "https",
    urn: "https://api.acme.example",
    interval: 60 + 60 * generation,
    regions: [1],
    alerts: [escalate ? config.require("secondAlertUuid") : config.require("alertUuid")],
  },
  { deleteBeforeReplace: true },
);
