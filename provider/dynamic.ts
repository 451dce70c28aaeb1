// The dynamic-provider objects the SDK's shims call into. Each method is a thin wrapper over the
// plain functions of its resource; configuration and the client are per process (session.ts).
import type * as pulumi from "@pulumi/pulumi";
import { CheckFailure, show } from "./inputs/common";
import { ConfigureRequest, configProblem, configure, currentSettings, getClient, getJournal } from "./session";
import { isUnconfirmed, unconfirmedDeleteError } from "./monitor-unconfirmed";
import { providerLog, warnOnce } from "./log";
import * as monitor from "./monitor";
import * as page from "./page";
import * as alert from "./alert";

type Inputs = Record<string, unknown>;

/**
 * A create error that carries an `id` makes the engine keep the resource in the stack with the
 * error's `properties` as its outputs. The host does not add `__provider` to those as it does to a
 * result's outputs, and without it no later read, update or delete of the resource could run.
 */
function keepProvider(inputs: Inputs): (error: unknown) => never {
  return (error) => {
    const e = error as { id?: unknown; properties?: Inputs };
    if (e && typeof e === "object" && e.id) e.properties = { ...e.properties, __provider: inputs.__provider };
    throw error;
  };
}

/**
 * The failures as the engine gets them: the configuration's problem first, and no property named
 * for a long value, since the engine prints a named property's whole value beside the reason (which
 * names the field already): a 100,000-character input would be printed, twice.
 */
function forEngine(failures: CheckFailure[], news: Inputs): CheckFailure[] {
  const problem = configProblem();
  const all = problem ? [{ property: "uptime:apiKey", reason: problem }, ...failures] : failures;
  return all.map((f) => {
    const value = news[f.property.split(/[.[]/)[0]];
    const shown = typeof value === "string" ? value : JSON.stringify(value) ?? "";
    return shown.length > LONGEST_VALUE_SHOWN ? { property: "", reason: f.reason } : f;
  });
}

/** Longer input values are not handed to the engine to print. */
const LONGEST_VALUE_SHOWN = 120;

function unsupportedReadWarning(kind: string, status: number): string {
  return (
    `the service answered ${status} to reading a ${kind}: refresh cannot see changes made outside Pulumi, ` +
    `so the ${kind}s' state is kept as last applied`
  );
}

/** Monitors created or taken over by this provider process, i.e. in this run, by URN (journalKey) and by name. */
const createdThisRun = new Set<string>();
/** A placeholder is matched by its URN; one from a state that did not keep the URN, by its name. */
const identityOf = (props: Inputs): string =>
  typeof props.journalKey === "string" ? `key:${props.journalKey}` : `name:${String(props.name)}`;

export const monitorProvider = {
  configure: async (req: ConfigureRequest) => configure(req),

  async check(_olds: Inputs, news: Inputs): Promise<pulumi.dynamic.CheckResult> {
    const result = monitor.checkMonitor(news);
    for (const warning of result.warnings) providerLog.warn(`monitor ${show(news.name)}: ${warning}`);
    return { inputs: result.inputs, failures: forEngine(result.failures, news) };
  },

  async diff(id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.DiffResult> {
    // The engine holds this monitor: a journal note of its creation is no longer needed.
    if (typeof news.journalKey === "string" && !configProblem()) getJournal().confirm(news.journalKey, id);
    const { changes, replaces } = monitor.diffMonitor(olds, news);
    return { changes, replaces, deleteBeforeReplace: false };
  },

  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult> {
    const { resumed, ...result } = await monitor.createMonitor(getClient(), inputs, getJournal()).catch(keepProvider(inputs));
    createdThisRun.add(`name:${String(inputs.name)}`);
    if (typeof inputs.journalKey === "string") createdThisRun.add(`key:${inputs.journalKey}`);
    if (resumed) {
      providerLog.info(`monitor ${JSON.stringify(inputs.name)}: took over ${resumed}, created by an interrupted run`);
    }
    return result;
  },

  async read(id: string, props: Inputs): Promise<pulumi.dynamic.ReadResult> {
    if (isUnconfirmed(id, props)) return { id, props };
    const outcome = await monitor.readMonitor(getClient(), id, props);
    if (outcome.kind === "gone") return { id: "" };
    if (outcome.kind === "unsupported") {
      warnOnce("read-monitor", unsupportedReadWarning("monitor", outcome.status));
      return { id, props };
    }
    return { id: outcome.id, props: outcome.props, inputs: outcome.inputs } as pulumi.dynamic.ReadResult;
  },

  async update(id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult> {
    return monitor.updateMonitor(getClient(), id, olds, news);
  },

  async delete(id: string, props: Inputs): Promise<void> {
    if (isUnconfirmed(id, props)) {
      // Replaced in this run (taken over with adoptUuid, or created anew by `up --replace`): the placeholder has served.
      if (!createdThisRun.has(identityOf(props))) throw unconfirmedDeleteError(props.name, props.journalKey);
      providerLog.info(`monitor ${JSON.stringify(props.name)}: unconfirmed placeholder ${id} dropped from the stack, replaced by the monitor created or taken over in this run (no request)`);
      return;
    }
    const onUnsupported = currentSettings().deleteUnsupported ?? "fail";
    await monitor.deleteMonitor(getClient(), id, props.name, { onUnsupported, warn: (m) => providerLog.warn(m) });
    getJournal().forget(id, typeof props.journalKey === "string" ? props.journalKey : undefined);
  },
};

// Pages and alerts cannot be created or deleted through the API: create takes an existing one over
// (by its uuid) and delete releases it from the stack without a request.
export const pageProvider = {
  configure: async (req: ConfigureRequest) => configure(req),

  async check(_olds: Inputs, news: Inputs): Promise<pulumi.dynamic.CheckResult> {
    const result = await page.checkPage(news);
    return { inputs: result.inputs, failures: forEngine(result.failures, news) };
  },

  async diff(_id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.DiffResult> {
    const { changes, replaces } = page.diffPage(olds, news);
    return { changes, replaces, deleteBeforeReplace: false };
  },

  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult> {
    return page.createPage(getClient(), inputs);
  },

  async read(id: string, props: Inputs): Promise<pulumi.dynamic.ReadResult> {
    const outcome = await page.readPage(getClient(), id, props);
    if (outcome.kind === "gone") return { id: "" };
    if (outcome.kind === "unsupported") {
      warnOnce("read-page", unsupportedReadWarning("page", outcome.status));
      return { id, props };
    }
    return { id: outcome.id, props: outcome.props, inputs: outcome.inputs } as pulumi.dynamic.ReadResult;
  },

  async update(id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult> {
    return page.updatePage(getClient(), id, olds, news);
  },

  async delete(id: string, props: Inputs): Promise<void> {
    providerLog.info(page.releaseMessage(id, props));
  },
};

export const alertProvider = {
  configure: async (req: ConfigureRequest) => configure(req),

  async check(_olds: Inputs, news: Inputs): Promise<pulumi.dynamic.CheckResult> {
    const result = alert.checkAlert(news);
    return { inputs: result.inputs, failures: forEngine(result.failures, news) };
  },

  async diff(_id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.DiffResult> {
    const { changes, replaces } = alert.diffAlert(olds, news);
    return { changes, replaces, deleteBeforeReplace: false };
  },

  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult> {
    return alert.createAlert(getClient(), inputs);
  },

  async read(id: string, props: Inputs): Promise<pulumi.dynamic.ReadResult> {
    const outcome = await alert.readAlert(getClient(), id, props);
    if (outcome.kind === "gone") return { id: "" };
    if (outcome.kind === "unsupported") {
      warnOnce("read-alert", unsupportedReadWarning("alert", outcome.status));
      return { id, props };
    }
    return { id: outcome.id, props: outcome.props, inputs: outcome.inputs } as pulumi.dynamic.ReadResult;
  },

  async update(id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult> {
    return alert.updateAlert(getClient(), id, olds, news);
  },

  async delete(id: string, props: Inputs): Promise<void> {
    providerLog.info(alert.releaseMessage(id, props));
  },
};

export const providers = { monitor: monitorProvider, page: pageProvider, alert: alertProvider } as const;
export type ProviderKind = keyof typeof providers;
