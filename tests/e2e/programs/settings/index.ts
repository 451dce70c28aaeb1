// Two monitors: `api` carries the seeded alert, `settings:interval` edits both.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const interval = config.getNumber("interval") ?? 60;

new uptime.Monitor("api", {
  name: "api",
  type: "https",
  urn: "https://api.acme.example/health",
  interval,
  regions: [1],
  alerts: [config.require("alertUuid")],
});
new uptime.Monitor("db", { name: "db", type: "tcp", urn: "db.acme.example:5432", interval, regions: [2] });
