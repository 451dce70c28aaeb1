// A monitor whose creation may or may not have happened: the POST reached the service (or may
// have) but no answer came back, so the uuid is unknown and the API cannot look monitors up by
// name. Rather than risk a silent duplicate on the next `pulumi up`, the resource is recorded in the
// stack under a placeholder id and every later operation stops with the way out, until the user
// says which it is: `adoptUuid` (it exists: take it over) or `pulumi up --replace` (it does not).
import { randomUUID } from "node:crypto";

export const UNCONFIRMED_PREFIX = "unconfirmed-";

export function isUnconfirmed(id: string, props: Record<string, unknown>): boolean {
  return id.startsWith(UNCONFIRMED_PREFIX) || props.unconfirmed === true;
}

export function unconfirmedGuidance(name: unknown): string {
  const n = JSON.stringify(name);
  return (
    `Look in the service's dashboard for a monitor named ${n}. If it exists, set \`adoptUuid: "<its uuid>"\` on ` +
    `this resource and run \`pulumi up\`: it is taken over. If it does not, run \`pulumi up --replace <this ` +
    `resource's URN>\` (\`pulumi stack --show-urns\` lists them): a new one is created.`
  );
}

/**
 * The error create() throws for an unconfirmed creation. Its `id` and `properties` make the engine
 * keep the resource in the stack (as a resource that failed to initialize) under a placeholder id.
 */
export function unconfirmedCreateError(name: unknown, what: string, declaredFields: string[], cause?: unknown): Error {
  const message =
    `monitor ${JSON.stringify(name)}: ${what}. The service may have created the monitor, and the API offers no ` +
    `way to look it up by name, so the resource is kept in the stack as unconfirmed instead of risking a ` +
    `duplicate. ${unconfirmedGuidance(name)}`;
  return Object.assign(new Error(message, { cause }), {
    id: `${UNCONFIRMED_PREFIX}${randomUUID()}`,
    properties: { unconfirmed: true, name, declaredFields },
    // The engine prints the reasons (not the message) of a resource that failed to initialize.
    reasons: [message],
  });
}

export function stillUnconfirmedError(name: unknown): Error {
  return new Error(
    `monitor ${JSON.stringify(name)}: its creation was never confirmed (an earlier \`pulumi up\` lost the answer), ` +
    `so nothing is sent until you say whether it exists. ${unconfirmedGuidance(name)}`,
  );
}
