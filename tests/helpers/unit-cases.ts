// Small pieces the unit tests share.
import { inputPath } from "../../provider/model/engine";
import { MONITOR } from "../../provider/model/monitor";
import { type EngineFailure, engineFailure } from "../../provider/model/values";
import { checkMonitorArgs } from "../../provider/validation/monitor";

export type Args = Record<string, unknown>;

/** `args` without `keys`. */
export function without(args: Args, ...keys: string[]): Args {
  const out = { ...args };
  for (const k of keys) delete out[k];
  return out;
}

/** `base` with some keys of its option object `key` rewritten. */
export const nest = (base: Args, key: string, patch: Args): Args => ({ ...base, [key]: { ...(base[key] as Args), ...patch } });

/** What `fn` throws (undefined when it returns). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** A Monitor's check failures as a program reads them (its `target` as `urn`). */
export function monitorFailures(args: Args): EngineFailure[] {
  return checkMonitorArgs(args).failures.map((f) => engineFailure(f, inputPath(MONITOR)));
}

/** The name a user reads: the SDK takes `urn` and hands it over as `target`. */
export const shown = (field: string) => field.replace(/^target\b/, "urn");
