// The plugin's gRPC service on a loopback port, called by @pulumi/pulumi's own client as the engine calls it:
// its configuration, a monitor's lifecycle, import, the lookup, and the create journal when the run stops.
import * as fs from "node:fs";
import { createRequire } from "node:module";
import type * as grpcTypes from "@grpc/grpc-js";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";
import type * as emptyTypes from "google-protobuf/google/protobuf/empty_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { confirmCreated, resourceProviderServer } from "../../../provider/plugin/server";
import { PLAIN_KEY_MESSAGE } from "../../../provider/model/package";
import { UNKNOWN } from "../../../provider/model/values";
import { useEmulator } from "../../helpers/emulator";
import { tempDir } from "../../helpers/images";
import { API_KEY } from "../../helpers/servers";
import { rejection } from "../../helpers/rejection";
import { withEnv } from "../../helpers/env";

const fromPulumi = createRequire(require.resolve("@pulumi/pulumi"));
const grpc = fromPulumi("@grpc/grpc-js") as typeof grpcTypes;
const { Struct } = fromPulumi("google-protobuf/google/protobuf/struct_pb") as typeof structTypes;
const { Empty } = fromPulumi("google-protobuf/google/protobuf/empty_pb") as typeof emptyTypes;

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET = "1b47061264138c4ac30d75fd1eb44270";
const urnOf = (name: string, type = "Monitor") => `urn:pulumi:dev::plugin-test::uptime:index:${type}::${name}`;
const URN = urnOf("api");
type Json = Record<string, unknown>;

const { emulator, admin } = useEmulator();
let server: grpcTypes.Server;
let client: provrpc.ResourceProviderClient;
let journal: ReturnType<typeof tempDir>;
const savedEnv = { ...process.env };

type Client = provrpc.ResourceProviderClient;
/** A unary method's request and response, read off its last overload (request, metadata, options, callback). */
type Unary<M extends keyof Client> = Client[M] extends (r: infer Q, m: never, o: never, cb: (e: unknown, res: infer R) => void) => unknown
  ? [Q, R]
  : never;
/** One unary call of the client, as a promise. */
function call<M extends keyof Client>(method: M, request: Unary<M>[0]): Promise<Unary<M>[1]> {
  const fn = client[method] as (r: Unary<M>[0], cb: (e: grpcTypes.ServiceError | null, res: Unary<M>[1]) => void) => void;
  return new Promise((resolve, reject) => fn.call(client, request, (error, response) => (error ? reject(error) : resolve(response))));
}
const struct = (value: Json) => Struct.fromJavaScript(value as Record<string, structTypes.JavaScriptValue>);
/** An API key as the engine sends a secret. */
const secret = (value: string) => ({ [SECRET_SIG]: SECRET, value });
/** A resource's check as the engine sends it: a new resource (olds empty) unless `olds` is given. */
const check = (urn: string, news: Json, olds: Json = {}) =>
  call("check", new provproto.CheckRequest().setUrn(urn).setOlds(struct(olds)).setNews(struct(news)));
type Props = Json | structTypes.Struct | undefined;
const asStruct = (v: Props) => (v === undefined || v instanceof Struct ? v : struct(v));
const js = (s: structTypes.Struct | undefined) => s?.toJavaScript() as Json;
/** A resource's calls as the engine makes them, with the states it carries (plain values or as received). */
const rpc = {
  create: (urn: string, props: Props, preview = false) =>
    call("create", new provproto.CreateRequest().setUrn(urn).setProperties(asStruct(props)).setPreview(preview)),
  diff: (id: string, urn: string, olds: Props, news: Props, oldInputs?: Props) =>
    call(
      "diff",
      new provproto.DiffRequest().setId(id).setUrn(urn).setOlds(asStruct(olds)).setOldInputs(asStruct(oldInputs)).setNews(asStruct(news)),
    ),
  read: (id: string, urn: string, props?: Props, inputs?: Props) =>
    call("read", new provproto.ReadRequest().setId(id).setUrn(urn).setProperties(asStruct(props)).setInputs(asStruct(inputs))),
  delete: (id: string, urn: string, props: Props, oldInputs?: Props) =>
    call("delete", new provproto.DeleteRequest().setId(id).setUrn(urn).setProperties(asStruct(props)).setOldInputs(asStruct(oldInputs))),
};
const failures = (r: provproto.CheckResponse) => r.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() }));
/** A configure as the engine sends it: the provider's arguments, the stack config as `uptime:config:<key>` variables, its name. */
function configure(args: Json | undefined, variables: Record<string, string> = {}, name = "") {
  const request = new provproto.ConfigureRequest().setName(name);
  if (args) request.setArgs(struct(args));
  for (const [key, value] of Object.entries(variables)) request.getVariablesMap().set(`uptime:config:${key}`, value);
  return call("configure", request);
}
/** The failures of a provider's configuration check (the default provider's, unless `name` is given). */
const checkConfig = (news: Json, name = "") =>
  call("checkConfig", new provproto.CheckRequest().setName(name).setNews(struct(news))).then(failures);
const getWebhooks = () => call("invoke", new provproto.InvokeRequest().setTok("uptime:index:getWebhooks").setArgs(struct({})));
const journalFiles = () => (fs.existsSync(journal.dir) ? fs.readdirSync(journal.dir) : []);

beforeAll(async () => {
  delete process.env.UPTIME_API_KEY;
  delete process.env.UPTIME_BASE_URL;
  journal = tempDir("uptime-plugin-journal-");
  process.env.UPTIME_JOURNAL_DIR = journal.dir;
  server = new grpc.Server();
  server.addService(provrpc.ResourceProviderService, resourceProviderServer(JSON.stringify({ version: "0.0.0-test" })));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
});

afterAll(async () => {
  client?.close();
  server?.forceShutdown();
  journal.remove();
  process.env = savedEnv;
});

describe("the provider's configuration, as the engine sends it", () => {
  test("configure refuses a key set in plain text (its arguments keep secret marks), naming the fix, never the key", async () => {
    const error = await rejection(configure({ baseUrl: emulator.url, apiKey: API_KEY }));
    expect(error.message).toContain(PLAIN_KEY_MESSAGE);
    expect(error.message).not.toContain(API_KEY);
  });

  test("each problem is named by its setting, before any request; a value computed from another resource is checked once known", async () => {
    await admin.clearRequests();
    expect(await checkConfig({ baseUrl: emulator.url })).toEqual([
      // Not given, so not named as a property: the engine would print its value as `{<nil>}`.
      { property: "", reason: "no API key: run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY" },
    ]);
    expect((await checkConfig({ apiKey: secret(API_KEY), baseUrl: emulator.url, authScheme: "two words" }))[0].property).toBe("authScheme");
    expect((await checkConfig({ apiKey: secret(API_KEY), baseUrl: emulator.url, maxRetries: "many" }))[0]).toMatchObject({
      property: "maxRetries",
      reason: 'uptime:maxRetries (or UPTIME_MAX_RETRIES) must be a whole number >= 0, got "many"',
    });
    expect(await checkConfig({ apiKey: secret(API_KEY), baseUrl: UNKNOWN })).toEqual([]);
    expect(await admin.requests()).toEqual([]);
  });

  test("configure reads the variables the engine names uptime:config:<key>; a key set with --secret is accepted", async () => {
    const response = await configure({ apiKey: secret(API_KEY) }, { baseUrl: emulator.url, apiKey: API_KEY });
    expect(response.getSupportspreview()).toBe(true);
    // The lookup runs against the configured service: proof the settings arrived.
    const lookup = await getWebhooks();
    expect(lookup.getFailuresList()).toEqual([]);
    expect(lookup.getReturn()?.toJavaScript()).toEqual({ webhooks: [], count: 0 });
  });

  test("a resource's check names bad input as the schema does, and an address without /v1 or a refused key by its setting; nothing changes", async () => {
    const urn = urnOf("refused");
    const monitor = { name: "refused", type: "https", target: "https://bad.example.com", regions: [1], interval: 60 };
    const checkFailures = async (news: Json) => failures(await check(urn, news));
    const configureWith = (baseUrl: string, apiKey: string) => configure({ apiKey: secret(apiKey) }, { baseUrl });
    await admin.clearRequests();
    // `target`, as the schema and the generated SDKs name the field (the TypeScript classes say `urn`): before any request.
    expect(await checkFailures({ ...monitor, type: "http" })).toEqual([
      {
        property: "target",
        reason: 'target: "https://bad.example.com": a http monitor needs a http:// address; change the address or set type to https',
      },
    ]);
    expect(await admin.requests()).toEqual([]);
    try {
      const origin = new URL(emulator.url).origin;
      await configureWith(origin, API_KEY);
      const [address, ...more] = await checkFailures(monitor);
      expect(more).toEqual([]);
      // The reason names the setting; no property, which the engine would look up among the inputs and print as `{<nil>}`.
      expect(address.property).toBe("");
      expect(address.reason).toContain(`uptime:baseUrl (${origin}) does not answer as the service's API`);
      expect(address.reason).toContain("ending in its version segment, e.g. https://<host>/v1");
      // The check went to the wrong address: the service saw nothing.
      expect(await admin.requestLines()).toEqual([]);

      await configureWith(emulator.url, "a-mistyped-key-1111");
      const [refused] = await checkFailures(monitor);
      expect(refused.property).toBe("");
      expect(refused.reason).toContain("failed with 401 Unauthorized");
      expect(refused.reason).toContain("check uptime:apiKey");
      expect(refused.reason).not.toContain("a-mistyped-key-1111");
      // The one check of the account, a read; nothing else.
      expect(await admin.requestLines()).toEqual(["GET /v1/webhooks"]);
    } finally {
      await configureWith(emulator.url, API_KEY);
    }
  });
});

test("an explicit provider (an account of its own) names its settings in the lookup's failures, not UPTIME_* variables", async () => {
  const configured = (name: string, args: Json) => configure({ apiKey: secret(API_KEY), ...args }, {}, name);
  const lookup = async () => (await getWebhooks()).getFailuresList().map((f) => f.getReason());
  await configured("staging", { baseUrl: emulator.url, maxRetries: "many" });
  expect(await lookup()).toEqual(['maxRetries of provider "staging" must be a whole number >= 0, got "many"']);
  await configured("default", { baseUrl: emulator.url, maxRetries: "many" });
  expect(await lookup()).toEqual(['uptime:maxRetries (or UPTIME_MAX_RETRIES) must be a whole number >= 0, got "many"']);
  // A failure of the lookup's request too: a key the service refuses.
  await configured("staging", { baseUrl: emulator.url, apiKey: secret("not-the-key-0000") });
  const refused = (await rejection(lookup())).message;
  expect(refused).toContain("failed with 401 Unauthorized");
  expect(refused).toContain('check apiKey of provider "staging"');
  expect(refused).not.toContain("UPTIME_API_KEY");
  await configured("default", { baseUrl: emulator.url });
  expect(await lookup()).toEqual([]);
});

test("an explicit provider's configuration check names its arguments, and the stack's UPTIME_API_KEY is not its key", async () => {
  await withEnv({ UPTIME_API_KEY: API_KEY }, async () => {
    // Its key is an argument: `pulumi config set uptime:apiKey` would not reach it. Following the advice passes.
    expect(await checkConfig({ baseUrl: emulator.url }, "staging")).toEqual([
      { property: "", reason: 'no API key: give provider "staging" its apiKey' },
    ]);
    expect(await checkConfig({ baseUrl: emulator.url, apiKey: secret(API_KEY) }, "staging")).toEqual([]);
    expect(await checkConfig({ baseUrl: emulator.url, apiKey: secret(API_KEY), maxRetries: "many" }, "staging")).toEqual([
      { property: "maxRetries", reason: 'maxRetries of provider "staging" must be a whole number >= 0, got "many"' },
    ]);
    // The stack's default provider takes the key from the environment.
    expect(await checkConfig({ baseUrl: emulator.url }, "default_0_2_0")).toEqual([]);
  });
});

test("a monitor's lifecycle through the plugin: check stores no journal key (the URN comes with every call), a preview's create sends nothing and leaves the service's values unknown; create, an edit shown as a detailed diff, update, read for import, delete", async () => {
  const args = { name: "api", type: "https", target: "https://api.example.com/health", regions: [2, 1], interval: 60 };
  const checked = await check(URN, args);
  expect(checked.getFailuresList()).toEqual([]);
  const inputs = js(checked.getInputs());
  expect(inputs).toEqual({ ...args, regions: [1, 2] });
  const planned = js((await rpc.create(URN, inputs, true)).getProperties());
  expect(planned).toMatchObject({ name: "api", uuid: UNKNOWN, intervalId: UNKNOWN });
  expect(planned).not.toHaveProperty("declaredFields");
  expect(await admin.monitors()).toEqual([]);

  const created = await rpc.create(URN, inputs);
  const id = created.getId();
  const outs = js(created.getProperties());
  expect(outs).toMatchObject({ uuid: id, intervalId: 60 });
  // The bookkeeping the dynamic resources store is rebuilt from the URN and the last inputs instead.
  expect(outs).not.toHaveProperty("journalKey");
  expect(outs).not.toHaveProperty("declaredFields");
  // The creation was noted under the URN the request carried.
  expect(journalFiles()).toHaveLength(1);

  const news = { ...inputs, interval: 300 };
  const diff = await rpc.diff(id, URN, outs, news, inputs);
  expect(diff.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
  expect(diff.getReplacesList()).toEqual([]);
  expect(diff.getDetaileddiffMap().get("interval")?.getKind()).toBe(provproto.PropertyDiff.Kind.UPDATE);
  // The engine holds the monitor it asks to diff: its journal note has served.
  expect(journalFiles()).toHaveLength(0);

  const updated = await call(
    "update",
    new provproto.UpdateRequest().setId(id).setUrn(URN).setOlds(struct(outs)).setOldInputs(struct(inputs)).setNews(struct(news)),
  );
  expect(js(updated.getProperties())).toMatchObject({ uuid: id, intervalId: 300 });
  expect(js(updated.getProperties())).not.toHaveProperty("declaredFields");

  // A refresh: the record read back, stored lean; the inputs as the program declares them.
  const refreshed = await rpc.read(id, URN, updated.getProperties(), news);
  expect(js(refreshed.getProperties())).toMatchObject({ uuid: id, intervalId: 300 });
  expect(js(refreshed.getProperties())).not.toHaveProperty("declaredFields");
  expect(js(refreshed.getInputs())).toEqual(news);

  const read = await rpc.read(id, URN);
  expect(read.getId()).toBe(id);
  expect(js(read.getInputs())).toMatchObject({ name: "api", target: args.target, interval: 300, regions: [1, 2] });

  await rpc.delete(id, URN, updated.getProperties());
  expect(await admin.monitors()).toEqual([]);
  expect((await rpc.read(id, URN)).getId()).toBe("");
});

test("a placeholder (a creation never confirmed): its import is refused, naming what to import instead; its refresh keeps the state as it is, its URN for its messages included", async () => {
  await expect(rpc.read("unconfirmed-5b1c2d3e", URN)).rejects.toThrow(
    /placeholder of a monitor creation that was never confirmed.*import its uuid instead/,
  );
  const stored = { unconfirmed: true, name: "lost", declaredFields: ["name", "type"], journalKey: URN };
  const inputs = { name: "lost", type: "https", target: "https://lost.example.com", regions: [1], interval: 60 };
  const read = await rpc.read("unconfirmed-0a1b2c3d", URN, stored, inputs);
  expect(read.getId()).toBe("unconfirmed-0a1b2c3d");
  expect(js(read.getProperties())).toEqual(stored);
  expect(js(read.getInputs())).toEqual(inputs);
});

test("a placeholder beside a confirmed monitor under its URN leaves the stack only once check shows the program declares that URN; one adoptUuid replaces, when deleted first", async () => {
  const urn = urnOf("held");
  const news = { name: "held", type: "https", target: "https://held.example.com", regions: [1], interval: 60 };
  // The replacement an earlier run made (not this process), as the state holds it.
  const monitor = await admin.createMonitor({ name: "held", type: "https", urn: news.target, interval: 60, regions: [1] });
  const diffHeld = (inputs: Props) => rpc.diff(String(monitor.uuid), urn, { ...monitor, uuid: monitor.uuid }, inputs, inputs);
  // A placeholder keeps its URN as its journal key in the state (failure() in the plugin).
  const placeholderOf = (name: string, urn: string) => ({ unconfirmed: true, name, declaredFields: ["name"], journalKey: urn });
  const dropPlaceholder = () => rpc.delete("unconfirmed-held", urn, placeholderOf("held", urn));
  await admin.clearRequests();
  // A diff without the program's check, as a refresh's: no proof, the placeholder is refused.
  await diffHeld(news);
  await expect(dropPlaceholder()).rejects.toThrow("UPTIME_DROP_UNCONFIRMED=unconfirmed-held");
  // The program declares the URN (check; no journal key stored), the monitor is diffed under it: dropped, no request.
  const checked = await check(urn, news);
  expect(js(checked.getInputs())).not.toHaveProperty("journalKey");
  await diffHeld(checked.getInputs());
  await dropPlaceholder();
  // Taken over (adoptUuid) under deleteBeforeReplace: the diff replaces, the deletion (first) drops it, no request.
  const adoptUrn = urnOf("adopting");
  const placeholder = placeholderOf("adopting", adoptUrn);
  const adopting = await check(adoptUrn, { ...news, name: "adopting", adoptUuid: String(monitor.uuid) }, placeholder);
  const adoptDiff = await rpc.diff("unconfirmed-adopting", adoptUrn, placeholder, adopting.getInputs());
  expect(adoptDiff.getReplacesList()).toEqual(["adoptUuid"]);
  await rpc.delete("unconfirmed-adopting", adoptUrn, placeholder);
  expect(await admin.requests()).toEqual([]);
  expect((await admin.monitors()).map((m) => m.uuid)).toContain(monitor.uuid);
  await admin.remove(String(monitor.uuid));
});

test("what a resource declared is read from the engine's last inputs (not stored): a field the service holds that they did not declare is no removal; one they declared is", async () => {
  const urn = urnOf("declared");
  const args = { name: "declared", type: "https", target: "https://declared.example.com/health", interval: 60, regions: [1] };
  const inputs = js((await check(urn, args)).getInputs());
  const created = await rpc.create(urn, inputs);
  // As a service that fills in a default would hold it.
  const outs = { ...js(created.getProperties()), httpFollowRedirects: true };
  try {
    expect((await rpc.diff(created.getId(), urn, outs, inputs, inputs)).getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_NONE);
    const removed = await rpc.diff(created.getId(), urn, outs, inputs, { ...inputs, followRedirects: true });
    expect(removed.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(removed.getDiffsList()).toEqual(["followRedirects"]);
  } finally {
    // Deleted by the URN the request carries: its journal note (confirmed by the diff, if it ran) and this process's record of it go too.
    await rpc.delete(created.getId(), urn, created.getProperties(), inputs);
  }
  expect(await admin.monitors()).toEqual([]);
  expect(journalFiles()).toHaveLength(0);
});

describe("the create journal when the engine stops the plugin", () => {
  const create = async (name: string) => {
    const checked = await check(urnOf(name), { name, type: "https", target: `https://${name}.example.com`, regions: [1], interval: 60 });
    return Object.assign(await rpc.create(urnOf(name), checked.getInputs()), { inputs: checked.getInputs() });
  };

  test("a monitor deleted under a new URN (renamed with an alias since) takes the note of its creation with it", async () => {
    const made = await create("renamed");
    expect(journalFiles()).toHaveLength(1);
    await rpc.delete(made.getId(), urnOf("renamed-since"), made.getProperties());
    expect((await admin.monitors()).map((m) => m.uuid)).not.toContain(made.getId());
    expect(journalFiles()).toHaveLength(0);
    expect(confirmCreated()).toEqual({ confirmed: 0, kept: 0 });
  });

  test("a replacement created before the old monitor is deleted keeps its own note, confirmed when the run ends", async () => {
    const urn = urnOf("replaced");
    const old = await create("replaced");
    // The engine diffs the old monitor first (it holds it: its note has served), then creates the replacement.
    await rpc.diff(old.getId(), urn, old.getProperties(), old.inputs, old.inputs);
    expect(journalFiles()).toHaveLength(0);
    const replacement = await create("replaced");
    expect(replacement.getId()).not.toBe(old.getId());
    await rpc.delete(old.getId(), urn, old.getProperties());
    expect(journalFiles()).toHaveLength(1);
    expect(confirmCreated()).toEqual({ confirmed: 1, kept: 0 });
    expect(journalFiles()).toHaveLength(0);
    await rpc.delete(replacement.getId(), urn, replacement.getProperties());
  });

  test("a run that ends (one Cancel, as the engine sends before stopping a plugin): the notes of its creations are confirmed; in a cancelled run (an earlier Cancel) they stay, for the next run to take over what the state may lack", async () => {
    await create("ends");
    expect(journalFiles()).toHaveLength(1);
    await call("cancel", new Empty());
    expect(confirmCreated()).toEqual({ confirmed: 1, kept: 0 });
    expect(journalFiles()).toHaveLength(0);
    await create("cancelled");
    await call("cancel", new Empty());
    expect(confirmCreated()).toEqual({ confirmed: 0, kept: 1 });
    expect(journalFiles()).toHaveLength(1);
  });
});

const documented = useEmulator({ documentedOnly: true }).emulator;
test("pulumi import from a service that cannot read objects (GET 405) fails with nothing to store, naming the property to declare instead", async () => {
  const configureFor = (url: string) => configure(undefined, { baseUrl: url, apiKey: API_KEY });
  try {
    await configureFor(documented.url);
    const importing = (type: string, id: string) => rpc.read(id, urnOf("imported", type));
    await expect(importing("Monitor", "m-1")).rejects.toThrow(
      "monitor m-1: the service answered 405 to reading it (it offers no GET of a monitor), so there is nothing to import; " +
        "nothing was stored. Declare the monitor in the program instead, with `adoptUuid: m-1`",
    );
    await expect(importing("Page", "p-1")).rejects.toThrow("with `uuid: p-1` and the fields it should have");
    await expect(importing("Alert", "a-1")).rejects.toThrow("with `uuid: a-1` and the fields it should have");
    // A refresh hands the stored inputs, even empty ones: it keeps the state, as against this service, not an import.
    expect((await rpc.read("m-1", urnOf("stored-empty"), undefined, new Struct())).getId()).toBe("m-1");
  } finally {
    await configureFor(emulator.url);
  }
});
