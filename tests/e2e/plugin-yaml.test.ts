// YAML programs through the provider plugin, as a platform team would run them: examples/yaml's
// lifecycle (`up`, an edit and a drift repaired by one `up --refresh`, an empty preview, `destroy`; the
// key and a header value kept encrypted in the state), the same on the oldest supported CLI, two
// accounts (an explicit provider, renamed with `aliases`, a monitor moved off it) beside retainOnDelete,
// a key in plain text refused, and `pulumi import` (generated YAML blocks; a service with no GET of an
// object, whose advice is then followed). The refusals that are only the plugin's words are proven in
// tests/integration/provider/plugin-server.test.ts: bad input named as the schema names it, a missing or
// refused key and an address without /v1 (these three also through the engine, in plugin-python.test.ts).
// The plugin is the repository's bin/pulumi-resource-uptime, named in each program's Pulumi.yaml;
// install.test.ts runs the plugin installed from its release tarball.
import * as fs from "node:fs";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { RunningEmulator } from "../../emulator/types";
import { REPO, TestStack, oldestPulumi, rawCheckpoint, versions } from "../helpers/pulumi";
import { SEEDED_ALERT, SEEDED_PAGE, Json, adminGet, monitorNames, asUser, clearRequests, mutating, requestLines } from "../helpers/e2e";
import { e2eFile, pulumiCli } from "../helpers/e2e";
import { monitorBody } from "../helpers/emulator-http";
import { E2E_API_KEY, startE2eEmulator } from "../helpers/servers";

jest.setTimeout(300_000);

const execFileAsync = promisify(execFile);
/** How Pulumi's state marks a secret value. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const PROBE_TOKEN = "Bearer probe-7d1c0e55";
/** examples/yaml's own settings. */
const exampleConfig = {
  "uptime-yaml:alertUuid": SEEDED_ALERT,
  "uptime-yaml:pageUuid": SEEDED_PAGE,
  "uptime-yaml:probeToken": { value: PROBE_TOKEN, secret: true },
};
const PLUGINS = `plugins:\n  providers:\n    - name: uptime\n      path: ${path.join(REPO, "bin")}\n`;

const { emulator, stack, track, tempDir } = e2eFile();
const work = tempDir("uptime-yaml-");

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

/** A call to the service's API as someone outside Pulumi makes it (with the e2e emulator's key). */
async function service(method: string, p: string, body: unknown): Promise<Json> {
  const reply = await asUser(emulator, method, p, body);
  if (reply.status >= 300) throw new Error(`${method} ${p}: ${reply.status} ${reply.text}`);
  return reply.json;
}

const state = async (): Promise<{ monitors: Json[]; pages: Json[]; alerts: Json[]; webhooks: Json[] }> => adminGet(emulator, "/state");
const monitorNamed = async (name: string): Promise<Json> => (await state()).monitors.find((m: Json) => m.name === name);

/** The pulumi CLI in a program's directory, with its stack's environment: its exit code and both outputs. */
const cli = (t: TestStack, dir: string, args: string[], env: Record<string, string> = {}) => pulumiCli(t, args, { cwd: dir, env });

describe("examples/yaml through the plugin", () => {
  let dir: string;
  let t: TestStack;

  beforeAll(async () => {
    dir = program("example", fs.readFileSync(path.join(REPO, "examples/yaml/Pulumi.yaml"), "utf8"));
    t = await stack(dir, { config: exampleConfig });
  });

  test("up creates the monitors, takes the alert and the page over, and reads the webhooks through the invoke; the state holds the key and the header value encrypted only", async () => {
    const result = await t.stack.up();
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

  test("an edit of the program and a drift made outside Pulumi: `up --refresh` sees the drift, each is one PATCH of its monitor; the next preview is empty and sends nothing but reads", async () => {
    const apiMonitor = await monitorNamed("api");
    const shop = await monitorNamed("shop");
    const yaml = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yaml.replace("interval: 300", "interval: 600"));
    const drift = await asUser(emulator, "PATCH", `/monitors/${apiMonitor.uuid}`, { interval: 900 });
    expect(drift.status).toBe(200);
    await clearRequests(emulator);
    const result = await t.stack.up({ refresh: true, diff: true });
    expect(result.summary.resourceChanges).toEqual({ same: 3, update: 2 });
    // The edit, as the program declares it; the drift, as the refresh read it, put back to the declared value.
    expect(result.stdout).toMatch(/interval\s*:\s*300 => 600/);
    expect(result.stdout).toMatch(/interval\s*:\s*900 => 60\b/);
    expect(mutating(await requestLines(emulator)).sort()).toEqual(
      [`PATCH /v1/monitors/${apiMonitor.uuid}`, `PATCH /v1/monitors/${shop.uuid}`].sort(),
    );
    expect((await monitorNamed("shop")).intervalId).toBe(600);
    expect((await monitorNamed("api")).intervalId).toBe(60);
    expect(result.outputs.shopInterval.value).toBe(600);

    await clearRequests(emulator);
    const preview = await t.stack.preview();
    expect(preview.changeSummary).toEqual({ same: 5 });
    expect(mutating(await requestLines(emulator))).toEqual([]);
  });

  test("destroy deletes the two monitors and releases the page and the alert without a request", async () => {
    const uuids = [(await monitorNamed("api")).uuid, (await monitorNamed("shop")).uuid];
    await clearRequests(emulator);
    const result = await t.stack.destroy();
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
  const t = await stack(dir, { config: exampleConfig });
  const before = (await state()).monitors.length;
  const up = await cli(t, dir, ["up", "--yes"], env);
  expect(up).toMatchObject({ code: 0 });
  const made = (await state()).monitors.slice(before);
  expect(made.map((m: Json) => m.name).sort()).toEqual(["api", "shop"]);
  const items: string[] = (await state()).pages.find((p: Json) => p.uuid === SEEDED_PAGE).items;
  expect([...items].sort()).toEqual(made.map((m: Json) => m.uuid).sort());
  await clearRequests(emulator);
  expect(await cli(t, dir, ["preview", "--expect-no-changes"], env)).toMatchObject({ code: 0 });
  // The second preview, right after the up that made everything: nothing sent but reads.
  expect(mutating(await requestLines(emulator))).toEqual([]);
  await clearRequests(emulator);
  expect(await cli(t, dir, ["destroy", "--yes"], env)).toMatchObject({ code: 0 });
  expect(mutating(await requestLines(emulator)).sort()).toEqual(made.map((m: Json) => `DELETE /v1/monitors/${m.uuid}`).sort());
  expect((await state()).monitors.slice(before)).toEqual([]);
});

test("two accounts: an explicit `uptime` provider beside the stack's own, renamed with `aliases`, a monitor moved off it; a retained monitor outlives its resource", async () => {
  const staging = track(await startE2eEmulator({ apiKey: "staging-yaml-key-6c2e", seed: {} }));
  /** The program: the explicit provider named `provider` (an alias of its first name), `staging-api` on it unless moved, and `retained`. */
  const accounts = (p: { provider: string; aliasOf?: string; moved?: boolean; retained?: { retainOnDelete: boolean } }) =>
    [
      "name: two-accounts",
      "runtime: yaml",
      "config:",
      "  stagingUrl: { type: string }",
      "  stagingKey: { type: string, secret: true }",
      "resources:",
      `  ${p.provider}:`,
      "    type: pulumi:providers:uptime",
      "    properties: { baseUrl: '${stagingUrl}', apiKey: '${stagingKey}' }",
      ...(p.aliasOf ? [`    options: { aliases: ['${p.aliasOf}'] }`] : []),
      "  prod-api:",
      "    type: uptime:index:Monitor",
      "    properties: { name: prod-api, type: https, target: https://prod.example.com, regions: [1], interval: 60 }",
      "  staging-api:",
      "    type: uptime:index:Monitor",
      "    properties: { name: staging-api, type: https, target: https://staging.example.com, regions: [1], interval: 60 }",
      ...(p.moved ? [] : [`    options: { provider: '\${${p.provider}}' }`]),
      ...(p.retained
        ? [
            "  retained:",
            "    type: uptime:index:Monitor",
            "    properties: { name: retained, type: https, target: https://retained.example.com, regions: [1], interval: 60 }",
            `    options: { retainOnDelete: ${p.retained.retainOnDelete} }`,
          ]
        : []),
      "variables:",
      "  stagingHooks:",
      `    fn::invoke: { function: uptime:index:getWebhooks, arguments: {}, options: { provider: '\${${p.provider}}' } }`,
      "outputs:",
      "  stagingHookCount: ${stagingHooks.count}",
    ].join("\n");
  const dir = program("two-accounts", accounts({ provider: "staging", retained: { retainOnDelete: true } }));
  const file = path.join(dir, "Pulumi.yaml");
  const t = await stack(dir, {
    config: { "two-accounts:stagingUrl": staging.url, "two-accounts:stagingKey": { value: "staging-yaml-key-6c2e", secret: true } },
  });
  const journal = () => (fs.existsSync(t.env.UPTIME_JOURNAL_DIR) ? fs.readdirSync(t.env.UPTIME_JOURNAL_DIR) : []);
  const retainedNow = async () => (await state()).monitors.filter((m: Json) => m.name === "retained");
  const stagingUuids = async () => ((await adminGet(staging, "/state")).monitors as Json[]).map((m) => m.uuid);
  const clearBoth = async () => Promise.all([clearRequests(emulator), clearRequests(staging)]);
  const sentToBoth = async () => [mutating(await requestLines(emulator)), mutating(await requestLines(staging))];

  const up = await t.stack.up();
  expect(up.outputs.stagingHookCount.value).toBe(0);
  expect(await monitorNames(emulator)).toEqual(expect.arrayContaining(["prod-api", "retained"]));
  expect(await monitorNames(emulator)).not.toContain("staging-api");
  expect(await monitorNames(staging)).toEqual(["staging-api"]);
  expect(rawCheckpoint(t)).not.toContain("staging-yaml-key-6c2e");
  expect(journal()).toEqual([]);
  const [retained] = await retainedNow();
  const [uuid] = await stagingUuids();

  // The provider renamed with its old URN as an alias: nothing replaced, nothing sent, the monitor's uuid kept.
  // (Without the alias it would be a replacement, as tests/integration/provider/accounts.test.ts shows.) And the
  // retained monitor no longer declared: it leaves the stack, not the service.
  const oldUrn = `urn:pulumi:${t.stack.name}::two-accounts::pulumi:providers:uptime::staging`;
  fs.writeFileSync(file, `${accounts({ provider: "stg", aliasOf: oldUrn })}\n${PLUGINS}`);
  await clearBoth();
  const aliased = await t.stack.up();
  expect(Object.keys(aliased.summary.resourceChanges ?? {}).sort()).toEqual(["delete", "same"]);
  expect(aliased.summary.resourceChanges?.delete).toBe(1);
  expect(await sentToBoth()).toEqual([[], []]);
  expect(await stagingUuids()).toEqual([uuid]);
  expect(await retainedNow()).toEqual([retained]);

  // Moved to the stack's own account: a replacement, made there and deleted from staging. The retained monitor
  // declared again: a new monitor, a POST, never a PATCH of the retained one (a note of the first run would have
  // made it a takeover).
  fs.writeFileSync(file, `${accounts({ provider: "stg", aliasOf: oldUrn, moved: true, retained: { retainOnDelete: false } })}\n${PLUGINS}`);
  await clearBoth();
  const moved = await t.stack.up();
  expect(moved.summary.resourceChanges).toMatchObject({ replace: 1, create: 1 });
  // Nothing else: what the aliased up stored is as declared.
  expect(Object.keys(moved.summary.resourceChanges ?? {}).sort()).toEqual(["create", "replace", "same"]);
  expect(await sentToBoth()).toEqual([["POST /v1/monitors", "POST /v1/monitors"], [`DELETE /v1/monitors/${uuid}`]]);
  expect(await monitorNames(emulator)).toEqual(expect.arrayContaining(["prod-api", "staging-api"]));
  expect(await monitorNames(staging)).toEqual([]);
  const both = await retainedNow();
  expect(both).toHaveLength(2);
  expect(both).toContainEqual(retained);

  await t.stack.destroy();
  expect(await monitorNames(staging)).toEqual([]);
  expect(await retainedNow()).toEqual([retained]);
  expect(journal()).toEqual([]);
});

test("a key set in plain text is refused before any request, naming the fix, and no state holds it; set with --secret, `pulumi import` of a monitor, a page and an alert writes YAML blocks that then preview empty", async () => {
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
  const dir = program("imports", `name: imports\nruntime: yaml\n${monitorsYaml(["plain-key"])}`);
  const t = await stack(dir, { config: { "uptime:apiKey": E2E_API_KEY } });
  await clearRequests(emulator);
  // `pulumi up` refuses it in its preview, before the provider's state is saved (provider/plugin/server.ts configure).
  const plain = await cli(t, dir, ["up", "--yes"]);
  expect(plain.code).not.toBe(0);
  expect(plain.out).toContain("uptime:apiKey is set in plain text in the stack configuration");
  expect(plain.out).toContain("pulumi config set --secret uptime:apiKey <key>");
  expect(plain.out).not.toContain(E2E_API_KEY);
  expect(rawCheckpoint(t)).not.toContain(E2E_API_KEY);
  expect(await requestLines(emulator)).toEqual([]);

  // The advice followed, and the program emptied: the objects made outside Pulumi imported.
  await t.stack.setConfig("uptime:apiKey", { value: E2E_API_KEY, secret: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: imports\nruntime: yaml\n${PLUGINS}`);
  const resources = [
    { type: "uptime:index:Monitor", name: "legacy", id: legacy.uuid },
    { type: "uptime:index:Page", name: "status", id: SEEDED_PAGE },
    { type: "uptime:index:Alert", name: "onCall", id: SEEDED_ALERT },
  ];
  const [importFile, generatedFile] = [path.join(work, "import.json"), path.join(work, "generated.yaml")];
  fs.writeFileSync(importFile, JSON.stringify({ resources }));
  const before = await state();
  await clearRequests(emulator);
  const imported = await cli(t, dir, ["import", "--file", importFile, "--out", generatedFile, "--yes"]);
  expect(imported.out).toContain("3 imported");
  expect(imported.code).toBe(0);
  // Importing reads: nothing in the service changed.
  expect(mutating(await requestLines(emulator))).toEqual([]);
  expect(await state()).toEqual(before);

  // The generated blocks hold what the service has, the monitor's option objects with every key.
  const generated = fs.readFileSync(generatedFile, "utf8");
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

describe("pulumi import from a service that offers only the documented routes (no GET of an object)", () => {
  let documented: RunningEmulator;
  beforeAll(async () => (documented = track(await startE2eEmulator({ documentedOnly: true }))));

  test("the import fails with nothing stored, naming the way out for each object; following it (adoptUuid / uuid, then up) takes the objects over", async () => {
    const created = await asUser(
      documented,
      "POST",
      "/monitors",
      monitorBody({ name: "legacy", urn: "https://legacy.example.com/", interval: 120, regions: [1, 3] }),
    );
    const legacy = created.json.monitor as Json;
    const dir = program("imports-documented", "name: imports-documented\nruntime: yaml\n");
    const t = await stack(dir, { emulator: documented });
    const before = await adminGet(documented, "/state");
    await clearRequests(documented);

    const objects = [
      ["Monitor", "legacy", legacy.uuid, "adoptUuid"],
      ["Page", "status", SEEDED_PAGE, "uuid"],
      ["Alert", "onCall", SEEDED_ALERT, "uuid"],
    ];
    const file = path.join(work, "import-documented.json");
    fs.writeFileSync(file, JSON.stringify({ resources: objects.map(([type, name, id]) => ({ type: `uptime:index:${type}`, name, id })) }));
    const imported = await cli(t, dir, ["import", "--file", file, "--yes"]);
    expect(imported.code).not.toBe(0);
    const advice: Record<string, string> = {};
    for (const [type, name, id, property] of objects) {
      const kind = type.toLowerCase();
      expect(imported.out).toContain(`${kind} ${id}: the service answered 405 to reading it (it offers no GET of a ${kind})`);
      advice[name] = new RegExp(`${kind} ${id}: [^\\n]*nothing was stored[^\\n]*with \`([^\`]+)\` and the fields it should have`).exec(
        imported.out,
      )![1];
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
