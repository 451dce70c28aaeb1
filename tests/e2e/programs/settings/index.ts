// Two monitors: `api` carries the seeded alert unless `settings:alerts` is false (a change that
// replaces it), `settings:interval` edits both, `settings:longName` makes the name 100,000 characters.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const interval = config.getNumber("interval") ?? 60;
const alerts = config.getBoolean("alerts") ?? true;

new uptime.Monitor("api", {
  name: config.getBoolean("longName") ? "x".repeat(100_000) : "api",
  type: "https",
  urn: "https://api.acme.example/health",
  interval,
  regions: [1],
  alerts: alerts ? [config.require("alertUuid")] : [],
});
new uptime.Monitor("db", { name: "db", type: "tcp", urn: "db.acme.example:5432", interval, regions: [2] });
