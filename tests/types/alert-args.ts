// Alert inputs: recipient types in any letter case (docs/resources.md, Alert), and types the
// provider refuses. See cases.ts for how these are run.
import type { AlertArgs } from "pulumi-uptime";
import { casesOf } from "./cases";

const { accepts, refuses } = casesOf<AlertArgs>("alert");
const uuid = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";
const hook = "https://hooks.acme.example/T000/B000";

accepts({ uuid, name: "On-call", down: true, recipients: [{ type: "email", target: "oncall@acme.example" }] });
accepts({
  uuid,
  recipients: [
    { type: "Email", target: "oncall@acme.example" },
    { type: "SMS", target: "+33 6 12-34-56-78" },
    { type: "Call", target: "+14155550123" },
    { type: "Slack", target: hook },
    { type: "DISCORD", target: hook },
    { type: "webHook", target: hook },
  ],
});
accepts({ uuid, recipients: [] });

// @ts-expect-error not a recipient type
refuses("recipients[0].type", { uuid, recipients: [{ type: "pager", target: "oncall@acme.example" }] });
// @ts-expect-error not a recipient type either (the API's is "email")
refuses("recipients[0].type", { uuid, recipients: [{ type: "e-mail", target: "oncall@acme.example" }] });
