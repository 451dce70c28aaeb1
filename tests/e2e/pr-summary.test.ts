// The pull-request summary (scripts/pr-summary.ts) on real `pulumi preview --json` runs of the quickstart, in
// both forms the CLI prints: the event stream (with policy violations) and the digest.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { REPO, TestStack } from "../helpers/pulumi";
import { readOutput } from "../helpers/node-warnings";
import { type CliRun, e2eFile, pulumiCli } from "../helpers/e2e";
import { E2E_API_KEY } from "../helpers/servers";

jest.setTimeout(300_000);

const POLICY_PACK = path.join(REPO, "policy/analyzer");
const TS_NODE = require.resolve("ts-node/dist/bin.js");
const SECRET_HEADER = "not-a-real-token"; // the quickstart's pulumi.secret() header value

const { stack } = e2eFile();
let t: TestStack;
beforeAll(async () => (t = await stack("quickstart", { stackName: "pr-summary" })));

/** `pulumi preview --json`, as the digest or (with the policy pack) as the event stream. */
function previewJson(form: "digest" | "events"): Promise<CliRun> {
  if (form === "digest") return pulumiCli(t, ["preview", "--json"]);
  const env = { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" };
  return pulumiCli(t, ["preview", "--json", "--policy-pack", POLICY_PACK], { env });
}

/** The preview piped into the command, as the CI workflow does. */
function summarize(preview: CliRun): string {
  const args = [TS_NODE, "--transpile-only", path.join(REPO, "scripts/pr-summary.ts")];
  const summary = spawnSync(process.execPath, args, { input: preview.stdout, encoding: "utf8" });
  readOutput(`${summary.stdout}\n${summary.stderr}`, "pr-summary");
  expect(summary.stderr).toBe("");
  expect(summary.status).toBe(0);
  return summary.stdout;
}

const rowOf = (markdown: string, resource: string) => markdown.split("\n").find((l) => l.startsWith(`| \`${resource}\``));

test("first up, the event stream with the policy pack: every resource to create, with its fields; the secret header masked; the database monitor's missing alert blocks", async () => {
  const preview = await previewJson("events");
  expect(preview.code).toBe(1);
  const md = summarize(preview);
  expect(md).toContain(`### Pulumi preview of \`uptime-quickstart/${t.stack.name}\``);
  expect(md).toContain("**4 to create, 0 to update, 0 to replace, 0 to delete**; 0 unchanged.");
  expect(rowOf(md, "public-api")).toMatch(/^\| `public-api` \(Public API\) \| create \| .*`urn`: `"https:\/\/api\.acme\.example\/health"`/);
  expect(rowOf(md, "public-api")).toContain('`httpRequest`: `{"headers":[secret],"method":"GET"}`');
  expect(rowOf(md, "database")).toContain('`tcpOptions`: `{"dataRequest":"PING","keywordResponse":"PONG","keywordResponseExists":true}`');
  expect(rowOf(md, "status-page")).toContain("`items`: `[(known after up),(known after up)]`");
  expect(rowOf(md, "on-call")).toContain('`uuid`: `"5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02"`');
  expect(md).toContain("1 mandatory (blocking), 0 advisory (uptime 0.1.0).");
  expect(md).toContain('| `monitor-has-alert` | `database` | ❌ mandatory | monitor "database" has no alert');
  expect(md).not.toContain(SECRET_HEADER);
  expect(md).not.toContain(E2E_API_KEY);
  expect(md).not.toMatch(/__provider|journalKey|`target`/);
});

test("an edit: one monitor updated, the other replaced (its alert removed), the page following", async () => {
  await t.stack.setConfig("uptime-quickstart:databaseAlerts", { value: "true" });
  expect((await t.stack.up()).summary.result).toBe("succeeded");
  await t.stack.setConfig("uptime-quickstart:apiInterval", { value: "120" });
  await t.stack.setConfig("uptime-quickstart:databaseAlerts", { value: "false" });

  const digest = summarize(await previewJson("digest"));
  expect(digest).toContain("**0 to create, 2 to update, 1 to replace, 0 to delete**; 1 unchanged.");
  expect(rowOf(digest, "public-api")).toBe("| `public-api` (Public API) | update | `interval`: `60` → `120` |");
  expect(rowOf(digest, "database")).toBe(
    '| `database` (Primary database) | **replace** | `alerts`: `["5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02"]` → (removed) (forces replacement) |',
  );
  // The updated monitor keeps its uuid (known in the plan); the replaced one gets a new one.
  expect(rowOf(digest, "status-page")).toMatch(
    /\| update \| `items`: `\["([0-9a-f-]{36})","[0-9a-f-]{36}"\]` → `\["\1",\(known after up\)\]` \|$/,
  );
  expect(rowOf(digest, "on-call")).toBeUndefined();
  expect(digest).toContain("leaves policy results out");
  expect(digest).not.toContain(SECRET_HEADER);
});
