// The provider objects the shims and the plugin call: thin wrappers over each resource's plain functions.
import type * as pulumi from "@pulumi/pulumi";
import {
  CheckResult,
  EngineFailure,
  SCHEMA_NAMES,
  containsUnknown,
  engineFailure,
  isUnknown,
  printedPlainly,
  show,
  type CheckFailure,
  type FieldNames,
} from "./model/values";
import { inputPath, type Untyped } from "./model/engine";
import type { ReadOutcome } from "./gone";
import { MONITOR } from "./model/monitor";
import {
  ConfigureRequest,
  accountProblem,
  addressConfigured,
  configProblem,
  thisRun,
  configure,
  currentAccountIdentity,
  currentSettings,
  getClient,
  getJournal,
  currentWords,
} from "./session";
import { flushLogs, providerLog, warnOnce } from "./log";
import type { ConfigError } from "./config";
import { creationRefused, isUnconfirmed } from "./monitor-safety";
import * as monitor from "./monitor";
import * as page from "./page";
import * as alert from "./alert";
import * as fleet from "./fleet";
import type { ProviderKind } from "./model/kinds";

/** A fleet's, by member path; other kinds' is `changed`. */
type DetailedDiff = Record<string, "add" | "update" | "delete">;
/** `changed` and `detailed` are for the plugin's detailed diff; the dynamic host reads the rest. */
type DiffAnswer = pulumi.dynamic.DiffResult & { changed: string[]; detailed?: DetailedDiff };

type ProgramArgs = Record<string, unknown>;
type WithProvider = { __provider?: unknown };

// An error with an `id` makes the engine keep the resource with its `properties` as outputs: they need
// `__provider` (or no later call could run) and the account (or the next diff would replace the resource).
async function withAccountOuts<R extends { outs: object }>(call: Promise<R>, inputs: WithProvider): Promise<R> {
  try {
    const result = await call;
    return { ...result, outs: withAccount(result.outs) };
  } catch (error) {
    if (error && typeof error === "object" && "id" in error && error.id) {
      const properties = "properties" in error && error.properties && typeof error.properties === "object" ? error.properties : {};
      Object.assign(error, { properties: withAccount({ ...properties, __provider: inputs.__provider }) });
    }
    throw error;
  }
}

/** The configuration's problem first; a property named only where the engine prints its value plainly (values.ts). */
function forEngine(failures: CheckFailure[], news: ProgramArgs, problem: ConfigError | undefined, names: FieldNames): EngineFailure[] {
  const all = [
    // A setting is no input of the resource: the engine would print `uptime:apiKey value {<nil>}`.
    ...(problem ? [{ property: "", reason: problem.message }] : []),
    ...failures.map((f) => engineFailure(f, names)),
  ];
  return all.map((f) => (printedPlainly(news[f.property]) ? f : { property: "", reason: f.reason }));
}

/** `inputs` as check() gives them (the SDK types them as outputs). */
type ReadResult<I, O> = { id?: string; props?: O; inputs?: I; unreadable?: number };

interface ResourceOperations<I extends object, O extends object, S extends object = O> {
  kind: ProviderKind;
  /** A monitor's `target` is a program's `urn`. */
  programNames?: FieldNames;
  /** `olds`: empty for a resource about to be created. */
  check(news: ProgramArgs, olds: ProgramArgs): Promise<CheckResult<I>> | CheckResult<I>;
  diff(id: string, olds: S, news: I): { changes: boolean; replaces: string[]; changed: string[]; detailed?: DetailedDiff };
  create(inputs: I & WithProvider): Promise<{ id: string; outs: O }>;
  /** `kept`: a placeholder, left as it is. */
  read(id: string, props: S): Promise<ReadOutcome<I, O> | { kind: "kept" }>;
  update(id: string, olds: S, news: I & WithProvider): Promise<{ outs: O }>;
  delete(id: string, props: S): Promise<void>;
}

/** As both hosts call them; untyped (the engine's values), what check() returned before. */
export interface HostedProvider<I = Untyped, O = Untyped, S = O> {
  configure(req: ConfigureRequest): Promise<void>;
  check(olds: ProgramArgs | undefined, news: ProgramArgs, names?: FieldNames): Promise<pulumi.dynamic.CheckResult<I>>;
  diff(id: string, olds: S & WithProvider, news: I & WithProvider): Promise<DiffAnswer>;
  create(inputs: I & WithProvider): Promise<pulumi.dynamic.CreateResult<O>>;
  read(id: string, props: S & WithProvider): Promise<ReadResult<I, S | O>>;
  update(id: string, olds: S & WithProvider, news: I & WithProvider): Promise<pulumi.dynamic.UpdateResult<O>>;
  delete(id: string, props: S & WithProvider): Promise<void>;
}

/** For the engine: "gone" is a blank id; a read the service refuses keeps the state (one warning per kind and run). */
function providerFor<I extends object, O extends object, S extends object = O>(ops: ResourceOperations<I, O, S>): HostedProvider<I, O, S> {
  return {
    configure: async (req) => configure(req),

    check: (olds, news, names = ops.programNames ?? SCHEMA_NAMES) =>
      delivered(async () => {
        thisRun().programRan = true;
        const result = await ops.check(news, olds ?? {});
        for (const warning of result.warnings) providerLog.warn(`${ops.kind} ${show(news.name)}: ${warning}`);
        // The account is proven (one GET per process) only once the inputs are right: bad input sends nothing.
        const problem = configProblem() ?? (result.failures.length === 0 ? await accountProblem() : undefined);
        return { inputs: withAccount(result.inputs), failures: forEngine(result.failures, news, problem, names) };
      }),

    diff: (id, olds, news) =>
      delivered(async () => {
        const { changes, replaces, changed, detailed } = ops.diff(id, olds, news);
        const { move, was, now } = accountMove(olds);
        if (move === "another") {
          if (was !== DEFAULT_ACCOUNT && now !== DEFAULT_ACCOUNT)
            warnOnce(
              `move-${was}-${now}`,
              `${ops.kind}s of account ${show(was)} now have account ${show(now)}: each is replaced, created in ${show(now)} and ` +
                `then deleted from ${show(was)}. If ${show(now)} is ${show(was)} renamed, give it the \`aliases\` resource ` +
                `option naming its old name, ${show(was)} (or its old URN): nothing is then replaced.`,
            );
          return { changes: true, replaces: [...replaces, "account"], deleteBeforeReplace: false, changed: [...changed, "account"] };
        }
        // Renamed with `aliases`: the state takes the new name (an update with no request).
        if (move === "renamed") return { changes: true, replaces, deleteBeforeReplace: false, changed: [...changed, "account"] };
        return { changes, replaces, deleteBeforeReplace: false, changed, ...(detailed ? { detailed } : {}) };
      }),

    create: (inputs) => delivered(() => withAccountOuts(ops.create(inputs), inputs)),

    read: (id, props) =>
      delivered(async () => {
        const outcome = await ops.read(id, props);
        if (outcome.kind === "gone") return { id: "" };
        if (outcome.kind === "kept") return { id, props };
        if (outcome.kind === "unsupported") {
          warnOnce(
            `read-${ops.kind}`,
            `the service answered ${outcome.status} to reading a ${ops.kind}: refresh cannot see changes made outside Pulumi, ` +
              `so the ${ops.kind}s' state is kept as last applied`,
          );
          // For the plugin's `pulumi import`, which must see the object.
          return { id, props, unreadable: outcome.status };
        }
        return { id: outcome.id, props: withAccount(outcome.props), inputs: withAccount(outcome.inputs) };
      }, props),

    update: (id, olds, news) =>
      delivered(async () => {
        if (accountMove(olds).move === "renamed" && !ops.diff(id, olds, news).changes) {
          const { __provider: _provider, ...outs } = olds;
          return { outs: withAccount(outs as unknown as O) };
        }
        return withAccountOuts(ops.update(id, olds, news), news);
      }),
    delete: (id, props) => delivered(() => ops.delete(id, props), props, true),
  };
}

/** An Account's name (sdk/account.ts), or nothing for the stack's own settings: older states stay unchanged. */
function withAccount<T extends object>(values: T): T {
  const { name: account, id } = currentAccountIdentity();
  const { account: _previous, accountId: _previousId, ...rest } = values as Record<string, unknown>;
  if (account === undefined || account === DEFAULT_ACCOUNT) return rest as T;
  return { ...rest, account, ...(id ? { accountId: id } : {}) } as T;
}

const DEFAULT_ACCOUNT = "default";

// A name is an account's identity; a rename with `aliases` keeps it: an Account passes its former names
// (sdk/account.ts), the plugin's explicit provider its engine id (`accountId`).
function accountMove(olds: object): { move: "none" | "renamed" | "another"; was: string; now: string } {
  const current = currentAccountIdentity();
  const stored = olds as { account?: unknown; accountId?: unknown };
  const was = typeof stored.account === "string" ? stored.account : DEFAULT_ACCOUNT;
  const now = current.name ?? DEFAULT_ACCOUNT;
  const same = was === now || (current.id !== undefined && stored.accountId === current.id);
  return { move: same ? "none" : current.aliases.includes(was) ? "renamed" : "another", was, now };
}

// Without the program (`refresh`, `destroy`) the engine hands over the settings the last `up` stored: a failure
// at the address says so. A copy: the client throws its failed check again.
function staleAddressAdvice(error: unknown, props: object, deleting: boolean): unknown {
  // The plugin's delete carries no declaredFields.
  const inState = deleting || Array.isArray((props as { declaredFields?: unknown }).declaredFields) || "monitors" in props;
  const atAddress = error instanceof Error && (error as { atAddress?: unknown }).atAddress === true;
  if (thisRun().programRan || !inState || !addressConfigured() || !atAddress) return error;
  const copy = Object.create(Object.getPrototypeOf(error), Object.getOwnPropertyDescriptors(error)) as Error;
  const said = copy.message.trimEnd();
  copy.message =
    `${said.endsWith(".") ? said : `${said}.`} If ${currentWords().name("baseUrl")} changed since the last \`pulumi up\`, ` +
    `\`pulumi refresh\` and \`pulumi destroy\` still use the address stored then: run them with --run-program.`;
  return copy;
}

/** Answers only once what the call logged has reached the engine (log.ts); `stored`: a read's or delete's state. */
async function delivered<T>(call: () => Promise<T>, stored?: object, deleting = false): Promise<T> {
  try {
    return await call();
  } catch (caught) {
    throw stored ? staleAddressAdvice(caught, stored, deleting) : caught;
  } finally {
    await flushLogs();
  }
}

const refuse = (refusal: string | undefined): void => {
  if (refusal) throw new Error(refusal);
};

const monitorProvider = providerFor<monitor.MonitorInputs, monitor.MonitorOutputs, monitor.MonitorState>({
  kind: "monitor",
  programNames: inputPath(MONITOR),
  check(news, olds) {
    thisRun().declared(news.journalKey);
    const result = monitor.checkMonitor(news);
    const refusal = Object.keys(olds).length === 0 ? creationRefused(news) : undefined;
    if (refusal) result.failures.unshift({ property: "", problem: refusal });
    return result;
  },
  diff(id, olds, news) {
    // The engine holds the monitor it diffs: the journal note has served.
    if (typeof news.journalKey === "string" && !configProblem()) getJournal().confirm(news.journalKey, id);
    thisRun().held(id, olds, news.journalKey);
    const result = monitor.diffMonitor(olds, news);
    if (isUnconfirmed(id, olds) && result.replaces.includes("adoptUuid")) thisRun().adopting(olds, String(news.adoptUuid));
    // Taking a monitor over with adoptUuid creates none.
    if (result.replaces.length > 0 && !result.replaces.includes("adoptUuid"))
      refuse(creationRefused({ name: news.name }, `replacing it (its ${result.replaces.join(", ")} changed)`));
    return result;
  },

  async create(inputs) {
    // `up --replace` creates what no check saw.
    refuse(creationRefused(inputs));
    const { resumed, ...result } = await monitor.createMonitor(getClient(), inputs, getJournal());
    thisRun().created(inputs);
    if (resumed) providerLog.info(`monitor ${JSON.stringify(inputs.name)}: took over ${resumed}, created by an interrupted run`);
    // Where the uuid is found if the run is killed before the save and the journal is lost with its machine.
    else if (!inputs.adoptUuid) providerLog.info(`monitor ${JSON.stringify(inputs.name)}: created ${result.id}`);
    return result;
  },

  read: async (id, props) => (isUnconfirmed(id, props) ? { kind: "kept" } : monitor.readMonitor(getClient(), id, props)),
  update(id, olds, news) {
    thisRun().held(id, olds, news.journalKey);
    return monitor.updateMonitor(getClient(), id, olds, news);
  },

  async delete(id, props) {
    if (isUnconfirmed(id, props)) {
      providerLog.info(
        `monitor ${JSON.stringify(props.name)}: unconfirmed placeholder ${id} ${thisRun().placeholderDropped(id, props)} (no request)`,
      );
      return;
    }
    const onUnsupported = currentSettings().deleteUnsupported ?? "fail";
    await monitor.deleteMonitor(getClient(), id, props.name, { onUnsupported, warn: (m) => providerLog.warn(m) });
    getJournal().forget(id, typeof props.journalKey === "string" ? props.journalKey : undefined);
  },
});

/** Pages and alerts: create takes one over, delete releases it without a request (adopted.ts). */
export const pageProvider = providerFor(page.pages.hosted(getClient, (m) => providerLog.info(m)));
export const alertProvider = providerFor(alert.alerts.hosted(getClient, (m) => providerLog.info(m)));

const fleetContext = (): fleet.FleetContext => ({
  journal: getJournal(),
  concurrency: currentSettings().maxConcurrentRequests,
  onUnsupported: currentSettings().deleteUnsupported ?? "fail",
  info: (m) => providerLog.info(m),
  warn: (m) => providerLog.warn(m),
});

const fleetProvider = providerFor<fleet.FleetInputs, fleet.FleetOutputs>({
  kind: "fleet",
  programNames: inputPath(MONITOR),
  check(news, olds) {
    const result = fleet.checkFleet(news);
    // An update's plan is said by diff.
    if (olds.monitors === undefined && result.failures.length === 0 && !containsUnknown(result.inputs.monitors)) {
      providerLog.info(`monitor fleet: ${fleet.describePlan(fleet.planFleet({ monitors: {} }, result.inputs))}`);
    }
    const before = (olds.monitors ?? {}) as Record<string, unknown>;
    if (typeof result.inputs.monitors === "object") {
      for (const [key, member] of Object.entries(result.inputs.monitors)) {
        const refusal = key in before ? undefined : creationRefused(member ?? {});
        if (refusal) result.failures.unshift({ property: "", member: fleet.memberPath(key), problem: refusal });
      }
    }
    return result;
  },
  diff(_id, olds, news) {
    if (!configProblem()) fleet.confirmHeld(olds, getJournal());
    const plan = fleet.planFleet(olds, news);
    // Members not known yet (a preview) may change.
    const changes = isUnknown(news.monitors) || Object.values(plan).some((members) => members.length > 0);
    // The dynamic host shows a fleet's change as one update: this line says what it does to each member.
    if (changes && !containsUnknown(news.monitors)) providerLog.info(`monitor fleet: ${fleet.describePlan(plan)}`);
    const [replaced] = plan.replace;
    if (replaced) refuse(creationRefused({ name: replaced.key }, `replacing it (its ${replaced.fields.join(", ")} changed)`));
    return { changes, replaces: [], changed: changes ? ["monitors"] : [], detailed: fleet.detailedPlan(plan) };
  },
  async create(inputs) {
    for (const member of Object.values(inputs.monitors)) refuse(creationRefused(member));
    return fleet.createFleet(getClient(), inputs, fleetContext());
  },
  // No members in the state: `pulumi import` through the plugin, the id naming them.
  read: (id, props) =>
    props.monitors === undefined ? fleet.importFleet(getClient(), id) : fleet.readFleet(getClient(), id, props, fleetContext()),
  update: (id, olds, news) => fleet.updateFleet(getClient(), id, olds, news, fleetContext()),
  delete: (_id, props) => fleet.deleteFleet(getClient(), props, fleetContext()),
});

export const providers: Record<ProviderKind, HostedProvider> = {
  monitor: monitorProvider,
  page: pageProvider,
  alert: alertProvider,
  fleet: fleetProvider,
};
