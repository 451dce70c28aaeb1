// A user's program, as install.test.ts runs it outside the repository, type-checked as by default, in the
// spellings docs/resources.md documents beside the canonical ones.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const alertUuid = config.require("alertUuid");
const pageUuid = config.require("pageUuid");

const onCall = new uptime.Alert("on-call", {
  uuid: alertUuid,
  name: "On-call",
  down: true,
  recipients: [
    { type: "Email", target: "oncall@acme.example" },
    { type: "Slack", target: "https://hooks.slack.example/services/T000/B000/XXXX" },
  ],
});

const api = new uptime.Monitor("api", {
  name: "Installed: API",
  type: "https",
  urn: "https://api.acme.example/health",
  interval: "60",
  regions: [1, 2],
  alerts: [onCall.uuid],
  httpRequest: { method: "get" },
  httpResponse: { status: ["200-299"], statusMatches: true },
});

const database = new uptime.Monitor("database", {
  name: "Installed: database",
  type: "tcp",
  urn: "db.acme.example:5432",
  intervalId: 120,
  regions: [2],
  tcpOptions: { DataRequest: "PING", KeywordResponse: "PONG", KeywordResponseExists: true },
  maintenance: {
    days: ["1", 7],
    times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 30 }],
    timeZone: "Europe/Paris",
  },
});

new uptime.Page("status", { uuid: pageUuid, name: "Acme status", useGroups: false, items: [api.uuid, database.uuid] });

export const apiInterval = api.intervalId;
export const webhookCount = uptime.getWebhooksOutput().count;
