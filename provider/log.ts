// The provider's log. In the dynamic-provider process @pulumi/pulumi has no engine connection of its
// own (the engine passes its address as the first argument), so it is wired once here: warnings then
// reach the CLI as warnings, and debug lines (retry waits) show with `pulumi up --debug` / `-v`.
import * as pulumi from "@pulumi/pulumi";
import type { ClientLogger } from "./api/client";

let wired = false;

function wireEngine(): void {
  if (wired) return;
  wired = true;
  const address = process.argv[2];
  if (!address || !/^[\w.-]+:\d+$|^\[[0-9a-fA-F:]+\]:\d+$/.test(address)) return;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of @pulumi/pulumi, with no typed export
    const { getStore } = require("@pulumi/pulumi/runtime/state");
    const options = getStore().settings.options;
    if (!options.engineAddr) options.engineAddr = address;
  } catch {
    // An SDK without that internal layout: logs fall back to stderr, which the engine also shows.
  }
}

export const providerLog: ClientLogger & { info(message: string): void } = {
  debug: (message) => {
    wireEngine();
    void pulumi.log.debug(message);
  },
  info: (message) => {
    wireEngine();
    void pulumi.log.info(message);
  },
  warn: (message) => {
    wireEngine();
    void pulumi.log.warn(message);
  },
};

const warnedOnce = new Set<string>();

/** Warns once per provider process for a given key (e.g. one "read not supported" per run, not per resource). */
export function warnOnce(key: string, message: string): void {
  if (warnedOnce.has(key)) return;
  warnedOnce.add(key);
  providerLog.warn(message);
}
