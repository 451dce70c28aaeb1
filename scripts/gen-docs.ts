// Writes the README's generated tables (the inputs of Monitor, Page and Alert, the settings) from
// the model (provider/model/docs.ts).
//   npx ts-node --transpile-only scripts/gen-docs.ts           # rewrite them in README.md
//   npx ts-node --transpile-only scripts/gen-docs.ts --check   # exit 1 when README.md is stale
import * as fs from "node:fs";
import * as path from "node:path";
import { README_TABLES } from "../provider/model/readme";
import { withGeneratedTables } from "../provider/model/docs";

const file = path.resolve(__dirname, "../README.md");
const current = fs.readFileSync(file, "utf8");
const next = withGeneratedTables(current, README_TABLES());
if (process.argv.includes("--check")) {
  if (next !== current) {
    process.stderr.write("README.md's generated tables are stale: run `npx ts-node --transpile-only scripts/gen-docs.ts`\n");
    process.exit(1);
  }
} else if (next !== current) {
  fs.writeFileSync(file, next);
  process.stdout.write("README.md: generated tables rewritten\n");
}
