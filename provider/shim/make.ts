// The provider objects the dynamic-provider host runs. Each resource's `__provider` text is one line,
// `exports.handler = () => require("pulumi-uptime/dist/provider/shim/<kind>.js")` (see sdk/shim.ts),
// so each kind's object is the whole `module.exports` of its own module (shim/monitor.ts, ...). The
// methods load the implementation on first use: the module every stored state names stays this small
// and stable while the implementation behind it changes with the package.
import type * as pulumi from "@pulumi/pulumi";
import { type ProviderKind, TYPE_NAMES } from "../model/kinds";

// The host answers a failed check, diff, read or delete with the error's message, which the engine
// prints on the resource, and first writes `${error}: ${error.stack}` to stderr, which the engine
// prints again, frames and all. Our errors carry this mark at the start of both, and that one line
// is not written; every other line of the process (another dynamic provider's too) is.
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

/**
 * A read for `Monitor.get` (likewise Page, Alert) starts from no state: the host hands over the
 * registration's inputs, which hold no uuid, where a managed resource's outputs always do. Such a read
 * must find the object: one the service does not have, or cannot read, fails naming the uuid.
 */
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
