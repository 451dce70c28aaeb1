import * as nodePath from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { ImageFileArgs } from "./image";
import type { PageArgs, PageOutputs } from "./generated";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./promise-stacks";
import { dynamicResourceProps, dynamicResourceType, isResourceOf, outputSeeds, requireGetSupport, sdkVersion } from "./shim";
import { Spellings, canonicalArgs, canonicalOptions, spellingsOf } from "./spellings";
import { PAGE } from "../provider/model/page";

/**
 * A public status page of the service, taken over by its uuid: on creation of this resource the
 * page is edited to the declared state; destroying the resource (or removing it from the program)
 * only releases it from the stack, leaving the page in the service as it is. The Pulumi id is the
 * page's uuid. Fields the service left empty are undefined.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs' members, below
export class Page extends pulumi.CustomResource {
  /**
   * Reads an existing page by its uuid without taking it over: `pulumi up` and `preview` send it nothing
   * but `GET /pages/{uuid}` (a route the API document does not show: against a service without it the
   * read fails, saying so), `pulumi destroy` leaves it as it is, and its outputs are what the service holds.
   */
  static get(name: string, uuid: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Page {
    requireGetSupport("Page", sdkVersion());
    return new Page(name, undefined as unknown as PageArgs, { ...opts, id: uuid });
  }

  /** @internal The type the engine knows this class by. */
  static readonly __pulumiType = dynamicResourceType("page");

  /** Whether `obj` is a Page of this package, even one made by another copy of it or of `@pulumi/pulumi`. */
  static override isInstance(obj: unknown): obj is Page {
    return isResourceOf("page", obj);
  }

  constructor(name: string, args: PageArgs, opts?: pulumi.CustomResourceOptions) {
    refusePlainApiKey();
    const restore = plainPromiseStacks();
    try {
      if (opts?.id !== undefined) {
        super(dynamicResourceType("page"), name, dynamicResourceProps("page", PAGE_OUTPUTS), opts);
      } else {
        const props = {
          ...PAGE_OUTPUTS,
          ...canonicalArgs({ ...args }, PAGE_SPELLINGS),
          logo: absoluteImage(args.logo),
          favicon: absoluteImage(args.favicon),
        };
        super(dynamicResourceType("page"), name, dynamicResourceProps("page", props), canonicalOptions(name, opts, PAGE_SPELLINGS));
      }
    } finally {
      restore();
    }
  }
}

/** Relative image paths are resolved here, in the program's working directory: the provider process may run elsewhere. */
function absoluteImage(image: pulumi.Input<ImageFileArgs> | undefined): pulumi.Output<unknown> | undefined {
  if (image === undefined) return undefined;
  return pulumi.output(image).apply((i: unknown) => {
    const path = (i as { path?: unknown } | undefined)?.path;
    return typeof path === "string" && path !== "" ? { ...(i as object), path: nodePath.resolve(path) } : i;
  });
}

/** Input names as the README documents them, and the names the provider stores them under (from the model). */
const PAGE_SPELLINGS: Spellings = spellingsOf(PAGE);

const PAGE_OUTPUTS = outputSeeds(PAGE);

// The outputs are the class's members, as the model lists them (sdk/generated.ts): merged into the class's type.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Page extends PageOutputs {}
