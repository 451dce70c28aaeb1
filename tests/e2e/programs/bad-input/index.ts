// Bad-input cases: `bad-input:cases` is a JSON list of `{ kind, name, args }` (kind: monitor, page,
// alert or webhooks; a webhooks case's args are getWebhooks' topic and its pageSize/maxPages options).
// The engine stops a preview at the first failing resource, so tests give one case per run. A valid
// monitor is declared alongside, so a test can also show that nothing else was applied.
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
