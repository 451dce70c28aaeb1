// The provider's log. The dynamic-provider process's @pulumi/pulumi has no engine connection (the engine passes
// its address as an argument): it is wired here, so warnings reach the CLI and debug lines show with --debug.
// The log module alone: the plugin's bundle (scripts/build-plugin.js) then leaves the rest of the SDK out.
import * as engineLog from "@pulumi/pulumi/log";
import type { ClientLogger } from "./api/client";

let wired = false;

function wireEngine(): void {
  if (wired) return;
  wired = true;
  // The engine's address, among the arguments (logging and tracing flags may come first).
  const address = process.argv.slice(2).find((arg) => /^[\w.-]+:\d+$|^\[[0-9a-fA-F:]+\]:\d+$/.test(arg));
  if (!address) return;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of @pulumi/pulumi, with no typed export
    const { getStore } = require("@pulumi/pulumi/runtime/state");
    const options = getStore().settings.options;
    if (!options.engineAddr) options.engineAddr = address;
  } catch {
    // An SDK without that internal layout: logs fall back to stderr, which the engine also shows.
  }
}

const pending = new Set<Promise<void>>();

function send(log: (message: string) => Promise<void>, message: string): void {
  wireEngine();
  const delivery = log(message).catch(() => undefined);
  pending.add(delivery);
  void delivery.finally(() => pending.delete(delivery));
}

export const providerLog: ClientLogger & { info(message: string): void } = {
  debug: (message) => send(engineLog.debug, message),
  info: (message) => send(engineLog.info, message),
  warn: (message) => send(engineLog.warn, message),
};

/** Once the engine has its last answer it may stop this process: a provider call answers only after this. */
export async function flushLogs(): Promise<void> {
  // A log call that never completes must not hold the answer back.
  const deadline = Date.now() + 5000;
  while (pending.size > 0 && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
    await Promise.race([Promise.all([...pending]), limit]);
    clearTimeout(timer);
  }
}

const warnedOnce = new Set<string>();

export function warnOnce(key: string, message: string): void {
  if (warnedOnce.has(key)) return;
  warnedOnce.add(key);
  providerLog.warn(message);
}
