// An explicit provider for the dynamic resources: the engine starts a provider process per Account,
// configured with its settings, and keeps them in the state for `refresh` and `destroy` (the key a secret).
import * as pulumi from "@pulumi/pulumi";
import { ACCOUNT_ALIASES_KEY, ACCOUNT_KEY } from "../provider/model/package";
import type { AccountArgs } from "./generated";

export type { AccountArgs };

const ACCOUNT_MARK = Symbol.for("pulumi-uptime.Account");

/** Each alias's `name`, or its URN's last part. */
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

/**
 * An account of the service, for resources given `{ provider: account }` (or under a component given
 * `{ providers: [account] }`) and for `getWebhooks(args, { provider: account })`; others use the stack's
 * settings (`uptime:*`, then `UPTIME_*`). Its address and key are its own: UPTIME_BASE_URL, UPTIME_API_KEY and
 * UPTIME_AUTH_SCHEME never fill them. Its name is its identity: moving a resource to another account replaces
 * it, as the preview says. Renamed with `aliases: [{ name: "staging" }]`, it keeps its resources: nothing is
 * replaced or sent. An Account named `default` is the stack's settings.
 */
export class Account extends pulumi.ProviderResource {
  /** Where this account's create journal notes live (sdk/identity.ts). */
  readonly journalScope: pulumi.Output<{ baseUrl: string; journalDir?: string }>;
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

  /** @internal Marks the instances across copies of the package. */
  readonly [ACCOUNT_MARK] = true;
}
