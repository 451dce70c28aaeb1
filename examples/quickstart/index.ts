// The quickstart: two monitors, the on-call alert and the public status page, declared in code.
// Configure with `pulumi config set uptime:baseUrl …` and `pulumi config set --secret uptime:apiKey …`.
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
// The uuids of an alert and a page that already exist in the service (here: the emulator's demo seed).
const alertUuid = config.get("alertUuid") ?? "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";
const pageUuid = config.get("pageUuid") ?? "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
// Knobs the e2e tests turn; a real program would just write the values.
const apiInterval = config.getNumber("apiInterval") ?? 60;
const databaseAlerts = config.getBoolean("databaseAlerts") ?? false;
const retainOnDelete = config.getBoolean("retainOnDelete") ?? false;

// Take over the existing on-call alert and keep it as declared.
const onCall = new uptime.Alert("on-call", {
  uuid: alertUuid,
  name: "On-call",
  down: true,
  disrupted: true,
  degraded: false,
  up: true,
  maintenance: false,
  recipients: [
    { type: "email", target: "oncall@acme.example" },
    { type: "slack", target: "https://hooks.slack.example/services/T000/B000/XXXX" },
  ],
});

const api = new uptime.Monitor(
  "public-api",
  {
    name: "Public API",
    type: "https",
    urn: "https://api.acme.example/health",
    interval: apiInterval,
    regions: [1, 2, 3],
    timeout: 10,
    followRedirects: true,
    alerts: [onCall.uuid],
    httpRequest: {
      method: "GET",
      headers: [
        { name: "Accept", value: "application/json" },
        { name: "X-Health-Token", value: pulumi.secret("not-a-real-token") },
      ],
    },
    httpResponse: { status: ["200-299"], statusMatches: true, keywordBody: "ok", keywordBodyExists: true },
  },
  { retainOnDelete },
);

const database = new uptime.Monitor(
  "database",
  {
    name: "Primary database",
    type: "tcp",
    urn: "db.acme.example:5432",
    interval: "120",
    regions: [2],
    tcpOptions: { dataRequest: "PING", keywordResponse: "PONG", keywordResponseExists: true },
    maintenance: {
      days: [0, 6],
      times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 30 }],
      timeZone: "Europe/Paris",
    },
    alerts: databaseAlerts ? [onCall.uuid] : undefined,
  },
  { retainOnDelete },
);

// Take over the public status page: branding, and the monitors in the order they appear.
const page = new uptime.Page("status-page", {
  uuid: pageUuid,
  name: "Acme status",
  title: "Acme service status",
  slug: "acme",
  description: "Live status of Acme's public services",
  useGroups: false,
  items: [api.uuid, database.uuid],
  logo: { path: path.join(__dirname, "logo.svg") },
  favicon: { path: path.join(__dirname, "favicon.svg") },
});

const webhooks = uptime.getWebhooksOutput();

export const apiMonitor = api.uuid;
export const databaseMonitor = database.uuid;
export const apiIntervalSeconds = api.intervalId;
export const alertRecipients = onCall.recipients.apply((rs) => rs.map((r) => `${r.type}:${r.target}`));
export const pageLogoUrl = page.logoUrl;
export const webhookCount = webhooks.count;
export const webhookUrls = webhooks.webhooks.apply((ws) => ws.map((w) => `${w.topic} -> ${w.url}`));
