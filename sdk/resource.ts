// What Monitor, Page and Alert share: registration with every output seeded from the kind's table; `get`,
// `isInstance` and the type the engine knows them by, as a generated SDK's classes have them.
import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./promise-stacks";
import { dynamicResourceProps, outputSeeds, requireGetSupport } from "./shim";
import { Spellings, canonicalArgs, canonicalOptions, spellingsOf } from "./spellings";
import { type TableKind, dynamicType } from "../provider/model/kinds";
import { TABLES } from "../provider/model/tables";

type UptimeClass<T> = (new (name: string, args: never, opts?: pulumi.CustomResourceOptions) => T) & { readonly __pulumiType: string };

const registered: Partial<Record<TableKind, { spellings: Spellings; seeds: Record<string, undefined> }>> = {};
function kindOf(kind: TableKind) {
  const spec = TABLES[kind];
  // The provider's own public inputs (`adoptUuid`): ignoreChanges may name them.
  const own = Object.entries(spec.providerInputs).flatMap(([name, input]) => (input.internal ? [] : [name]));
  return (registered[kind] ??= { spellings: spellingsOf(spec, own), seeds: outputSeeds(spec) });
}

export abstract class UptimeResource extends pulumi.CustomResource {
  /** @internal The type the engine knows a class by: set by each class. */
  static readonly __pulumiType: string;

  /**
   * Reads an existing object by its uuid without managing it: only a GET is sent (`GET /monitors/{uuid}`, ...:
   * routes the API document does not show; without them the read fails, saying so), and destroy leaves it.
   */
  static get<T>(this: UptimeClass<T>, name: string, uuid: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): T {
    requireGetSupport(this.name);
    return new this(name, undefined as never, { ...opts, id: uuid });
  }

  /** Even one made by another copy of this package or of `@pulumi/pulumi`. */
  static override isInstance<T>(this: UptimeClass<T>, obj: unknown): obj is T {
    return typeof obj === "object" && obj !== null && (obj as { __pulumiType?: unknown }).__pulumiType === this.__pulumiType;
  }

  // `args` under the stored names (spellings.ts), with what `extra()` adds unless it is a `get`; `after` runs
  // once registered. Both run without promise stacks (promise-stacks.ts): each makes Outputs.
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
