// Small pieces the unit tests share.
import { inputPath } from "../../provider/model/engine";
import { MONITOR } from "../../provider/model/monitor";
import { type EngineFailure, engineFailure } from "../../provider/model/values";
import { type ImageSource, ImageTooLargeError } from "../../provider/validation/image";
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

/** Image files held in memory (a string: the error code reading it fails with); `reads` lists the paths read. */
export function memoryImages(files: Record<string, Buffer | string>): ImageSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async read(path, maxBytes) {
      reads.push(path);
      const entry = files[path];
      if (entry === undefined) throw Object.assign(new Error("ENOENT: no such file"), { code: "ENOENT" });
      if (typeof entry === "string") throw Object.assign(new Error(`${entry}: refused`), { code: entry });
      if (entry.length > maxBytes) throw new ImageTooLargeError(entry.length);
      return entry;
    },
  };
}
