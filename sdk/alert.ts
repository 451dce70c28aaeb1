import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./promise-stacks";
import { dynamicResourceProps, dynamicResourceType, isResourceOf, outputSeeds, requireGetSupport, sdkVersion } from "./shim";
import { Spellings, canonicalOptions, spellingsOf } from "./spellings";
import type { AlertArgs, AlertOutputs } from "./generated";
import { ALERT } from "../provider/model/alert";

/**
 * An alert of the service, taken over by its uuid: on creation of this resource the alert is
 * edited to the declared state; destroying the resource (or removing it from the program) only
 * releases it from the stack, leaving the alert in the service as it is. The Pulumi id is the
 * alert's uuid; monitors reference it with `alerts: [alert.uuid]`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs' members, below
export class Alert extends pulumi.CustomResource {
  /**
   * Reads an existing alert by its uuid without taking it over: `pulumi up` and `preview` send it nothing
   * but `GET /alerts/{uuid}` (a route the API document does not show: against a service without it the
   * read fails, saying so), `pulumi destroy` leaves it as it is, and its outputs are what the service holds.
   */
  static get(name: string, uuid: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Alert {
    requireGetSupport("Alert", sdkVersion());
    return new Alert(name, undefined as unknown as AlertArgs, { ...opts, id: uuid });
  }

  /** @internal The type the engine knows this class by. */
  static readonly __pulumiType = dynamicResourceType("alert");

  /** Whether `obj` is an Alert of this package, even one made by another copy of it or of `@pulumi/pulumi`. */
  static override isInstance(obj: unknown): obj is Alert {
    return isResourceOf("alert", obj);
  }

  constructor(name: string, args: AlertArgs, opts?: pulumi.CustomResourceOptions) {
    refusePlainApiKey();
    const restore = plainPromiseStacks();
    try {
      const read = opts?.id !== undefined;
      super(
        dynamicResourceType("alert"),
        name,
        dynamicResourceProps("alert", read ? ALERT_OUTPUTS : { ...ALERT_OUTPUTS, ...args }),
        read ? opts : canonicalOptions(name, opts, ALERT_SPELLINGS),
      );
    } finally {
      restore();
    }
  }
}

/** Input names as the README documents them (from the model; an alert has one spelling of each). */
const ALERT_SPELLINGS: Spellings = spellingsOf(ALERT);

const ALERT_OUTPUTS = outputSeeds(ALERT);

// The outputs are the class's members, as the model lists them (sdk/generated.ts): merged into the class's type.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Alert extends AlertOutputs {}
