// Monitors a team must not lose by accident: `protect` refuses their deletion.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const protect = config.getBoolean("protect") ?? true;
const generation = config.getNumber("generation") ?? 0;

for (const name of ["payments", "checkout"]) {
  new uptime.Monitor(
    name,
    {
      name: `protected ${name}`,
      type: "https",
      urn: `https://${name}.acme.example/health`,
      interval: 60 + 60 * generation,
      regions: [1, 2],
    },
    { protect },
  );
}
