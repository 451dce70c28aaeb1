// Wrong settings through the real engine, one stack from a wrong first try to its destroy, each piece of advice
// followed; the words of every refusal and the other wrong settings are proven in-process (tests/README.md).
import * as fs from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import * as path from "node:path";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import { TestStack, rawCheckpoint } from "../helpers/pulumi";
import { SEEDED_ALERT, adminCall, clearRequests, e2eFile, fails, requestLines, sending, serviceState } from "../helpers/e2e";
import { stateResources, withEnv } from "../helpers/e2e";
import { LOOPBACK_CERT_PEM, LOOPBACK_KEY_PEM } from "../helpers/tls";
import { E2E_API_KEY, Listening, forwardTo, listenOnLoopback } from "../helpers/servers";

jest.setTimeout(600_000);

const ROTATED = "e2e-rotated-key-2b9f41";
const { emulator, stack, track } = e2eFile();
let front: Listening;
let t: TestStack;

beforeAll(async () => {
  // The service behind TLS: a TLS front for the emulator, with a certificate for 127.0.0.1.
  front = await listenOnLoopback(createHttpsServer({ key: LOOPBACK_KEY_PEM, cert: LOOPBACK_CERT_PEM }, forwardTo(emulator.url)));
  track(front);
  // The key set as a user might first set it: without --secret.
  t = await stack(path.join(__dirname, "programs/settings"), {
    stackName: "wrong-settings",
    emulator: false,
    env: { UPTIME_BASE_URL: emulator.url },
    config: { "uptime:apiKey": E2E_API_KEY, "settings:alertUuid": SEEDED_ALERT },
  });
});

/** Sets an environment variable of every later engine run of the stack. */
const setEnv = (key: string, value: string) => ((t.stack.workspace as LocalWorkspace).envVars[key] = value);

/** The part of an engine run's output after "Diagnostics:", where each resource's failure is listed once. */
const diagnostics = (text: string) => text.slice(text.lastIndexOf("Diagnostics:"));

const resourcesOf = async () => (await stateResources(t)).map((r) => `${r.type} ${r.id ?? ""}`).sort();

/** The uuid of each monitor of the stack, by resource name. */
const monitorIds = async (): Promise<Record<string, string>> =>
  Object.fromEntries(
    (await stateResources(t)).filter((r) => r.type.endsWith("uptime:Monitor")).map((r) => [r.urn.replace(/^.*::/, ""), r.id]),
  );

const inService = async (uuid: string) => (await serviceState(emulator)).monitors.find((m) => m.uuid === uuid);

test("a key in plain text: preview refuses before anything is stored or sent, naming `pulumi config set --secret`", async () => {
  await clearRequests(emulator);
  const preview = await fails((onOutput) => t.stack.preview({ onOutput }));
  expect(preview).toContain("uptime:apiKey is set in plain text in the stack configuration.");
  expect(preview).toContain("Run `pulumi config set --secret uptime:apiKey <key>`");
  expect(await requestLines(emulator)).toEqual([]);
  expect((await t.stack.exportStack()).deployment.resources ?? []).toEqual([]);
});

test("PULUMI_SKIP_CHECKPOINTS: creating monitors is refused at preview, the reason in full once, naming it; nothing sent", async () => {
  // The advice of the test before, followed.
  await t.stack.setConfig("uptime:apiKey", { value: E2E_API_KEY, secret: true });
  const refused = () => withEnv(t, { PULUMI_SKIP_CHECKPOINTS: "true" }, () => fails((onOutput) => t.stack.preview({ onOutput })));
  const [text, sent] = await sending(emulator, refused);
  const preview = diagnostics(text);
  // Each monitor checked is refused, the reason in full once, the others pointing to it.
  const refusals = [...preview.matchAll(/monitor "(\w+)": creating it is refused while PULUMI_SKIP_CHECKPOINTS is set(.)/g)];
  // The engine may stop checking after the first failure: one or both of the program's monitors, each once.
  const names = refusals.map((m) => m[1]).sort();
  expect(["api", "db", "api,db"]).toContain(names.join(","));
  expect(refusals.map((m) => m[2]).sort()).toEqual([":", " ", " "].slice(0, refusals.length).sort());
  expect(preview.match(/Run this update without PULUMI_SKIP_CHECKPOINTS/g)).toHaveLength(1);
  expect(sent).toEqual([]);
  expect(await monitorIds()).toEqual({});
});

test("http:// at a port that speaks TLS: up fails at once, before any creation; with the https:// address it names (and the key set with --secret, without PULUMI_SKIP_CHECKPOINTS) both monitors are created, the key encrypted in the state", async () => {
  const wrong = `http://${front.host}/v1`;
  setEnv("UPTIME_BASE_URL", wrong);
  await clearRequests(emulator);
  // --debug shows every retry line: there must be none.
  const up = await fails((onOutput) => t.stack.up({ onOutput, debug: true }));
  expect(up).toContain(`uptime:baseUrl (${wrong}) does not answer as the service's API`);
  const advised = /an http:\/\/ address at an https port; use (\S+?)\. /.exec(up)?.[1];
  expect(advised).toBe(wrong.replace(/^http:/, "https:"));
  expect(up).not.toMatch(/retry \d of/);
  expect(up).not.toMatch(/unconfirmed|adoptUuid/);
  expect(await monitorIds()).toEqual({});
  expect(await requestLines(emulator)).toEqual([]);

  // The advice, followed (this machine told to trust the front's certificate).
  const ca = path.join(t.backendDir, "loopback-ca.pem");
  fs.writeFileSync(ca, LOOPBACK_CERT_PEM);
  setEnv("NODE_EXTRA_CA_CERTS", ca);
  setEnv("UPTIME_BASE_URL", advised!);
  const fixed = await t.stack.up();
  // The stack itself was registered by the failed run.
  expect(fixed.summary.resourceChanges).toEqual({ create: 2, same: 1 });
  const ids = await monitorIds();
  expect(await inService(ids.api)).toMatchObject({ name: "api", urn: "https://api.acme.example/health", alerts: [SEEDED_ALERT] });
  expect(await inService(ids.db)).toMatchObject({ name: "db", urn: "db.acme.example:5432" });
  // The state as the backend stores it holds the key encrypted, never in plain text.
  const stored = rawCheckpoint(t);
  expect(stored).toContain('"uptime:apiKey"');
  expect(stored).not.toContain(E2E_API_KEY);
  setEnv("UPTIME_BASE_URL", emulator.url);
});

test("a monitor deleted outside Pulumi: the edit names it and the command; running that command creates it again", async () => {
  const db = (await monitorIds()).db;
  await adminCall(emulator, "DELETE", `/monitors/${db}`);
  await t.stack.setConfig("settings:interval", { value: "120" });
  const edit = await fails((onOutput) => t.stack.up({ onOutput }));
  expect(edit).toContain(
    `monitor "db" (${db}): the service has no such monitor any more (it was deleted outside Pulumi), so nothing was sent.`,
  );
  const command = /Run `pulumi up --replace '([^']+)'` to create it again/.exec(edit);
  expect(command).not.toBeNull();
  const [up, sent] = await sending(emulator, () => t.stack.up({ replace: [command![1]] }));
  expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
  // The api monitor's edit went through in the failed run; now only db is created again (and the old one's 404 proven gone).
  expect(sent).toEqual(["POST /v1/monitors", `DELETE /v1/monitors/${db}`]);
  const again = await monitorIds();
  expect(again.db).not.toBe(db);
  expect(await inService(again.db)).toMatchObject({ name: "db", intervalId: 120 });
  expect(await inService(again.api)).toMatchObject({ name: "api", intervalId: 120 });
});

test("a rotated key: refresh fails once per resource, without stack frames, the key unsaid, nothing changed, saying to run with --run-program; doing so works, and the stack is then as declared", async () => {
  const before = await resourcesOf();
  const ids = await monitorIds();
  const service = async () => [await inService(ids.api), await inService(ids.db)].map((m) => [m.intervalId, m.updatedAt]);
  const edited = await service();
  await adminCall(emulator, "PUT", "/api-key", { apiKey: ROTATED });
  await t.stack.setConfig("uptime:apiKey", { value: ROTATED, secret: true });
  const [refresh, sent] = await sending(emulator, () => fails((onOutput) => t.stack.refresh({ onOutput })));
  const text = diagnostics(refresh);
  for (const name of ["api", "db"]) expect(text.split(`uptime:Monitor (${name}):`)).toHaveLength(2);
  expect(text.split("\n").filter((l) => /error: /.test(l) && l.includes("401 Unauthorized"))).toHaveLength(2);
  expect(refresh).toContain(
    "if uptime:apiKey changed since the last `pulumi up`, `pulumi refresh` and `pulumi destroy` still use the key stored then: run them with --run-program",
  );
  expect(text).not.toContain(ROTATED);
  expect(refresh).not.toMatch(/Error: .*: (Api)?Error: /);
  expect(refresh).not.toMatch(/\.ts:\d+:\d+/);
  expect(refresh).not.toMatch(/^\s+at /m);
  expect(await resourcesOf()).toEqual(before);
  expect(sent).toEqual([]);
  expect(await service()).toEqual(edited);

  // The advice, followed.
  expect((await t.stack.refresh({ runProgram: true })).summary.resourceChanges).toEqual({ same: 3 });
  // Nothing left to do (the monitor made again included), and nothing refused under PULUMI_SKIP_CHECKPOINTS when nothing is created.
  const preview = await withEnv(t, { PULUMI_SKIP_CHECKPOINTS: "1" }, () => t.stack.preview({ expectNoChanges: true }));
  expect(preview.changeSummary).toEqual({ same: 3 });
});

test("destroy with --run-program, the key rotated: both monitors deleted, the stack empty", async () => {
  const ids = await monitorIds();
  const [destroy, sent] = await sending(emulator, () => t.stack.destroy({ runProgram: true }));
  expect(destroy.summary.result).toBe("succeeded");
  expect(sent.sort()).toEqual([`DELETE /v1/monitors/${ids.api}`, `DELETE /v1/monitors/${ids.db}`].sort());
  expect([await inService(ids.api), await inService(ids.db)]).toEqual([undefined, undefined]);
  expect(await resourcesOf()).toEqual([]);
});
