// Two monitors edited together, applied one at a time with `pulumi up --target`.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const generation = config.getNumber("generation") ?? 0;

for (const name of ["first", "second"]) {
  new uptime.Monitor(name, { name, type: "https", urn: `https://${name}.acme.example`, interval: 60 + 60 * generation, regions: [1] });
}
