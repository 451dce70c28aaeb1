// A monitor's identity for the provider's create journal (provider/journal.ts): its own URN, which
// dynamic providers are not told. It is handed over as a plain Promise, never as an Output of the
// parent: an input that depends on a component makes the resource wait for every custom resource
// under that component, its siblings included, and siblings waiting on each other never register.
import * as pulumi from "@pulumi/pulumi";
import { CreateJournal, journalDir } from "../provider/journal";
import { readSettings } from "../provider/config";
import type { JournalScope } from "./account";

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
 * happens only after it saved the step, the state holds the monitor: a journal note of its creation
 * has served its purpose and must not outlive this run (a later resource of the same URN, after a
 * `retainOnDelete` removal or a `pulumi state delete`, would take over a monitor that is not in flight).
 */
export function forgetCreateNoteWhenRegistered(
  key: Promise<string>,
  id: pulumi.Output<string>,
  account?: pulumi.Output<JournalScope>,
): void {
  if (pulumi.runtime.isDryRun()) return;
  // A monitor of an Account: its notes are in that account's journal (its address, its journalDir).
  pulumi.all([id, account ?? pulumi.output(undefined)]).apply(async ([uuid, scope]) => {
    const journal = scope ? accountJournal(scope) : programJournal();
    if (journal && uuid) journal.confirm(await key, uuid);
    return uuid;
  });
}

/**
 * forgetCreateNoteWhenRegistered for a fleet: once the engine answers its registration, each member's
 * note (under the fleet's URN and the member's name) is confirmed by the uuid the state now holds.
 */
export function forgetFleetNotesWhenRegistered(
  key: Promise<string>,
  members: pulumi.Output<Record<string, { uuid?: string }> | undefined>,
  account?: pulumi.Output<JournalScope>,
): void {
  if (pulumi.runtime.isDryRun()) return;
  pulumi.all([members, account ?? pulumi.output(undefined)]).apply(async ([held, scope]) => {
    const journal = scope ? accountJournal(scope) : programJournal();
    const urn = await key;
    const members = Object.entries(held ?? {}).flatMap(([name, member]) => (member.uuid ? [[`${urn}#${name}`, member.uuid] as const] : []));
    journal?.fleet(urn).confirm(members);
    return held;
  });
}

function accountJournal(scope: JournalScope): CreateJournal | null {
  return scope.baseUrl ? new CreateJournal(journalDir(scope.journalDir), scope.baseUrl) : null;
}

let cached: CreateJournal | null | undefined;

/** The journal the provider process of this run writes to: same directory, same service address. */
function programJournal(): CreateJournal | null {
  if (cached !== undefined) return cached;
  try {
    const config = new pulumi.Config("uptime");
    const settings = readSettings((key) => (key === "baseUrl" || key === "journalDir" ? config.get(key) : undefined));
    cached = settings.baseUrl ? new CreateJournal(journalDir(settings.journalDir), settings.baseUrl) : null;
  } catch {
    cached = null; // a setting the provider will refuse: no creation happens, so there is no note
  }
  return cached;
}
