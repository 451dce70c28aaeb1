// Monitors someone edits or deletes in the dashboard; `pulumi up --refresh` puts them back.
import * as uptime from "pulumi-uptime";

for (const name of ["edited", "deleted"]) {
  new uptime.Monitor(name, {
    name,
    type: "https",
    urn: `https://${name}.acme.example`,
    interval: 60,
    regions: [1],
    description: "as declared",
    alerts: [],
  });
}
