// The provider's log. In the dynamic-provider process @pulumi/pulumi has no engine connection of its
// own (the engine passes its address as the first argument), so it is wired once here: warnings then
// reach the CLI as warnings, and debug lines (retry waits) show with `pulumi up --debug` / `-v`.
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

/** Log calls not yet delivered to the engine (see flushLogs). */
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

/**
 * Waits until every line logged so far has reached the engine. A provider call answers only after
 * it: once the engine has its last answer it may stop this process, and a warning still on its way
 * (the one "refresh cannot see changes" line, say) would be lost.
 */
export async function flushLogs(): Promise<void> {
  // Bounded: a log call that never completes must not hold the provider's answer back.
  const deadline = Date.now() + FLUSH_LIMIT_MS;
  while (pending.size > 0 && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
    await Promise.race([Promise.all([...pending]), limit]);
    clearTimeout(timer);
  }
}

/** How long a provider call waits for its log lines to reach the engine. */
const FLUSH_LIMIT_MS = 5000;

const warnedOnce = new Set<string>();

/** Warns once per provider process for a given key (e.g. one "read not supported" per run, not per resource). */
export function warnOnce(key: string, message: string): void {
  if (warnedOnce.has(key)) return;
  warnedOnce.add(key);
  providerLog.warn(message);
}
