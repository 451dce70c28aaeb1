// examples/python over the generated SDK, copied outside the repository with the virtualenv its Pulumi.yaml
// names, run by the CLI and the Python language host, the plugin on PATH (the venv: python3 >= 3.10 and PyPI).
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { REPO, TestStack, rawCheckpoint } from "../helpers/pulumi";
import { SEEDED_PAGE, CliRun, Json, asUser, e2eFile, exec, madeOutside, monitorNamed, monitorNames, pluginOnPath } from "../helpers/e2e";
import { cachedVenv, pulumiCli, seededPage, sending, sendingTo, serviceState } from "../helpers/e2e";
import { E2E_API_KEY, startE2eEmulator } from "../helpers/servers";

jest.setTimeout(300_000);

const PROBE_TOKEN = "Bearer py-probe-93e1";
const STAGING_KEY = "staging-py-key-9a1f";
const EXAMPLE = path.join(REPO, "examples/python");
const SDK = path.join(REPO, "sdks/python");

const { emulator, stack, track, tempDir } = e2eFile();
/** The second account, of the explicit uptime.Provider. */
let staging: RunningEmulator;
const work = tempDir("uptime-python-");
const dir = path.join(work, "example");
let t: TestStack;
/** Everything the CLI printed in this file's runs. */
const printed: string[] = [];

/** The example's requirements.txt as its comment says to use it in a copy: the SDK by absolute path. */
function requirements(sdk: string): string {
  const text = fs.readFileSync(path.join(EXAMPLE, "requirements.txt"), "utf8");
  if (!/^\.\.\/\.\.\/sdks\/python$/m.test(text)) throw new Error("examples/python/requirements.txt names no ../../sdks/python line");
  return text.replace(/^\.\.\/\.\.\/sdks\/python$/m, sdk);
}

/**
 * A virtualenv made as the example's header says, cached under a key of the Python version, the requirements
 * and the SDK's files; the SDK installed from a copy (pip builds in the source tree, which must stay as generated).
 */
async function venvTemplate(): Promise<string> {
  const { stdout: python } = await exec("python3", ["-c", "import sys; print(sys.version)"]);
  const key = createHash("sha256").update(python).update(requirements("SDK"));
  const files = fs
    .readdirSync(SDK, { recursive: true, encoding: "utf8" })
    .filter((f) => !/(^|\/)(build|__pycache__|[^/]*\.egg-info)(\/|$)/.test(f));
  for (const f of files.sort()) {
    const file = path.join(SDK, f);
    if (fs.statSync(file).isFile()) key.update(f).update(fs.readFileSync(file));
  }
  return cachedVenv("python-venv", key.digest("hex").slice(0, 16), async (venvPython, scratch) => {
    fs.cpSync(SDK, path.join(scratch, "sdk"), { recursive: true });
    fs.writeFileSync(path.join(scratch, "requirements.txt"), requirements(path.join(scratch, "sdk")));
    const pip = ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", path.join(scratch, "requirements.txt")];
    await exec(venvPython, pip);
  });
}

beforeAll(async () => {
  const template = venvTemplate();
  staging = track(await startE2eEmulator({ apiKey: STAGING_KEY, seed: {} }));
  fs.mkdirSync(dir);
  for (const f of ["Pulumi.yaml", "__main__.py"]) fs.copyFileSync(path.join(EXAMPLE, f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, "requirements.txt"), requirements(SDK));
  // A `python3` and `python` first on PATH that refuse to run: only the Pulumi.yaml's `virtualenv` names the right one.
  fs.mkdirSync(path.join(work, "not-this-python"));
  for (const name of ["python3", "python"]) {
    fs.writeFileSync(path.join(work, "not-this-python", name), "#!/bin/sh\necho 'not the virtualenv python' >&2\nexit 3\n", {
      mode: 0o755,
    });
  }
  const made = stack(dir, {
    stackName: "py",
    config: {
      "uptime-python:probeToken": { value: PROBE_TOKEN, secret: true },
      "uptime-python:pageUuid": SEEDED_PAGE,
      "uptime-python:stagingUrl": staging.url,
      "uptime-python:stagingKey": { value: STAGING_KEY, secret: true },
    },
  });
  await fs.promises.cp(await template, path.join(dir, "venv"), { recursive: true, verbatimSymlinks: true });
  t = await made;
});

/** The pulumi CLI in the example's directory, as its user runs it (the plugin on PATH). */
async function pulumi(...args: string[]): Promise<CliRun> {
  const PATH = [path.join(work, "not-this-python"), pluginOnPath().PATH].join(path.delimiter);
  const run = await pulumiCli(t, args, { cwd: dir, env: { PATH } });
  printed.push(run.out);
  return run;
}

/** A run that must succeed: its output, or a failure that shows it. */
async function ok(...args: string[]): Promise<string> {
  const { code, out } = await pulumi(...args);
  if (code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${code}:\n${out}`);
  return out;
}

const state = () => serviceState(emulator);
const pyMonitor = () => monitorNamed(emulator, "py-api");
const outputs = async (): Promise<Json> => JSON.parse(await ok("stack", "output", "--json"));
/** `pulumi stack export` as its user runs it (secrets encrypted): the resources. */
const exported = async (): Promise<Json[]> => JSON.parse(await ok("stack", "export")).deployment.resources ?? [];

test("up creates the monitor with its secret header, takes the page over, and exports the webhook count", async () => {
  expect(fs.existsSync(path.join(dir, "venv", "bin", "python"))).toBe(true);
  const [up, sent] = await sending(emulator, () => ok("up", "--yes", "--skip-preview"));
  const created = await pyMonitor();
  expect(created).toMatchObject({ type: "https", urn: "https://py.example.com/health", regions: [1, 2], intervalId: 60 });
  expect(created.httpRequest.headers).toEqual([{ name: "Authorization", value: PROBE_TOKEN }]);
  expect(sent).toEqual(["POST /v1/monitors", `PATCH /v1/pages/${SEEDED_PAGE}`]);
  expect(await seededPage(emulator)).toMatchObject({ title: "Python status", items: [created.uuid] });
  const hooks = (await state()).webhooks.filter((w: Json) => w.topic === "monitors/status_change").length;
  expect(hooks).toBeGreaterThan(0);
  expect(await outputs()).toEqual({ uuid: created.uuid, interval: 60, statusHooks: hooks });
  expect(up).toContain(created.uuid);
});

// (A failed invoke prints a Python traceback, as docs/troubleshooting.md says.) The words of each refusal are the
// plugin's: tests/integration/provider/plugin-server.test.ts.
test("an address without its /v1, a refused key, a missing key: `pulumi preview` fails naming the setting, the program cancelled quietly, nothing changed", async () => {
  const origin = new URL(emulator.url).origin;
  const cases: [string, string[], string][] = [
    [
      "an address without its /v1",
      ["config", "set", "uptime:baseUrl", origin],
      `uptime:baseUrl (${origin}) does not answer as the service's API`,
    ],
    ["a refused key", ["config", "set", "--secret", "uptime:apiKey", "a-mistyped-key-2222"], "failed with 401 Unauthorized"],
    [
      "a missing key",
      ["config", "rm", "uptime:apiKey"],
      "no API key: run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY",
    ],
  ];
  for (const [what, change, message] of cases) {
    await ok(...change);
    const [preview, sent] = await sending(emulator, () => pulumi("preview"));
    expect([what, preview.code === 0]).toEqual([what, false]);
    expect([what, preview.out]).toEqual([what, expect.stringContaining(message)]);
    // A missing key stops the run at the provider's CheckConfig: said in its body and its diagnostics, never per resource.
    if (what === "a missing key") expect(preview.out.split(message)).toHaveLength(3);
    // Said on the resource's own line, as the CLI prints a provider's refusal.
    expect([what, preview.out]).toEqual([what, expect.stringMatching(/error: .*(uptime:index:Monitor|uptime:apiKey|Provider).*/)]);
    expect(preview.out).not.toContain("a-mistyped-key-2222");
    // The engine cancels the program, and its host interrupts it: the SDK (_quiet_cancel.py) ends it quietly.
    expect([what, preview.out]).toEqual([what, expect.not.stringContaining("KeyboardInterrupt")]);
    expect(sent).toEqual([]);
    await ok("config", "set", "uptime:baseUrl", emulator.url);
    await ok("config", "set", "--secret", "uptime:apiKey", E2E_API_KEY);
  }
});

test("pulumi import of a monitor made outside Pulumi writes Python that, added to the program, changes nothing; beside it, an explicit uptime.Provider puts a monitor in a second account", async () => {
  const legacy = await madeOutside(emulator, "py-legacy");
  const before = await state();
  const out = path.join(work, "generated.py");
  const [imported, sent] = await sending(emulator, () =>
    ok("import", "uptime:index:Monitor", "legacy", legacy.uuid, "--yes", "--skip-preview", "--out", out),
  );
  expect(imported).toContain("1 imported");
  // Importing reads: nothing in the service changed.
  expect(sent).toEqual([]);
  expect(await state()).toEqual(before);
  expect((await exported()).find((r: Json) => r.urn.endsWith("uptime:index:Monitor::legacy"))).toMatchObject({
    id: legacy.uuid,
    protect: true,
  });

  // The code the CLI printed (the language host's GenerateProgram): what the service holds, protected.
  const generated = fs.readFileSync(out, "utf8");
  expect(generated).toContain('legacy = uptime.Monitor("legacy",');
  expect(generated).toMatch(/"method": "HEAD"/);
  expect(generated).toContain("interval=120,");
  expect(generated).toMatch(/opts\s*=\s*pulumi\.ResourceOptions\(protect=True\)/);
  // Added to the program, with a second account: an explicit provider and a monitor in each account.
  fs.appendFileSync(
    path.join(dir, "__main__.py"),
    [
      "",
      generated,
      'staging = uptime.Provider("staging", base_url=config.require("stagingUrl"), api_key=config.require_secret("stagingKey"))',
      'uptime.Monitor("prod", name="prod-py", type="https", target="https://prod.example.com", regions=[1], interval=60)',
      'uptime.Monitor("staging", name="staging-py", type="https", target="https://staging.example.com", regions=[1], interval=60,',
      "               opts=pulumi.ResourceOptions(provider=staging))",
      "",
    ].join("\n"),
  );
  const [up, upSent] = await sending(emulator, () => ok("up", "--yes", "--skip-preview"));
  // The stack, py-api, the page and the imported monitor unchanged and sent nothing; the provider and its two monitors made.
  expect(up).toMatch(/4 unchanged/);
  expect(up).toMatch(/3 created/);
  expect(upSent).toEqual(["POST /v1/monitors"]);
  expect(await monitorNames(emulator)).toContain("prod-py");
  expect(await monitorNames(emulator)).not.toContain("staging-py");
  expect(await monitorNames(staging)).toEqual(["staging-py"]);
});

test("an edit (the interval, a config change) is one PATCH of the monitor; nothing else in either account changes", async () => {
  const { uuid } = await pyMonitor();
  await ok("config", "set", "interval", "300");
  const [up, sent] = await sendingTo([emulator, staging], () => ok("up", "--yes", "--skip-preview"));
  expect(up).toMatch(/1 updated/);
  expect(up).toMatch(/6 unchanged/);
  expect(sent).toEqual([[`PATCH /v1/monitors/${uuid}`], []]);
  expect((await pyMonitor()).intervalId).toBe(300);
  expect((await outputs()).interval).toBe(300);
});

test("drift made outside Pulumi: `up --refresh` reads it and puts the declared value back with one PATCH", async () => {
  const { uuid } = await pyMonitor();
  const drift = await asUser(emulator, "PATCH", `/monitors/${uuid}`, { interval: 900 });
  expect(drift.status).toBe(200);
  // The state says 300, as declared: only the refresh's read of 900 makes the up send anything.
  expect((await sending(emulator, () => ok("up", "--refresh", "--yes", "--skip-preview")))[1]).toEqual([`PATCH /v1/monitors/${uuid}`]);
  expect((await pyMonitor()).intervalId).toBe(300);
});

test("the keys and the header value: encrypted in the state, never printed by the CLI", async () => {
  const checkpoint = rawCheckpoint(t);
  const { uuid } = await pyMonitor();
  expect(checkpoint).toContain(uuid);
  expect(checkpoint).toContain('"ciphertext"');
  expect(checkpoint).not.toContain(PROBE_TOKEN);
  expect(checkpoint).not.toContain(E2E_API_KEY);
  expect(checkpoint).not.toContain(STAGING_KEY);
  const all = printed.join("\n");
  expect(all).toContain(uuid);
  expect(all).not.toContain(PROBE_TOKEN);
  expect(all).not.toContain(E2E_API_KEY);
  expect(all).not.toContain(STAGING_KEY);
});

test("destroy deletes the program's monitors in each account and releases the page without a request", async () => {
  const names = ["py-api", "py-legacy", "prod-py"];
  const uuids = (await state()).monitors.filter((m: Json) => names.includes(m.name)).map((m: Json) => m.uuid);
  expect(uuids).toHaveLength(3);
  // The imported monitor is protected, as the generated code says: unprotected first, as its user would.
  await ok("state", "unprotect", `urn:pulumi:${t.stack.name}::uptime-python::uptime:index:Monitor::legacy`, "--yes");
  const [, sent] = await sending(emulator, () => ok("destroy", "--yes", "--skip-preview"));
  expect(sent.sort()).toEqual(uuids.map((u: string) => `DELETE /v1/monitors/${u}`).sort());
  expect(await monitorNames(staging)).toEqual([]);
  const s = await state();
  expect(s.monitors.filter((m: Json) => names.includes(m.name) || uuids.includes(m.uuid))).toEqual([]);
  expect(await seededPage(emulator)).toMatchObject({ title: "Python status" });
  expect(await exported()).toEqual([]);
});
