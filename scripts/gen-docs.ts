// Writes the documentation's generated tables (the inputs of Monitor, Page and Alert, the
// settings) from the model (scripts/markdown-tables.ts), each into the file that holds its markers:
// README.md or a Markdown file under docs/ (scripts/doc-tables.ts finds them).
//   npx ts-node --transpile-only scripts/gen-docs.ts           # rewrite them
//   npx ts-node --transpile-only scripts/gen-docs.ts --check   # exit 1 when one is stale
import * as fs from "node:fs";
import * as path from "node:path";
import { generatedDocs, ROOT } from "./doc-tables";

const stale = generatedDocs().filter((doc) => doc.next !== doc.current);
if (process.argv.includes("--check")) {
  if (stale.length) {
    const files = stale.map((doc) => doc.file).join(", ");
    process.stderr.write(`${files}: generated tables are stale: run \`npx ts-node --transpile-only scripts/gen-docs.ts\`\n`);
    process.exit(1);
  }
} else {
  for (const doc of stale) {
    fs.writeFileSync(path.join(ROOT, doc.file), doc.next);
    process.stdout.write(`${doc.file}: generated tables rewritten\n`);
  }
}
