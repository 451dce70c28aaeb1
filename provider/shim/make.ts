// The objects the dynamic host runs: each kind's is the whole `module.exports` of shim/<kind>.ts, which every
// stored `__provider` names (sdk/shim.ts). The implementation is loaded on first use, so these stay stable.
import type * as pulumi from "@pulumi/pulumi";
import { type ProviderKind, TYPE_NAMES } from "../model/kinds";

// The host writes a failed call's `${error}: ${error.stack}` to stderr, which the engine prints again beside the
// message, frames and all. Our errors start both with this mark, and that line alone is not written.
const MARK = "\u2063";

function installQuietErrors(): void {
  const marked = console as Console & { uptimeQuiet?: boolean };
  if (marked.uptimeQuiet) return;
  marked.uptimeQuiet = true;
  const write = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith(MARK)) return;
    write(...args);
  };
}

function quiet(error: unknown): never {
  if (error instanceof Error) {
    const message = error.message;
    Object.defineProperty(error, "stack", { value: MARK, configurable: true, writable: true });
    Object.defineProperty(error, "toString", { value: () => `${MARK}${message}`, configurable: true, writable: true });
  }
  throw error;
}

// A read for `Monitor.get` (Page, Alert) gets the registration's inputs, which hold no uuid, where a managed
// resource's outputs always do. It must find the object, or fail naming the uuid.
function readByGet(kind: ProviderKind, id: string, props: { uuid?: unknown }) {
  return <R extends { id?: string; unreadable?: number }>(result: R): R => {
    if (props.uuid !== undefined) return result;
    if (result.unreadable !== undefined) {
      throw new Error(
        `${kind} ${id}: the service answered ${result.unreadable} to reading it (it offers no GET of a ${kind}, a route the API ` +
          `document does not show), so ${TYPE_NAMES[kind]}.get has nothing to read`,
      );
    }
    if (!result.id) throw new Error(`${kind} ${id}: the service has no such ${kind}, so ${TYPE_NAMES[kind]}.get has nothing to read`);
    return result;
  };
}

export function makeShim(kind: ProviderKind): pulumi.dynamic.ResourceProvider {
  installQuietErrors();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not when the host evaluates __provider
  const impl = () => (require("../providers") as typeof import("../providers")).providers[kind];
  return {
    configure: (req) => impl().configure(req),
    check: (olds, news) => impl().check(olds, news).catch(quiet),
    diff: (id, olds, news) => impl().diff(id, olds, news).catch(quiet),
    create: (inputs) => impl().create(inputs).catch(quiet),
    read: (id, props) =>
      impl()
        .read(id, props)
        .then(readByGet(kind, id, props))
        .catch(quiet),
    update: (id, olds, news) => impl().update(id, olds, news).catch(quiet),
    delete: (id, props) => impl().delete(id, props).catch(quiet),
  };
}
