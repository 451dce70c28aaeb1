import * as nodePath from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { ImageFileArgs } from "./image";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./promise-stacks";
import { dynamicResourceProps, dynamicResourceType, isResourceOf, outputSeeds, requireGetSupport, sdkVersion } from "./shim";
import { Spellings, canonicalArgs, canonicalOptions, spellingsOf } from "./spellings";
import { PAGE } from "../provider/model/page";

/**
 * The inputs of a {@link Page}. Every field but `uuid` is optional: a field left out is left as the
 * service has it. The analytics id may be written `googleAnalitycsId` (the API's spelling) or
 * `googleAnalyticsId`; give one of the two.
 */
export type PageArgs = PageCommonArgs & PageAnalyticsArgs;

/** The analytics id of {@link PageArgs}, in one of its two spellings. */
export type PageAnalyticsArgs =
  | {
      /** Google Analytics id, under the API's spelling of the field. Also spelt `googleAnalyticsId`. */
      googleAnalitycsId?: pulumi.Input<string>;
      googleAnalyticsId?: never;
    }
  | {
      googleAnalitycsId?: never;
      /** `googleAnalitycsId`, with the usual spelling. */
      googleAnalyticsId?: pulumi.Input<string>;
    };

/** The inputs of a {@link Page} that have one spelling. */
export interface PageCommonArgs {
  /** Uuid of an existing status page (pages cannot be created through the API). Changing it replaces the resource: the new page is taken over, the old one released. */
  uuid: pulumi.Input<string>;
  /** Name of the page. */
  name?: pulumi.Input<string>;
  /** Title of the status page. */
  title?: pulumi.Input<string>;
  /** URL-safe identifier: 1-100 lowercase letters, digits and hyphens, e.g. `acme-status`. */
  slug?: pulumi.Input<string>;
  /** A host name with at least one dot, without scheme, port or path, e.g. `status.example.com` (stored in lower case). */
  customDomain?: pulumi.Input<string>;
  /** What `items` are: `true` group uuids, `false` monitor uuids. Required when `items` is not empty. */
  useGroups?: pulumi.Input<boolean>;
  /** Uuids of monitors or groups (see `useGroups`), each once, in the order the page shows them: reordering is a change. */
  items?: pulumi.Input<pulumi.Input<string>[]>;
  description?: pulumi.Input<string>;
  /** Logo image file, e.g. `uptime.imageFile("logo.png")`. Uploaded when its content changes; its URL is the `logoUrl` output. */
  logo?: pulumi.Input<ImageFileArgs>;
  /** Favicon image file, e.g. `uptime.imageFile("favicon.ico")`. Uploaded when its content changes; its URL is the `faviconUrl` output. */
  favicon?: pulumi.Input<ImageFileArgs>;
}

/**
 * A public status page of the service, taken over by its uuid: on creation of this resource the
 * page is edited to the declared state; destroying the resource (or removing it from the program)
 * only releases it from the stack, leaving the page in the service as it is. The Pulumi id is the
 * page's uuid. Fields the service left empty are undefined.
 */
export class Page extends pulumi.CustomResource {
  /** The page's uuid (also the resource id). */
  declare readonly uuid: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string | undefined>;
  declare readonly title: pulumi.Output<string | undefined>;
  declare readonly slug: pulumi.Output<string | undefined>;
  declare readonly customDomain: pulumi.Output<string | undefined>;
  declare readonly useGroups: pulumi.Output<boolean | undefined>;
  /** Monitor or group uuids, in page order. */
  declare readonly items: pulumi.Output<string[] | undefined>;
  declare readonly description: pulumi.Output<string | undefined>;
  /** URL of the logo the service stores (the record's `logoFileBase64`). */
  declare readonly logoUrl: pulumi.Output<string | undefined>;
  /** URL of the favicon the service stores (the record's `faviconFileBase64`). */
  declare readonly faviconUrl: pulumi.Output<string | undefined>;
  /** sha256 (hex) of the logo bytes last uploaded; undefined when the service's logo is not one this resource uploaded. */
  declare readonly logoSha256: pulumi.Output<string | undefined>;
  /** sha256 (hex) of the favicon bytes last uploaded. */
  declare readonly faviconSha256: pulumi.Output<string | undefined>;
  /** Google Analytics id (the API's spelling). */
  declare readonly googleAnalitycsId: pulumi.Output<string | undefined>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** RFC 3339 time of the last edit. */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

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
