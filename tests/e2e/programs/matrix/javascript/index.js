// The same kind of program in plain JavaScript: a component holding two monitors and a page that
// lists them, one monitor ignoring changes to its interval.
"use strict";
const pulumi = require("@pulumi/pulumi");
const uptime = require("pulumi-uptime");

const config = new pulumi.Config();
const generation = config.getNumber("generation") || 0;

class Service extends pulumi.ComponentResource {
  constructor(name, args, opts) {
    super("acme:uptime:JsService", name, {}, opts);
    this.api = new uptime.Monitor(
      `${name}-api`,
      {
        name: `${name} api`,
        type: "https",
        urn: `https://${args.host}/health`,
        intervalId: String(60 + 60 * generation),
        regions: [1, 2],
      },
      { parent: this, ignoreChanges: ["intervalId"] },
    );
    this.db = new uptime.Monitor(
      `${name}-db`,
      {
        name: `${name} db`,
        type: "tcp",
        urn: `db.${args.host}:5432`,
        interval: 120,
        regions: [2],
        description: `generation ${generation}`,
      },
      { parent: this },
    );
    this.page = new uptime.Page(
      `${name}-page`,
      {
        uuid: args.pageUuid,
        name: `${name} status`,
        useGroups: false,
        items: [this.api.uuid, this.db.uuid],
      },
      { parent: this },
    );
    this.registerOutputs({});
  }
}

const service = new Service("billing", { host: "billing.acme.example", pageUuid: config.require("pageUuid") });
exports.apiUuid = service.api.uuid;
