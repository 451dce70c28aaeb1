// The policy pack (policy/) in real `pulumi preview --policy-pack` runs: the examples pass, a program breaking
// every rule is blocked, and a policy config turns rules advisory, off, or moves their bounds.
import * as fs from "node:fs";
import * as path from "node:path";
import { SEEDED_ALERT, e2eFile, pulumiCli, sending } from "../helpers/e2e";
import { REPO, TestStack } from "../helpers/pulumi";

jest.setTimeout(300_000);

/** The pack as an executable analyzer plugin (see policy/analyzer for why not the directory). */
const POLICY_PACK = path.join(REPO, "policy/analyzer");
const VIOLATIONS = path.join(REPO, "tests/e2e/programs/policy-violations");
/** The shipped config: every rule at its default, spelled out for a team to edit. */
const SHIPPED_CONFIG = path.join(REPO, "policy/config.json");

const { emulator, stack, tempDir } = e2eFile();
const configDir = tempDir("uptime-policy-config-");
const stackOf = (dir: string, config: Record<string, string> = {}) => stack(dir, { stackName: "policy", config });
/** The quickstart with an alert on every monitor, and the program breaking every rule, once made. */
let quickstart: TestStack | undefined;
let violations: TestStack;

/** `pulumi preview --policy-pack` as a user or CI runs it. */
const preview = (t: TestStack, extra: string[] = [], stack?: string) =>
  pulumiCli(t, ["preview", "--color", "never", "--policy-pack", POLICY_PACK, ...extra], { stack });

/** The "- [level]  rule  (type: name)" lines of the CLI's Policies section. */
const violationLines = (output: string) =>
  output
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^- \[(mandatory|advisory)\]/.test(l))
    .map((l) => l.replace(/\s+/g, " "));

test("the quickstart, with an alert on every monitor, passes (with the shipped config)", async () => {
  const t = (quickstart = await stackOf("quickstart", { "uptime-quickstart:databaseAlerts": "true" }));
  const [{ code, out: output }, sent] = await sending(emulator, () => preview(t, ["--policy-pack-config", SHIPPED_CONFIG]));
  expect(violationLines(output)).toEqual([]);
  expect(code).toBe(0);
  expect(output).toMatch(/uptime@v0\.1\.0/); // the pack did run
  expect(sent).toEqual([]);
});

test("the exit codes examples/ci relies on: --expect-no-changes with changes exits 7, a missing stack 6", async () => {
  const t = quickstart ?? (await stackOf("quickstart", { "uptime-quickstart:databaseAlerts": "true" }));
  expect((await preview(t, ["--policy-pack-config", SHIPPED_CONFIG, "--expect-no-changes"])).code).toBe(7);
  const missing = await preview(t, [], "no-such-stack");
  expect(missing.code).toBe(6);
  expect(missing.out).toContain("no-such-stack");
});

test("monitors-as-data, with the team's alert on every monitor, passes (with the defaults)", async () => {
  const t = await stackOf("monitors-as-data", { "monitors-as-data:alerts": JSON.stringify([SEEDED_ALERT]) });
  const { code, out: output } = await preview(t);
  expect(violationLines(output)).toEqual([]);
  expect(code).toBe(0);
});

test("a program breaking every rule is blocked, each violation naming the resource and the rule", async () => {
  const t = (violations = await stackOf(VIOLATIONS));
  const { code, out: output } = await preview(t);
  expect(code).toBe(1); // a mandatory violation fails the preview like any error (v3.259 does not use exit code 5)
  const monitor = (rule: string, name: string) => `- [mandatory] ${rule} (pulumi-nodejs:dynamic/uptime:Monitor: ${name})`;
  expect(violationLines(output).sort()).toEqual(
    [
      monitor("monitor-has-alert", "no-alert"),
      monitor("monitor-interval-bounds", "too-often"),
      monitor("monitor-interval-bounds", "too-often"),
      monitor("monitor-names-unique", "checkout"),
      monitor("monitor-names-unique", "checkout-copy"),
      monitor("monitor-uses-https", "plain-http"),
      "- [mandatory] page-lists-stack-monitors (pulumi-nodejs:dynamic/uptime:Page: status-page)",
      monitor("tcp-keyword-has-probe", "silent-tcp"),
    ].sort(),
  );
  expect(output).toContain('monitor "too-often": interval 10 s is outside 30-3600 s');
  expect(output).toContain('monitor "too-often": timeout 20 s is longer than its interval 10 s');
  expect(output).toContain('page "status-page" lists monitor monitor-of-another-team, which is not a monitor of this stack');
  expect(output).toContain('monitors "checkout", "checkout-copy" share the name "Checkout"');
});

test("a policy config makes rules advisory or disabled and moves their bounds: the same program passes", async () => {
  const configFile = path.join(configDir, "relaxed.json");
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      all: "advisory",
      "monitor-has-alert": "disabled",
      "monitor-uses-https": { allowedHttpTargets: ["http://legacy.acme.example/"] },
      "page-lists-stack-monitors": { externalMonitors: { "monitor-of-another-team": "the payments team's, in their stack" } },
      "monitor-interval-bounds": { minIntervalSeconds: 10 },
    }),
  );
  const { code, out: output } = await preview(violations, ["--policy-pack-config", configFile]);
  expect(code).toBe(0);
  const lines = violationLines(output);
  expect(lines.every((l) => l.startsWith("- [advisory]"))).toBe(true);
  expect(lines.map((l) => l.split(" ")[2]).sort()).toEqual([
    "monitor-interval-bounds",
    "monitor-names-unique",
    "monitor-names-unique",
    "tcp-keyword-has-probe",
  ]);
  expect(output).not.toContain("interval 10 s is outside"); // the floor moved to 10 s
  expect(output).toContain("timeout 20 s is longer than its interval 10 s"); // still true, now advisory
});
