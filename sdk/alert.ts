import type * as pulumi from "@pulumi/pulumi";
import { UptimeResource } from "./resource";
import { dynamicType } from "../provider/model/kinds";
import type { AlertArgs, AlertOutputs } from "./generated";

/**
 * An alert of the service, taken over by its uuid: on creation of this resource the alert is
 * edited to the declared state; destroying the resource (or removing it from the program) only
 * releases it from the stack, leaving the alert in the service as it is. The Pulumi id is the
 * alert's uuid; monitors reference it with `alerts: [alert.uuid]`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs' members, below
export class Alert extends UptimeResource {
  /** @internal The type the engine knows this class by. */
  static override readonly __pulumiType = dynamicType("alert");

  constructor(name: string, args: AlertArgs, opts?: pulumi.CustomResourceOptions) {
    super("alert", name, args, opts);
  }
}

// The outputs are the class's members, as the model lists them (sdk/generated.ts): merged into the class's type.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Alert extends AlertOutputs {}
