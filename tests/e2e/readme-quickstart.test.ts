// README's Quick start's shell blocks as written (the port and /tmp directories swapped for free ones), on the CLI
// bootstrap builds and on the oldest supported one first on PATH, as a user's own.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { exec } from "../helpers/e2e";
import { REPO, oldestPulumi, versions } from "../helpers/pulumi";
import { closedPort } from "../helpers/servers";

jest.setTimeout(900_000);

/** The ```sh blocks of README's "## Quick start" section, in order. */
function quickStartBlocks(): string[] {
  const readme = fs.readFileSync(path.join(REPO, "README.md"), "utf8");
  const start = readme.indexOf("\n## Quick start\n");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/** The Quick start's commands, run by bash from the repository's root with `env` added; what they printed. */
async function runQuickStart(env: Record<string, string>): Promise<string> {
  const blocks = quickStartBlocks();
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-quickstart-"));
  const port = String(await closedPort());
  const script = blocks
    .join("\n")
    .replaceAll("8787", port)
    .replaceAll("/tmp/uptime-release", path.join(work, "release"))
    .replaceAll("/tmp/monitors", path.join(work, "monitors"));
  // The emulator started in the background stops with the script (npx's node child too: it holds the output pipe).
  const wrapped = `set -euo pipefail\ntrap 'pkill -f -- "--port ${port} --api-key" || true' EXIT\n${script}`;
  try {
    const runEnv = {
      ...process.env,
      // A backend of its own, as a newcomer's first one; bootstrap keeps it and sets the rest.
      PULUMI_BACKEND_URL: `file://${path.join(work, "state")}`,
      UPTIME_LOCAL_PULUMI: "1",
      // A newcomer's shell, not the test command's: no second CLI to build.
      UPTIME_CLI_RANGE: "0",
      ...env,
    };
    // From a file: the trap's pattern must match the emulator's command line, not this shell's.
    const file = path.join(work, "quickstart.sh");
    fs.writeFileSync(file, wrapped);
    const { out } = await exec("bash", [file], { cwd: REPO, env: runEnv });
    // `--npm-only`: the npm tarball alone, nothing else in --out.
    expect(fs.readdirSync(path.join(work, "release"))).toEqual([expect.stringMatching(/^pulumi-uptime-\S+\.tgz$/)]);
    return out;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** What every step of the Quick start says it prints. */
function expectQuickStartOutput(output: string): void {
  expect(output).toMatch(/bootstrap: ready/);
  expect(output).toMatch(/release: version \S+/);
  expect(output).toMatch(/release: wrote \S+pulumi-uptime-\S+\.tgz/);
  expect(output).toMatch(/uptime-emulator listening on http:\/\/127\.0\.0\.1:\d+\/v1/);
  expect(output).toMatch(/\+ 4 created/);
  expect(output).toMatch(/4 unchanged/);
  expect(output).toContain("Public API");
  expect(output).toMatch(/- 4 deleted/);
}

test("README's Quick start works as written: release, emulator, a program, up, an empty preview, the status page, destroy", async () => {
  const output = await runQuickStart({});
  expect(output).toContain(`bootstrap: pulumi version: v${versions.PULUMI_VERSION}`);
  expectQuickStartOutput(output);
});

test("README's Quick start works as written with the oldest supported Pulumi CLI of a user's own on PATH", async () => {
  const output = await runQuickStart({ PATH: `${oldestPulumi()}:${process.env.PATH}` });
  // bootstrap takes the user's CLI as it is: nothing built.
  expect(output).toMatch(
    new RegExp(`bootstrap: pulumi >= v[\\d.]+: +using \\S+/pulumi v${versions.PULUMI_OLDEST_VERSION} \\(nothing built\\)`),
  );
  expect(output).toContain(`bootstrap: pulumi version: v${versions.PULUMI_OLDEST_VERSION}`);
  expectQuickStartOutput(output);
});
