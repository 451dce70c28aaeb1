import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const generation = config.getNumber("generation") ?? 0;
const pageUuid = config.require("pageUuid");

class Service extends pulumi.ComponentResource {
  readonly monitors: uptime.Monitor[];
  constructor(name: string, args: { host: string; interval: number }, opts?: pulumi.ComponentResourceOptions) {
    super("acme:uptime:Service", name, {}, opts);
    this.monitors = ["health", "login", "search"].map(
      (check) =>
        new uptime.Monitor(
          `${name}-${check}`,
          {
            name: `${name} ${check}`,
            type: "https",
            urn: `https://${args.host}/${check}`,
            interval: args.interval,
            regions: [1, 2],
          },
          { parent: this },
        ),
    );
    this.registerOutputs({});
  }
}

class Team extends pulumi.ComponentResource {
  constructor(name: string, opts?: pulumi.ComponentResourceOptions) {
    super("acme:uptime:Team", name, {}, opts);
    const api = new Service(`${name}-api`, { host: "api.acme.example", interval: 60 + 60 * generation }, { parent: this });
    const web = new Service(`${name}-web`, { host: "www.acme.example", interval: 120 }, { parent: this });
    new uptime.Page(
      `${name}-page`,
      {
        uuid: pageUuid,
        name: `${name} status`,
        useGroups: false,
        items: [...api.monitors, ...web.monitors].map((m) => m.uuid),
      },
      { parent: this },
    );
    this.registerOutputs({});
  }
}

new Team("payments");
