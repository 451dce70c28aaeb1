// The Monitor resource as plain functions over the client; its state and comparison are model/engine.ts's.
import type { UptimeClient } from "./api/client";
import { ReadOutcome, isGone, isUnsupported, readObject, unlessGone } from "./gone";
import type { ApiError } from "./api/errors";
import type { MonitorRecord } from "./model/records";
import * as engine from "./model/engine";
import type { BodyOf, OutputsOf } from "./model/field";
import { MONITOR } from "./model/monitor";
import { containsUnknown } from "./model/values";
import type { MonitorInputs } from "./validation/monitor";
import { equalAsSets } from "./compare";
import type { Notes } from "./journal";
import { UnconfirmedOutputs, createJournaled, isUnconfirmed, replaceCommand, stillUnconfirmedError } from "./monitor-safety";

export type { MonitorInputs } from "./validation/monitor";
export { checkMonitorArgs as checkMonitor } from "./validation/monitor";
export type MonitorOutputs = OutputsOf<typeof MONITOR, MonitorRecord>;
export type MonitorState = MonitorOutputs | UnconfirmedOutputs;

export const monitorOutputs = (record: MonitorRecord, inputs: Partial<MonitorInputs>): MonitorOutputs =>
  engine.outputsFromRecord(MONITOR, record, engine.declaredPaths(MONITOR, inputs), inputs);

/** POST (with alerts) or PATCH (without; removed fields as null). */
export const monitorRequestBody = (
  inputs: Partial<MonitorInputs>,
  options: { forEdit: boolean; removed?: string[] },
): BodyOf<typeof MONITOR> => engine.requestBody(MONITOR, inputs, options);

/** A change of alerts replaces the monitor: the API cannot edit them. */
export function diffMonitor(olds: MonitorState, news: Partial<MonitorInputs>): { changes: boolean; replaces: string[]; changed: string[] } {
  if ("unconfirmed" in olds && olds.unconfirmed === true) {
    // adoptUuid takes the real monitor over (a replacement); anything else goes to update(), which stops with the way out.
    const adopt = typeof news.adoptUuid === "string" && !containsUnknown(news.adoptUuid);
    return { changes: true, replaces: adopt ? ["adoptUuid"] : [], changed: adopt ? ["adoptUuid"] : [] };
  }
  const changed = engine.changedFields(MONITOR, olds, news);
  const replaces = changed.filter((f) => f === "alerts");
  if (replaces.length > 0 && typeof news.adoptUuid === "string" && "uuid" in olds && news.adoptUuid === olds.uuid) {
    throw new Error(
      `monitor ${JSON.stringify(news.name)}: its alerts changed, so it must be replaced, but adoptUuid still names this ` +
        `monitor (${news.adoptUuid}): the replacement would take it over and the old one's deletion would then remove it. ` +
        `adoptUuid only matters when the resource is created: remove adoptUuid and run again.`,
    );
  }
  return { changes: changed.length > 0, replaces, changed };
}

function editMonitor<G>(client: UptimeClient, uuid: string, inputs: MonitorInputs, removed: string[], ifGone: (error: ApiError) => G) {
  return unlessGone(client, () => client.monitors.update(uuid, monitorRequestBody(inputs, { forEdit: true, removed })), ifGone);
}

/** Its alerts must already be the declared ones. */
async function adoptMonitor(client: UptimeClient, uuid: string, inputs: MonitorInputs): Promise<{ id: string; outs: MonitorOutputs }> {
  const record = await editMonitor(client, uuid, inputs, [], (error) => {
    throw new Error(
      `monitor ${JSON.stringify(inputs.name)}: adoptUuid ${JSON.stringify(uuid)}: the service has no monitor with this uuid, ` +
        `so nothing was taken over. Check the uuid in the service's dashboard, or remove adoptUuid to create a new monitor.`,
      { cause: error },
    );
  });
  const outs = monitorOutputs(record, inputs);
  if (inputs.alerts !== undefined && !equalAsSets(record.alerts ?? [], inputs.alerts)) {
    throw Object.assign(
      new Error(
        `monitor ${JSON.stringify(inputs.name)}: adopted ${uuid}, but its alerts ${JSON.stringify(record.alerts ?? [])} ` +
          `differ from the declared ${JSON.stringify(inputs.alerts)} and the API cannot edit a monitor's alerts. ` +
          `Declare the alerts it has, or remove adoptUuid to create a new monitor with these alerts.`,
      ),
      { id: record.uuid, properties: outs, reasons: ["alerts differ from the declared ones"] },
    );
  }
  return { id: record.uuid, outs };
}

// What an interrupted run created, edited to the declared state; one with other alerts is deleted (no edit
// can fix them, and it belongs to no stack).
async function resumeCreate(client: UptimeClient, uuid: string, inputs: MonitorInputs): Promise<MonitorRecord | undefined> {
  const record = await editMonitor(client, uuid, inputs, [], () => undefined);
  if (!record || equalAsSets(record.alerts ?? [], inputs.alerts ?? [])) return record;
  await deleteMonitor(client, uuid, inputs.name, { onUnsupported: "fail" });
  return undefined;
}

export async function createMonitor(
  client: UptimeClient,
  inputs: MonitorInputs,
  journal?: Notes,
): Promise<{ id: string; outs: MonitorOutputs; resumed?: string }> {
  if (inputs.adoptUuid) return adoptMonitor(client, inputs.adoptUuid, inputs);
  const { record, resumed } = await createJournaled(
    journal,
    inputs.journalKey,
    { name: inputs.name, declared: engine.declaredPaths(MONITOR, inputs) },
    {
      resume: (uuid) => resumeCreate(client, uuid, inputs),
      verify: () => client.verifyBaseUrl(),
      post: (progress) => client.monitors.create(monitorRequestBody(inputs, { forEdit: false }), progress),
    },
  );
  return { id: record.uuid, outs: monitorOutputs(record, inputs), ...(resumed ? { resumed } : {}) };
}

export async function updateMonitor(
  client: UptimeClient,
  id: string,
  olds: MonitorState,
  news: MonitorInputs,
  goneError: (cause: unknown) => Error = (cause) => goneOnUpdateError(news.name, id, news.journalKey ?? olds.journalKey, cause),
): Promise<{ outs: MonitorOutputs }> {
  if (isUnconfirmed(id, olds)) throw stillUnconfirmedError(news.name, { urn: news.journalKey ?? olds.journalKey });
  const record = await editMonitor(client, id, news, engine.removedFields(olds, news), (error) => {
    throw goneError(error);
  });
  return { outs: monitorOutputs(record, news) };
}

function goneOnUpdateError(name: unknown, id: string, urn: unknown, cause: unknown): Error {
  return new Error(
    `monitor ${JSON.stringify(name)} (${id}): the service has no such monitor any more (it was deleted outside ` +
      `Pulumi), so nothing was sent. Run ${replaceCommand(urn, "<its URN>")} to create it again.`,
    { cause },
  );
}

export async function readMonitor(
  client: UptimeClient,
  id: string,
  props: MonitorOutputs,
): Promise<ReadOutcome<MonitorInputs, MonitorOutputs>> {
  const read = await readObject(client, () => client.monitors.get(id));
  if (read.kind !== "found") return read;
  const { record } = read;
  // The provider's own inputs (adoptUuid, journalKey) kept: else every refresh would differ from the program.
  const inputs = engine.inputsFromRecord(MONITOR, record, props);
  const outs = monitorOutputs(record, inputs);
  if (Array.isArray(props.declaredFields) && props.declaredFields.length > 0) outs.declaredFields = props.declaredFields;
  return { kind: "found", id: record.uuid, props: outs, inputs };
}

export type OnUnsupportedDelete = "fail" | "leave";

/** A proven 404/410 is already gone. Nothing leaves the stack without a word. */
export async function deleteMonitor(
  client: UptimeClient,
  id: string,
  name: unknown,
  options: { onUnsupported: OnUnsupportedDelete; warn?: (message: string) => void } = { onUnsupported: "fail" },
): Promise<void> {
  try {
    await client.monitors.delete(id);
  } catch (error) {
    if (await isGone(client, error)) return;
    if (!isUnsupported(error)) throw error;
    const what = `monitor ${JSON.stringify(name)} (${id})`;
    const why = `the service does not allow deleting monitors through the API (DELETE answered ${error.status})`;
    if (options.onUnsupported === "leave") {
      options.warn?.(
        `${what} is left in the service, still checking and alerting, and is no longer in the stack: ${why}, and ` +
          `${client.names.withEnv("deleteUnsupported")} is "leave". Delete it in the service's dashboard if it should go.`,
      );
      return;
    }
    throw new Error(
      `${what}: ${why}; nothing was deleted, and it is still in the service. To drop it from the stack and leave it in ` +
        `the service, run the same command again with UPTIME_DELETE_UNSUPPORTED=leave in the environment (a warning names ` +
        `each monitor left; delete it in the dashboard if it should go). To make that the rule, ` +
        `${client.names.rule("deleteUnsupported", "leave")}.`,
      { cause: error },
    );
  }
}
