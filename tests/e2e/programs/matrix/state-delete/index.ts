// Two monitors; after `pulumi state delete` of both, one is taken over again with adoptUuid and the
// other is simply declared again (a new monitor; the dropped one is left alone).
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const adopt = config.get("adoptA");

new uptime.Monitor("a", {
  name: "a",
  type: "https",
  urn: "https://a.acme.example",
  interval: 60,
  regions: [1],
  ...(adopt ? { adoptUuid: adopt } : {}),
});
new uptime.Monitor("b", { name: "b", type: "tcp", urn: "b.acme.example:443", interval: 60, regions: [2] });
