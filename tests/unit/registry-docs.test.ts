// The two pages the Pulumi registry reads: docs/_index.md (an example per language, each part run through the
// engine by a test) and docs/installation-configuration.md (install per language, every setting both ways).
import * as fs from "node:fs";
import * as path from "node:path";
import { SETTINGS, type SettingSpec } from "../../provider/model/package";

const REPO = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(REPO, file), "utf8");
/** Lines without their indentation or blank lines: a Go block is shown out of its function, without the tabs. */
const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join("\n");

test.each(["docs/_index.md", "docs/installation-configuration.md"])("%s has the front matter the registry reads", (file) => {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(read(file))?.[1] ?? "";
  expect(front).toMatch(/^title: \S/m);
  expect(front).toMatch(/^meta_desc: \S/m);
  expect(front).toMatch(/^layout: package$/m);
});

// Where each language's example comes from, and the test that runs that program through the engine.
const SOURCES: Record<string, { file: string; section?: string; runBy: string }> = {
  typescript: { file: "README.md", section: "\n## Quick start\n", runBy: "tests/e2e/readme-quickstart.test.ts" },
  python: { file: "examples/python/__main__.py", runBy: "tests/e2e/plugin-python.test.ts" },
  go: { file: "examples/go/main.go", runBy: "tests/e2e/plugin-go.test.ts" },
  yaml: { file: "examples/yaml/Pulumi.yaml", runBy: "tests/e2e/plugin-yaml.test.ts" },
};

test("docs/_index.md: an example in TypeScript, Python, Go and YAML, each part of a program a test runs", () => {
  const blocks = [...read("docs/_index.md").matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, code]) => ({ lang, code }));
  expect(blocks.map((b) => b.lang)).toEqual(["typescript", "python", "go", "yaml"]);
  for (const { lang, code } of blocks) {
    const source = SOURCES[lang];
    let text = read(source.file);
    if (source.section) text = text.slice(text.indexOf(source.section), text.indexOf("\n## ", text.indexOf(source.section) + 1));
    expect(lines(text)).toContain(lines(code));
    expect(read(source.runBy)).toContain(source.file === "README.md" ? "Quick start" : path.dirname(source.file));
  }
});

test("docs/installation-configuration.md: every language's install, and every setting by pulumi config set and by variable", () => {
  const text = read("docs/installation-configuration.md");
  for (const language of ["TypeScript", "Node.js", "Python", "Go", "YAML"]) expect(text).toContain(`| ${language}`);
  expect(text).toContain("pulumi plugin install resource uptime");
  for (const s of SETTINGS as readonly SettingSpec[]) {
    expect(text).toContain(`pulumi config set ${s.secret ? "--secret " : ""}uptime:${s.key} `);
    expect(text).toContain(`\`${s.env}=`);
  }
});
