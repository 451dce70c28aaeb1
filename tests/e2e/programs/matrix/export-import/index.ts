// A stack whose state is exported and imported again (a backup restored, a backend moved).
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();

const alert = new uptime.Alert("on-call", {
  uuid: config.require("alertUuid"),
  name: "On-call",
  down: true,
  recipients: [
    { type: "slack", target: "https://hooks.slack.example/T0/B0/X" },
    { type: "email", target: "oncall@acme.example" },
  ],
});
const api = new uptime.Monitor("api", {
  name: "api",
  type: "https",
  urn: "https://api.acme.example",
  interval: 60,
  regions: [2, 1],
  alerts: [alert.uuid],
  httpResponse: { status: ["200-299"], statusMatches: true },
});
export const apiUuid = api.uuid;
