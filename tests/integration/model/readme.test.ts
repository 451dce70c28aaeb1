// README.md's tables of inputs and settings are made from the model (provider/model/docs.ts): this
// fails when one is stale (regenerate with scripts/gen-docs.ts), so the manual cannot drift from
// what check() accepts.
import * as fs from "node:fs";
import * as path from "node:path";
import { withGeneratedTables } from "../../../provider/model/docs";
import { MONITOR } from "../../../provider/model/monitor";
import { README_TABLES } from "../../../provider/model/readme";

const readme = fs.readFileSync(path.resolve(__dirname, "../../../README.md"), "utf8");

test("README.md's generated tables are what the model makes today", () => {
  expect(withGeneratedTables(readme, README_TABLES())).toBe(readme);
});

test("every Monitor input a program writes has its row, aliases beside it", () => {
  for (const field of MONITOR.fields) {
    const written = field.input ?? field.name;
    expect(readme).toContain(
      `| \`${written}\`${field.aliases?.length ? ` (or ${field.aliases.map((a) => `\`${a}\``).join(", ")})` : ""} |`,
    );
  }
});

test("a table without its markers is refused, not silently skipped", () => {
  expect(() => withGeneratedTables("no markers here", { settings: "x" })).toThrow(/no markers for the generated table "settings"/);
});
