// The version scripts/release.sh gives a commit (RELEASING.md), from git alone, in a scratch repository whose
// commits set 0.1.0, then 0.2.0, then nothing. The real history's release: tests/e2e/releases.test.ts.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const SCRIPT = path.join(__dirname, "../../../scripts/release.sh");
const repo = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-release-version-"));
afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=test", "-c", "user.email=test@localhost", ...args], { cwd, encoding: "utf8" }).trim();
/** What release.sh says, and its exit status, for a repository whose scripts/release.sh it runs. */
function release(dir: string, ...args: string[]): { output: string; status: number | null } {
  const run = spawnSync("bash", [path.join(dir, "scripts/release.sh"), "--print-version", ...args], {
    cwd: dir,
    encoding: "utf8",
    // Where release.sh makes its clone, absent: --print-version says the version from git alone, with no clone.
    env: { ...process.env, TMPDIR: path.join(repo, "..", "uptime-release-version-no-tmp") },
  });
  return { output: run.stdout + run.stderr, status: run.status };
}
const versionOf = (output: string) => /^release: version ([^\s:,]+)/m.exec(output)?.[1];
const commits: Record<string, string> = {};
function commit(label: string, version: string, file = "package.json"): void {
  if (file === "package.json") fs.writeFileSync(path.join(repo, file), JSON.stringify({ name: "pulumi-uptime", version }, null, 2) + "\n");
  else fs.appendFileSync(path.join(repo, file), `${label}\n`);
  git(repo, "add", "-A");
  git(repo, "commit", "--quiet", "-m", label);
  commits[label] = git(repo, "rev-parse", "--short=7", "HEAD");
}

beforeAll(() => {
  git(repo, "init", "--quiet", "--initial-branch=main");
  fs.mkdirSync(path.join(repo, "scripts"));
  fs.copyFileSync(SCRIPT, path.join(repo, "scripts/release.sh"));
  commit("first", "0.1.0");
  commit("release", "0.2.0");
  commit("later", "0.2.0", "CHANGELOG.md");
});

test("the commit that sets package.json's version is that release, tagged or not", () => {
  const { output } = release(repo, "--ref", commits.release);
  expect(versionOf(output)).toBe("0.2.0");
  expect(output).toContain("release: version 0.2.0, from package.json, which this commit set (tag it v0.2.0");
  // A root commit sets the version it carries.
  expect(versionOf(release(repo, "--ref", commits.first).output)).toBe("0.1.0");
});

test("this repository's package.json names a release whose CHANGELOG section is dated (RELEASING.md)", () => {
  const root = path.join(__dirname, "../../..");
  const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  expect(fs.readFileSync(path.join(root, "CHANGELOG.md"), "utf8")).toMatch(
    new RegExp(`^## \\[${version.replaceAll(".", "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}$`, "m"),
  );
});

test("a later commit is a build named after the next patch and the commit, sorting after the release", () => {
  const { output } = release(repo);
  expect(versionOf(output)).toBe(`0.2.1-dev.g${commits.later}`);
  expect(output).toContain(`a build after 0.2.0; ${commits.later} is no release`);
});

test("--ref v0.2.0 with no such tag releases the commit that set the version; a tag wins when there is one", () => {
  const { output } = release(repo, "--ref", "v0.2.0");
  expect(output).toContain(
    `release: no tag v0.2.0 here: releasing ${commits.release}, the commit that set package.json's version to 0.2.0`,
  );
  expect(versionOf(output)).toBe("0.2.0");
  const unknown = release(repo, "--ref", "v0.3.0");
  expect([unknown.status, unknown.output]).toEqual([1, expect.stringContaining("release: 'v0.3.0' is no commit of")]);
  git(repo, "tag", "v0.2.1", commits.later);
  try {
    const tagged = release(repo, "--ref", "v0.2.1");
    expect(tagged.output).toContain("release: version 0.2.1, from the tag v0.2.1");
    expect(tagged.output).toContain("release: note: the tagged tree's package.json says 0.2.0");
  } finally {
    git(repo, "tag", "-d", "v0.2.1");
  }
});

test("a shallow clone cannot tell a release from a build, and says how to make it able to", () => {
  const shallow = path.join(repo, "..", `${path.basename(repo)}-shallow`);
  git(os.tmpdir(), "clone", "--quiet", "--depth", "1", `file://${repo}`, shallow);
  try {
    const { output } = release(shallow);
    expect(versionOf(output)).toBe(`0.2.1-dev.g${commits.later}`);
    expect(output).toContain("is in a shallow clone, whose history cannot tell a release (`git fetch --unshallow`)");
    const byTag = release(shallow, "--ref", "v0.2.0");
    expect([byTag.status, byTag.output]).toEqual([1, expect.stringContaining("(a shallow clone: `git fetch --unshallow` first)")]);
  } finally {
    fs.rmSync(shallow, { recursive: true, force: true });
  }
});
