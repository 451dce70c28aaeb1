// "Gone" and "unsupported", decided once. A wrong base path or a proxy answers 404 too, and taking it for
// "gone" would drop every resource on refresh. So a 404/410 means gone only with a JSON or empty body, once
// the base URL answered GET /webhooks as documented (UptimeClient.verifyBaseUrl); else it names uptime:baseUrl.
import type { UptimeClient } from "./api/client";
import { ApiError, BaseUrlError } from "./api/errors";

const isNotFound = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 404 || error.status === 410);

/** False when `error` is no 404/410; throws a BaseUrlError when it cannot be the service's answer about the object. */
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

export function isUnsupported(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 405 || error.status === 501);
}

export async function unlessGone<T, G>(client: UptimeClient, call: () => Promise<T>, ifGone: (error: ApiError) => G): Promise<T | G> {
  try {
    return await call();
  } catch (error) {
    if (await isGone(client, error)) return ifGone(error as ApiError);
    throw error;
  }
}

type NotRead = { kind: "gone" } | { kind: "unsupported"; status: number };
export type ReadResult<R> = { kind: "found"; record: R } | NotRead;
/** A refresh's answer for a resource: its new outputs and inputs, or why there are none. */
export type ReadOutcome<I, O> = { kind: "found"; id: string; props: O; inputs: I } | NotRead;

export async function readObject<R>(client: UptimeClient, get: () => Promise<R>): Promise<ReadResult<R>> {
  try {
    return { kind: "found", record: await get() };
  } catch (error) {
    if (isUnsupported(error)) return { kind: "unsupported", status: error.status };
    if (await isGone(client, error)) return { kind: "gone" };
    throw error;
  }
}
