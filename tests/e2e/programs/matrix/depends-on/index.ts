// Explicit ordering: the database monitor after the API monitor, the page after both and after the
// alert it does not otherwise reference.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const generation = config.getNumber("generation") ?? 0;

const alert = new uptime.Alert("on-call", { uuid: config.require("alertUuid"), name: "On-call", down: true });
const api = new uptime.Monitor(
  "api",
  {
    name: "api",
    type: "https",
    urn: "https://api.acme.example",
    interval: 60 + 60 * generation,
    regions: [1],
  },
  { dependsOn: [alert] },
);
const db = new uptime.Monitor(
  "db",
  {
    name: "db",
    type: "tcp",
    urn: "db.acme.example:5432",
    interval: 60,
    regions: [1],
  },
  { dependsOn: [api] },
);
new uptime.Page(
  "page",
  {
    uuid: config.require("pageUuid"),
    name: "Ordered",
    useGroups: false,
    items: [api.uuid],
  },
  { dependsOn: [db, alert] },
);
