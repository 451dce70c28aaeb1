// Monitors someone edits or deletes in the dashboard; `pulumi up --refresh` puts them back.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const generation = config.getNumber("generation") ?? 0;

for (const name of ["edited", "deleted"]) {
  new uptime.Monitor(name, {
    name,
    type: "https",
    urn: `https://${name}.acme.example`,
    interval: 60 + 60 * generation,
    regions: [1],
    description: "as declared",
    alerts: [],
  });
}
