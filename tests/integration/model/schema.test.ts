// schema.json, the Pulumi package schema, is made from the model alone (provider/model/schema.ts):
// this fails when the checked-in file is stale (regenerate with scripts/gen-schema.ts), and checks
// that it says what the resources take and give.
import * as fs from "node:fs";
import * as path from "node:path";
import { ALERT } from "../../../provider/model/alert";
import { namesOf } from "../../../provider/model/field";
import { MONITOR } from "../../../provider/model/monitor";
import { PAGE } from "../../../provider/model/page";
import { SETTINGS } from "../../../provider/model/package";
import { packageSchema, releaseOf } from "../../../provider/model/schema";

const REPO = path.resolve(__dirname, "../../..");
const release = releaseOf(JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema is JSON read back
const checkedIn: any = JSON.parse(fs.readFileSync(path.join(REPO, "schema.json"), "utf8"));

test("schema.json is what scripts/gen-schema.ts makes from the model today", () => {
  expect(fs.readFileSync(path.join(REPO, "schema.json"), "utf8")).toBe(`${JSON.stringify(packageSchema(release), null, 2)}\n`);
});

test.each([MONITOR, PAGE, ALERT])(
  "$typeName: every field is an input under its canonical name and an output under the record's",
  (spec) => {
    const resource = checkedIn.resources[`uptime:index:${spec.typeName}`];
    for (const field of spec.fields) {
      expect(resource.inputProperties[field.name]).toMatchObject({ description: field.doc });
      expect(resource.properties).toHaveProperty(namesOf(field).output);
    }
    expect(resource.requiredInputs).toEqual(spec.fields.filter((f) => f.required).map((f) => f.name));
    // Every type the resource refers to is defined.
    for (const ref of JSON.stringify(resource).match(/#\/types\/[\w:]+/g) ?? [])
      expect(checkedIn.types).toHaveProperty(ref.slice("#/types/".length));
  },
);

test("config: every setting, the key secret; the lookup with its arguments", () => {
  expect(Object.keys(checkedIn.config.variables)).toEqual(SETTINGS.map((s) => s.key));
  expect(checkedIn.config.variables.apiKey.secret).toBe(true);
  expect(Object.keys(checkedIn.functions["uptime:index:getWebhooks"].inputs.properties)).toEqual(["topic", "pageSize", "maxPages"]);
  expect(checkedIn.types["uptime:index:TcpOptions"].properties).toHaveProperty("keywordResponseExists");
  expect(checkedIn.types["uptime:index:Maintenance"].required).toEqual(["days", "times", "timeZone"]);
});
