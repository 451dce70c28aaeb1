// A second account (or a third): an explicit provider for the dynamic resources, as Pulumi programs
// give one with `{ provider }`. The engine starts a dynamic-provider process of its own for each
// Account and configures it with the Account's settings instead of the stack's `uptime:*` config, so
// each resource reaches its own account's service, `refresh` and `destroy` too (the engine keeps each
// resource's provider, and the provider's settings, in the state: the key encrypted, since it is
// always made a secret here).
import * as pulumi from "@pulumi/pulumi";
import { ACCOUNT_ALIASES_KEY, ACCOUNT_KEY } from "../provider/model/package";
import type { AccountArgs } from "./generated";

export type { AccountArgs };

/** Marks the instances, across copies of the package. */
const ACCOUNT_MARK = Symbol.for("pulumi-uptime.Account");

/** The names an Account's `aliases` give it besides its own: an alias's `name`, or a URN's last part. */
function formerNames(name: string, aliases: NonNullable<pulumi.ResourceOptions["aliases"]>): pulumi.Output<string[]> {
  const fromUrnOrAlias = (a: unknown): string =>
    typeof a === "string"
      ? (a.split("::").pop() ?? name)
      : typeof (a as pulumi.Alias)?.name === "string"
        ? ((a as pulumi.Alias).name as string)
        : name;
  const names = aliases.map((alias) =>
    typeof alias === "string" || pulumi.Output.isInstance(alias) || alias instanceof Promise
      ? pulumi.output(alias as pulumi.Input<string>).apply(fromUrnOrAlias)
      : pulumi.output((alias as pulumi.Alias).name ?? name),
  );
  return pulumi.all(names).apply((all) => [...new Set(all.filter((n) => n !== name))].sort());
}

/** Where this account's create journal notes live, as the program confirms them (sdk/identity.ts). */
export interface JournalScope {
  baseUrl: string;
  journalDir?: string;
}

/**
 * An account of the service, for the resources given it with `{ provider: account }` (a Monitor, Page
 * or Alert, or every resource under a component given `{ providers: [account] }`) and for
 * `getWebhooks(args, { provider: account })`. Resources without one use the stack's own settings
 * (`uptime:*`, then `UPTIME_*`). An Account's address and key are its own: UPTIME_BASE_URL,
 * UPTIME_API_KEY and UPTIME_AUTH_SCHEME never fill them. Its name is the account's identity in the
 * state: moving a resource to another account replaces the resource, as the preview says. Renamed
 * with the `aliases` option naming its old name (`aliases: [{ name: "staging" }]`), it keeps its
 * resources: nothing is replaced or sent. An Account named `default` stands for the stack's own settings.
 */
export class Account extends pulumi.ProviderResource {
  /** Where this account's create journal notes live; the program confirms its monitors' notes there. */
  readonly journalScope: pulumi.Output<JournalScope>;
  /** The settings as given, for lookups made in the program (getWebhooks). */
  readonly settings: pulumi.Output<Record<string, string | undefined>>;
  /** @internal Its name, as messages name its settings (`maxRetries of Account "staging"`). */
  readonly accountName: string;

  constructor(name: string, args: AccountArgs, opts?: pulumi.ResourceOptions) {
    const settings = Object.fromEntries(
      Object.entries(args)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, pulumi.output(value).apply((v) => (v === undefined || v === null ? undefined : String(v)))]),
    ) as Record<string, pulumi.Output<string | undefined>>;
    settings.apiKey = pulumi.secret(settings.apiKey);
    const props: pulumi.Inputs = { [ACCOUNT_KEY]: name };
    if (opts?.aliases?.length) props[ACCOUNT_ALIASES_KEY] = formerNames(name, opts.aliases).apply((names) => JSON.stringify(names));
    for (const [key, value] of Object.entries(settings)) props[`uptime:${key}`] = value;
    super("pulumi-nodejs", name, props, opts);
    this.settings = pulumi.output(settings);
    this.accountName = name;
    this.journalScope = pulumi.all([settings.baseUrl, settings.journalDir]).apply(([baseUrl, journalDir]) => ({
      baseUrl: baseUrl ?? "",
      journalDir,
    }));
  }

  /** Whether `obj` is an Account of this package. */
  static override isInstance(obj: unknown): obj is Account {
    return typeof obj === "object" && obj !== null && (obj as { [ACCOUNT_MARK]?: unknown })[ACCOUNT_MARK] === true;
  }

  /** @internal Marks the instances, across copies of the package. */
  readonly [ACCOUNT_MARK] = true;
}
