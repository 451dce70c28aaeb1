// ignoreChanges in the names a program uses (intervalId, httpFollowRedirects, the API's `urn`, a capitalised
// TcpOptions key, the page's analytics id): changes to those are never sent, others are.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const generation = config.getNumber("generation") ?? 0;

const api = new uptime.Monitor(
  "api",
  {
    name: "api",
    type: "https",
    urn: `https://api-${generation}.acme.example/health`,
    intervalId: 60 + 60 * generation,
    httpFollowRedirects: generation % 2 === 0,
    regions: [1],
    description: `generation ${generation}`,
  },
  { ignoreChanges: ["intervalId", "urn", "httpFollowRedirects"] },
);

const db = new uptime.Monitor(
  "db",
  {
    name: "db",
    type: "tcp",
    urn: "db.acme.example:5432",
    interval: 120,
    regions: [2],
    tcpOptions: { DataRequest: `PING ${generation}`, KeywordResponse: "PONG" },
  },
  { ignoreChanges: ["tcpOptions.DataRequest"] },
);

new uptime.Page(
  "page",
  {
    uuid: config.require("pageUuid"),
    name: "Acme status",
    useGroups: false,
    items: [api.uuid, db.uuid],
    googleAnalyticsId: `G-${generation}`,
  },
  { ignoreChanges: ["googleAnalyticsId"] },
);
