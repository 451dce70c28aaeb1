// A monitor whose creation may or may not have happened: the POST reached the service (or may
// have) but no answer came back, so the uuid is unknown and the API cannot look monitors up by
// name. Rather than risk a silent duplicate on the next `pulumi up`, the resource is recorded in the
// stack under a placeholder id and every later operation stops with the way out, until the user
// says which it is: `adoptUuid` (it exists: take it over) or `pulumi up --replace` (it does not).
import { randomUUID } from "node:crypto";

export const UNCONFIRMED_PREFIX = "unconfirmed-";

/** What the state holds for a placeholder: no uuid, only what names it and what the program declared. */
export type UnconfirmedOutputs = {
  unconfirmed: true;
  name: unknown;
  declaredFields: string[];
  journalKey?: string;
};

/** A placeholder: by its id, or by its state (a state whose id the engine kept from an older run). */
export function isUnconfirmed(id: string, props: object): props is UnconfirmedOutputs {
  return id.startsWith(UNCONFIRMED_PREFIX) || ("unconfirmed" in props && props.unconfirmed === true);
}

/** The resource's URN as the SDK handed it over (its journal key), quoted for a shell; a placeholder when unknown. */
function quotedUrn(urn: unknown): string {
  return typeof urn === "string" && urn.startsWith("urn:") ? `'${urn}'` : "<this resource's URN>";
}

function urnHint(urn: unknown): string {
  return typeof urn === "string" && urn.startsWith("urn:") ? "" : " (`pulumi stack --show-urns` lists them)";
}

export function unconfirmedGuidance(name: unknown, urn?: unknown): string {
  const n = JSON.stringify(name);
  return (
    `Look in the service's dashboard for a monitor named ${n}. If it exists, set \`adoptUuid: "<its uuid>"\` on ` +
    `this resource and run \`pulumi up\`: it is taken over. If it does not, run \`pulumi up --replace ${quotedUrn(urn)}\`` +
    `${urnHint(urn)}: a new one is created.`
  );
}

/**
 * The error create() throws for an unconfirmed creation. Its `id` and `properties` make the engine
 * keep the resource in the stack (as a resource that failed to initialize) under a placeholder id.
 */
export function unconfirmedCreateError(name: unknown, what: string, declaredFields: string[], urn?: unknown, cause?: unknown): Error {
  const message =
    `monitor ${JSON.stringify(name)}: ${what}. The service may have created the monitor, and the API offers no ` +
    `way to look it up by name, so the resource is kept in the stack as unconfirmed instead of risking a ` +
    `duplicate. ${unconfirmedGuidance(name, urn)}`;
  const properties: UnconfirmedOutputs = { unconfirmed: true, name, declaredFields };
  if (typeof urn === "string") properties.journalKey = urn;
  return Object.assign(new Error(message, { cause }), {
    id: `${UNCONFIRMED_PREFIX}${randomUUID()}`,
    properties,
    // The engine prints the reasons (not the message) of a resource that failed to initialize.
    reasons: [message],
  });
}

export function stillUnconfirmedError(name: unknown, urn?: unknown): Error {
  return new Error(
    `monitor ${JSON.stringify(name)}: its creation was never confirmed (an earlier \`pulumi up\` lost the answer), ` +
      `so nothing is sent until you say whether it exists. ${unconfirmedGuidance(name, urn)}`,
  );
}

/** The environment variable by which a user drops named placeholders from the stack (see unconfirmedDeleteError). */
export const DROP_UNCONFIRMED_ENV = "UPTIME_DROP_UNCONFIRMED";

/** Whether the user named this placeholder in UPTIME_DROP_UNCONFIRMED (ids separated by commas or spaces). */
export function dropRequested(id: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env[DROP_UNCONFIRMED_ENV] ?? "").split(/[\s,]+/).includes(id);
}

/**
 * The error delete() throws for a placeholder that nothing in this run shows replaced (a destroy, or
 * the resource removed from the program): the monitor may exist and keep checking and alerting, so
 * it is not dropped from the stack without a word. The way out names this placeholder's id, and works
 * whether or not the stack also holds a replacement under the same URN (which makes `pulumi state
 * delete <urn>` ambiguous, and so refused, outside a terminal).
 */
export function unconfirmedDeleteError(id: string, name: unknown): Error {
  const n = JSON.stringify(name);
  return new Error(
    `monitor ${n}: its creation was never confirmed, so it may exist in the service, still checking and alerting, ` +
      `although the stack has no uuid for it (placeholder ${id}); nothing was deleted. Look in the service's dashboard ` +
      `for a monitor named ${n}. If it exists and the program still declares this resource, set \`adoptUuid: "<its uuid>"\` ` +
      `on it and run \`pulumi up\`: it is taken over, and the next \`pulumi destroy\` deletes it. If it does not exist, ` +
      `or the stack already holds the monitor that replaced it, run the same command again with ` +
      `${DROP_UNCONFIRMED_ENV}=${id} in the environment: this placeholder, and only it, leaves the stack, with no request.`,
  );
}
