// The dynamic-provider objects the SDK's shims call into. Each method is a thin wrapper over the
// plain functions of its resource; configuration and the client are per process (session.ts).
import type * as pulumi from "@pulumi/pulumi";
import {
  CheckResult,
  EngineFailure,
  SCHEMA_NAMES,
  engineFailure,
  printedPlainly,
  show,
  type CheckFailure,
  type FieldNames,
} from "./model/values";
import { inputPath, type Untyped } from "./model/engine";
import type { UptimeClient } from "./api/client";
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

/** A diff's changes by property path, for the provider plugin's detailed diff (a fleet's members; others use `changed`). */
type DetailedDiff = Record<string, "add" | "update" | "delete">;
/** A diff's answer: `changed` (the fields that differ) is for the provider plugin's detailed diff; the dynamic host reads the rest. */
type DiffAnswer = pulumi.dynamic.DiffResult & { changed: string[]; detailed?: DetailedDiff };

/** A program's arguments as the engine hands them to check(). */
type ProgramArgs = Record<string, unknown>;
/** What the engine adds to every input and output of a dynamic resource: the serialized provider. */
type WithProvider = { __provider?: unknown };

/**
 * A create or update error that carries an `id` makes the engine keep the resource in the stack with
 * the error's `properties` as its outputs. They get what a result's outputs get: the host's `__provider`
 * (without it no later read, update or delete of the resource could run) and the account (without it the
 * next diff would take the resource for another account's, and replace it).
 */
function keptLikeOutputs(inputs: WithProvider): (error: unknown) => never {
  return (error) => {
    if (error && typeof error === "object" && "id" in error && error.id) {
      const properties = "properties" in error && error.properties && typeof error.properties === "object" ? error.properties : {};
      Object.assign(error, { properties: withAccount({ ...properties, __provider: inputs.__provider }) });
    }
    throw error;
  };
}

/**
 * The failures as the engine gets them, in the face's names: the configuration's problem first, and a
 * property named only where the engine prints its value plainly (values.ts printedPlainly; the reason
 * names the field or the setting in any case).
 */
function forEngine(failures: CheckFailure[], news: ProgramArgs, problem: ConfigError | undefined, names: FieldNames): EngineFailure[] {
  const all = [
    // A setting is no input of the resource: the engine would print `uptime:apiKey value {<nil>}`.
    ...(problem ? [{ property: "", reason: problem.message }] : []),
    ...failures.map((f) => engineFailure(f, names)),
  ];
  return all.map((f) => (printedPlainly(news[f.property]) ? f : { property: "", reason: f.reason }));
}

/**
 * A read's answer. The SDK types a read's `inputs` as its outputs; they are the resource's inputs as
 * check() would give them, which a later diff compares with the program's.
 */
type ReadResult<I, O> = { id?: string; props?: O; inputs?: I; unreadable?: number };

type ReadOutcome<I, O> =
  { kind: "found"; id: string; props: O; inputs: I } | { kind: "kept" } | { kind: "gone" } | { kind: "unsupported"; status: number };

/**
 * What a resource kind does: its plain functions, which the factory below wraps for the engine. `I`
 * is its checked inputs, `O` its outputs, `S` what its state may hold (a monitor's placeholder too).
 */
interface ResourceOperations<I extends object, O extends object, S extends object = O> {
  kind: ProviderKind;
  /** How a program names the fields (a monitor's `target` is its `urn`); the table's names by default. */
  programNames?: FieldNames;
  /** `olds` are the inputs last applied: empty for a resource the engine is about to create. */
  check(news: ProgramArgs, olds: ProgramArgs): Promise<CheckResult<I>> | CheckResult<I>;
  diff(id: string, olds: S, news: I): { changes: boolean; replaces: string[]; changed: string[]; detailed?: DetailedDiff };
  create(inputs: I & WithProvider): Promise<{ id: string; outs: O }>;
  read(id: string, props: S): Promise<ReadOutcome<I, O>>;
  update(id: string, olds: S, news: I & WithProvider): Promise<{ outs: O }>;
  delete(id: string, props: S): Promise<void>;
}

/**
 * A dynamic-provider object over a kind's operations: the configuration's problem and long values
 * handled in check, warnings logged, a read the service refuses kept as last applied (one warning
 * per kind and run), and "gone" told to the engine as a blank id.
 */
function providerFor<I extends object, O extends object, S extends object = O>(ops: ResourceOperations<I, O, S>) {
  return {
    configure: async (req: ConfigureRequest) => configure(req),

    /** `names`: the face's names for the failures' fields; a program's by default (the dynamic-provider host's). */
    check: (
      olds: ProgramArgs | undefined,
      news: ProgramArgs,
      names: FieldNames = ops.programNames ?? SCHEMA_NAMES,
    ): Promise<pulumi.dynamic.CheckResult<I>> =>
      delivered(async () => {
        thisRun().programRan = true;
        const result = await ops.check(news, olds ?? {});
        for (const warning of result.warnings) providerLog.warn(`${ops.kind} ${show(news.name)}: ${warning}`);
        // The account is proven (one GET per process) for a resource whose own inputs are right: bad input is
        // refused before any request.
        const problem = configProblem() ?? (result.failures.length === 0 ? await accountProblem() : undefined);
        return { inputs: withAccount(result.inputs), failures: forEngine(result.failures, news, problem, names) };
      }),

    diff: (id: string, olds: S & WithProvider, news: I & WithProvider): Promise<DiffAnswer> =>
      delivered(async () => {
        const { changes, replaces, changed, detailed } = ops.diff(id, olds, news);
        const { move, was, now } = accountMove(olds);
        // Another account holds another object: moving a resource to it replaces it, as the preview says.
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
        // Its Account renamed with `aliases`: the same account, whose new name the state takes (an update with no request).
        if (move === "renamed") return { changes: true, replaces, deleteBeforeReplace: false, changed: [...changed, "account"] };
        return { changes, replaces, deleteBeforeReplace: false, changed, ...(detailed ? { detailed } : {}) };
      }),

    create: (inputs: I & WithProvider): Promise<pulumi.dynamic.CreateResult<O>> =>
      delivered(async () => {
        const result = await ops.create(inputs).catch(keptLikeOutputs(inputs));
        return { ...result, outs: withAccount(result.outs) };
      }),

    read: (id: string, props: S & WithProvider): Promise<ReadResult<I, S | O>> =>
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
          // The status, for a read that must see the object (the plugin's `pulumi import`); the dynamic host ignores it.
          return { id, props, unreadable: outcome.status };
        }
        return { id: outcome.id, props: withAccount(outcome.props), inputs: withAccount(outcome.inputs) };
      }, props),

    update: (id: string, olds: S & WithProvider, news: I & WithProvider): Promise<pulumi.dynamic.UpdateResult<O>> =>
      delivered(async () => {
        // Only the account's name changed (a rename with `aliases`): the state takes it, the service is not asked.
        if (accountMove(olds).move === "renamed" && !ops.diff(id, olds, news).changes) {
          const { __provider: _provider, ...outs } = olds;
          return { outs: withAccount(outs as unknown as O) };
        }
        const result = await ops.update(id, olds, news).catch(keptLikeOutputs(news));
        return { ...result, outs: withAccount(result.outs) };
      }),
    delete: (id: string, props: S & WithProvider): Promise<void> => delivered(() => ops.delete(id, props), props, true),
  };
}

/**
 * The account a resource belongs to, kept in its inputs and outputs: an Account's name (sdk/account.ts),
 * or nothing for the stack's own settings, so that a state made before accounts existed is unchanged.
 */
function withAccount<T>(values: T): T {
  const { name: account, id } = currentAccountIdentity();
  if (values === undefined || values === null || typeof values !== "object") return values;
  const { account: _previous, accountId: _previousId, ...rest } = values as Record<string, unknown>;
  if (account === undefined || account === DEFAULT_ACCOUNT) return rest as T;
  return { ...rest, account, ...(id ? { accountId: id } : {}) } as T;
}

/** An Account named "default" is the stack's own settings given in code: its resources are the default account's. */
const DEFAULT_ACCOUNT = "default";
const accountOf = (values: object): string => {
  const account = (values as { account?: unknown }).account;
  return typeof account === "string" ? account : DEFAULT_ACCOUNT;
};

/**
 * Whether a resource stored as `olds` stays in the account this process serves (`was` and `now` name both). A name is
 * an account's identity, and a rename with Pulumi's `aliases` keeps it: an Account passes the names it was renamed from
 * (sdk/account.ts), and the plugin's explicit provider keeps its engine id (stored as `accountId`), which an aliased rename keeps.
 */
function accountMove(olds: object): { move: "none" | "renamed" | "another"; was: string; now: string } {
  const current = currentAccountIdentity();
  const was = accountOf(olds);
  const now = current.name ?? DEFAULT_ACCOUNT;
  const storedId = (olds as { accountId?: unknown }).accountId;
  const same = was === now || (current.id !== undefined && storedId === current.id);
  return { move: same ? "none" : current.aliases.includes(was) ? "renamed" : "another", was, now };
}

/**
 * A failure at the address, in a read or delete of a resource in the state, when the program did not run
 * (`pulumi refresh`, `pulumi destroy`): the engine then hands the provider the settings the last `up`
 * stored, so an address changed in the configuration since is not the one used. The failure says so
 * (a changed key has its own advice, on the 401: api/errors.ts). A copy: the client keeps and throws
 * its failed address check again (api/client.ts verifyBaseUrl), and it must not carry this elsewhere.
 */
function staleAddressAdvice(error: unknown, props: object, deleting: boolean): unknown {
  // A delete's object is always in the state (the plugin's carries no declaredFields); a read's, when it has them.
  const inState = deleting || Array.isArray((props as { declaredFields?: unknown }).declaredFields) || "monitors" in props;
  if (thisRun().programRan || !inState || !addressConfigured() || !atAddress(error)) return error;
  const copy = Object.create(Object.getPrototypeOf(error), Object.getOwnPropertyDescriptors(error)) as Error;
  const said = copy.message.trimEnd();
  copy.message =
    `${said.endsWith(".") ? said : `${said}.`} If ${currentWords().name("baseUrl")} changed since the last \`pulumi up\`, ` +
    `\`pulumi refresh\` and \`pulumi destroy\` still use the address stored then: run them with --run-program.`;
  return copy;
}

/** A failure at the address: the client's (api/errors.ts UptimeError), or a fleet's whose members failed there (fleet.ts). */
const atAddress = (error: unknown): error is Error => error instanceof Error && (error as { atAddress?: unknown }).atAddress === true;

/**
 * Runs a provider call and answers only once what it logged has reached the engine (log.ts flushLogs), whether it
 * succeeds or fails; `stored`, the state a read or delete works on (see staleAddressAdvice).
 */
async function delivered<T>(call: () => Promise<T>, stored?: object, deleting = false): Promise<T> {
  try {
    return await call();
  } catch (caught) {
    throw stored ? staleAddressAdvice(caught, stored, deleting) : caught;
  } finally {
    await flushLogs();
  }
}

const monitorProvider = providerFor<monitor.MonitorInputs, monitor.MonitorOutputs, monitor.MonitorState>({
  kind: "monitor",
  programNames: inputPath(MONITOR),
  check(news, olds) {
    thisRun().declared(news.journalKey);
    const result = monitor.checkMonitor(news);
    // A monitor about to be created (no inputs applied before): see monitor-safety.ts.
    const refusal = Object.keys(olds).length === 0 ? creationRefused(news) : undefined;
    if (refusal) result.failures.unshift({ property: "", problem: refusal });
    return result;
  },
  diff(id, olds, news) {
    // The engine holds the monitor it asks to diff: a journal note of its creation is no longer needed.
    if (typeof news.journalKey === "string" && !configProblem()) getJournal().confirm(news.journalKey, id);
    thisRun().held(id, olds, news.journalKey);
    const result = monitor.diffMonitor(olds, news);
    if (isUnconfirmed(id, olds) && result.replaces.includes("adoptUuid")) thisRun().adopting(olds, String(news.adoptUuid));
    // A replacement creates a monitor (see monitor-safety.ts); taking one over with adoptUuid does not.
    const replacing = result.replaces.length > 0 && !result.replaces.includes("adoptUuid");
    const refusal = replacing
      ? creationRefused({ name: news.name }, `replacing it (its ${result.replaces.join(", ")} changed)`)
      : undefined;
    if (refusal) throw new Error(refusal);
    return result;
  },

  async create(inputs) {
    // The last word before a POST: a creation the preview did not see (`up --replace`) is refused too.
    const refusal = creationRefused(inputs);
    if (refusal) throw new Error(refusal);
    const { resumed, ...result } = await monitor.createMonitor(getClient(), inputs, getJournal());
    thisRun().created(inputs);
    if (resumed) providerLog.info(`monitor ${JSON.stringify(inputs.name)}: took over ${resumed}, created by an interrupted run`);
    // In the run's output as soon as the service answers: if the run is then killed before Pulumi saves the
    // stack, and the journal is lost with its machine (a CI runner), this line is where the uuid is found.
    else if (!inputs.adoptUuid) providerLog.info(`monitor ${JSON.stringify(inputs.name)}: created ${result.id}`);
    return result;
  },

  // A placeholder has nothing to read: it stays as it is until the user says what it is.
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

/**
 * Pages and alerts cannot be created or deleted through the API: create takes an existing one over
 * (by its uuid) and delete releases it from the stack without a request (adopted.ts).
 */
function adoptedProvider<I extends object, O extends object>(kind: {
  kind: ProviderKind;
  check(news: ProgramArgs): CheckResult<I> | Promise<CheckResult<I>>;
  diff(olds: O, news: I): { changes: boolean; replaces: string[]; changed: string[] };
  create(client: UptimeClient, inputs: I): Promise<{ id: string; outs: O }>;
  read(client: UptimeClient, id: string, props: O): Promise<ReadOutcome<I, O>>;
  update(client: UptimeClient, id: string, olds: O, news: I): Promise<{ outs: O }>;
  releaseMessage(id: string, props: object): string;
}) {
  return providerFor<I, O>({
    kind: kind.kind,
    check: (news) => kind.check(news),
    diff: (_id, olds, news) => kind.diff(olds, news),
    create: (inputs) => kind.create(getClient(), inputs),
    read: (id, props) => kind.read(getClient(), id, props),
    update: (id, olds, news) => kind.update(getClient(), id, olds, news),
    delete: async (id, props) => providerLog.info(kind.releaseMessage(id, props)),
  });
}

export const pageProvider = adoptedProvider(page.pages);
export const alertProvider = adoptedProvider(alert.alerts);

/** Who runs a fleet's operations: the journal, what a refused DELETE does, the log. */
const fleetContext = (): fleet.FleetContext => ({
  journal: getJournal(),
  concurrency: currentSettings().maxConcurrentRequests,
  onUnsupported: currentSettings().deleteUnsupported ?? "fail",
  info: (m) => providerLog.info(m),
  warn: (m) => providerLog.warn(m),
});

/** Monitors as one resource (fleet.ts): each member's requests through the same client and journal as a Monitor's. */
const fleetProvider = providerFor<fleet.FleetInputs, fleet.FleetOutputs>({
  kind: "fleet",
  programNames: inputPath(MONITOR),
  check(news, olds) {
    const result = fleet.checkFleet(news);
    // A fleet about to be created: what it creates (an update's plan is said by diff).
    if (olds.monitors === undefined && result.failures.length === 0 && !fleet.fleetUnknown(result.inputs)) {
      providerLog.info(`monitor fleet: ${fleet.describePlan(fleet.planFleet({ monitors: {} }, result.inputs))}`);
    }
    // Members about to be created: see monitor-safety.ts.
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
    // The engine holds the members it asks to diff: their journal notes are no longer needed.
    if (!configProblem()) fleet.confirmHeld(olds, getJournal());
    const plan = fleet.planFleet(olds, news);
    const changes = fleet.planChanges(plan, news);
    // The dynamic host shows a fleet's change as one update: this line says what it does to each member.
    if (changes && !fleet.fleetUnknown(news)) providerLog.info(`monitor fleet: ${fleet.describePlan(plan)}`);
    const [replaced] = plan.replace;
    const refusal = replaced && creationRefused({ name: replaced.key }, `replacing it (its ${replaced.fields.join(", ")} changed)`);
    if (refusal) throw new Error(refusal);
    return { changes, replaces: [], changed: changes ? ["monitors"] : [], detailed: fleet.detailedPlan(plan) };
  },
  async create(inputs) {
    const refusal = Object.values(inputs.monitors)
      .map((m) => creationRefused(m))
      .find(Boolean);
    if (refusal) throw new Error(refusal);
    return fleet.createFleet(getClient(), inputs, fleetContext());
  },
  // No members in the state: `pulumi import` through the plugin, the id naming them.
  read: (id, props) =>
    props.monitors === undefined ? fleet.importFleet(getClient(), id) : fleet.readFleet(getClient(), id, props, fleetContext()),
  update: (id, olds, news) => fleet.updateFleet(getClient(), id, olds, news, fleetContext()),
  delete: (_id, props) => fleet.deleteFleet(getClient(), props, fleetContext()),
});

/**
 * The provider objects as their two hosts call them: with the engine's values, untyped. Pulumi's
 * dynamic-provider host hands over what check() returned before, and so does the plugin (plugin/server.ts).
 */
export interface HostedProvider {
  check(olds: Untyped | undefined, news: Untyped, names?: FieldNames): Promise<{ inputs?: Untyped; failures?: EngineFailure[] }>;
  diff(id: string, olds: Untyped, news: Untyped): Promise<DiffAnswer>;
  create(inputs: Untyped): Promise<{ id: string; outs?: Untyped }>;
  read(id: string, props: Untyped): Promise<ReadResult<Untyped, Untyped>>;
  update(id: string, olds: Untyped, news: Untyped): Promise<{ outs?: Untyped }>;
  delete(id: string, props: Untyped): Promise<void>;
}

export const providers: Record<ProviderKind, HostedProvider & { configure(req: ConfigureRequest): Promise<void> }> = {
  monitor: monitorProvider,
  page: pageProvider,
  alert: alertProvider,
  fleet: fleetProvider,
};
