// Turns `pulumi preview --json` into the Markdown a pull request shows: the monitors, pages and
// alerts to be created, updated, replaced or deleted, the fields that change (secrets masked) and
// the policy violations.
//
//   pulumi preview --json > preview.json && npx ts-node --transpile-only scripts/pr-summary.ts preview.json > summary.md
//   PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json --policy-pack policy | npx ts-node --transpile-only scripts/pr-summary.ts
//
// With no file it reads stdin. Exit status: 0 when a summary was printed, 2 when the input is not a preview.
import * as fs from "node:fs";
import { parsePreview } from "./pr-summary/parse";
import { renderSummary } from "./pr-summary/render";

function main(args: string[]): number {
  if (args.length > 1 || args[0] === "--help" || args[0] === "-h") {
    process.stderr.write("usage: pr-summary [preview.json]   (reads stdin when no file is given)\n");
    return 2;
  }
  const input = args.length === 1 && args[0] !== "-" ? args[0] : 0; // fd 0: stdin
  try {
    process.stdout.write(renderSummary(parsePreview(fs.readFileSync(input, "utf8"))));
    return 0;
  } catch (error) {
    process.stderr.write(`pr-summary: ${args[0] ?? "stdin"}: ${(error as Error).message}\n`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
