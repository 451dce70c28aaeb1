// `bad-input:cases`: a JSON list of `{ kind, name, args }` (monitor, page, alert, or webhooks: getWebhooks' topic
// and options), one per run (the engine stops a preview at the first failure), beside one valid monitor.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

type Case = { kind: "monitor" | "page" | "alert" | "webhooks"; name: string; args: Record<string, unknown> };
const config = new pulumi.Config();
const cases = config.getObject<Case[]>("cases") ?? [config.requireObject<Case>("case")];

new uptime.Monitor("valid", { name: "valid", type: "https", urn: "https://ok.example/", interval: 60, regions: [1] });

for (const c of cases) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- deliberately wrong args, as a program without types would pass them
  const args = c.args as any;
  switch (c.kind) {
    case "monitor":
      new uptime.Monitor(c.name, args);
      break;
    case "page":
      new uptime.Page(c.name, args);
      break;
    case "alert":
      new uptime.Alert(c.name, args);
      break;
    case "webhooks": {
      const { topic, ...opts } = args; // pageSize and maxPages are the lookup's options
      uptime.getWebhooksOutput({ topic }, opts);
      break;
    }
  }
}
