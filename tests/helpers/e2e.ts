// Shared set-up of the e2e tests: an emulator with the demo seed on a free loopback port, and stacks
// of the examples configured against it the way a user would (`uptime:baseUrl`, secret `uptime:apiKey`).
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { REPO, TestStack, createStack } from "./pulumi";
import { E2E_API_KEY } from "./servers";

/** In the demo seed (emulator/seed.json), started by `startE2eEmulator` (./servers). */
export const SEEDED_PAGE = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
export const SEEDED_ALERT = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";

export async function exampleStack(
  example: string,
  emulator: RunningEmulator,
  config: Record<string, { value: string; secret?: boolean }> = {},
): Promise<TestStack> {
  const dir = example.startsWith("/") ? example : path.join(REPO, "examples", example);
  return createStack(dir, {
    config: {
      "uptime:baseUrl": { value: emulator.url },
      "uptime:apiKey": { value: E2E_API_KEY, secret: true },
      ...config,
    },
  });
}

import { type Json, type Reply, adminApi, adminJson, api } from "./emulator-http";

export type { Json };

// The admin calls (tests/helpers/emulator-http.ts adminApi) under the names the e2e files use.
export const adminGet = (emulator: RunningEmulator, p: string): Promise<Json> => adminApi(emulator).get(p);
export const monitorNames = (emulator: RunningEmulator) => adminApi(emulator).monitorNames();
export const adminCall = adminJson;
export const requestLines = (emulator: RunningEmulator) => adminApi(emulator).requestLines();
export const clearRequests = (emulator: RunningEmulator) => adminApi(emulator).clearRequests();

/**
 * What a run sent but the account check: every run proves its address and key once per provider
 * process with `GET /v1/webhooks?pageSize=1` (provider/session.ts accountProblem), whatever it then does.
 */
export const withoutAccountCheck = (lines: string[]) => lines.filter((l) => l !== "GET /v1/webhooks");

/** Requests that change something in the service. */
export const mutating = (lines: string[]) => lines.filter((l) => !l.startsWith("GET "));

/** A /v1 call as someone outside Pulumi makes it, with the e2e emulator's key: a drift, an object to import. */
export const asUser = (emulator: RunningEmulator, method: string, p: string, body?: unknown): Promise<Reply> =>
  api(emulator, method, p, body, { headers: { authorization: E2E_API_KEY, "content-type": "application/json" } });
