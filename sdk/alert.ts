import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./promise-stacks";
import { dynamicResourceProps, dynamicResourceType, isResourceOf, outputSeeds, requireGetSupport, sdkVersion } from "./shim";
import { AnyCase, Spellings, canonicalOptions, spellingsOf } from "./spellings";
import { ALERT } from "../provider/model/alert";

/** The kinds of alert recipient, as the service stores them. */
export type AlertRecipientType = "email" | "sms" | "call" | "slack" | "discord" | "webhook";

/** A kind of alert recipient as a program may write it: in any letter case (`"Slack"`, `"SMS"`); it is stored in lower case. */
export type AlertRecipientTypeArg = AnyCase<AlertRecipientType>;

/** Who an alert notifies. */
export interface AlertRecipientArgs {
  /** One of `email`, `sms`, `call`, `slack`, `discord`, `webhook`, in any letter case. */
  type: pulumi.Input<AlertRecipientTypeArg>;
  /**
   * Where to: an email address for `email`; a phone number in international form for `sms` and
   * `call` (`+`, country code, 8-15 digits in all; spaces and dashes are removed, so
   * `"+33 6 12-34-56-78"` is stored as `"+33612345678"`); an https URL for `slack`, `discord` and
   * `webhook`.
   */
  target: pulumi.Input<string>;
}

/** The inputs of an {@link Alert}. Every field but `uuid` is optional: a field left out is left as the service has it. */
export interface AlertArgs {
  /** Uuid of an existing alert (alerts cannot be created through the API). Changing it replaces the resource: the new alert is taken over, the old one released. */
  uuid: pulumi.Input<string>;
  name?: pulumi.Input<string>;
  /** Notify when a monitor's status changes to Up. */
  up?: pulumi.Input<boolean>;
  /** Notify when a monitor's status changes to Degraded. */
  degraded?: pulumi.Input<boolean>;
  /** Notify when a monitor's status changes to Disrupted. */
  disrupted?: pulumi.Input<boolean>;
  /** Notify when a monitor's status changes to Down. */
  down?: pulumi.Input<boolean>;
  /** Notify when a monitor's status changes to Maintenance. */
  maintenance?: pulumi.Input<boolean>;
  /**
   * The recipients; they replace the alert's list. Order does not matter (reordering is no change),
   * and each (type, target) may be listed once. An empty list removes every recipient.
   */
  recipients?: pulumi.Input<pulumi.Input<AlertRecipientArgs>[]>;
}

/** A recipient as the service returned it. */
export interface AlertRecipient {
  /** The service's uuid of this recipient. */
  uuid?: string;
  type: string;
  target: string;
  createdAt?: string;
  updatedAt?: string;
}

/**
 * An alert of the service, taken over by its uuid: on creation of this resource the alert is
 * edited to the declared state; destroying the resource (or removing it from the program) only
 * releases it from the stack, leaving the alert in the service as it is. The Pulumi id is the
 * alert's uuid; monitors reference it with `alerts: [alert.uuid]`.
 */
export class Alert extends pulumi.CustomResource {
  /** The alert's uuid (also the resource id). */
  declare readonly uuid: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string | undefined>;
  declare readonly up: pulumi.Output<boolean | undefined>;
  declare readonly degraded: pulumi.Output<boolean | undefined>;
  declare readonly disrupted: pulumi.Output<boolean | undefined>;
  declare readonly down: pulumi.Output<boolean | undefined>;
  declare readonly maintenance: pulumi.Output<boolean | undefined>;
  /** The recipients as the service returned them, with their uuids and timestamps (an empty list when none). */
  declare readonly recipients: pulumi.Output<AlertRecipient[]>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** RFC 3339 time of the last edit. */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

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
