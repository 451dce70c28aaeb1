// YAML programs through the repository's plugin (from its tarball: install.test.ts); the plugin's words for bad
// input and settings: integration/provider/plugin-server.test.ts.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { REPO, TestStack, oldestPulumi, rawCheckpoint, versions } from "../helpers/pulumi";
import { SEEDED_ALERT, SEEDED_PAGE, YAML_PLUGIN as PLUGINS, Json, clearRequests, e2eFile, exec, journalNotes } from "../helpers/e2e";
import { madeOutside, monitorNamed, monitorNames, pulumiCli, requestLines, seededPage, sending, sendingTo } from "../helpers/e2e";
import { asUser, serviceState, stateResources } from "../helpers/e2e";
import { E2E_API_KEY, startE2eEmulator } from "../helpers/servers";

jest.setTimeout(300_000);

/** How Pulumi's state marks a secret value. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const PROBE_TOKEN = "Bearer probe-7d1c0e55";
/** examples/yaml's own settings. */
const exampleConfig = {
  "uptime-yaml:alertUuid": SEEDED_ALERT,
  "uptime-yaml:pageUuid": SEEDED_PAGE,
  "uptime-yaml:probeToken": { value: PROBE_TOKEN, secret: true },
};

const { emulator, stack, track, tempDir } = e2eFile();
const work = tempDir("uptime-yaml-");

/** A YAML resource block of an https monitor named as its resource, with its `options` if given. */
const monitorYaml = (name: string, options = "") =>
  `  ${name}:\n    type: uptime:index:Monitor\n` +
  `    properties: { name: ${name}, type: https, target: https://${name}.example.com, regions: [1], interval: 60 }\n` +
  (options && `    options: ${options}\n`);

/** A copy of a YAML program outside the repository, naming the repository's plugin. */
function program(name: string, text: string): string {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `${text.trimEnd()}\n${PLUGINS}`);
  return dir;
}

const state = () => serviceState(emulator);
const monitor = (name: string) => monitorNamed(emulator, name);

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
    const apiMonitor = await monitor("api");
    const shop = await monitor("shop");
    expect(apiMonitor).toMatchObject({ type: "https", urn: "https://api.example.com/health", regions: [1, 2], alerts: [SEEDED_ALERT] });
    expect(apiMonitor.httpRequest.headers).toEqual([{ name: "Authorization", value: PROBE_TOKEN }]);
    expect(result.outputs.apiUuid.value).toBe(apiMonitor.uuid);
    expect(result.outputs.shopInterval.value).toBe(300);
    const s = await state();
    expect(await seededPage(emulator)).toMatchObject({ title: "Example status", items: [apiMonitor.uuid, shop.uuid] });
    expect(s.alerts.find((a: Json) => a.uuid === SEEDED_ALERT)).toMatchObject({ down: true, degraded: true });
    const statusHooks = s.webhooks.filter((w: Json) => w.topic === "monitors/status_change").length;
    expect(statusHooks).toBeGreaterThan(0);
    expect(result.outputs.statusHookCount.value).toBe(statusHooks);

    const checkpoint = rawCheckpoint(t);
    expect(checkpoint).not.toContain(PROBE_TOKEN);
    expect(checkpoint).not.toContain(E2E_API_KEY);
    const exported = await stateResources(t);
    const apiState = exported.find((r) => r.urn.endsWith("uptime:index:Monitor::api"));
    // The export decrypts, and keeps the mark that makes the backend encrypt the value.
    expect(apiState.outputs.httpRequest.headers).toHaveProperty([SECRET_SIG]);
    expect(apiState.inputs.httpRequest.headers).toHaveProperty([SECRET_SIG]);
    // No bookkeeping in the plugin's entries: the URN and the last inputs come with every call.
    const ours = exported.filter((r) => r.type.startsWith("uptime:index:"));
    expect(ours).toHaveLength(4);
    for (const r of ours) {
      expect(Object.keys(r.inputs)).not.toContain("journalKey");
      expect(Object.keys(r.outputs)).not.toContain("journalKey");
      expect(Object.keys(r.outputs)).not.toContain("declaredFields");
    }
  });

  test("an edit of the program and a drift made outside Pulumi: `up --refresh` sees the drift, each is one PATCH of its monitor; the next preview is empty and sends nothing but reads", async () => {
    const apiMonitor = await monitor("api");
    const shop = await monitor("shop");
    const yaml = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yaml.replace("interval: 300", "interval: 600"));
    const drift = await asUser(emulator, "PATCH", `/monitors/${apiMonitor.uuid}`, { interval: 900 });
    expect(drift.status).toBe(200);
    const [result, sent] = await sending(emulator, () => t.stack.up({ refresh: true, diff: true }));
    expect(result.summary.resourceChanges).toEqual({ same: 3, update: 2 });
    // The edit, as the program declares it; the drift, as the refresh read it, put back to the declared value.
    expect(result.stdout).toMatch(/interval\s*:\s*300 => 600/);
    expect(result.stdout).toMatch(/interval\s*:\s*900 => 60\b/);
    expect(sent.sort()).toEqual([`PATCH /v1/monitors/${apiMonitor.uuid}`, `PATCH /v1/monitors/${shop.uuid}`].sort());
    expect((await monitor("shop")).intervalId).toBe(600);
    expect((await monitor("api")).intervalId).toBe(60);
    expect(result.outputs.shopInterval.value).toBe(600);

    const [preview, previewSent] = await sending(emulator, () => t.stack.preview());
    expect(preview.changeSummary).toEqual({ same: 5 });
    expect(previewSent).toEqual([]);
  });

  test("destroy deletes the two monitors and releases the page and the alert without a request", async () => {
    const uuids = [(await monitor("api")).uuid, (await monitor("shop")).uuid];
    const [result, sent] = await sending(emulator, () => t.stack.destroy());
    expect(result.summary.resourceChanges).toEqual({ delete: 5 });
    expect(sent.sort()).toEqual(uuids.map((u) => `DELETE /v1/monitors/${u}`).sort());
    const s = await state();
    expect(s.monitors.filter((m: Json) => uuids.includes(m.uuid))).toEqual([]);
    expect(s.pages.map((p: Json) => p.uuid)).toContain(SEEDED_PAGE);
    expect(s.alerts.map((a: Json) => a.uuid)).toContain(SEEDED_ALERT);
  });
});

test("on the oldest supported CLI: examples/yaml's up, an empty preview and destroy", async () => {
  const env = { PATH: `${oldestPulumi()}:${process.env.PATH}` };
  const { stdout: version } = await exec("pulumi", ["version"], { env: { ...process.env, ...env } });
  expect(version.trim()).toBe(`v${versions.PULUMI_OLDEST_VERSION}`);
  const dir = program("oldest", fs.readFileSync(path.join(REPO, "examples/yaml/Pulumi.yaml"), "utf8"));
  const t = await stack(dir, { config: exampleConfig });
  const before = (await state()).monitors.length;
  const up = await pulumiCli(t, ["up", "--yes"], { env });
  expect(up).toMatchObject({ code: 0 });
  const made = (await state()).monitors.slice(before);
  expect(made.map((m: Json) => m.name).sort()).toEqual(["api", "shop"]);
  expect([...(await seededPage(emulator)).items].sort()).toEqual(made.map((m: Json) => m.uuid).sort());
  // The second preview, right after the up that made everything: nothing sent but reads.
  expect(await sending(emulator, () => pulumiCli(t, ["preview", "--expect-no-changes"], { env }))).toMatchObject([{ code: 0 }, []]);
  const [destroy, deleted] = await sending(emulator, () => pulumiCli(t, ["destroy", "--yes"], { env }));
  expect(destroy).toMatchObject({ code: 0 });
  expect(deleted.sort()).toEqual(made.map((m: Json) => `DELETE /v1/monitors/${m.uuid}`).sort());
  expect((await state()).monitors.slice(before)).toEqual([]);
});

test("two accounts: an explicit `uptime` provider beside the stack's own, renamed with `aliases`, a monitor moved off it; a retained monitor outlives its resource", async () => {
  const staging = track(await startE2eEmulator({ apiKey: "staging-yaml-key-6c2e", seed: {} }));
  /** The program: the explicit provider named `provider` (an alias of its first name), `staging-api` on it unless moved, and `retained`. */
  const accounts = (p: { provider: string; aliasOf?: string; moved?: boolean; retained?: { retainOnDelete: boolean } }) =>
    `name: two-accounts\nruntime: yaml\nconfig:\n  stagingUrl: { type: string }\n  stagingKey: { type: string, secret: true }\n` +
    `resources:\n  ${p.provider}:\n    type: pulumi:providers:uptime\n` +
    `    properties: { baseUrl: '\${stagingUrl}', apiKey: '\${stagingKey}' }\n` +
    (p.aliasOf ? `    options: { aliases: ['${p.aliasOf}'] }\n` : "") +
    monitorYaml("prod-api") +
    monitorYaml("staging-api", p.moved ? "" : `{ provider: '\${${p.provider}}' }`) +
    (p.retained ? monitorYaml("retained", `{ retainOnDelete: ${p.retained.retainOnDelete} }`) : "") +
    `variables:\n  stagingHooks:\n    fn::invoke: { function: uptime:index:getWebhooks, arguments: {}, ` +
    `options: { provider: '\${${p.provider}}' } }\noutputs:\n  stagingHookCount: \${stagingHooks.count}`;
  const dir = program("two-accounts", accounts({ provider: "staging", retained: { retainOnDelete: true } }));
  const file = path.join(dir, "Pulumi.yaml");
  const t = await stack(dir, {
    config: { "two-accounts:stagingUrl": staging.url, "two-accounts:stagingKey": { value: "staging-yaml-key-6c2e", secret: true } },
  });
  const retainedNow = async () => (await state()).monitors.filter((m: Json) => m.name === "retained");
  const stagingUuids = async () => (await serviceState(staging)).monitors.map((m) => m.uuid);
  const upSending = () => sendingTo([emulator, staging], () => t.stack.up());

  const up = await t.stack.up();
  expect(up.outputs.stagingHookCount.value).toBe(0);
  expect(await monitorNames(emulator)).toEqual(expect.arrayContaining(["prod-api", "retained"]));
  expect(await monitorNames(emulator)).not.toContain("staging-api");
  expect(await monitorNames(staging)).toEqual(["staging-api"]);
  expect(rawCheckpoint(t)).not.toContain("staging-yaml-key-6c2e");
  expect(journalNotes(t)).toEqual([]);
  const [retained] = await retainedNow();
  const [uuid] = await stagingUuids();

  // The provider renamed with its old URN as an alias (without it: a replacement, integration/provider/accounts.test.ts);
  // the retained monitor no longer declared leaves the stack, not the service.
  const oldUrn = `urn:pulumi:${t.stack.name}::two-accounts::pulumi:providers:uptime::staging`;
  fs.writeFileSync(file, `${accounts({ provider: "stg", aliasOf: oldUrn })}\n${PLUGINS}`);
  const [aliased, aliasSent] = await upSending();
  expect(Object.keys(aliased.summary.resourceChanges ?? {}).sort()).toEqual(["delete", "same"]);
  expect(aliased.summary.resourceChanges?.delete).toBe(1);
  expect(aliasSent).toEqual([[], []]);
  expect(await stagingUuids()).toEqual([uuid]);
  expect(await retainedNow()).toEqual([retained]);

  // Moved to the stack's own account: a replacement. The retained monitor declared again: a POST, never a PATCH of
  // the retained one (a note of the first run would have made it a takeover).
  fs.writeFileSync(file, `${accounts({ provider: "stg", aliasOf: oldUrn, moved: true, retained: { retainOnDelete: false } })}\n${PLUGINS}`);
  const [moved, movedSent] = await upSending();
  expect(moved.summary.resourceChanges).toMatchObject({ replace: 1, create: 1 });
  // Nothing else: what the aliased up stored is as declared.
  expect(Object.keys(moved.summary.resourceChanges ?? {}).sort()).toEqual(["create", "replace", "same"]);
  expect(movedSent).toEqual([["POST /v1/monitors", "POST /v1/monitors"], [`DELETE /v1/monitors/${uuid}`]]);
  expect(await monitorNames(emulator)).toEqual(expect.arrayContaining(["prod-api", "staging-api"]));
  expect(await monitorNames(staging)).toEqual([]);
  const both = await retainedNow();
  expect(both).toHaveLength(2);
  expect(both).toContainEqual(retained);

  await t.stack.destroy();
  expect(await monitorNames(staging)).toEqual([]);
  expect(await retainedNow()).toEqual([retained]);
  expect(journalNotes(t)).toEqual([]);
});

test("a key set in plain text is refused before any request, naming the fix, and no state holds it; set with --secret, `pulumi import` of a monitor, a page and an alert writes YAML blocks that then preview empty", async () => {
  const legacy = await madeOutside(emulator, "legacy");
  const dir = program("imports", `name: imports\nruntime: yaml\nresources:\n${monitorYaml("plain-key")}`);
  const t = await stack(dir, { config: { "uptime:apiKey": E2E_API_KEY } });
  await clearRequests(emulator);
  // `pulumi up` refuses it in its preview, before the provider's state is saved (provider/plugin/server.ts configure).
  const plain = await pulumiCli(t, ["up", "--yes"]);
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
  const [imported, sent] = await sending(emulator, () => pulumiCli(t, ["import", "--file", importFile, "--out", generatedFile, "--yes"]));
  expect(imported.out).toContain("3 imported");
  expect(imported.code).toBe(0);
  // Importing reads: nothing in the service changed.
  expect(sent).toEqual([]);
  expect(await state()).toEqual(before);

  // The generated blocks hold what the service has, the monitor's option objects with every key.
  const generated = fs.readFileSync(generatedFile, "utf8");
  expect(generated).toMatch(/legacy:\n\s+type: uptime:(index:)?Monitor/);
  expect(generated).toMatch(/method: HEAD/);
  expect(generated).toContain(`uuid: ${SEEDED_PAGE}`);
  expect(generated).toContain(`uuid: ${SEEDED_ALERT}`);
  expect(generated.match(/protect: true/g)).toHaveLength(3);
  fs.appendFileSync(path.join(dir, "Pulumi.yaml"), generated);
  const [preview, previewSent] = await sending(emulator, () => t.stack.preview({ diff: true }));
  expect(preview.changeSummary).toEqual({ same: 4 });
  expect(previewSent).toEqual([]);
  expect((await stateResources(t)).find((r) => r.urn.endsWith("::legacy")).id).toBe(legacy.uuid);
});

describe("pulumi import from a service that offers only the documented routes (no GET of an object)", () => {
  let documented: RunningEmulator;
  beforeAll(async () => (documented = track(await startE2eEmulator({ documentedOnly: true }))));

  test("the import fails with nothing stored, naming the way out for each object; following it (adoptUuid / uuid, then up) takes the objects over", async () => {
    const legacy = await madeOutside(documented, "legacy");
    const dir = program("imports-documented", "name: imports-documented\nruntime: yaml\n");
    const t = await stack(dir, { emulator: documented });
    const before = await serviceState(documented);

    const objects = [
      ["Monitor", "legacy", legacy.uuid, "adoptUuid"],
      ["Page", "status", SEEDED_PAGE, "uuid"],
      ["Alert", "onCall", SEEDED_ALERT, "uuid"],
    ];
    const file = path.join(work, "import-documented.json");
    fs.writeFileSync(file, JSON.stringify({ resources: objects.map(([type, name, id]) => ({ type: `uptime:index:${type}`, name, id })) }));
    const [imported, sent] = await sending(documented, () => pulumiCli(t, ["import", "--file", file, "--yes"]));
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
    expect((await stateResources(t)).filter((r) => String(r.type).startsWith("uptime:index:"))).toEqual([]);
    expect(sent).toEqual([]);
    expect(await serviceState(documented)).toEqual(before);

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
    const [up, upSent] = await sending(documented, () => t.stack.up());
    expect(up.summary.resourceChanges).toMatchObject({ create: 4 });
    expect(upSent.sort()).toEqual(
      [`PATCH /v1/monitors/${legacy.uuid}`, `PATCH /v1/pages/${SEEDED_PAGE}`, `PATCH /v1/alerts/${SEEDED_ALERT}`].sort(),
    );
    // Service == program == state: the same three objects, now as declared; nothing else made.
    const after = await serviceState(documented);
    expect(after.monitors).toHaveLength(1);
    expect(after.monitors[0]).toMatchObject({ uuid: legacy.uuid, name: "legacy", intervalId: 300, regions: [1, 3] });
    expect(await seededPage(documented)).toMatchObject({ title: "Legacy status", items: [legacy.uuid] });
    expect(after.alerts.find((a: Json) => a.uuid === SEEDED_ALERT)).toMatchObject({ name: "On-call", down: true });
    const held = (await stateResources(t)).filter((r) => String(r.type).startsWith("uptime:index:"));
    expect(held.map((r) => r.id).sort()).toEqual([legacy.uuid, SEEDED_PAGE, SEEDED_ALERT].sort());
    const preview = await pulumiCli(t, ["preview", "--expect-no-changes"]);
    expect(preview.code).toBe(0);
    expect(preview.out).not.toMatch(/^\s*(\+|-|~|\+-|-\+|\+\+|--)\s+\S/m);
    expect(preview.out).toMatch(/4 unchanged/);
  });
});
