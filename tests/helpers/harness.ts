// An in-process stand-in for the engine at `pulumi preview`: a program's SDK classes under @pulumi/pulumi's
// mocks, each registration (`__provider` included) handed to its provider object's check, as the host does.
import * as pulumi from "@pulumi/pulumi";
import { providers } from "../../provider/providers";
import { resetSession } from "../../provider/session";
import { KINDS, type ProviderKind, dynamicType } from "../../provider/model/kinds";

/** @pulumi/pulumi's mocks as the engine of `project`: each registration goes to `newResource`, which gives its id and state. */
export function mockEngine(project: string, newResource: pulumi.runtime.Mocks["newResource"], preview = true): Promise<void> {
  const call = () => {
    throw new Error("the uptime package makes no engine calls");
  };
  return pulumi.runtime.setMocks({ newResource, call }, project, "dev", preview);
}

/** A new provider process, configured as the engine does it: the session reset, then the stack config `config`. */
export async function configureProvider(config: Record<string, string | undefined>): Promise<void> {
  resetSession();
  await providers.monitor.configure({ config: { get: (key: string) => config[key] } });
}

/** The kind a registration's type names, if it is one of this package's. */
const kindOfType = (type: string): ProviderKind | undefined => KINDS.find((kind) => dynamicType(kind) === type);

/** What the engine would do with one registration at `pulumi preview`: the check's failures, or the inputs it planned. */
interface Checked {
  kind: ProviderKind;
  name: string;
  /** The inputs as registered (the SDK's canonical names, `__provider`). */
  registered: Record<string, unknown>;
  failures: { property: string; reason: string }[];
}

/** Runs `program` as `pulumi preview` would, under the stack config `config` (`secret`: keys set --secret), checking what it registers. */
export async function previewProgram(
  program: () => void | Promise<void>,
  config: Record<string, string>,
  secret: string[] = ["uptime:apiKey"],
): Promise<Checked[]> {
  const registrations: Promise<Checked>[] = [];
  pulumi.runtime.setAllConfig(config, secret);
  for (const kind of KINDS) await providers[kind].configure({ config: { get: (key: string) => config[key] } });
  await mockEngine("harness", (args) => {
    const kind = kindOfType(args.type);
    if (kind) {
      const registered = { ...(args.inputs as Record<string, unknown>) };
      registrations.push(
        providers[kind]
          .check(undefined, registered)
          .then((result) => ({ kind, name: args.name, registered, failures: result.failures ?? [] })),
      );
    }
    return { id: `${args.name}-preview-id`, state: args.inputs };
  });
  await program();
  // Registrations reach the mocks asynchronously, after the constructors return.
  for (let settled = 0; settled < 3;) {
    const before = registrations.length;
    await new Promise((resolve) => setTimeout(resolve, 5));
    settled = registrations.length === before ? settled + 1 : 0;
  }
  return Promise.all(registrations);
}
