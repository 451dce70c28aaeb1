// The docs' tables of inputs and settings are made from the model, each in the file holding its markers: this
// fails when one is stale (regenerate with scripts/gen-docs.ts), so the manual cannot drift from check().
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { MONITOR } from "../../../provider/model/monitor";
import { ROOT, generatedDocs, withGeneratedTables } from "../../../scripts/doc-tables";

const docs = generatedDocs();
const holding = (table: string) => docs.find((doc) => doc.tables.includes(table));

test("every generated table is in exactly one file, and is what the model makes today", () => {
  const reference = ["Monitor", "Page", "Alert", "MonitorFleet"].flatMap((kind) => [`${kind} inputs`, `${kind} outputs`]);
  expect(Object.fromEntries(docs.flatMap((doc) => doc.tables.map((t) => [t, doc.file])))).toEqual({
    settings: "README.md",
    configuration: "docs/installation-configuration.md",
    ...Object.fromEntries([...reference, "Account args", "getWebhooks"].map((t) => [t, "docs/typescript-reference.md"])),
  });
  for (const doc of docs) expect(doc.next).toBe(doc.current);
  for (const doc of docs) expect(doc.current).toBe(fs.readFileSync(path.join(ROOT, doc.file), "utf8"));
});

test("every Monitor input a program writes has its row, aliases beside it", () => {
  const resources = holding("Monitor inputs")!.current;
  for (const field of MONITOR.fields) {
    const written = field.input ?? field.name;
    expect(resources).toContain(
      `| \`${written}\`${field.aliases?.length ? ` (or ${field.aliases.map((a) => `\`${a}\``).join(", ")})` : ""} |`,
    );
  }
});

test("a table without its markers is refused, not silently skipped", () => {
  expect(() => withGeneratedTables("no markers here", { settings: "x" })).toThrow(/no markers for the generated table "settings"/);
});

describe("the files scanned for markers: README.md and docs/**/*.md", () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const marked = (name: string) => `<!-- generated: ${name} -->\nold\n<!-- end generated -->\n`;
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-doc-tables-"))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  test("each table is written into the file holding its markers, nested under docs/ too", () => {
    write("README.md", `# x\n${marked("a")}`);
    write("docs/deep/b.md", marked("b"));
    write("docs/none.md", "no tables\n");
    write("other/c.md", marked("c")); // not scanned
    const out = generatedDocs(root, { a: "A", b: "B" });
    expect(out.map((d) => [d.file, d.next])).toEqual([
      ["README.md", "# x\n<!-- generated: a -->\nA\n<!-- end generated -->\n"],
      ["docs/deep/b.md", "<!-- generated: b -->\nB\n<!-- end generated -->\n"],
    ]);
  });

  test("a table with no markers, markers in two files, or markers naming no table are refused", () => {
    write("README.md", marked("a"));
    expect(() => generatedDocs(root, { a: "A", b: "B" })).toThrow(/no markers for the generated table "b"/);
    write("docs/x.md", marked("a"));
    expect(() => generatedDocs(root, { a: "A" })).toThrow(/"a" has markers in README.md and docs\/x.md/);
    write("docs/x.md", marked("z"));
    expect(() => generatedDocs(root, { a: "A" })).toThrow(/docs\/x.md has markers for no generated table: z/);
  });
});
