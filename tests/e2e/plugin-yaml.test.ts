// A YAML program (examples/yaml) through the provider plugin, as a platform team would run it: `up`,
// an empty second preview, an edit, drift repaired by `refresh` and `up`, `destroy`; the key and a
// header value kept encrypted in the state; a wrong setting stopped once, naming it, before any
// request; and `pulumi import` of a monitor, a page and an alert into a YAML program, whose generated
// resource blocks then preview empty. The plugin is the repository's bin/pulumi-resource-uptime, named
// in the program's Pulumi.yaml; install.test.ts runs the plugin installed from its release tarball.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { createServer, request as httpRequest } from "node:http";
import { promisify } from "node:util";
import type { RunningEmulator } from "../../emulator/types";
import { REPO, TestStack, collect, createStack, oldestPulumi, rawCheckpoint, versions } from "../helpers/pulumi";
import { readOutput } from "../helpers/node-warnings";
import { SEEDED_ALERT, SEEDED_PAGE, Json, adminGet, monitorNames, asUser, clearRequests, mutating, requestLines } from "../helpers/e2e";
import { monitorBody } from "../helpers/emulator-http";
import { E2E_API_KEY, listenOnLoopback, startE2eEmulator } from "../helpers/servers";

jest.setTimeout(300_000);

const execFileAsync = promisify(execFile);
/** How Pulumi's state marks a secret value. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const PROBE_TOKEN = "Bearer probe-7d1c0e55";
const PLUGINS = `plugins:\n  providers:\n    - name: uptime\n      path: ${path.join(REPO, "bin")}\n`;

let emulator: RunningEmulator;
let work: string;
const stacks: TestStack[] = [];

beforeAll(async () => {
  emulator = await startE2eEmulator();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-yaml-"));
});

afterAll(async () => {
  for (const t of stacks) await t.remove();
  await emulator?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A YAML `resources:` block of https monitors, each named as its resource; `options` for every one. */
function monitorsYaml(names: string[], options = ""): string {
  const block = (name: string) =>
    `  ${name}:\n    type: uptime:index:Monitor\n    properties:\n      name: ${name}\n      type: https\n` +
    `      target: https://${name}.example.com\n      regions: [1]\n      interval: 60\n${options}`;
  return `resources:\n${names.map(block).join("")}`;
}

/** A copy of a YAML program outside the repository, naming the repository's plugin. */
function program(name: string, text: string): string {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `${text.trimEnd()}\n${PLUGINS}`);
  return dir;
}

async function yamlStack(dir: string, config: Record<string, { value: string; secret?: boolean }>): Promise<TestStack> {
  const t = await createStack(dir, { config });
  stacks.push(t);
  return t;
}

const settings = () => ({
  "uptime:baseUrl": { value: emulator.url },
  "uptime:apiKey": { value: E2E_API_KEY, secret: true },
});

/** A call to the service's API as someone outside Pulumi makes it (with the e2e emulator's key). */
async function service(method: string, p: string, body: unknown): Promise<Json> {
  const reply = await asUser(emulator, method, p, body);
  if (reply.status >= 300) throw new Error(`${method} ${p}: ${reply.status} ${reply.text}`);
  return reply.json;
}

const state = async (): Promise<{ monitors: Json[]; pages: Json[]; alerts: Json[]; webhooks: Json[] }> => adminGet(emulator, "/state");
const monitorNamed = async (name: string): Promise<Json> => (await state()).monitors.find((m: Json) => m.name === name);

/** The pulumi CLI in a program's directory, with its stack's environment: its exit code and both outputs. */
async function cli(t: TestStack, dir: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await execFileAsync("pulumi", [...args, "--stack", t.stack.name, "--non-interactive"], {
      cwd: dir,
      env: { ...process.env, ...t.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    readOutput(`${stdout}\n${stderr}`, `pulumi ${args.join(" ")}`);
    return { code: 0, out: `${stdout}\n${stderr}` };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    readOutput(`${e.stdout ?? ""}\n${e.stderr ?? ""}`, `pulumi ${args.join(" ")}`);
    return { code: e.code ?? 1, out: `${e.stdout ?? ""}\n${e.stderr ?? ""}` };
  }
}

describe("examples/yaml through the plugin", () => {
  let dir: string;
  let t: TestStack;

  beforeAll(async () => {
    dir = program("example", fs.readFileSync(path.join(REPO, "examples/yaml/Pulumi.yaml"), "utf8"));
    t = await yamlStack(dir, {
      ...settings(),
      "uptime-yaml:alertUuid": { value: SEEDED_ALERT },
      "uptime-yaml:pageUuid": { value: SEEDED_PAGE },
      "uptime-yaml:probeToken": { value: PROBE_TOKEN, secret: true },
    });
  });

  test("up creates the monitors, takes the alert and the page over, and reads the webhooks through the invoke", async () => {
    const result = await t.stack.up({ onOutput: collect(t.log) });
    expect(result.summary.result).toBe("succeeded");
    const apiMonitor = await monitorNamed("api");
    const shop = await monitorNamed("shop");
    expect(apiMonitor).toMatchObject({ type: "https", urn: "https://api.example.com/health", regions: [1, 2], alerts: [SEEDED_ALERT] });
    expect(apiMonitor.httpRequest.headers).toEqual([{ name: "Authorization", value: PROBE_TOKEN }]);
    expect(result.outputs.apiUuid.value).toBe(apiMonitor.uuid);
    expect(result.outputs.shopInterval.value).toBe(300);
    const s = await state();
    expect(s.pages.find((p: Json) => p.uuid === SEEDED_PAGE)).toMatchObject({
      title: "Example status",
      items: [apiMonitor.uuid, shop.uuid],
    });
    expect(s.alerts.find((a: Json) => a.uuid === SEEDED_ALERT)).toMatchObject({ down: true, degraded: true });
    const statusHooks = s.webhooks.filter((w: Json) => w.topic === "monitors/status_change").length;
    expect(statusHooks).toBeGreaterThan(0);
    expect(result.outputs.statusHookCount.value).toBe(statusHooks);
  });

  test("the state holds the key and the header value encrypted only", async () => {
    const checkpoint = rawCheckpoint(t);
    expect(checkpoint).not.toContain(PROBE_TOKEN);
    expect(checkpoint).not.toContain(E2E_API_KEY);
    const exported = (await t.stack.exportStack()).deployment as Json;
    const apiState = exported.resources.find((r: Json) => r.urn.endsWith("uptime:index:Monitor::api"));
    // The export decrypts, and keeps the mark that makes the backend encrypt the value.
    expect(apiState.outputs.httpRequest.headers).toHaveProperty([SECRET_SIG]);
    expect(apiState.inputs.httpRequest.headers).toHaveProperty([SECRET_SIG]);
    // No bookkeeping in the plugin's entries: the URN and the last inputs come with every call.
    const ours = exported.resources.filter((r: Json) => r.type.startsWith("uptime:index:"));
    expect(ours).toHaveLength(4);
    for (const r of ours) {
      expect(Object.keys(r.inputs)).not.toContain("journalKey");
      expect(Object.keys(r.outputs)).not.toContain("journalKey");
      expect(Object.keys(r.outputs)).not.toContain("declaredFields");
    }
  });

  test("a second preview is empty and sends nothing but reads", async () => {
    await clearRequests(emulator);
    const preview = await t.stack.preview({ onOutput: collect(t.log) });
    expect(preview.changeSummary).toEqual({ same: 5 });
    expect(mutating(await requestLines(emulator))).toEqual([]);
  });

  test("an edit of the program is one PATCH of that monitor", async () => {
    const shop = await monitorNamed("shop");
    const yaml = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yaml.replace("interval: 300", "interval: 600"));
    const preview = await t.stack.preview({ diff: true });
    expect(preview.changeSummary).toEqual({ same: 4, update: 1 });
    expect(preview.stdout).toMatch(/interval\s*:\s*300 => 600/);
    await clearRequests(emulator);
    const result = await t.stack.up({ onOutput: collect(t.log) });
    expect(result.summary.resourceChanges).toEqual({ same: 4, update: 1 });
    expect(mutating(await requestLines(emulator))).toEqual([`PATCH /v1/monitors/${shop.uuid}`]);
    expect((await monitorNamed("shop")).intervalId).toBe(600);
    expect(result.outputs.shopInterval.value).toBe(600);
  });

  test("drift made outside Pulumi: refresh sees it, up puts the declared value back", async () => {
    const apiMonitor = await monitorNamed("api");
    const drift = await asUser(emulator, "PATCH", `/monitors/${apiMonitor.uuid}`, { interval: 900 });
    expect(drift.status).toBe(200);
    const refresh = await t.stack.refresh({ onOutput: collect(t.log) });
    expect(refresh.summary.resourceChanges).toMatchObject({ update: 1 });
    const preview = await t.stack.preview({ diff: true });
    expect(preview.changeSummary).toEqual({ same: 4, update: 1 });
    expect(preview.stdout).toMatch(/interval\s*:\s*900 => 60/);
    await clearRequests(emulator);
    await t.stack.up({ onOutput: collect(t.log) });
    expect(mutating(await requestLines(emulator))).toEqual([`PATCH /v1/monitors/${apiMonitor.uuid}`]);
    expect((await monitorNamed("api")).intervalId).toBe(60);
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 5 });
  });

  test("destroy deletes the two monitors and releases the page and the alert without a request", async () => {
    const uuids = [(await monitorNamed("api")).uuid, (await monitorNamed("shop")).uuid];
    await clearRequests(emulator);
    const result = await t.stack.destroy({ onOutput: collect(t.log) });
    expect(result.summary.resourceChanges).toEqual({ delete: 5 });
    expect(mutating(await requestLines(emulator)).sort()).toEqual(uuids.map((u) => `DELETE /v1/monitors/${u}`).sort());
    const s = await state();
    expect(s.monitors.filter((m: Json) => uuids.includes(m.uuid))).toEqual([]);
    expect(s.pages.map((p: Json) => p.uuid)).toContain(SEEDED_PAGE);
    expect(s.alerts.map((a: Json) => a.uuid)).toContain(SEEDED_ALERT);
  });
});

test("on the oldest supported CLI: examples/yaml's up, an empty preview and destroy", async () => {
  const env = { PATH: `${oldestPulumi()}:${process.env.PATH}` };
  const { stdout: version } = await execFileAsync("pulumi", ["version"], { env: { ...process.env, ...env } });
  expect(version.trim()).toBe(`v${versions.PULUMI_OLDEST_VERSION}`);
  const dir = program("oldest", fs.readFileSync(path.join(REPO, "examples/yaml/Pulumi.yaml"), "utf8"));
  const t = await yamlStack(dir, {
    ...settings(),
    "uptime-yaml:alertUuid": { value: SEEDED_ALERT },
    "uptime-yaml:pageUuid": { value: SEEDED_PAGE },
    "uptime-yaml:probeToken": { value: PROBE_TOKEN, secret: true },
  });
  const before = (await state()).monitors.length;
  const up = await cli(t, dir, ["up", "--yes"], env);
  expect(up).toMatchObject({ code: 0 });
  const made = (await state()).monitors.slice(before);
  expect(made.map((m: Json) => m.name).sort()).toEqual(["api", "shop"]);
  const items: string[] = (await state()).pages.find((p: Json) => p.uuid === SEEDED_PAGE).items;
  expect([...items].sort()).toEqual(made.map((m: Json) => m.uuid).sort());
  expect(await cli(t, dir, ["preview", "--expect-no-changes"], env)).toMatchObject({ code: 0 });
  await clearRequests(emulator);
  expect(await cli(t, dir, ["destroy", "--yes"], env)).toMatchObject({ code: 0 });
  expect(mutating(await requestLines(emulator)).sort()).toEqual(made.map((m: Json) => `DELETE /v1/monitors/${m.uuid}`).sort());
  expect((await state()).monitors.slice(before)).toEqual([]);
});

test("an address without its /v1, or a refused key, fails `pulumi preview` naming the setting; nothing changes", async () => {
  const dir = program("wrong-at-preview", `name: wrong-at-preview\nruntime: yaml\n${monitorsYaml(["wrong-1", "wrong-2"])}`);
  const origin = new URL(emulator.url).origin;
  const t = await yamlStack(dir, { "uptime:baseUrl": { value: origin }, "uptime:apiKey": { value: E2E_API_KEY, secret: true } });
  await clearRequests(emulator);
  const wrongAddress = await cli(t, dir, ["preview"]);
  expect(wrongAddress.code).not.toBe(0);
  expect(wrongAddress.out).toContain(`uptime:baseUrl (${origin}) does not answer as the service's API`);
  expect(wrongAddress.out).toContain("ending in its version segment, e.g. https://<host>/v1");

  await t.stack.setConfig("uptime:baseUrl", { value: emulator.url });
  await t.stack.setConfig("uptime:apiKey", { value: "a-mistyped-key-1111", secret: true });
  const wrongKey = await cli(t, dir, ["preview"]);
  expect(wrongKey.code).not.toBe(0);
  expect(wrongKey.out).toContain("failed with 401 Unauthorized");
  expect(wrongKey.out).toContain("check uptime:apiKey");
  expect(wrongKey.out).not.toContain("a-mistyped-key-1111");
  // Nothing but the one check per preview reached the service, and nothing is in the stack.
  expect(await requestLines(emulator)).toEqual(["GET /v1/webhooks"]);
  expect(mutating(await requestLines(emulator))).toEqual([]);

  // The fix: the right key, and the same preview plans the monitors.
  await t.stack.setConfig("uptime:apiKey", { value: E2E_API_KEY, secret: true });
  expect((await t.stack.preview()).changeSummary).toEqual({ create: 3 });
});

test("two accounts: an explicit `uptime` provider beside the stack's own, each resource in its own account", async () => {
  const staging = await startE2eEmulator({ apiKey: "staging-yaml-key-6c2e", seed: {} });
  try {
    const dir = program(
      "two-accounts",
      [
        "name: two-accounts",
        "runtime: yaml",
        "config:",
        "  stagingUrl: { type: string }",
        "  stagingKey: { type: string, secret: true }",
        "resources:",
        "  staging:",
        "    type: pulumi:providers:uptime",
        "    properties: { baseUrl: '${stagingUrl}', apiKey: '${stagingKey}' }",
        "  prod-api:",
        "    type: uptime:index:Monitor",
        "    properties: { name: prod-api, type: https, target: https://prod.example.com, regions: [1], interval: 60 }",
        "  staging-api:",
        "    type: uptime:index:Monitor",
        "    properties: { name: staging-api, type: https, target: https://staging.example.com, regions: [1], interval: 60 }",
        "    options: { provider: '${staging}' }",
        "variables:",
        "  stagingHooks:",
        "    fn::invoke: { function: uptime:index:getWebhooks, arguments: {}, options: { provider: '${staging}' } }",
        "outputs:",
        "  stagingHookCount: ${stagingHooks.count}",
      ].join("\n"),
    );
    const t = await yamlStack(dir, {
      "uptime:baseUrl": { value: emulator.url },
      "uptime:apiKey": { value: E2E_API_KEY, secret: true },
      "two-accounts:stagingUrl": { value: staging.url },
      "two-accounts:stagingKey": { value: "staging-yaml-key-6c2e", secret: true },
    });
    const up = await t.stack.up();
    expect(up.outputs.stagingHookCount.value).toBe(0);
    expect(await monitorNames(emulator)).toContain("prod-api");
    expect(await monitorNames(emulator)).not.toContain("staging-api");
    expect(await monitorNames(staging)).toEqual(["staging-api"]);
    expect(rawCheckpoint(t)).not.toContain("staging-yaml-key-6c2e");
    await t.stack.preview({ expectNoChanges: true });

    // The provider renamed: without `aliases` the preview replaces its monitor and says how to avoid that.
    const file = path.join(dir, "Pulumi.yaml");
    const renamed = fs
      .readFileSync(file, "utf8")
      .replace("  staging:\n    type: pulumi:providers:uptime", "  stg:\n    type: pulumi:providers:uptime")
      .replaceAll("${staging}", "${stg}");
    fs.writeFileSync(file, renamed);
    const bare = await t.stack.preview();
    expect(bare.changeSummary).toMatchObject({ replace: 1 });
    expect(bare.stdout).toContain('If "stg" is "staging" renamed, give it the `aliases` resource option naming its old name, "staging"');
    // With its old URN as an alias: nothing replaced, nothing sent, the monitor's uuid kept.
    const oldUrn = `urn:pulumi:${t.stack.name}::two-accounts::pulumi:providers:uptime::staging`;
    fs.writeFileSync(
      file,
      renamed.replace(
        "    type: pulumi:providers:uptime\n",
        `    type: pulumi:providers:uptime\n    options: { aliases: ['${oldUrn}'] }\n`,
      ),
    );
    const [uuid] = ((await adminGet(staging, "/state")).monitors as Json[]).map((m) => m.uuid);
    await clearRequests(staging);
    const aliased = await t.stack.up();
    expect(Object.keys(aliased.summary.resourceChanges ?? {})).toEqual(["same"]);
    expect(mutating(await requestLines(staging))).toEqual([]);
    expect(((await adminGet(staging, "/state")).monitors as Json[]).map((m) => m.uuid)).toEqual([uuid]);
    await t.stack.preview({ expectNoChanges: true });

    // Moved to the stack's own account: a replacement, made there and deleted from staging.
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/\n {4}options: \{ provider: '\$\{stg\}' \}/, ""));
    const move = await t.stack.preview({ diff: true });
    expect(move.changeSummary).toMatchObject({ replace: 1 });
    await t.stack.up();
    expect(await monitorNames(emulator)).toEqual(expect.arrayContaining(["prod-api", "staging-api"]));
    expect(await monitorNames(staging)).toEqual([]);
    await t.stack.destroy();
    expect(await monitorNames(staging)).toEqual([]);
  } finally {
    await staging.close();
  }
});

test("a missing API key stops the preview once, naming the setting, before any request", async () => {
  const dir = program("no-key", `name: no-key\nruntime: yaml\n${monitorsYaml(["no-key-1", "no-key-2", "no-key-3"])}`);
  const t = await yamlStack(dir, { "uptime:baseUrl": { value: emulator.url } });
  await clearRequests(emulator);
  const preview = await cli(t, dir, ["preview"]);
  expect(preview.code).not.toBe(0);
  const advice = "no API key: run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY";
  expect(preview.out).toContain(advice);
  // Once in the run's body and once in its diagnostics, as the engine prints every error: never per resource (three here).
  expect(preview.out.split(advice).length - 1).toBeLessThanOrEqual(2);
  expect(await requestLines(emulator)).toEqual([]);

  // A malformed setting is named the same way.
  await t.stack.setConfig("uptime:maxRetries", { value: "many" });
  const malformed = await cli(t, dir, ["preview"]);
  expect(malformed.code).not.toBe(0);
  expect(malformed.out).toContain('uptime:maxRetries (or UPTIME_MAX_RETRIES) must be a whole number >= 0, got "many"');
  await t.stack.removeConfig("uptime:maxRetries");
  expect(await requestLines(emulator)).toEqual([]);

  // The advice, followed: the key set with --secret, and the same preview plans the monitor.
  await t.stack.setConfig("uptime:apiKey", { value: E2E_API_KEY, secret: true });
  expect((await t.stack.preview()).changeSummary).toEqual({ create: 4 });
  expect(mutating(await requestLines(emulator))).toEqual([]);
});

test("pulumi import of a monitor, a page and an alert writes YAML resource blocks that then preview empty", async () => {
  const { monitor: legacy } = await service(
    "POST",
    "/monitors",
    monitorBody({
      name: "legacy",
      urn: "https://legacy.example.com/",
      interval: 120,
      regions: [1, 3],
      httpRequest: { method: "HEAD", headers: [{ name: "X-Probe", value: "1" }] },
    }),
  );
  const dir = program("imports", "name: imports\nruntime: yaml\n");
  const t = await yamlStack(dir, settings());
  const resources = [
    { type: "uptime:index:Monitor", name: "legacy", id: legacy.uuid },
    { type: "uptime:index:Page", name: "status", id: SEEDED_PAGE },
    { type: "uptime:index:Alert", name: "onCall", id: SEEDED_ALERT },
  ];
  fs.writeFileSync(path.join(work, "import.json"), JSON.stringify({ resources }));
  const before = await state();
  await clearRequests(emulator);
  const imported = await cli(t, dir, [
    "import",
    "--file",
    path.join(work, "import.json"),
    "--out",
    path.join(work, "generated.yaml"),
    "--yes",
  ]);
  expect(imported.out).toContain("3 imported");
  expect(imported.code).toBe(0);
  // Importing reads: nothing in the service changed.
  expect(mutating(await requestLines(emulator))).toEqual([]);
  expect(await state()).toEqual(before);

  // The generated blocks hold what the service has, the monitor's option objects with every key.
  const generated = fs.readFileSync(path.join(work, "generated.yaml"), "utf8");
  expect(generated).toMatch(/legacy:\n\s+type: uptime:(index:)?Monitor/);
  expect(generated).toMatch(/method: HEAD/);
  expect(generated).toContain(`uuid: ${SEEDED_PAGE}`);
  expect(generated).toContain(`uuid: ${SEEDED_ALERT}`);
  expect(generated.match(/protect: true/g)).toHaveLength(3);
  fs.appendFileSync(path.join(dir, "Pulumi.yaml"), generated);
  await clearRequests(emulator);
  const preview = await t.stack.preview({ diff: true });
  expect(preview.changeSummary).toEqual({ same: 4 });
  expect(mutating(await requestLines(emulator))).toEqual([]);
  const exported = (await t.stack.exportStack()).deployment as Json;
  expect(exported.resources.find((r: Json) => r.urn.endsWith("::legacy")).id).toBe(legacy.uuid);
});

test("bad input stops the preview naming the resource, the field (as the schema names it) and the fix, before any request", async () => {
  const dir = program(
    "bad-input",
    `name: bad-input\nruntime: yaml\nresources:\n  web:\n    type: uptime:index:Monitor\n    properties:\n      name: bad\n      type: http\n      target: https://bad.example.com\n      regions: [1]\n      interval: 60\n`,
  );
  const t = await yamlStack(dir, settings());
  await clearRequests(emulator);
  const preview = await cli(t, dir, ["preview"]);
  expect(preview.code).not.toBe(0);
  expect(preview.out).toContain(
    `uptime:index:Monitor resource 'web': property target value {https://bad.example.com} has a problem: target: "https://bad.example.com": a http monitor needs a http:// address; change the address or set type to https`,
  );
  expect(await requestLines(emulator)).toEqual([]);
});

test("a key set in plain text is refused before any request, naming the fix; set with --secret, the same preview plans", async () => {
  const dir = program("plain-key", `name: plain-key\nruntime: yaml\n${monitorsYaml(["plain-key"])}`);
  const t = await yamlStack(dir, { "uptime:baseUrl": { value: emulator.url }, "uptime:apiKey": { value: E2E_API_KEY } });
  await clearRequests(emulator);
  const preview = await cli(t, dir, ["preview"]);
  expect(preview.code).not.toBe(0);
  expect(preview.out).toContain("uptime:apiKey is set in plain text in the stack configuration");
  expect(preview.out).toContain("pulumi config set --secret uptime:apiKey <key>");
  expect(preview.out).not.toContain(E2E_API_KEY);
  const up = await cli(t, dir, ["up", "--yes"]);
  expect(up.code).not.toBe(0);
  expect(up.out).toContain("uptime:apiKey is set in plain text in the stack configuration");
  expect(up.out).not.toContain(E2E_API_KEY);
  expect(rawCheckpoint(t)).not.toContain(E2E_API_KEY);
  expect(await requestLines(emulator)).toEqual([]);
  await t.stack.setConfig("uptime:apiKey", { value: E2E_API_KEY, secret: true });
  expect((await t.stack.preview()).changeSummary).toEqual({ create: 2 });
});

test("retained, then declared again: a new monitor, the retained one untouched; no journal note outlives a run", async () => {
  const dir = program("retain", `name: retain\nruntime: yaml\n${monitorsYaml(["retained"], "    options:\n      retainOnDelete: true\n")}`);
  const t = await yamlStack(dir, settings());
  const journal = () => (fs.existsSync(t.env.UPTIME_JOURNAL_DIR) ? fs.readdirSync(t.env.UPTIME_JOURNAL_DIR) : []);
  await t.stack.up();
  expect(journal()).toEqual([]);
  const [retained] = (await state()).monitors.filter((m: Json) => m.name === "retained");

  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: retain\nruntime: yaml\nresources: {}\n${PLUGINS}`);
  await clearRequests(emulator);
  await t.stack.up();
  expect(mutating(await requestLines(emulator))).toEqual([]);

  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: retain\nruntime: yaml\n${monitorsYaml(["retained"])}${PLUGINS}`);
  await clearRequests(emulator);
  await t.stack.up();
  // A POST, never a PATCH of the retained monitor: a note of the first run would have made it a takeover.
  expect(mutating(await requestLines(emulator))).toEqual(["POST /v1/monitors"]);
  const both = (await state()).monitors.filter((m: Json) => m.name === "retained");
  expect(both).toHaveLength(2);
  expect(both).toContainEqual(retained);
  await t.stack.destroy();
  expect((await state()).monitors.filter((m: Json) => m.name === "retained")).toEqual([retained]);
  expect(journal()).toEqual([]);
});

describe("pulumi import from a service that offers only the documented routes (no GET of an object)", () => {
  let documented: RunningEmulator;
  beforeAll(async () => {
    documented = await startE2eEmulator({ documentedOnly: true });
  });
  afterAll(async () => {
    await documented?.close();
  });

  test("each import fails with nothing stored, naming the way out; following it (adoptUuid / uuid, then up) takes the objects over", async () => {
    const created = await asUser(
      documented,
      "POST",
      "/monitors",
      monitorBody({ name: "legacy", urn: "https://legacy.example.com/", interval: 120, regions: [1, 3] }),
    );
    const legacy = created.json.monitor as Json;
    const dir = program("imports-documented", "name: imports-documented\nruntime: yaml\n");
    const t = await yamlStack(dir, { "uptime:baseUrl": { value: documented.url }, "uptime:apiKey": { value: E2E_API_KEY, secret: true } });
    const before = await adminGet(documented, "/state");
    await clearRequests(documented);

    const advice: Record<string, string> = {};
    for (const [type, name, id, property] of [
      ["Monitor", "legacy", legacy.uuid, "adoptUuid"],
      ["Page", "status", SEEDED_PAGE, "uuid"],
      ["Alert", "onCall", SEEDED_ALERT, "uuid"],
    ]) {
      const imported = await cli(t, dir, ["import", `uptime:index:${type}`, name, id, "--yes"]);
      expect(imported.code).not.toBe(0);
      const kind = type.toLowerCase();
      expect(imported.out).toContain(`${kind} ${id}: the service answered 405 to reading it (it offers no GET of a ${kind})`);
      expect(imported.out).toContain("nothing was stored");
      advice[name] = /with `([^`]+)` and the fields it should have/.exec(imported.out)![1];
      expect(advice[name]).toBe(`${property}: ${id}`);
    }
    // Nothing stored, nothing sent but the reads.
    const resources = ((await t.stack.exportStack()).deployment.resources ?? []) as Json[];
    expect(resources.filter((r) => String(r.type).startsWith("uptime:index:"))).toEqual([]);
    expect(mutating(await requestLines(documented))).toEqual([]);
    expect(await adminGet(documented, "/state")).toEqual(before);

    // The advice, followed: each declared with the property the message names, and the fields it should have.
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      `name: imports-documented\nruntime: yaml\nresources:\n` +
        `  legacy:\n    type: uptime:index:Monitor\n    properties:\n      ${advice.legacy}\n      name: legacy\n      type: https\n` +
        `      target: https://legacy.example.com/\n      regions: [1, 3]\n      interval: 300\n` +
        `  status:\n    type: uptime:index:Page\n    properties:\n      ${advice.status}\n      title: Legacy status\n` +
        `      useGroups: false\n      items:\n        - \${legacy.id}\n` +
        `  onCall:\n    type: uptime:index:Alert\n    properties:\n      ${advice.onCall}\n      name: On-call\n      down: true\n${PLUGINS}`,
    );
    await clearRequests(documented);
    const up = await t.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ create: 4 });
    expect(mutating(await requestLines(documented)).sort()).toEqual(
      [`PATCH /v1/monitors/${legacy.uuid}`, `PATCH /v1/pages/${SEEDED_PAGE}`, `PATCH /v1/alerts/${SEEDED_ALERT}`].sort(),
    );
    // Service == program == state: the same three objects, now as declared; nothing else made.
    const after = await adminGet(documented, "/state");
    expect(after.monitors).toHaveLength(1);
    expect(after.monitors[0]).toMatchObject({ uuid: legacy.uuid, name: "legacy", intervalId: 300, regions: [1, 3] });
    expect(after.pages.find((p: Json) => p.uuid === SEEDED_PAGE)).toMatchObject({ title: "Legacy status", items: [legacy.uuid] });
    expect(after.alerts.find((a: Json) => a.uuid === SEEDED_ALERT)).toMatchObject({ name: "On-call", down: true });
    const held = ((await t.stack.exportStack()).deployment.resources as Json[]).filter((r) => String(r.type).startsWith("uptime:index:"));
    expect(held.map((r) => r.id).sort()).toEqual([legacy.uuid, SEEDED_PAGE, SEEDED_ALERT].sort());
    const preview = await cli(t, dir, ["preview", "--expect-no-changes"]);
    expect(preview.code).toBe(0);
    expect(preview.out).not.toMatch(/^\s*(\+|-|~|\+-|-\+|\+\+|--)\s+\S/m);
    expect(preview.out).toMatch(/4 unchanged/);
  });
});

test("moved, through the plugin: with uptime:baseUrl changed, refresh names the address of the last up and says to run with --run-program; doing so works", async () => {
  // The service first reached through a front, which then stops answering.
  const upstream = new URL(emulator.url);
  const front = await listenOnLoopback(
    createServer((req, res) => {
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    }),
  );
  const oldUrl = `http://${front.host}/v1`;
  const dir = program("moved", `name: moved\nruntime: yaml\n${monitorsYaml(["moved-api"])}`);
  const t = await yamlStack(dir, { ...settings(), "uptime:baseUrl": { value: oldUrl }, "uptime:maxRetries": { value: "0" } });
  await t.stack.up();
  await front.close();
  await t.stack.setConfig("uptime:baseUrl", { value: emulator.url });
  const out: string[] = [];
  await expect(t.stack.refresh({ onOutput: collect(out) })).rejects.toThrow();
  expect(out.join("")).toContain(`check uptime:baseUrl (${oldUrl})`);
  expect(out.join("")).toContain(
    "If uptime:baseUrl changed since the last `pulumi up`, `pulumi refresh` and `pulumi destroy` still use the address stored then: run them with --run-program.",
  );
  // The advice, followed.
  expect((await t.stack.refresh({ runProgram: true })).summary.resourceChanges).toEqual({ same: 2 });
  const { uuid } = await monitorNamed("moved-api");
  await clearRequests(emulator);
  await t.stack.destroy({ runProgram: true });
  expect(mutating(await requestLines(emulator))).toEqual([`DELETE /v1/monitors/${uuid}`]);
  expect(await monitorNamed("moved-api")).toBeUndefined();
});
