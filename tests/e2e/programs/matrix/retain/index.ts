// A legacy monitor kept in the service when it leaves the program (`retainOnDelete`), later declared
// again under the same name: that makes a new monitor, and the retained one is never touched.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const declareLegacy = config.getBoolean("declareLegacy") ?? true;
const declareFresh = config.getBoolean("declareFresh") ?? false;
const generation = config.getNumber("generation") ?? 0;

new uptime.Monitor("keep", { name: "keep", type: "https", urn: "https://keep.acme.example", interval: 60, regions: [1] });
if (declareLegacy) {
  new uptime.Monitor(
    "legacy",
    {
      name: "legacy",
      type: "https",
      urn: "https://legacy.acme.example",
      interval: 60 + 60 * generation,
      regions: [1],
      alerts: [config.require("alertUuid")],
    },
    { retainOnDelete: true },
  );
}
// Declared for one run only, removed by the very next one: no diff of it ever runs in between.
if (declareFresh) {
  new uptime.Monitor(
    "fresh",
    { name: "fresh", type: "https", urn: "https://fresh.acme.example", interval: 60, regions: [1] },
    { retainOnDelete: true },
  );
}
