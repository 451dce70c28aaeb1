// The provider plugin: Pulumi's gRPC ResourceProvider over the objects the dynamic resources run (providers.ts),
// for every language and `pulumi import`. It only translates; nothing here decides what a resource does.
import type * as grpcTypes from "@grpc/grpc-js";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { environmentOf, problemWith, readSettings, settingWords } from "../config";
import { configProblem, configure, getClient, getJournal, thisRun } from "../session";
import { providers } from "../providers";
import { flushLogs, providerLog } from "../log";
import { checkWebhooksArgs, listWebhooks } from "../webhooks";
import { declaredPaths, plannedOutputs, Untyped } from "../model/engine";
import { SCHEMA_NAMES, UNKNOWN, failureText, printedPlainly } from "../model/values";
import { ACCOUNT_ID_KEY, ACCOUNT_KEY, ACCOUNT_NOUN_KEY, PLAIN_KEY_MESSAGE } from "../model/package";
import type { ResourceSpec } from "../model/field";
import { type ProviderKind, TYPE_NAMES, kindOfToken, packageToken } from "../model/kinds";
import { TABLES } from "../model/tables";
import { UNCONFIRMED_PREFIX } from "../monitor-safety";
import { FleetInputs, FleetOutputs, plannedFleet } from "../fleet";
import type { Held } from "../journal";
import { anyproto, emptyproto, grpc, structproto } from "./pulumi-deps";

const GET_WEBHOOKS = "uptime:index:getWebhooks";

/** A fleet has no table: its members are monitors. `journaled`: its creations are noted under its URN. */
interface ResourceRef {
  urn: string;
  kind: ProviderKind;
  spec: ResourceSpec | undefined;
  journaled: boolean;
}

/** From `urn:pulumi:<stack>::<project>::<type>::<name>`. */
function resourceOf(urn: string): ResourceRef {
  const parts = urn.split("::");
  const type = (parts[parts.length - 2] ?? "").split("$").pop() ?? "";
  if (type === packageToken(TYPE_NAMES.fleet)) return { urn, kind: "fleet", spec: undefined, journaled: true };
  const kind = kindOfToken(type);
  if (!kind) throw new Error(`the uptime provider has no resource type ${JSON.stringify(type)} (${urn})`);
  return { urn, kind, spec: TABLES[kind], journaled: kind === "monitor" };
}

const RPC_SECRET = "4dabf18193072939515e22adb298388d";
/** The engine may wrap secrets before it knows we accept none. */
function plain(value: unknown): unknown {
  if (value && typeof value === "object" && !Array.isArray(value) && (value as Untyped)[RPC_SECRET] !== undefined) {
    return (value as Untyped).value;
  }
  return value;
}

const toJs = (s: structTypes.Struct | undefined): Untyped => (s ? (s.toJavaScript() as Untyped) : {});
/** Undefined members are left out: protobuf cannot hold them. */
const toStruct = (value: object | undefined): structTypes.Struct =>
  structproto.Struct.fromJavaScript(JSON.parse(JSON.stringify(value ?? {})) as Record<string, structTypes.JavaScriptValue>);

/** A creation that left an object behind carries its id and outputs, which the engine keeps. */
function failure(error: unknown): Partial<grpcTypes.StatusObject> {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  const e = error as { id?: unknown; properties?: object; reasons?: string[] };
  if (e && typeof e === "object" && typeof e.id === "string" && e.id) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(e.id);
    const { __provider: _ignored, ...properties } = (e.properties ?? {}) as Untyped;
    detail.setProperties(toStruct(properties));
    detail.setReasonsList(e.reasons ?? []);
    const any = new anyproto.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

function unary<Req, Res>(handler: (request: Req) => Promise<Res>): grpcTypes.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    handler(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => callback(failure(error), null),
    );
  };
}

const checkFailure = (property: string, reason: string) => new provproto.CheckFailure().setProperty(property).setReason(reason);
const diffChanges = (some: boolean | undefined) =>
  some ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE;
const unimplemented = (name: string) => ({ code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented by the uptime provider` });

function configLookup(values: Untyped): (key: string) => string | undefined {
  return (key) => {
    const value = plain(values[key]);
    return value === undefined || value === null ? undefined : typeof value === "string" ? value : JSON.stringify(value);
  };
}

// What the dynamic host forces into the state and the plugin rebuilds per call from the URN and last inputs,
// keeping the checkpoint small (bench/RESULTS-plugin.md). A state that has them is used as it is.
const BOOKKEEPING = ["declaredFields", "journalKey"];
/** An explicit provider is an account of its own, by its name (given from 3.1xx on); a default one is the stack's. */
const accountOf = (name: string): string | undefined => (name && !/^default(_|$)/.test(name) ? name : undefined);

/** A provider not created (a preview's) or configured yet. */
const NOT_AN_ID = new Set(["04da6b54-80e4-46f7-96ec-b56ff0331ba9", "unconfigured", ""]);

function lean(outputs: Untyped | undefined): structTypes.Struct {
  const kept = { ...outputs };
  for (const key of BOOKKEEPING) delete kept[key];
  return toStruct(kept);
}

function withBookkeeping({ urn, spec, journaled }: ResourceRef, outputs: Untyped, oldInputs: structTypes.Struct | undefined): Untyped {
  const props = { ...outputs };
  const inputs = toJs(oldInputs);
  // No last inputs: an import, where every field is declared. A fleet's members keep their own.
  if (spec && !Array.isArray(props.declaredFields) && Object.keys(inputs).length > 0) {
    props.declaredFields = declaredPaths(spec, inputs);
  }
  if (journaled && typeof props.journalKey !== "string") props.journalKey = urn;
  if (props.accountId === undefined && typeof inputs.accountId === "string") props.accountId = inputs.accountId;
  return props;
}

function keyed({ urn, journaled }: ResourceRef, inputs: Untyped): Untyped {
  return journaled ? { ...inputs, journalKey: urn } : inputs;
}

/** A preview's outputs: what an update leaves unchanged stays known. */
async function planned({ kind, spec }: ResourceRef, id: string, olds: Untyped | undefined, news: Untyped): Promise<structTypes.Struct> {
  if (!spec) return lean(plannedFleet(olds as FleetOutputs | undefined, news as FleetInputs));
  if (!olds) return lean(plannedOutputs(spec, news, {}, "all"));
  const { changed } = await providers[kind].diff(id, olds, news);
  return lean(plannedOutputs(spec, news, olds, changed));
}

function noteMade({ urn, kind }: ResourceRef, id: string, outs: Untyped | undefined): void {
  if (kind === "monitor") thisRun().made(urn, id);
  else if (kind === "fleet") thisRun().made(urn, (outs?.monitors ?? {}) as Held);
}

/** An import stores what it reads: nothing read (GET answered 405/501) would be an object with every field empty. */
function unreadableImport(kind: ProviderKind, id: string, status: number): Error {
  const property = kind === "monitor" ? "adoptUuid" : "uuid";
  return new Error(
    `${kind} ${id}: the service answered ${status} to reading it (it offers no GET of a ${kind}), so there is nothing ` +
      `to import; nothing was stored. Declare the ${kind} in the program instead, with \`${property}: ${id}\` and the ` +
      `fields it should have, and run \`pulumi up\`: it is taken over with one PATCH of the declared fields.`,
  );
}

export const confirmCreated = (): { confirmed: number; kept: number } => thisRun().confirmMade(getJournal);

/** `schema`: the text of schema.json, which the build generates from the model and a release stamps with its version. */
export function resourceProviderServer(schema: string): provrpc.IResourceProviderServer {
  const { version } = JSON.parse(schema) as { version: string };
  return {
    getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(version)),
    getSchema: unary(async (req: provproto.GetSchemaRequest) => {
      if (req.getVersion() !== 0) throw new Error(`unsupported schema version ${req.getVersion()}`);
      return new provproto.GetSchemaResponse().setSchema(schema);
    }),

    checkConfig: unary(async (req: provproto.CheckRequest) => {
      const news = toJs(req.getNews());
      // An explicit provider's own words, without the stack's UPTIME_* address and key.
      const account = accountOf(req.getName?.() ?? "");
      const words = settingWords(account, "provider");
      const response = new provproto.CheckResponse().setInputs(req.getNews());
      // Unknown in a preview (another resource's output): checked once known.
      if (Object.values(news).some((v) => plain(v) === UNKNOWN)) return response;
      const problem = problemWith(() => readSettings(configLookup(news), environmentOf(account), words), words);
      if (!problem) return response;
      // Not a missing key (the engine prints `{<nil>}`), nor a secret.
      const property = printedPlainly(news[problem.setting]) ? problem.setting : "";
      return response.setFailuresList([checkFailure(property, problem.message)]);
    }),
    diffConfig: unary(async (req: provproto.DiffRequest) => {
      // An address or key changes how we talk to the service, not which objects: no replacement.
      const olds = toJs(req.getOlds());
      const news = toJs(req.getNews());
      const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
        (k) => JSON.stringify(plain(olds[k])) !== JSON.stringify(plain(news[k])),
      );
      return new provproto.DiffResponse().setChanges(diffChanges(changed.length > 0)).setDiffsList(changed);
    }),
    configure: unary(async (req: provproto.ConfigureRequest) => {
      const entries = req.getVariablesMap().getEntryList();
      const variables = new Map(entries.map(([key, value]) => [key.replace(/^uptime:config:/, "uptime:"), value]));
      const args = toJs(req.getArgs());
      // Secret marks survive here (not in CheckConfig). The engine stores the arguments in the state: a plain key
      // is refused before any request, and before the provider's state is saved.
      if (typeof args.apiKey === "string" && args.apiKey !== UNKNOWN) throw new Error(PLAIN_KEY_MESSAGE);
      const account = accountOf(req.getName?.() ?? "");
      // Its engine id survives a rename with `aliases` (providers.ts accountMove).
      const id = account && !NOT_AN_ID.has(req.getId?.() ?? "") ? req.getId() : undefined;
      const own: Record<string, string | undefined> = { [ACCOUNT_KEY]: account, [ACCOUNT_ID_KEY]: id, [ACCOUNT_NOUN_KEY]: "provider" };
      const get = (key: string) => (key in own ? own[key] : (variables.get(key) ?? configLookup(args)(key.replace(/^uptime:/, ""))));
      configure({ config: { get } });
      // No secrets: the engine marks an output secret where its input was.
      return new provproto.ConfigureResponse().setAcceptsecrets(false).setAcceptresources(false).setSupportspreview(true);
    }),

    invoke: unary(async (req: provproto.InvokeRequest) => {
      if (req.getTok() !== GET_WEBHOOKS) throw new Error(`the uptime provider has no function ${JSON.stringify(req.getTok())}`);
      const args = toJs(req.getArgs()) as { topic?: string; pageSize?: number; maxPages?: number };
      const problems = checkWebhooksArgs(args);
      const problem = configProblem();
      if (problem) problems.unshift({ property: "", problem: problem.message });
      const response = new provproto.InvokeResponse();
      if (problems.length > 0) return response.setFailuresList(problems.map((p) => checkFailure(p.property, failureText(p))));
      try {
        const list = await listWebhooks(getClient(), { ...args, warn: (m) => providerLog.warn(m) });
        return response.setReturn(toStruct(list));
      } finally {
        await flushLogs();
      }
    }),

    check: unary(async (req: provproto.CheckRequest) => {
      const resource = resourceOf(req.getUrn());
      const news = toJs(req.getNews());
      // Checked with the journal key (the run notes what the program declares), stored without (BOOKKEEPING), which
      // also drops one an earlier version stored.
      const result = await providers[resource.kind].check(toJs(req.getOlds()), keyed(resource, news), SCHEMA_NAMES);
      const { journalKey: _urn, ...inputs } = result.inputs ?? news;
      const response = new provproto.CheckResponse().setInputs(toStruct(inputs));
      return response.setFailuresList((result.failures ?? []).map((f) => checkFailure(f.property, f.reason)));
    }),

    diff: unary(async (req: provproto.DiffRequest) => {
      const resource = resourceOf(req.getUrn());
      const olds = withBookkeeping(resource, toJs(req.getOlds()), req.getOldInputs());
      const result = await providers[resource.kind].diff(req.getId(), olds, keyed(resource, toJs(req.getNews())));
      const replaces = result.replaces ?? [];
      const response = new provproto.DiffResponse()
        .setChanges(diffChanges(result.changes))
        .setReplacesList(replaces)
        .setDiffsList(result.changed)
        .setDeletebeforereplace(false)
        .setHasdetaileddiff(true);
      const { ADD, UPDATE, DELETE, UPDATE_REPLACE } = provproto.PropertyDiff.Kind;
      const kinds = { add: ADD, update: UPDATE, delete: DELETE };
      const changes = result.detailed
        ? Object.entries(result.detailed).map(([path, change]) => [path, kinds[change]] as const)
        : result.changed.map((name) => [name, replaces.includes(name) ? UPDATE_REPLACE : UPDATE] as const);
      for (const [path, kind] of changes)
        response.getDetaileddiffMap().set(path, new provproto.PropertyDiff().setKind(kind).setInputdiff(true));
      return response;
    }),

    create: unary(async (req: provproto.CreateRequest) => {
      const resource = resourceOf(req.getUrn());
      const inputs = keyed(resource, toJs(req.getProperties()));
      if (req.getPreview()) return new provproto.CreateResponse().setProperties(await planned(resource, "", undefined, inputs));
      const result = await providers[resource.kind].create(inputs);
      noteMade(resource, result.id, result.outs);
      return new provproto.CreateResponse().setId(result.id).setProperties(lean(result.outs));
    }),

    // `pulumi import` hands only the id, and gets every field the service holds as inputs.
    read: unary(async (req: provproto.ReadRequest) => {
      const resource = resourceOf(req.getUrn());
      const { kind } = resource;
      const stored = toJs(req.getProperties());
      const importing = Object.keys(stored).length === 0;
      if (importing && kind === "monitor" && req.getId().startsWith(UNCONFIRMED_PREFIX)) {
        throw new Error(
          `${req.getId()} is the placeholder of a monitor creation that was never confirmed, not a monitor: nothing ` +
            `was imported. Look in the dashboard for the monitor and import its uuid instead.`,
        );
      }
      const props = withBookkeeping(resource, stored, req.getInputs());
      const result = await providers[kind].read(req.getId(), props);
      // A refresh always has inputs, even of a resource stored empty.
      if (importing && !req.hasInputs() && result.unreadable !== undefined) throw unreadableImport(kind, req.getId(), result.unreadable);
      const response = new provproto.ReadResponse().setId(result.id ?? "");
      if (!result.id) return response;
      // Kept as it is (providers.ts hands back the very props): what the state held, a placeholder's URN included.
      response.setProperties(result.props === props ? toStruct(stored) : lean(result.props));
      if (!result.inputs) return response.setInputs(req.getInputs() ?? toStruct({}));
      const { journalKey: _urn, account, ...inputs } = result.inputs;
      // An import writes code from these: the account is the provider's, not a property.
      return response.setInputs(toStruct(importing || account === undefined ? inputs : { ...inputs, account }));
    }),

    update: unary(async (req: provproto.UpdateRequest) => {
      const resource = resourceOf(req.getUrn());
      const olds = withBookkeeping(resource, toJs(req.getOlds()), req.getOldInputs());
      const news = keyed(resource, toJs(req.getNews()));
      if (req.getPreview()) return new provproto.UpdateResponse().setProperties(await planned(resource, req.getId(), olds, news));
      const result = await providers[resource.kind].update(req.getId(), olds, news);
      noteMade(resource, req.getId(), result.outs);
      return new provproto.UpdateResponse().setProperties(lean(result.outs));
    }),

    delete: unary(async (req: provproto.DeleteRequest) => {
      const { kind } = resourceOf(req.getUrn());
      // Without the bookkeeping: a rename by alias may have changed the URN the note is under, so without a stored
      // key delete forgets every note naming the uuid (journal.ts).
      await providers[kind].delete(req.getId(), toJs(req.getProperties()));
      thisRun().deleted(req.getId());
      return new emptyproto.Empty();
    }),

    cancel: unary(async () => {
      thisRun().cancels += 1;
      return new emptyproto.Empty();
    }),
    attach: unary(async () => new emptyproto.Empty()),
    handshake: (_call, callback) => callback(unimplemented("Handshake"), null),
    parameterize: (_call, callback) => callback(unimplemented("Parameterize"), null),
    call: (_call, callback) => callback(unimplemented("Call"), null),
    construct: (_call, callback) => callback(unimplemented("Construct"), null),
    getMapping: unary(async () => new provproto.GetMappingResponse()),
    getMappings: unary(async () => new provproto.GetMappingsResponse()),
    list: (call) => call.emit("error", unimplemented("List")),
  };
}
