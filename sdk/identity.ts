// A monitor's identity for the provider's create journal (provider/journal.ts): its own URN, which
// dynamic providers are not told. It is handed over as a plain Promise, never as an Output of the
// parent: an input that depends on a component makes the resource wait for every custom resource
// under that component, its siblings included, and siblings waiting on each other never register.
import * as pulumi from "@pulumi/pulumi";
import { CreateJournal, Held, journalDir } from "../provider/journal";
import { readSettings } from "../provider/config";
import { type ProviderKind, dynamicType } from "../provider/model/kinds";
import { Account } from "./account";

/** The URN the engine gives a resource of `type` named `name` under `parent`, as `pulumi.createUrn` computes it. */
export function resourceUrn(type: string, name: string, parent: pulumi.Resource | undefined): Promise<string> {
  const root = `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::`;
  if (!parent) return Promise.resolve(`${root}${type}::${name}`);
  return new Promise<string>((resolve) => {
    // The callback only reads the value: the Output it returns is dropped, so nothing depends on the parent.
    parent.urn.apply((parentUrn) => {
      const prefix = `${parentUrn.substring(0, parentUrn.lastIndexOf("::"))}$`;
      resolve(`${prefix.endsWith("::pulumi:pulumi:Stack$") ? root : prefix}${type}::${name}`);
      return parentUrn;
    });
  });
}

/**
 * Once the engine answers this resource's registration, which with Pulumi's default checkpointing
 * happens only after it saved the step, the state holds what `held` names (a Monitor's id, a fleet's
 * members): a journal note of their creation has served its purpose and must not outlive this run (a
 * later resource of the same URN, after a `retainOnDelete` removal or a `pulumi state delete`, would
 * take over a monitor that is not in flight).
 */
export function confirmWhenRegistered(
  resource: pulumi.CustomResource,
  kind: ProviderKind,
  key: Promise<string>,
  held: pulumi.Output<Held | undefined>,
): void {
  if (pulumi.runtime.isDryRun()) return;
  // The provider it is given, or inherits from a parent's `providers`: an Account's resources have their
  // notes in that account's journal (its address, its journalDir).
  const provider = resource.getProvider(dynamicType(kind));
  const account = Account.isInstance(provider) ? provider.journalScope : pulumi.output(undefined);
  pulumi.all([held, account]).apply(async ([what, scope]) => {
    const journal = scope ? journalAt(scope) : programJournal();
    if (journal && what) journal.confirm(await key, what);
    return what;
  });
}

/** The journal of the service at `baseUrl` (none without an address), in `journalDir` or the default directory. */
function journalAt(scope: { baseUrl?: string; journalDir?: string }): CreateJournal | null {
  return scope.baseUrl ? new CreateJournal(journalDir(scope.journalDir), scope.baseUrl) : null;
}

let cached: CreateJournal | null | undefined;

/** The journal the provider process of this run writes to: same directory, same service address. */
function programJournal(): CreateJournal | null {
  if (cached !== undefined) return cached;
  try {
    const config = new pulumi.Config("uptime");
    cached = journalAt(readSettings((key) => (key === "baseUrl" || key === "journalDir" ? config.get(key) : undefined)));
  } catch {
    cached = null; // a setting the provider will refuse: no creation happens, so there is no note
  }
  return cached;
}
