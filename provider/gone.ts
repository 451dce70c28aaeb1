// "Gone" and "unsupported", decided in one place. A 404 is evidence, not a verdict: a wrong base path,
// another server or a proxy answers 404 too, and taking that for "this monitor is gone" would drop
// every resource from the state on refresh and report deletes that never happened. So a 404 (or 410)
// means gone only when its body is JSON or empty (an HTML or text page is not the API's answer about
// an object) and the base URL has answered the documented GET /webhooks with the documented list
// (checked once per run, see UptimeClient.verifyBaseUrl). Anything else fails naming uptime:baseUrl.
import type { UptimeClient } from "./api/client";
import { ApiError, BaseUrlError } from "./api/errors";

const isNotFound = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 404 || error.status === 410);

/**
 * True when `error` proves the object is gone; false when it is no 404/410 at all. Throws a
 * BaseUrlError (naming uptime:baseUrl) when the 404 cannot be the service's answer about the object.
 */
export async function isGone(client: UptimeClient, error: unknown): Promise<boolean> {
  if (!isNotFound(error)) return false;
  if (error.bodyKind === "other") {
    throw new BaseUrlError(
      `${error.method} ${error.path} answered ${error.status} with ${error.serviceMessage}, which is not the service's answer ` +
        `about an object; nothing is taken as gone. Check ${client.names.name("baseUrl")} (${client.baseUrl}): it is the API's base address, ` +
        `ending in its version segment, e.g. https://<host>/v1.`,
    );
  }
  await client.verifyBaseUrl();
  return true;
}

/** The service does not offer this operation (405 Method Not Allowed, 501 Not Implemented). */
export function isUnsupported(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 405 || error.status === 501);
}

/** `call`'s answer, or `ifGone`'s when the service proves the object gone (isGone); any other failure as it is. */
export async function unlessGone<T, G>(client: UptimeClient, call: () => Promise<T>, ifGone: (error: ApiError) => G): Promise<T | G> {
  try {
    return await call();
  } catch (error) {
    if (await isGone(client, error)) return ifGone(error as ApiError);
    throw error;
  }
}

/** A refresh's read of an object: its record, proven gone, or a service that cannot read such objects (405/501). */
export type ReadResult<R> = { kind: "found"; record: R } | { kind: "gone" } | { kind: "unsupported"; status: number };

export async function readObject<R>(client: UptimeClient, get: () => Promise<R>): Promise<ReadResult<R>> {
  try {
    return { kind: "found", record: await get() };
  } catch (error) {
    if (isUnsupported(error)) return { kind: "unsupported", status: error.status };
    if (await isGone(client, error)) return { kind: "gone" };
    throw error;
  }
}
