// An Automation API inline program, as CI tools drive Pulumi, run from a directory without node_modules: the
// package puts its node_modules on NODE_PATH (sdk/automation.ts), without which the engine finds no @pulumi/pulumi.
import * as fs from "node:fs";
import * as path from "node:path";
import { PASSPHRASE, REPO } from "../helpers/pulumi";
import { clearRequests, e2eFile, exec, sending, serviceState } from "../helpers/e2e";
import { E2E_API_KEY } from "../helpers/servers";

jest.setTimeout(300_000);

const { emulator, tempDir } = e2eFile({ seed: {} });
const work = tempDir("uptime-inline-");

/** The Automation API program: `up`, `preview --expect-no-changes`, `destroy` of an inline program with one monitor. */
const PROGRAM = `
const { LocalWorkspace } = require(${JSON.stringify(path.join(REPO, "node_modules/@pulumi/pulumi/automation"))});
const uptime = require(${JSON.stringify(path.join(REPO, "node_modules/pulumi-uptime"))});
if (process.env.CLEAR_AFTER_IMPORT) process.env.NODE_PATH = "";
(async () => {
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: process.env.STACK, projectName: "inline-monitors", program: async () => {
      const api = new uptime.Monitor("api", { name: process.env.STACK, type: "https", urn: "https://inline.example.com", interval: 60, regions: [1] });
      return { uuid: api.uuid };
    } },
    { envVars: { PULUMI_BACKEND_URL: process.env.BACKEND, PULUMI_CONFIG_PASSPHRASE: process.env.PASSPHRASE } },
  );
  await stack.setAllConfig({ "uptime:baseUrl": { value: process.env.BASE_URL }, "uptime:apiKey": { value: process.env.KEY, secret: true } });
  for (const step of process.argv.slice(2)) {
    const result = step === "up" ? await stack.up() : step === "preview" ? await stack.preview({ expectNoChanges: true }) : await stack.destroy();
    console.log(step, JSON.stringify(result.summary ? { result: result.summary.result, changes: result.summary.resourceChanges } : result.changeSummary));
  }
})().catch((error) => { console.error(String(error.message || error)); process.exit(1); });
`;

async function automation(stack: string, steps: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const file = path.join(work, "deploy.js");
  fs.writeFileSync(file, PROGRAM);
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    STACK: stack,
    BACKEND: `file://${work}`,
    PASSPHRASE,
    BASE_URL: emulator.url,
    KEY: E2E_API_KEY,
    UPTIME_JOURNAL_DIR: path.join(work, "journal"),
    ...env,
  };
  delete childEnv.NODE_PATH;
  return exec("node", [file, ...steps], { cwd: work, env: childEnv }).then(
    ({ out }) => ({ code: 0, out }),
    (error: Error) => ({ code: 1, out: error.message }),
  );
}

test("an inline program run from a directory without node_modules: up, an empty preview, destroy", async () => {
  expect(fs.existsSync(path.join(work, "node_modules"))).toBe(false);
  await clearRequests(emulator);
  const run = await automation("inline", ["up"]);
  expect(run.out).toContain('up {"result":"succeeded"');
  const { monitors } = await serviceState(emulator);
  expect(monitors.map((m) => m.name)).toEqual(["inline"]);

  const [again, sent] = await sending(emulator, () => automation("inline", ["preview", "destroy"]));
  expect(again.code).toBe(0);
  expect(again.out).toContain('preview {"same":2}');
  expect(sent).toEqual([`DELETE /v1/monitors/${monitors[0].uuid}`]);
  expect((await serviceState(emulator)).monitors).toEqual([]);
});

test("what the package arranges: with NODE_PATH cleared after the import, the engine cannot find @pulumi/pulumi", async () => {
  const run = await automation("bare", ["up"], { CLEAR_AFTER_IMPORT: "1" });
  expect(run.code).toBe(1);
  expect(run.out).toContain("Cannot find module '@pulumi/pulumi/cmd/dynamic-provider'");
  expect((await serviceState(emulator)).monitors).toEqual([]);
});
