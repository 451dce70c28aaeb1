// schema.json is made from the model alone (scripts/package-schema.ts): this fails when the checked-in file is
// stale (regenerate with scripts/gen-schema.ts), and checks it says what the resources take and give.
import * as fs from "node:fs";
import * as path from "node:path";
import { ALERT } from "../../../provider/model/alert";
import { namesOf } from "../../../provider/model/field";
import { MONITOR } from "../../../provider/model/monitor";
import { PAGE } from "../../../provider/model/page";
import { SETTINGS } from "../../../provider/model/package";
import { packageSchema, releaseOf } from "../../../scripts/package-schema";

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

// Every SDK's documentation is made from these words: written for every language, with nothing that
// points into this repository's files.
describe("descriptions are for every language", () => {
  const descriptions: [string, string][] = [];
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}[${i}]`));
    else if (value && typeof value === "object")
      for (const [key, v] of Object.entries(value)) {
        if (key === "description" && typeof v === "string") descriptions.push([at, v]);
        else walk(v, `${at}.${key}`);
      }
  };
  walk(checkedIn, "schema");

  test("no link relative to this repository, no README anchor, no advice for TypeScript alone", () => {
    expect(descriptions.length).toBeGreaterThan(150);
    const typescriptOnly = [/pulumi\.secret\(/, /requireSecret\(/, /Kept as `target`/, /capitali[sz]ed keys/, /see below/, /imageFile\(/];
    // An example's code is in its own language: only the prose counts.
    const prose = (text: string) => text.replace(/```[\s\S]*?```/g, "");
    const offending = descriptions.filter(
      ([, text]) => /\]\((?!https?:\/\/)/.test(text) || /\(#[\w-]+\)/.test(text) || typescriptOnly.some((p) => p.test(prose(text))),
    );
    expect(offending).toEqual([]);
  });

  test.each(["Monitor", "Page", "Alert", "MonitorFleet"])("%s: an example in each language and an Import section", (name) => {
    const text: string = checkedIn.resources[`uptime:index:${name}`].description;
    expect(text).toContain("{{% examples %}}");
    for (const lang of ["typescript", "python", "go", "yaml"]) expect(text).toContain(`\`\`\`${lang}\n`);
    expect(text).toMatch(new RegExp(`## Import[\\s\\S]*\\$ pulumi import uptime:index:${name} `));
  });
});

test("the package says who publishes it, where it lives, its keywords and logo; the Go module is where its go.mod is", () => {
  expect(checkedIn).toMatchObject({
    publisher: "pulumi-uptime",
    repository: "https://github.com/pulumi-uptime/pulumi-uptime",
    homepage: "https://github.com/pulumi-uptime/pulumi-uptime",
    logoUrl: "https://raw.githubusercontent.com/pulumi-uptime/pulumi-uptime/main/docs/logo.svg",
  });
  expect(checkedIn.keywords).toEqual(expect.arrayContaining(["category/monitoring", "kind/native"]));
  // The npm package says the same, so that npm's page resolves README's links against the repository.
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8"));
  expect(manifest).toMatchObject({ homepage: checkedIn.homepage, repository: { type: "git", url: `git+${checkedIn.repository}.git` } });
  // The logo's address names a file of this repository (at main, once pushed).
  expect(fs.existsSync(path.join(REPO, checkedIn.logoUrl.replace(/^.*\/main\//, "")))).toBe(true);
  // `go get <repository>/sdks/go` finds the module whose go.mod is at sdks/go, at tags sdks/go/vX.Y.Z.
  const repository = checkedIn.repository.replace(/^https:\/\//, "");
  const goMod = fs.readFileSync(path.join(REPO, "sdks/go/go.mod"), "utf8");
  expect(/^module (\S+)$/m.exec(goMod)?.[1]).toBe(`${repository}/sdks/go`);
  expect(checkedIn.language.go.importBasePath).toBe(`${repository}/sdks/go/uptime`);
  expect(fs.readFileSync(path.join(REPO, "examples/go/main.go"), "utf8")).toContain(`"${repository}/sdks/go/uptime"`);
});
