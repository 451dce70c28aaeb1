// Small pieces the unit tests share.

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
