// Every relative link of the user documentation resolves: its file exists, and its anchor is a heading of
// that file under GitHub's slug rules (the first test). http(s):// and mailto: links are not checked.
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "../..");

/** The Markdown files checked, relative to the repository: docs/ with its subfolders, bench/ without. */
const MARKDOWN = ["README.md", "CONTRIBUTING.md", "RELEASING.md", "CHANGELOG.md", "tests/README.md", "docs/**/*.md", "bench/*.md"];
const markdownFiles = () => fs.globSync(MARKDOWN, { cwd: REPO });

/** The text outside fenced code blocks (their lines are blanked, so line numbers stay); an unclosed one runs to the end. */
const withoutFences = (text: string) =>
  text.replace(/^ {0,3}((`|~)\2{2,})[^\n]*$[\s\S]*?(?:^[ \t]*\1[`~]*[ \t]*$|(?![\s\S]))/gm, (fenced) => fenced.replace(/[^\n]/g, ""));

/** GitHub's anchor for a heading's text. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link or image: its text
    .replace(/<[^>]+>/g, "") // HTML tags
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** The anchors of a Markdown file: its headings' slugs (repeats numbered) and explicit `<a name|id="…">`. */
function anchors(text: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(text).split("\n")) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) out.add(m[1]);
  }
  return out;
}

/** The relative links of a Markdown file's text, outside code: [line, target]. */
function links(text: string): [number, string][] {
  const out: [number, string][] = [];
  // Inline code is blanked (its length kept), so a `[x](y)` inside it is no link.
  const prose = withoutFences(text).replace(/(`+)[\s\S]*?\1/g, (m) => m.replace(/[^\n]/g, " "));
  for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const line = prose.slice(0, m.index).split("\n").length;
    out.push([line, m[1]]);
  }
  for (const m of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) {
    out.push([prose.slice(0, m.index).split("\n").length, m[1]]);
  }
  return out;
}

/** Each broken relative link of `file` (relative to the repository), as `file:line: target (why)`. */
function brokenLinks(file: string, text: string, read: (file: string) => string | undefined): string[] {
  const broken: string[] = [];
  for (const [line, target] of links(text)) {
    if (/^(https?:|mailto:)/i.test(target)) continue;
    const [rawPath, anchor] = target.split("#", 2) as [string, string | undefined];
    const linked = rawPath === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(rawPath)));
    const where = `${file}:${line}: ${target}`;
    if (linked.startsWith("..")) broken.push(`${where} (outside the repository)`);
    else if (!fs.existsSync(path.join(REPO, linked))) broken.push(`${where} (no such file)`);
    else if (anchor !== undefined && linked.endsWith(".md")) {
      const content = read(linked);
      if (content !== undefined && !anchors(content).has(decodeURIComponent(anchor)))
        broken.push(`${where} (no heading "#${anchor}" in ${linked})`);
    }
  }
  return broken;
}

const read = (file: string) => {
  const full = path.join(REPO, file);
  return fs.existsSync(full) && fs.statSync(full).isFile() ? fs.readFileSync(full, "utf8") : undefined;
};

test("GitHub's slugs: lower case, punctuation but '-' and '_' dropped, repeats numbered", () => {
  expect(slug("Other languages and `pulumi import`: the provider plugin")).toBe("other-languages-and-pulumi-import-the-provider-plugin");
  expect(slug("preview fails: no API key")).toBe("preview-fails-no-api-key");
  expect(slug("429: Retry-After too long")).toBe("429-retry-after-too-long");
  expect(slug("uptime:journal_dir [set](x.md)")).toBe("uptimejournal_dir-set");
  expect([...anchors("# A\n## A\n```\n# A\n```\n### A!\n")]).toEqual(["a", "a-1", "a-2"]);
});

test("a broken file or anchor is reported; code is not read as links", () => {
  const text =
    "[ok](README.md) [gone](no-such-file.md)\n[bad](#nowhere) [good](#title)\n`[code](x.md)`\n# Title\n```\n[fenced](y.md)\n```\n";
  expect(brokenLinks("README.md", text, (f) => (f === "README.md" ? text : read(f)))).toEqual([
    "README.md:1: no-such-file.md (no such file)",
    'README.md:2: #nowhere (no heading "#nowhere" in README.md)',
  ]);
});

test.each(markdownFiles())("%s: every relative link resolves", (file) => {
  expect(brokenLinks(file, read(file) ?? "", read)).toEqual([]);
});
