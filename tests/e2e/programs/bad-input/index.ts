// One bad-input case per run: `bad-input:case` is JSON `{ kind, name, args }`. A valid monitor is
// declared alongside, so a test can also show that nothing else was applied.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const testCase = config.requireObject<{ kind: "monitor" | "page" | "alert" | "webhooks"; name: string; args: Record<string, unknown> }>("case");

new uptime.Monitor("valid", { name: "valid", type: "https", urn: "https://ok.example/", interval: 60, regions: [1] });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const args = testCase.args as any;
switch (testCase.kind) {
  case "monitor":
    new uptime.Monitor(testCase.name, args);
    break;
  case "page":
    new uptime.Page(testCase.name, args);
    break;
  case "alert":
    new uptime.Alert(testCase.name, args);
    break;
  case "webhooks":
    uptime.getWebhooksOutput(args);
    break;
}
