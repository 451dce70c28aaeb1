// Where the generated tables live: README.md and every Markdown file under docs/ are scanned for the
// markers `<!-- generated: NAME -->` ... `<!-- end generated -->`, and each table of README_TABLES is
// written into the one file that holds its markers (scripts/gen-docs.ts; checked by
// tests/integration/model/readme.test.ts). A table whose markers are in no file, or in two, is an error.
import * as fs from "node:fs";
import * as path from "node:path";
import { ALL_TABLES } from "../provider/model/tables";
import { TYPE_NAMES } from "../provider/model/kinds";
import { accountArgsTable, configurationTable, inputsTable, propertiesTable, settingsTable, webhooksTable } from "./markdown-tables";

/** Each generated table, by the name its markers give. */
export const README_TABLES = (): Record<string, string> => ({
  ...Object.fromEntries(ALL_TABLES.map((spec) => [`${spec.typeName} inputs`, inputsTable(spec)])),
  ...Object.fromEntries(Object.values(TYPE_NAMES).map((name) => [`${name} outputs`, propertiesTable(name, "outputs")])),
  "MonitorFleet inputs": propertiesTable("MonitorFleet", "inputs"),
  "Account args": accountArgsTable(),
  getWebhooks: webhooksTable(),
  settings: settingsTable(),
  configuration: configurationTable(),
});

/** Puts each generated table between its markers (`<!-- generated: <name> -->` ... `<!-- end generated -->`). */
export function withGeneratedTables(readme: string, tables: Record<string, string>): string {
  let out = readme;
  for (const [name, table] of Object.entries(tables)) {
    const pattern = new RegExp(`(<!-- generated: ${name} -->\\n)[\\s\\S]*?(\\n<!-- end generated -->)`);
    if (!pattern.test(out)) throw new Error(`no markers for the generated table "${name}"`);
    out = out.replace(pattern, (_m, open: string, close: string) => `${open}${table}${close}`);
  }
  return out;
}

/** The repository root this script belongs to (a scratch copy's, when run there). */
export const ROOT = path.resolve(__dirname, "..");

/** README.md and every Markdown file under docs/, relative to `root`, in a stable order. */
export function docFiles(root = ROOT): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(path.join(root, dir))
      ? fs
          .readdirSync(path.join(root, dir), { withFileTypes: true })
          .sort((a, b) => a.name.localeCompare(b.name))
          .flatMap((e) =>
            e.isDirectory() ? walk(path.posix.join(dir, e.name)) : e.name.endsWith(".md") ? [path.posix.join(dir, e.name)] : [],
          )
      : [];
  return ["README.md", ...walk("docs")].filter((f) => fs.existsSync(path.join(root, f)));
}

/** The names of the generated tables whose opening marker `text` holds. */
export function markedTables(text: string): string[] {
  return [...text.matchAll(/^<!-- generated: (.+?) -->$/gm)].map((m) => m[1]);
}

export interface DocFile {
  /** Relative to the root. */
  file: string;
  current: string;
  /** The file with its tables as the model makes them today. */
  next: string;
  /** The tables it holds. */
  tables: string[];
}

/** Each file holding generated tables, as it is and as it should be. */
export function generatedDocs(root = ROOT, tables: Record<string, string> = README_TABLES()): DocFile[] {
  const holders = new Map<string, string[]>();
  const out: DocFile[] = [];
  for (const file of docFiles(root)) {
    const current = fs.readFileSync(path.join(root, file), "utf8");
    const names = markedTables(current);
    if (names.length === 0) continue;
    const unknown = names.filter((name) => !(name in tables));
    if (unknown.length) throw new Error(`${file} has markers for no generated table: ${unknown.join(", ")}`);
    for (const name of names) holders.set(name, [...(holders.get(name) ?? []), file]);
    out.push({ file, current, next: withGeneratedTables(current, Object.fromEntries(names.map((n) => [n, tables[n]]))), tables: names });
  }
  for (const name of Object.keys(tables)) {
    const files = holders.get(name) ?? [];
    if (files.length !== 1)
      throw new Error(
        files.length === 0
          ? `no markers for the generated table "${name}" in README.md or docs/`
          : `the generated table "${name}" has markers in ${files.join(" and ")}: keep them in one file`,
      );
  }
  return out;
}
