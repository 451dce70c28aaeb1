// Wrong settings and routine operations, through the real engine: a base URL that is not the API, a
// proxy's HTML 404, an address at a TLS port, a host that does not resolve, a server that never
// answers, an address changed since the last up, a rotated key, a key in plain text, a monitor
// deleted outside Pulumi, throttling past uptime:rateLimitWaitSeconds. Each fails fast, naming the setting, without touching the state or the
// service; and each piece of advice a message gives is followed, and the stack and the service end up right.
import * as fs from "node:fs";
import {
  type IncomingMessage,
  type ServerResponse,
  createServer as createHttpServer,
  request as httpRequest,
  type Server as HttpServer,
} from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import type { LocalWorkspace, UpResult } from "@pulumi/pulumi/automation";
import { TestStack, createStack, rawCheckpoint } from "../helpers/pulumi";
import { Json, SEEDED_ALERT, adminCall, adminGet, clearRequests, mutating, requestLines } from "../helpers/e2e";
import { LOOPBACK_CERT_PEM, LOOPBACK_KEY_PEM } from "../helpers/tls";
import { E2E_API_KEY, Listening, listenOnLoopback, startE2eEmulator } from "../helpers/servers";

jest.setTimeout(600_000);

const PROGRAM = path.join(__dirname, "programs/settings");
let emulator: RunningEmulator;
const stacks: TestStack[] = [];
const servers: Listening[] = [];

beforeAll(async () => {
  emulator = await startE2eEmulator();
});
afterAll(async () => {
  for (const t of stacks) await t.remove();
  for (const s of servers) await s.close();
  await emulator?.close();
});

/** A stack of the two-monitor program; the address from UPTIME_BASE_URL unless `config` sets uptime:baseUrl. */
async function settingsStack(name: string, config: Record<string, { value: string; secret?: boolean }> = {}): Promise<TestStack> {
  const t = await createStack(PROGRAM, {
    stackName: name,
    env: { UPTIME_BASE_URL: emulator.url },
    config: { "uptime:apiKey": { value: E2E_API_KEY, secret: true }, "settings:alertUuid": { value: SEEDED_ALERT }, ...config },
  });
  stacks.push(t);
  return t;
}

/** Sets (or, with undefined, removes) an environment variable of every later engine run of `t`. */
function setEnv(t: TestStack, key: string, value: string | undefined): void {
  const env = (t.stack.workspace as LocalWorkspace).envVars;
  if (value === undefined) delete env[key];
  else env[key] = value;
}

/** Runs an engine operation that must fail; returns its whole output and how long it took. */
async function fails(run: (onOutput: (line: string) => void) => Promise<unknown>): Promise<{ text: string; seconds: number }> {
  const lines: string[] = [];
  const started = Date.now();
  await expect(run((l) => lines.push(l))).rejects.toThrow();
  return { text: lines.join(""), seconds: (Date.now() - started) / 1000 };
}

/** The part of an engine run's output after "Diagnostics:", where each resource's failure is listed once. */
const diagnostics = (text: string) => text.slice(text.lastIndexOf("Diagnostics:"));

async function resourcesOf(t: TestStack): Promise<string[]> {
  return ((await t.stack.exportStack()).deployment.resources ?? []).map((r: Json) => `${r.type} ${r.id ?? ""}`).sort();
}

/** The uuid of each monitor of the stack, by resource name. */
async function monitorIds(t: TestStack): Promise<Record<string, string>> {
  const resources = ((await t.stack.exportStack()).deployment.resources ?? []) as Json[];
  return Object.fromEntries(
    resources.filter((r) => r.type.endsWith("uptime:Monitor")).map((r) => [String(r.urn).replace(/^.*::/, ""), r.id]),
  );
}

const inService = async (uuid: string): Promise<Json | undefined> =>
  (await adminGet(emulator, "/state")).monitors.find((m: Json) => m.uuid === uuid);

/** Starts `server` on a free loopback port, closed after the file's tests; its `127.0.0.1:<port>`. */
async function listen(server: HttpServer | HttpsServer): Promise<string> {
  const listening = await listenOnLoopback(server);
  servers.push(listening);
  return listening.host;
}

describe("a base URL that is not the API", () => {
  let t: TestStack;
  let before: string[];
  beforeAll(async () => {
    t = await settingsStack("wrong-base");
    await t.stack.up();
    before = await resourcesOf(t);
  });

  test.each([
    ["missing its /v1", () => new URL(emulator.url).origin],
    ["with another version segment", () => `${new URL(emulator.url).origin}/v2`],
  ])("%s: refresh and destroy fail naming uptime:baseUrl; the state and the service are untouched", async (_name, wrong) => {
    setEnv(t, "UPTIME_BASE_URL", wrong());
    await clearRequests(emulator);
    const refresh = await fails((onOutput) => t.stack.refresh({ onOutput }));
    expect(refresh.text).toContain(`uptime:baseUrl (${wrong()}) does not answer as the service's API: GET `);
    expect(refresh.text).toContain(
      "Check the address: it is the API's base, ending in its version segment, e.g. https://<host>/v1. Nothing was changed.",
    );
    const destroy = await fails((onOutput) => t.stack.destroy({ onOutput }));
    expect(destroy.text).toContain("does not answer as the service's API");
    expect(await resourcesOf(t)).toEqual(before);
    expect(mutating(await requestLines(emulator))).toEqual([]);
    for (const uuid of Object.values(await monitorIds(t))) expect(await inService(uuid)).toMatchObject({ updatedAt: null });
    console.log(
      `wrong base path (${_name}): refresh failed in ${refresh.seconds.toFixed(1)} s, destroy in ${destroy.seconds.toFixed(1)} s`,
    );

    // The advice: the API's base address, with its version segment. Then refresh finds everything.
    setEnv(t, "UPTIME_BASE_URL", emulator.url);
    const fixed = await t.stack.refresh();
    expect(fixed.summary.resourceChanges).toEqual({ same: 3 });
    expect(await resourcesOf(t)).toEqual(before);
  });

  test("at preview: an address without its /v1, or a refused key, fails `pulumi preview` naming the setting; nothing changes", async () => {
    // Whatever fails, the stack is put back for the tests after: its environment, its config, and (by an up) the settings it stores.
    let restored: UpResult | undefined;
    try {
      setEnv(t, "UPTIME_BASE_URL", new URL(emulator.url).origin);
      await t.stack.setConfig("settings:interval", { value: "120" });
      await clearRequests(emulator);
      const preview = await fails((onOutput) => t.stack.preview({ onOutput }));
      expect(preview.text).toContain(`uptime:baseUrl (${new URL(emulator.url).origin}) does not answer as the service's API`);
      expect(preview.text).toContain("ending in its version segment, e.g. https://<host>/v1");
      // The check went to the wrong address: the service saw nothing.
      expect(await requestLines(emulator)).toEqual([]);

      setEnv(t, "UPTIME_BASE_URL", emulator.url);
      setEnv(t, "UPTIME_API_KEY", "a-mistyped-key-0000");
      await t.stack.removeConfig("uptime:apiKey");
      await clearRequests(emulator);
      const wrongKey = await fails((onOutput) => t.stack.preview({ onOutput }));
      expect(wrongKey.text).toContain("failed with 401 Unauthorized");
      expect(wrongKey.text).toContain("check uptime:apiKey (or UPTIME_API_KEY)");
      expect(await requestLines(emulator)).toEqual(["GET /v1/webhooks"]);
      expect(wrongKey.text).not.toContain("a-mistyped-key-0000");

      // uptime:offlinePreview: the same preview sends nothing at all, and passes.
      setEnv(t, "UPTIME_OFFLINE_PREVIEW", "true");
      await clearRequests(emulator);
      const offline = await t.stack.preview();
      expect(offline.changeSummary).toMatchObject({ update: 2 });
      expect(await requestLines(emulator)).toEqual([]);
      // ... and `up` then finds the wrong key before anything changes.
      const up = await fails((onOutput) => t.stack.up({ onOutput }));
      expect(up.text).toContain("failed with 401 Unauthorized");
      expect(await resourcesOf(t)).toEqual(before);
      for (const uuid of Object.values(await monitorIds(t)))
        expect(await inService(uuid)).toMatchObject({ updatedAt: null, intervalId: 60 });
    } finally {
      setEnv(t, "UPTIME_BASE_URL", emulator.url);
      setEnv(t, "UPTIME_OFFLINE_PREVIEW", undefined);
      setEnv(t, "UPTIME_API_KEY", undefined);
      await t.stack.setConfig("uptime:apiKey", { value: E2E_API_KEY, secret: true });
      await t.stack.setConfig("settings:interval", { value: "60" });
      // The failed up stored the settings it ran with: an up that changes nothing stores the configuration's again.
      restored = await t.stack.up().catch(() => undefined);
    }
    expect(restored?.summary.resourceChanges).toEqual({ same: 3 });
    expect(await resourcesOf(t)).toEqual(before);
  });

  test("a proxy answering an HTML 404 page: nothing taken as gone, the message names uptime:baseUrl", async () => {
    const proxy = createHttpServer((_req, res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<!DOCTYPE html><html><head><title>404 Not Found</title></head><body>nginx</body></html>");
    });
    const wrong = `http://${await listen(proxy)}/v1`;
    setEnv(t, "UPTIME_BASE_URL", wrong);
    const refresh = await fails((onOutput) => t.stack.refresh({ onOutput }));
    expect(refresh.text).toContain(
      'answered 404 with an HTML page "404 Not Found", which is not the service\'s answer about an object; nothing is taken as gone.',
    );
    expect(refresh.text).toContain(`Check uptime:baseUrl (${wrong})`);
    expect(await resourcesOf(t)).toEqual(before);
    setEnv(t, "UPTIME_BASE_URL", emulator.url);
  });
});

/** A request handler passing every request on to the emulator: a front for it at another address. */
function forwardToEmulator(req: IncomingMessage, res: ServerResponse): void {
  const upstream = new URL(emulator.url);
  const forward = httpRequest(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  req.pipe(forward);
}

test("moved: with uptime:baseUrl changed, refresh and destroy name the address of the last up and say to run them with --run-program; doing so works", async () => {
  // The service first reached through another address, which then stops answering.
  const old = await listenOnLoopback(createHttpServer(forwardToEmulator));
  const oldUrl = `http://${old.host}/v1`;
  const t = await settingsStack("moved", { "uptime:baseUrl": { value: oldUrl }, "uptime:maxRetries": { value: "0" } });
  await t.stack.up();
  const ids = await monitorIds(t);
  const before = await resourcesOf(t);
  await old.close();
  await t.stack.setConfig("uptime:baseUrl", { value: emulator.url });

  await clearRequests(emulator);
  const advice =
    "If uptime:baseUrl changed since the last `pulumi up`, `pulumi refresh` and `pulumi destroy` still use the address stored then: run them with --run-program.";
  for (const run of [
    (o: (l: string) => void) => t.stack.refresh({ onOutput: o }),
    (o: (l: string) => void) => t.stack.destroy({ onOutput: o }),
  ]) {
    const failed = await fails(run);
    expect(failed.text).toContain(`connection refused by http://${old.host}; check uptime:baseUrl (${oldUrl})`);
    expect(failed.text).toContain(advice);
  }
  expect(await resourcesOf(t)).toEqual(before);
  expect(await requestLines(emulator)).toEqual([]);

  // The advice, followed: the address in the configuration is used.
  expect((await t.stack.refresh({ runProgram: true })).summary.resourceChanges).toEqual({ same: 3 });
  await clearRequests(emulator);
  const destroy = await t.stack.destroy({ runProgram: true });
  expect(destroy.summary.result).toBe("succeeded");
  expect(mutating(await requestLines(emulator)).sort()).toEqual([`DELETE /v1/monitors/${ids.api}`, `DELETE /v1/monitors/${ids.db}`].sort());
  expect([await inService(ids.api), await inService(ids.db)]).toEqual([undefined, undefined]);
  expect(await resourcesOf(t)).toEqual([]);
});

describe("network failures name uptime:baseUrl and fail in bounded time", () => {
  test("http:// at a port that speaks TLS: up fails at once, before any creation; the https:// address it names works", async () => {
    // The service behind TLS: a TLS front for the emulator, with a certificate for 127.0.0.1.
    const front = createHttpsServer({ key: LOOPBACK_KEY_PEM, cert: LOOPBACK_CERT_PEM }, forwardToEmulator);
    const t = await settingsStack("tls-port");
    const wrong = `http://${await listen(front)}/v1`;
    setEnv(t, "UPTIME_BASE_URL", wrong);
    await clearRequests(emulator);
    // --debug shows every retry line: there must be none.
    const up = await fails((onOutput) => t.stack.up({ onOutput, debug: true }));
    expect(up.text).toContain(`uptime:baseUrl (${wrong}) does not answer as the service's API`);
    const advised = /an http:\/\/ address at an https port; use (\S+?)\. /.exec(up.text)?.[1];
    expect(advised).toBe(wrong.replace(/^http:/, "https:"));
    expect(up.text).not.toMatch(/retry \d of/);
    expect(up.text).not.toMatch(/unconfirmed|adoptUuid/);
    expect((await resourcesOf(t)).filter((r) => r.includes("uptime:Monitor"))).toEqual([]);
    expect(await requestLines(emulator)).toEqual([]);
    console.log(`http:// at a TLS port: up failed in ${up.seconds.toFixed(1)} s`);

    // The advice, followed (this machine told to trust the front's certificate): both monitors created, as declared.
    const ca = path.join(t.backendDir, "loopback-ca.pem");
    fs.writeFileSync(ca, LOOPBACK_CERT_PEM);
    setEnv(t, "NODE_EXTRA_CA_CERTS", ca);
    setEnv(t, "UPTIME_BASE_URL", advised);
    const fixed = await t.stack.up();
    // The stack itself was registered by the failed run.
    expect(fixed.summary.resourceChanges).toEqual({ create: 2, same: 1 });
    const ids = await monitorIds(t);
    expect(await inService(ids.api)).toMatchObject({ name: "api", urn: "https://api.acme.example/health", alerts: [SEEDED_ALERT] });
    expect(await inService(ids.db)).toMatchObject({ name: "db", urn: "db.acme.example:5432" });
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 3 });
  });

  test("a host that does not resolve: not retried, the message names uptime:baseUrl", async () => {
    const t = await settingsStack("no-host");
    setEnv(t, "UPTIME_BASE_URL", "http://uptime-no-such-host.invalid/v1");
    const up = await fails((onOutput) => t.stack.up({ onOutput }));
    expect(up.text).toContain("the host uptime-no-such-host.invalid does not resolve (ENOTFOUND); check uptime:baseUrl");
    expect(up.text).not.toMatch(/retry \d of/);
    console.log(`unresolvable host: up failed in ${up.seconds.toFixed(1)} s`);
  });

  test("a server that accepts and never answers: one retry, a line that says so without --debug, then the error", async () => {
    const address = await listen(createHttpServer(() => undefined));
    const t = await settingsStack("silent");
    await t.stack.up();
    setEnv(t, "UPTIME_BASE_URL", `http://${address}/v1`);
    setEnv(t, "UPTIME_REQUEST_TIMEOUT_MS", "1500");
    const refresh = await fails((onOutput) => t.stack.refresh({ onOutput }));
    expect(refresh.text).toMatch(
      /no response from http:\/\/127\.0\.0\.1:\d+ within 1500 ms \(uptime:requestTimeoutMs\); check uptime:baseUrl \(http:\/\/127\.0\.0\.1:\d+\/v1\); retry 1 of 5/,
    );
    expect(refresh.text).toMatch(/GET \/monitors\/[0-9a-f-]+ failed: no response from .* within 1500 ms \(uptime:requestTimeoutMs\)/);
    // One retry, not maxRetries.
    expect(refresh.text).not.toMatch(/retry 2 of/);
    console.log(`silent server, requestTimeoutMs 1500: refresh failed in ${refresh.seconds.toFixed(1)} s`);
  });
});

describe("keys", () => {
  test("rotated: refresh and destroy say to run with --run-program, and doing so works", async () => {
    const t = await settingsStack("rotated", { "uptime:baseUrl": { value: emulator.url } });
    await t.stack.up();
    const ids = await monitorIds(t);
    const rotated = "e2e-rotated-key-2b9f41";
    await adminCall(emulator, "PUT", "/api-key", { apiKey: rotated });
    try {
      await t.stack.setConfig("uptime:apiKey", { value: rotated, secret: true });
      const refresh = await fails((onOutput) => t.stack.refresh({ onOutput }));
      expect(refresh.text).toContain("401 Unauthorized");
      expect(refresh.text).toContain(
        "if uptime:apiKey changed since the last `pulumi up`, `pulumi refresh` and `pulumi destroy` still use the key stored then: run them with --run-program",
      );
      expect(diagnostics(refresh.text)).not.toContain(rotated);

      const following = await t.stack.refresh({ runProgram: true });
      expect(following.summary.resourceChanges).toEqual({ same: 3 });
      await clearRequests(emulator);
      const destroy = await t.stack.destroy({ runProgram: true });
      expect(destroy.summary.result).toBe("succeeded");
      expect(mutating(await requestLines(emulator)).sort()).toEqual(
        [`DELETE /v1/monitors/${ids.api}`, `DELETE /v1/monitors/${ids.db}`].sort(),
      );
      expect(await inService(ids.api)).toBeUndefined();
    } finally {
      await adminCall(emulator, "PUT", "/api-key", { apiKey: E2E_API_KEY });
    }
  });

  test("in plain text: preview refuses before anything is stored; set with --secret, the state never holds it", async () => {
    const t = await settingsStack("plain-key", { "uptime:apiKey": { value: E2E_API_KEY } });
    await clearRequests(emulator);
    const preview = await fails((onOutput) => t.stack.preview({ onOutput }));
    expect(preview.text).toContain("uptime:apiKey is set in plain text in the stack configuration.");
    expect(preview.text).toContain("Run `pulumi config set --secret uptime:apiKey <key>`");
    expect(await requestLines(emulator)).toEqual([]);
    expect((await t.stack.exportStack()).deployment.resources ?? []).toEqual([]);

    await t.stack.setConfig("uptime:apiKey", { value: E2E_API_KEY, secret: true });
    await t.stack.up();
    // The state as the backend stores it holds the key encrypted, never in plain text.
    const stored = rawCheckpoint(t);
    expect(stored).toContain('"uptime:apiKey"');
    expect(stored).not.toContain(E2E_API_KEY);
  });

  test("missing: preview names both ways to set it; set, the same preview works", async () => {
    const t = await createStack(PROGRAM, {
      stackName: "no-key",
      env: { UPTIME_BASE_URL: emulator.url },
      config: { "settings:alertUuid": { value: SEEDED_ALERT } },
    });
    stacks.push(t);
    const preview = await fails((onOutput) => t.stack.preview({ onOutput }));
    expect(preview.text).toContain("no API key: run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY");
    await t.stack.setConfig("uptime:apiKey", { value: E2E_API_KEY, secret: true });
    expect((await t.stack.preview()).changeSummary).toMatchObject({ create: 3 });
  });
});

test("a monitor deleted outside Pulumi: the edit names it and the command; running that command creates it again", async () => {
  const t = await settingsStack("gone");
  await t.stack.up();
  const db = { uuid: (await monitorIds(t)).db };
  await adminCall(emulator, "DELETE", `/monitors/${db.uuid}`);
  await t.stack.setConfig("settings:interval", { value: "120" });
  const edit = await fails((onOutput) => t.stack.up({ onOutput }));
  const command = /Run `(pulumi up --replace '([^']+)')` to create it again/.exec(edit.text);
  expect(edit.text).toContain(
    `monitor "db" (${db.uuid}): the service has no such monitor any more (it was deleted outside Pulumi), so nothing was sent.`,
  );
  expect(command).not.toBeNull();
  await clearRequests(emulator);
  const up = await t.stack.up({ replace: [command![2]] });
  expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
  // The api monitor's edit went through in the failed run; now only db is created again (and the old one's 404 proven gone).
  expect(mutating(await requestLines(emulator))).toEqual(["POST /v1/monitors", `DELETE /v1/monitors/${db.uuid}`]);
  const again = await monitorIds(t);
  expect(again.db).not.toBe(db.uuid);
  expect(await inService(again.db)).toMatchObject({ name: "db", intervalId: 120 });
  expect((await t.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 3 });
});

test("PULUMI_SKIP_CHECKPOINTS: creating and replacing monitors are refused at preview, naming it; edits, refresh and destroy work; unset, the same up goes through", async () => {
  const t = await settingsStack("skip-checkpoints");
  setEnv(t, "PULUMI_SKIP_CHECKPOINTS", "true");
  await clearRequests(emulator);
  for (const run of [
    (o: (l: string) => void) => t.stack.preview({ onOutput: o }),
    (o: (l: string) => void) => t.stack.up({ onOutput: o }),
  ]) {
    const create = await fails(run);
    // Each monitor checked is refused, the reason in full once, the others pointing to it.
    const refusals = diagnostics(create.text).match(/creating it is refused while PULUMI_SKIP_CHECKPOINTS is set/g) ?? [];
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    expect(diagnostics(create.text).match(/Run this update without PULUMI_SKIP_CHECKPOINTS/g)).toHaveLength(1);
  }
  expect(mutating(await requestLines(emulator))).toEqual([]);
  expect(await monitorIds(t)).toEqual({});

  // Following the advice: the same up without it.
  setEnv(t, "PULUMI_SKIP_CHECKPOINTS", undefined);
  await t.stack.up();
  const ids = await monitorIds(t);

  // With it again: an edit (a PATCH the next run would send again) goes through.
  setEnv(t, "PULUMI_SKIP_CHECKPOINTS", "1");
  await t.stack.setConfig("settings:interval", { value: "300" });
  await clearRequests(emulator);
  const edit = await t.stack.up();
  expect(edit.summary.resourceChanges).toMatchObject({ update: 2 });
  expect(mutating(await requestLines(emulator)).sort()).toEqual([`PATCH /v1/monitors/${ids.api}`, `PATCH /v1/monitors/${ids.db}`].sort());
  expect(await inService(ids.api)).toMatchObject({ intervalId: 300 });
  // A refresh reads back (nothing it writes could be lost but the state it rewrites): nothing drifted.
  await t.stack.refresh();
  expect((await t.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 3 });

  // A replacement (the alerts changed) would create a monitor: refused at preview, nothing sent.
  await t.stack.setConfig("settings:alerts", { value: "false" });
  await clearRequests(emulator);
  const replace = await fails((onOutput) => t.stack.preview({ onOutput }));
  expect(replace.text).toContain('monitor "api": replacing it (its alerts changed) is refused while PULUMI_SKIP_CHECKPOINTS is set');
  expect(mutating(await requestLines(emulator))).toEqual([]);
  expect(await monitorIds(t)).toEqual(ids);

  // Destroy sends DELETEs, which a later run would prove gone: allowed.
  const destroy = await t.stack.destroy();
  expect(destroy.summary.result).toBe("succeeded");
  expect(await inService(ids.api)).toBeUndefined();
  expect(await inService(ids.db)).toBeUndefined();
});

test("refused past uptime:rateLimitWaitSeconds: the message says to raise it; raised, the same up goes through", async () => {
  const t = await settingsStack("throttled", { "uptime:rateLimitWaitSeconds": { value: "2" } });
  await t.stack.up();
  await t.stack.setConfig("settings:interval", { value: "90" });
  // Each of the two PATCHes refused about three times (a second apart) in the first run, once more in the second.
  await adminCall(emulator, "PUT", "/faults", { rules: [{ method: "PATCH", rate429: 1, retryAfter: "1", times: 8 }] });
  try {
    const up = await fails((onOutput) => t.stack.up({ onOutput }));
    expect(up.text).toContain("failed with 429 Too Many Requests");
    expect(up.text).toMatch(
      /the service kept refusing it for \d s, and uptime:rateLimitWaitSeconds \(2\) allows no more; .*raise uptime:rateLimitWaitSeconds to wait longer/,
    );
    await t.stack.setConfig("uptime:rateLimitWaitSeconds", { value: "60" });
    const again = await t.stack.up();
    expect(again.summary.resourceChanges).toMatchObject({ update: 2 });
  } finally {
    await adminCall(emulator, "DELETE", "/faults");
  }
  const ids = await monitorIds(t);
  expect([(await inService(ids.api)).intervalId, (await inService(ids.db)).intervalId]).toEqual([90, 90]);
});

test("a Retry-After longer than uptime:rateLimitWaitSeconds fails at once; run again after the wait, or with the setting raised above it, it goes through", async () => {
  const t = await settingsStack("quota", { "uptime:rateLimitWaitSeconds": { value: "3" } });
  await t.stack.up();
  await t.stack.setConfig("settings:interval", { value: "120" });
  await adminCall(emulator, "PUT", "/faults", { rules: [{ method: "PATCH", rate429: 1, retryAfter: "3600", times: 1 }] });
  try {
    const up = await fails((onOutput) => t.stack.up({ onOutput }));
    expect(up.text).toContain(
      "the service asks to wait 3600 s (Retry-After) before it takes more requests, longer than uptime:rateLimitWaitSeconds (3) lets a run wait: " +
        "run the command again after that wait, or raise uptime:rateLimitWaitSeconds above it",
    );
    // Refused at once, not after an hour (nor after the 60 s a pause is capped at).
    expect(up.seconds).toBeLessThan(45);
    // The service's wait is over (the fault was one answer): the same command goes through.
    const again = await t.stack.up();
    expect(again.summary.result).toBe("succeeded");
  } finally {
    await adminCall(emulator, "DELETE", "/faults");
  }
  const ids = await monitorIds(t);
  expect([(await inService(ids.api)).intervalId, (await inService(ids.db)).intervalId]).toEqual([120, 120]);

  // The message's other way out: a budget raised above the wait the service asks for waits it out.
  await t.stack.setConfig("settings:interval", { value: "180" });
  const quota = { rules: [{ method: "PATCH", rate429: 1, retryAfter: "5", times: 1 }] };
  await adminCall(emulator, "PUT", "/faults", quota);
  try {
    const up = await fails((onOutput) => t.stack.up({ onOutput }));
    expect(up.text).toContain("the service asks to wait 5 s (Retry-After)");
    expect(up.text).toContain("raise uptime:rateLimitWaitSeconds above it");
    // The refused run stopped the PATCH that met the 429; the other may have gone through before it.
    const edited = [(await inService(ids.api)).intervalId, (await inService(ids.db)).intervalId].filter((i) => i === 180).length;
    await t.stack.setConfig("uptime:rateLimitWaitSeconds", { value: "8" });
    await adminCall(emulator, "PUT", "/faults", quota);
    const raised = await t.stack.up();
    expect(raised.summary.resourceChanges).toMatchObject({ update: 2 - edited });
    // The service did ask for the wait this time too, and the run waited it out rather than failing.
    expect((await adminGet(emulator, "/faults")).firedCounts).toEqual([1]);
  } finally {
    await adminCall(emulator, "DELETE", "/faults");
  }
  expect([(await inService(ids.api)).intervalId, (await inService(ids.db)).intervalId]).toEqual([180, 180]);
});

describe("failures read as a user reads them", () => {
  test("a refused key: one line per resource in the diagnostics, no repeated message, no stack frames", async () => {
    const t = await settingsStack("noise");
    await t.stack.up();
    // The service stops accepting the key the stack holds (as after a rotation in the dashboard).
    await adminCall(emulator, "PUT", "/api-key", { apiKey: "e2e-another-key-5d1c" });
    let refresh: { text: string; seconds: number };
    try {
      refresh = await fails((onOutput) => t.stack.refresh({ onOutput }));
    } finally {
      await adminCall(emulator, "PUT", "/api-key", { apiKey: E2E_API_KEY });
    }
    const text = diagnostics(refresh.text);
    const errors = text.split("\n").filter((l) => /error: /.test(l));
    for (const name of ["api", "db"]) {
      expect(text.split(`uptime:Monitor (${name}):`)).toHaveLength(2);
    }
    expect(errors.filter((l) => l.includes("401 Unauthorized"))).toHaveLength(2);
    expect(refresh.text).not.toMatch(/Error: .*: (Api)?Error: /);
    expect(refresh.text).not.toMatch(/\.ts:\d+:\d+/);
    expect(refresh.text).not.toMatch(/^\s+at /m);
  });

  test("a 100,000-character value: the preview names the field and never echoes the value", async () => {
    const t = await settingsStack("long-value", { "settings:longName": { value: "true" } });
    const preview = await fails((onOutput) => t.stack.preview({ onOutput }));
    expect(preview.text).toContain("name: longer than 255 characters; shorten it");
    expect(preview.text).not.toContain("x".repeat(200));
    expect(preview.text.length).toBeLessThan(10_000);
  });
});
