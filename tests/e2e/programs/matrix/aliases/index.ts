// Monitors first declared at the top level, then moved under a component: `aliases` says they are
// the same resources, so the move changes nothing in the service.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const grouped = config.getBoolean("grouped") ?? false;
const generation = config.getNumber("generation") ?? 0;

function monitors(parent?: pulumi.Resource): uptime.Monitor[] {
  const opts: pulumi.CustomResourceOptions = parent ? { parent, aliases: [{ parent: pulumi.rootStackResource }] } : {};
  return ["api", "web"].map(
    (name) =>
      new uptime.Monitor(
        name,
        {
          name: `moved ${name}`,
          type: "https",
          urn: `https://${name}.acme.example/health`,
          interval: name === "api" ? 60 + 60 * generation : 60,
          regions: [1],
        },
        opts,
      ),
  );
}

class Checks extends pulumi.ComponentResource {
  constructor(name: string) {
    super("acme:uptime:Checks", name);
    monitors(this);
    this.registerOutputs({});
  }
}

if (grouped) new Checks("checks");
else monitors();
