// A monitor's URN, its create journal key, which dynamic providers are not told. A plain Promise, not an Output
// of the parent: that would make it wait for its siblings under a component, which wait for it.
import * as pulumi from "@pulumi/pulumi";
import { CreateJournal, Held, journalDir } from "../provider/journal";
import { readSettings } from "../provider/config";
import { type ProviderKind, dynamicType } from "../provider/model/kinds";
import { Account } from "./account";

/** As `pulumi.createUrn` computes it. */
export function resourceUrn(type: string, name: string, parent: pulumi.Resource | undefined): Promise<string> {
  const root = `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::`;
  if (!parent) return Promise.resolve(`${root}${type}::${name}`);
  return new Promise<string>((resolve) => {
    // The Output this returns is dropped: nothing depends on the parent.
    parent.urn.apply((parentUrn) => {
      const prefix = `${parentUrn.substring(0, parentUrn.lastIndexOf("::"))}$`;
      resolve(`${prefix.endsWith("::pulumi:pulumi:Stack$") ? root : prefix}${type}::${name}`);
      return parentUrn;
    });
  });
}

// A registration is answered after the step is saved: the notes of what `held` names have served, and must
// not outlive the run (a later resource of the URN would take over a monitor not in flight).
export function confirmWhenRegistered(
  resource: pulumi.CustomResource,
  kind: ProviderKind,
  key: Promise<string>,
  held: pulumi.Output<Held | undefined>,
): void {
  if (pulumi.runtime.isDryRun()) return;
  // Given or inherited: an Account's resources have their notes in its journal.
  const provider = resource.getProvider(dynamicType(kind));
  const account = Account.isInstance(provider) ? provider.journalScope : pulumi.output(undefined);
  pulumi.all([held, account]).apply(async ([what, scope]) => {
    const journal = scope ? journalAt(scope) : programJournal();
    if (journal && what) journal.confirm(await key, what);
    return what;
  });
}

function journalAt(scope: { baseUrl?: string; journalDir?: string }): CreateJournal | null {
  return scope.baseUrl ? new CreateJournal(journalDir(scope.journalDir), scope.baseUrl) : null;
}

let cached: CreateJournal | null | undefined;

/** The journal this run's provider process writes to. */
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
