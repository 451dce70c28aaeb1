// Writes schema.json, the Pulumi package schema of `uptime`, from the model (scripts/package-schema.ts).
//   npx ts-node --transpile-only scripts/gen-schema.ts          # rewrite schema.json
//   npx ts-node --transpile-only scripts/gen-schema.ts --check  # exit 1 when schema.json is stale
import * as fs from "node:fs";
import * as path from "node:path";
import { packageSchema, releaseOf } from "./package-schema";

const repo = path.resolve(__dirname, "..");
const file = path.join(repo, "schema.json");
const release = releaseOf(JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8")));
const text = `${JSON.stringify(packageSchema(release), null, 2)}\n`;

if (process.argv.includes("--check")) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  if (current !== text) {
    process.stderr.write("schema.json is stale: run `npx ts-node --transpile-only scripts/gen-schema.ts`\n");
    process.exit(1);
  }
} else {
  fs.writeFileSync(file, text);
  process.stdout.write(`schema.json: ${Object.keys(packageSchema(release).resources as object).length} resources, ${text.length} bytes\n`);
}
