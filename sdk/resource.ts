// What the classes of this package (Monitor, Page, Alert) share: registration as the dynamic resource
// of their kind, with every output seeded from the kind's table; `get`, `isInstance` and the type the
// engine knows them by, as a generated SDK's classes have them. Each class adds its own inputs only.
import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./promise-stacks";
import { dynamicResourceProps, outputSeeds, requireGetSupport, sdkVersion } from "./shim";
import { Spellings, canonicalArgs, canonicalOptions, spellingsOf } from "./spellings";
import { type TableKind, dynamicType } from "../provider/model/kinds";
import { TABLES } from "../provider/model/tables";

/** A class of this package, as its statics see it. */
type UptimeClass<T> = (new (name: string, args: never, opts?: pulumi.CustomResourceOptions) => T) & { readonly __pulumiType: string };

/** Each kind's spellings (from its table) and output seeds, made once. */
const registered: Partial<Record<TableKind, { spellings: Spellings; seeds: Record<string, undefined> }>> = {};
function kindOf(kind: TableKind) {
  const spec = TABLES[kind];
  // The provider's own public inputs (a monitor's `adoptUuid`): a program writes them, ignoreChanges may name them.
  const own = Object.entries(spec.providerInputs).flatMap(([name, input]) => (input.internal ? [] : [name]));
  return (registered[kind] ??= { spellings: spellingsOf(spec, own), seeds: outputSeeds(spec) });
}

export abstract class UptimeResource extends pulumi.CustomResource {
  /** @internal The type the engine knows a class by: set by each class. */
  static readonly __pulumiType: string;

  /**
   * Reads an existing object by its uuid without managing it: `pulumi up` and `preview` send it nothing
   * but a GET of it (`GET /monitors/{uuid}`, `/pages/{uuid}`, `/alerts/{uuid}`: routes the API document
   * does not show; against a service without them the read fails, saying so), `pulumi destroy` leaves it
   * as it is, and its outputs are what the service holds.
   */
  static get<T>(this: UptimeClass<T>, name: string, uuid: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): T {
    requireGetSupport(this.name, sdkVersion());
    return new this(name, undefined as never, { ...opts, id: uuid });
  }

  /** Whether `obj` is a resource of this class, even one made by another copy of this package or of `@pulumi/pulumi`. */
  static override isInstance<T>(this: UptimeClass<T>, obj: unknown): obj is T {
    return typeof obj === "object" && obj !== null && (obj as { __pulumiType?: unknown }).__pulumiType === this.__pulumiType;
  }

  /**
   * Registers the resource: the program's `args` under the names the provider stores (spellings.ts) and
   * what `extra()` adds to them, unless it is a `get` (`opts.id`, no args); `after` runs once it is
   * registered, given what `extra()` added. Both run while @pulumi/pulumi's promise stacks are not formatted (promise-stacks.ts),
   * since each makes Outputs.
   */
  protected constructor(
    kind: TableKind,
    name: string,
    args: object | undefined,
    opts: pulumi.CustomResourceOptions | undefined,
    extra?: () => pulumi.Inputs,
    after?: (self: UptimeResource, added: pulumi.Inputs) => void,
  ) {
    refusePlainApiKey();
    const restore = plainPromiseStacks();
    try {
      const { spellings, seeds } = kindOf(kind);
      const read = opts?.id !== undefined;
      const added = read ? {} : (extra?.() ?? {});
      const props = dynamicResourceProps(kind, read ? seeds : { ...seeds, ...canonicalArgs(name, { ...args }, spellings), ...added });
      super(dynamicType(kind), name, props, read ? opts : canonicalOptions(name, opts, spellings));
      if (!read) after?.(this, added);
    } finally {
      restore();
    }
  }
}
