import type * as pulumi from "@pulumi/pulumi";
import { UptimeResource } from "./resource";
import { dynamicType } from "../provider/model/kinds";
import type { AlertArgs, AlertOutputs } from "./generated";

/**
 * An alert of the service, taken over by its uuid (its Pulumi id) and edited to the declared state; destroying the
 * resource leaves the alert in the service as it is. Monitors reference it with `alerts: [alert.uuid]`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs' members, below
export class Alert extends UptimeResource {
  /** @internal The type the engine knows this class by. */
  static override readonly __pulumiType = dynamicType("alert");

  constructor(name: string, args: AlertArgs, opts?: pulumi.CustomResourceOptions) {
    super("alert", name, args, opts);
  }
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs (sdk/generated.ts) as members
export interface Alert extends AlertOutputs {}
