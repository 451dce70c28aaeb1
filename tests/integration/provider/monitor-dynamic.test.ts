// The Monitor's dynamic-provider object (what the shim calls in the provider process) against the
// emulator, configured the way the engine configures it: the stack config handed to configure().
import { createServer } from "node:http";
import { providers } from "../../../provider/providers";
import type { MonitorOutputs } from "../../../provider/monitor";
import { checkedMonitor } from "../../helpers/checked";
import { getJournal, resetSession } from "../../../provider/session";
import type { RunningEmulator } from "../../../emulator/types";
import { useEmulator } from "../../helpers/emulator";
import { tempDir } from "../../helpers/images";
import { isolatedEnv, withEnv } from "../../helpers/env";
import { configureProvider } from "../../helpers/harness";
import { rejection } from "../../helpers/rejection";
import { API_KEY, closedPort, listenOnLoopback } from "../../helpers/servers";

const provider = providers.monitor;

/** The inputs of a check() answer, there whenever it found no failure. */
function inputsOf<I>(result: { inputs?: I }): I {
  if (result.inputs === undefined) throw new Error("check() answered without inputs");
  return result.inputs;
}
const PROVIDER_TEXT = "exports.handler = __f0; /* as stored by the engine */";
type Args = Record<string, unknown>;

const { emulator, admin } = useEmulator();
const { emulator: documented, admin: documentedAdmin } = useEmulator({ documentedOnly: true });
isolatedEnv("UPTIME_API_KEY", "UPTIME_BASE_URL");
afterAll(resetSession);
afterEach(() => jest.restoreAllMocks());

/** The message a call fails with (the test fails if it succeeds). */
const failure = async (call: () => Promise<unknown>) => (await rejection(call())).message;

/** Refresh and destroy of a monitor, the delete also as the plugin hands it (the stored outputs without declaredFields). */
const refreshAndDestroy = (id: string, state: MonitorOutputs) => [
  () => provider.read(id, state),
  () => provider.delete(id, state),
  () => provider.delete(id, { ...state, declaredFields: undefined }),
];

const configureFor = (target: RunningEmulator) =>
  configureProvider({ "uptime:apiKey": API_KEY, "uptime:baseUrl": target.url, "uptime:maxRetries": "1" });
/** A new provider process against the emulator, and the monitor it made of programInputs. */
async function madeAfresh() {
  await configureFor(emulator);
  const made = await provider.create(checkedMonitor(programInputs));
  return { made, state: made.outs as MonitorOutputs };
}

/** What the SDK's Monitor sends: the program's spellings, urn handed over as target, plus __provider. */
const programInputs: Args = {
  __provider: PROVIDER_TEXT,
  name: "api",
  type: "https",
  target: "https://api.example.com/health",
  httpFollowRedirects: true,
  intervalId: "60",
  regions: [2, 1],
  httpRequest: { method: "get", headers: [{ name: "X-Probe", value: "1" }] },
  title: null,
};

test("check, create, diff, read, update, delete: the whole lifecycle through the provider object", async () => {
  await configureFor(emulator);
  await admin.reset();

  const checked = await provider.check({}, programInputs);
  expect(checked.failures).toEqual([]);
  expect(checked.inputs).toEqual({
    name: "api",
    type: "https",
    target: "https://api.example.com/health",
    followRedirects: true,
    interval: 60,
    regions: [1, 2],
    httpRequest: { method: "GET", headers: [{ name: "X-Probe", value: "1" }] },
  });
  const inputs = inputsOf(checked);

  const created = await provider.create(inputs);
  expect(created.id).toEqual(expect.any(String));
  const outs = created.outs as MonitorOutputs;
  expect(JSON.parse(JSON.stringify(outs))).toEqual(outs);

  // The engine hands diff the stored outputs and the checked inputs, both with __provider.
  expect(await provider.diff(created.id, { ...outs, __provider: PROVIDER_TEXT }, { ...inputs, __provider: "newer text" })).toEqual({
    changes: false,
    replaces: [],
    deleteBeforeReplace: false,
    changed: [],
  });

  const read = await provider.read(created.id, { ...outs, __provider: PROVIDER_TEXT });
  expect(read.id).toBe(created.id);
  expect(read.props).toMatchObject({ uuid: created.id, target: inputs.target, intervalId: 60 });

  const next = inputsOf(await provider.check(inputs, { ...programInputs, title: "API", httpRequest: null }));
  const diff = await provider.diff(created.id, outs, next);
  expect(diff).toMatchObject({ changes: true, replaces: [] });
  const updated = await provider.update(created.id, outs, next);
  expect(updated.outs).toMatchObject({ title: "API" });
  expect(updated.outs).not.toHaveProperty("httpRequest");
  expect((await admin.monitor(created.id)).httpRequest).toBeNull();

  await provider.delete(created.id, updated.outs as MonitorOutputs);
  expect(await admin.monitors()).toEqual([]);
  expect(await provider.read(created.id, updated.outs as MonitorOutputs)).toEqual({ id: "" });
});

test("delete forgets the create journal's entry by the key the outputs keep, reading no other entry", async () => {
  const dir = tempDir("uptime-journal-");
  await withEnv({ UPTIME_JOURNAL_DIR: dir.dir }, async () => {
    await configureFor(emulator);
    const inputs = inputsOf(await provider.check({}, { ...programInputs, journalKey: "proj/dev/api" }));
    const created = await provider.create(inputs);
    const journal = getJournal();
    expect(journal.get("proj/dev/api")).toMatchObject({ uuid: created.id });
    // Never so in practice: an entry elsewhere naming the same uuid shows whether delete read other entries.
    journal.put({ key: "proj/dev/elsewhere", state: "created", uuid: created.id });
    await provider.delete(created.id, { ...(created.outs as MonitorOutputs), __provider: PROVIDER_TEXT });
    expect(journal.get("proj/dev/api")).toBeUndefined();
    expect(journal.get("proj/dev/elsewhere")).toMatchObject({ uuid: created.id });
  }).finally(dir.remove);
});

test("a placeholder leaves the stack with no request only when its replacement is in the stack or the user names it", async () => {
  await configureFor(emulator);
  await admin.reset();
  const urn = (name: string) => `urn:pulumi:dev::proj::pulumi-nodejs:dynamic/uptime:Monitor::${name}`;
  const placeholder = (name: string) => ({
    unconfirmed: true as const,
    name,
    declaredFields: [],
    journalKey: urn(name),
    __provider: PROVIDER_TEXT,
  });
  const inputs = inputsOf(await provider.check({}, { ...programInputs, journalKey: urn("made") }));
  const made = await provider.create(inputs);
  await admin.clearRequests();

  // Nothing in this run shows what it is: refused, naming the way out with this placeholder's id.
  await expect(provider.delete("unconfirmed-1", placeholder("replaced"))).rejects.toThrow(
    "run the same command again with UPTIME_DROP_UNCONFIRMED=unconfirmed-1 in the environment",
  );
  // A refresh diffs what it reads without the program's check: a confirmed monitor under an undeclared URN proves nothing.
  const madeOuts = { ...(made.outs as MonitorOutputs), __provider: PROVIDER_TEXT };
  await provider.diff(made.id, madeOuts, { ...inputs, journalKey: urn("replaced") });
  await expect(provider.delete("unconfirmed-1", placeholder("replaced"))).rejects.toThrow("UPTIME_DROP_UNCONFIRMED=unconfirmed-1");
  // The program declares that URN (check), a confirmed monitor is diffed under it: its replacement left the placeholder.
  const declared = inputsOf(await provider.check({}, { ...programInputs, journalKey: urn("replaced") }));
  await provider.diff(made.id, madeOuts, declared);
  await provider.delete("unconfirmed-1", placeholder("replaced"));
  // Taken over (adoptUuid) under deleteBeforeReplace: the diff says so, and the deletion, which comes first, drops it.
  const adopting = inputsOf(
    await provider.check(placeholder("adopted"), { ...programInputs, journalKey: urn("adopted"), adoptUuid: made.id }),
  );
  expect((await provider.diff("unconfirmed-4", placeholder("adopted"), adopting)).replaces).toEqual(["adoptUuid"]);
  await provider.delete("unconfirmed-4", placeholder("adopted"));
  // Another URN is still refused, until the user names its id (and only its id).
  await expect(provider.delete("unconfirmed-2", placeholder("other"))).rejects.toThrow("UPTIME_DROP_UNCONFIRMED=unconfirmed-2");
  await withEnv({ UPTIME_DROP_UNCONFIRMED: "unconfirmed-9, unconfirmed-2" }, async () => {
    await provider.delete("unconfirmed-2", placeholder("other"));
    await expect(provider.delete("unconfirmed-3", placeholder("third"))).rejects.toThrow("UPTIME_DROP_UNCONFIRMED=unconfirmed-3");
  });
  expect(await admin.requests()).toEqual([]);
  expect((await admin.monitors()).map((m) => m.uuid)).toEqual([made.id]);
  await admin.reset();
});

test.each([
  [
    "when the key is not configured, naming both ways to set it",
    () => ({}),
    "no API key: run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY",
  ],
  [
    "naming the setting a wrong setting is, not the key: uptime:journalDir given as a relative path",
    () => ({ "uptime:apiKey": API_KEY, "uptime:baseUrl": emulator.url, "uptime:journalDir": "journal" }),
    'uptime:journalDir (or UPTIME_JOURNAL_DIR) must be an absolute path, got "journal"',
  ],
])("check fails before any request %s", async (_what, config: () => Record<string, string>, reason) => {
  await configureProvider(config());
  await admin.clearRequests();
  expect((await provider.check({}, programInputs)).failures).toEqual([{ property: "", reason }]);
  expect(await admin.requests()).toEqual([]);
});

test("documented routes only: refresh keeps the state and warns once; delete names UPTIME_DELETE_UNSUPPORTED=leave, which then leaves it with a warning", async () => {
  await configureFor(documented);
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  const warned = (text: string) => warn.mock.calls.filter(([message]) => String(message).includes(text));
  const inputs = checkedMonitor(programInputs);
  const a = await provider.create(inputs);
  const b = await provider.create({ ...inputs, name: "second" });
  const props = { ...(a.outs as MonitorOutputs), __provider: PROVIDER_TEXT };
  expect(await provider.read(a.id, props)).toEqual({ id: a.id, props, unreadable: 405 });
  await provider.read(b.id, b.outs as MonitorOutputs);
  expect(warned("answered 405 to reading a monitor")).toHaveLength(1);
  await expect(provider.delete(a.id, a.outs as MonitorOutputs)).rejects.toThrow(
    /run the same command again with UPTIME_DELETE_UNSUPPORTED=leave/,
  );
  await withEnv({ UPTIME_DELETE_UNSUPPORTED: "leave" }, async () => {
    await configureFor(documented);
    await provider.delete(a.id, a.outs as MonitorOutputs);
  });
  expect(warned(`monitor "api" (${a.id}) is left in the service, still checking and alerting`)).toHaveLength(1);
  expect((await documentedAdmin.monitors()).map((m) => m.uuid)).toContain(a.id);
});

test("a read or delete failing at the address, the program not run, says refresh and destroy use the stored address; nothing else does", async () => {
  const { made, state } = await madeAfresh();
  const advice =
    "If uptime:baseUrl changed since the last `pulumi up`, `pulumi refresh` and `pulumi destroy` still use the address stored then: run them with --run-program.";
  // Refused connections, and a server whose every answer is a JSON 404 (the failed address check is kept and thrown again).
  const refused = `http://127.0.0.1:${await closedPort()}/v1`;
  const notTheApi = await listenOnLoopback(
    createServer((_req, res) => res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}')),
  );
  try {
    for (const dead of [refused, `http://${notTheApi.host}/v1`]) {
      await configureProvider({ "uptime:apiKey": API_KEY, "uptime:baseUrl": dead, "uptime:maxRetries": "0" });
      for (const call of refreshAndDestroy(made.id, state)) {
        const message = await failure(call);
        expect(message).toContain(`uptime:baseUrl (${dead})`);
        expect(message).toContain(advice);
      }
      // Not to a create, nor to a read of no state (a `get`), in the same process.
      const created = await failure(() => provider.create(checkedMonitor({ ...programInputs, name: "other" })));
      expect(created).toContain(`uptime:baseUrl (${dead})`);
      expect(created).not.toContain("--run-program");
      expect(await failure(() => provider.read(made.id, { __provider: PROVIDER_TEXT } as never))).not.toContain("--run-program");
      // Once the program has run (check), the settings are the configuration's own: no advice either.
      await provider.check(undefined, { ...programInputs, name: "checked" });
      expect(await failure(() => provider.read(made.id, state))).not.toContain("--run-program");
    }
    // An address from UPTIME_BASE_URL is read by every run, and a malformed address is not an address that answered.
    process.env.UPTIME_BASE_URL = refused;
    await configureProvider({ "uptime:apiKey": API_KEY, "uptime:maxRetries": "0" });
    expect(await failure(() => provider.read(made.id, state))).not.toContain("--run-program");
    delete process.env.UPTIME_BASE_URL;
    await configureProvider({ "uptime:apiKey": API_KEY, "uptime:baseUrl": "api.example.com/v1" });
    expect(await failure(() => provider.delete(made.id, state))).not.toContain("--run-program");
  } finally {
    await notTheApi.close();
  }
  await configureFor(emulator);
  await provider.delete(made.id, state);
});

test("wrong settings as preview, refresh and destroy meet them: each names the setting and its fix, nothing is changed; the fix then works", async () => {
  const { made, state } = await madeAfresh();
  const unchanged = async () => {
    // No request that changes anything was taken (the update below is refused, 401).
    expect((await admin.requests()).filter((r) => r.method !== "GET" && r.status < 400)).toEqual([]);
    expect(await admin.monitor(made.id)).toMatchObject({ updatedAt: null, intervalId: 60 });
  };
  const origin = new URL(emulator.url).origin;
  const proxy = await listenOnLoopback(
    createServer((_req, res) =>
      res
        .writeHead(404, { "content-type": "text/html" })
        .end("<!DOCTYPE html><html><head><title>404 Not Found</title></head><body>nginx</body></html>"),
    ),
  );
  try {
    // An address without its version segment, or with another one: check (preview), read (refresh) and delete (destroy) refused.
    for (const wrong of [origin, `${origin}/v2`]) {
      await configureProvider({ "uptime:apiKey": API_KEY, "uptime:baseUrl": wrong });
      await admin.clearRequests();
      for (const call of refreshAndDestroy(made.id, state)) {
        const message = await failure(call);
        expect(message).toContain(`uptime:baseUrl (${wrong}) does not answer as the service's API: GET `);
        expect(message).toContain(
          "Check the address: it is the API's base, ending in its version segment, e.g. https://<host>/v1. Nothing was changed.",
        );
      }
      const checked = await provider.check({}, programInputs);
      expect(checked.failures).toEqual([
        { property: "", reason: expect.stringContaining(`uptime:baseUrl (${wrong}) does not answer as the service's API`) },
      ]);
      // The checks went to the wrong address: the service saw nothing of them.
      expect(await admin.requests()).toEqual([]);
      await unchanged();
    }
    // A proxy's HTML 404 page is no answer about the monitor: nothing taken as gone.
    const html = `http://${proxy.host}/v1`;
    await configureProvider({ "uptime:apiKey": API_KEY, "uptime:baseUrl": html });
    const message = await failure(() => provider.read(made.id, state));
    expect(message).toContain(
      'answered 404 with an HTML page "404 Not Found", which is not the service\'s answer about an object; nothing is taken as gone.',
    );
    expect(message).toContain(`Check uptime:baseUrl (${html})`);

    // A refused key at preview: check's one request, naming the setting, never the key.
    await configureProvider({ "uptime:apiKey": "a-mistyped-key-0000", "uptime:baseUrl": emulator.url });
    await admin.clearRequests();
    const refused = await provider.check({}, programInputs);
    expect(refused.failures).toHaveLength(1);
    expect(refused.failures?.[0].reason).toContain("failed with 401 Unauthorized");
    expect(refused.failures?.[0].reason).toContain("check uptime:apiKey (or UPTIME_API_KEY)");
    expect(refused.failures?.[0].reason).not.toContain("a-mistyped-key-0000");
    expect((await admin.requests()).map((r) => `${r.method} ${String(r.path).replace(/\?.*$/, "")}`)).toEqual(["GET /v1/webhooks"]);

    // uptime:offlinePreview: the same key, and an edit's check and diff send nothing at all; the update then meets the refusal.
    await configureProvider({ "uptime:apiKey": "a-mistyped-key-0000", "uptime:baseUrl": emulator.url, "uptime:offlinePreview": "true" });
    await admin.clearRequests();
    const edit = await provider.check(checkedMonitor(programInputs), { ...programInputs, intervalId: "120" });
    expect(edit.failures).toEqual([]);
    expect(await provider.diff(made.id, state, inputsOf(edit))).toMatchObject({ changes: true, replaces: [] });
    expect(await admin.requests()).toEqual([]);
    expect(await failure(() => provider.update(made.id, state, inputsOf(edit)))).toContain("failed with 401 Unauthorized");
    await unchanged();

    // The fix each message names: the API's base address, the right key. The monitor is read as it is.
    await configureFor(emulator);
    expect(await provider.read(made.id, state)).toMatchObject({ id: made.id, props: { intervalId: 60 } });
  } finally {
    await proxy.close();
  }
  await provider.delete(made.id, state);
});

test("under PULUMI_SKIP_CHECKPOINTS, check refuses a new monitor (a fleet's new members, each named) and diff a replacement, and create one the preview did not see (`up --replace`), sending nothing; an edit, a read and a delete go through", async () => {
  const { made, state } = await madeAfresh();
  const fleet = providers.fleet;
  const member = (name: string) => ({ name, type: "https", target: `https://${name}.example.com`, interval: 60, regions: [1] });
  const refused = (name: string) => new RegExp(`monitor "${name}": creating it is refused while PULUMI_SKIP_CHECKPOINTS is set`);
  await admin.clearRequests();
  await withEnv({ PULUMI_SKIP_CHECKPOINTS: "true" }, async () => {
    expect((await provider.check({}, programInputs)).failures).toEqual([
      { property: "", reason: expect.stringMatching(/^monitor "api": creating it is refused while PULUMI_SKIP_CHECKPOINTS is set/) },
    ]);
    await expect(provider.create(checkedMonitor({ ...programInputs, name: "other" }))).rejects.toThrow(refused("other"));
    const result = await fleet.check({ monitors: { old: member("old") } }, { monitors: { old: member("old"), fresh: member("fresh") } });
    // One failure, naming the member in its reason (the engine is not handed the whole `monitors` value to print).
    expect(result.failures).toHaveLength(1);
    expect(result.failures?.[0].reason).toMatch(new RegExp(`^monitors\\.fresh: ${refused("fresh").source}`));
    await expect(fleet.create({ monitors: { fresh: checkedMonitor(member("fresh")) } })).rejects.toThrow(refused("fresh"));
    const withAlerts = { ...state, alerts: ["a-1"], declaredFields: [...(state.declaredFields ?? []), "alerts"] };
    await expect(provider.diff(made.id, withAlerts, { ...checkedMonitor(programInputs), alerts: ["a-2"] })).rejects.toThrow(
      'monitor "api": replacing it (its alerts changed) is refused while PULUMI_SKIP_CHECKPOINTS is set',
    );
    expect(await admin.requests()).toEqual([]);
    const edited = inputsOf(await provider.check(checkedMonitor(programInputs), { ...programInputs, intervalId: "300" }));
    expect(await provider.diff(made.id, state, edited)).toMatchObject({ changes: true, replaces: [] });
    const updated = (await provider.update(made.id, state, edited)).outs as MonitorOutputs;
    expect(await provider.read(made.id, updated)).toMatchObject({ id: made.id, props: { intervalId: 300 } });
    await provider.delete(made.id, updated);
  });
  expect((await admin.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([
    `PATCH /v1/monitors/${made.id}`,
    `DELETE /v1/monitors/${made.id}`,
  ]);
  expect((await admin.monitors()).map((m) => m.uuid)).not.toContain(made.id);
});
