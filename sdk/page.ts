import * as nodePath from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { ImageFileArgs } from "./image";
import { UptimeResource } from "./resource";
import { dynamicType } from "../provider/model/kinds";
import type { PageArgs, PageOutputs } from "./generated";

/**
 * A public status page of the service, taken over by its uuid (its Pulumi id) and edited to the declared state;
 * destroying the resource leaves the page in the service as it is. Fields left empty are undefined.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs' members, below
export class Page extends UptimeResource {
  /** @internal The type the engine knows this class by. */
  static override readonly __pulumiType = dynamicType("page");

  constructor(name: string, args: PageArgs, opts?: pulumi.CustomResourceOptions) {
    super("page", name, args, opts, () => ({ logo: absoluteImage(args.logo), favicon: absoluteImage(args.favicon) }));
  }
}

/** In the program's working directory: the provider process may run elsewhere. */
function absoluteImage(image: pulumi.Input<ImageFileArgs> | undefined): pulumi.Output<unknown> | undefined {
  if (image === undefined) return undefined;
  return pulumi.output(image).apply((i: unknown) => {
    const path = (i as { path?: unknown } | undefined)?.path;
    return typeof path === "string" && path !== "" ? { ...(i as object), path: nodePath.resolve(path) } : i;
  });
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs (sdk/generated.ts) as members
export interface Page extends PageOutputs {}
