// A MonitorFleet in plain JavaScript, as a team declares its monitors as data: a component holding
// the fleet (protected, as a team protects what pages people) and a page listing two of its members.
"use strict";
const pulumi = require("@pulumi/pulumi");
const uptime = require("pulumi-uptime");

const config = new pulumi.Config();
const protect = config.getBoolean("protect") !== false;

class Edge extends pulumi.ComponentResource {
  constructor(name, args, opts) {
    super("acme:uptime:Edge", name, {}, opts);
    const monitors = {};
    for (let i = 0; i < args.count; i++) {
      monitors[`pop-${i}`] = {
        name: `${name} pop ${i}`,
        type: "https",
        urn: `https://pop-${i}.${args.domain}/health`,
        interval: 60,
        regions: [1 + (i % 3)],
      };
    }
    this.fleet = new uptime.MonitorFleet(`${name}-monitors`, { monitors }, { parent: this, protect: args.protect });
    this.page = new uptime.Page(
      `${name}-page`,
      { uuid: args.pageUuid, name: `${name} status`, useGroups: false, items: [this.fleet.uuidOf("pop-0"), this.fleet.uuidOf("pop-1")] },
      { parent: this },
    );
    this.registerOutputs({});
  }
}

const edge = new Edge("edge", { count: 12, protect, domain: "edge.acme.example", pageUuid: config.require("pageUuid") });
exports.firstUuid = edge.fleet.uuidOf("pop-0");
exports.memberCount = edge.fleet.uuids.apply((u) => Object.keys(u).length);
