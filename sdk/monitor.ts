import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./promise-stacks";
import { forgetCreateNoteWhenRegistered, resourceUrn } from "./identity";
import { dynamicResourceProps, dynamicResourceType, isResourceOf, outputSeeds, requireGetSupport, sdkVersion } from "./shim";
import { Spellings, canonicalArgs, canonicalOptions, spellingsOf } from "./spellings";
import { MONITOR } from "../provider/model/monitor";
import { Account } from "./account";
import type { MonitorArgs, MonitorOutputs } from "./generated";

/**
 * An uptime monitor: a check of an HTTP(S) address or a TCP `host:port`, run at an interval from
 * one or more regions. The Pulumi id is the monitor's uuid. Outputs use the service record's
 * names (`httpFollowRedirects`, `intervalId`); fields the service left empty are undefined.
 * Served by Pulumi's Node.js dynamic-provider host, as type `pulumi-nodejs:dynamic/uptime:Monitor`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs' members, below
export class Monitor extends pulumi.CustomResource {
  /**
   * The monitor's uuid: the resource id itself, so that it stays known while a preview plans an
   * update (an update keeps the uuid). A page listing `monitor.uuid` is then no possible change.
   */
  declare readonly uuid: pulumi.Output<string>;

  /**
   * Reads an existing monitor by its uuid without managing it: `pulumi up` and `preview` send it nothing
   * but `GET /monitors/{uuid}` (a route the API document does not show: against a service without it the
   * read fails, saying so), `pulumi destroy` leaves it as it is, and its outputs are what the service holds.
   */
  static get(name: string, uuid: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Monitor {
    requireGetSupport("Monitor", sdkVersion());
    return new Monitor(name, undefined as unknown as MonitorArgs, { ...opts, id: uuid });
  }

  /** @internal The type the engine knows this class by. */
  static readonly __pulumiType = dynamicResourceType("monitor");

  /** Whether `obj` is a Monitor of this package, even one made by another copy of it or of `@pulumi/pulumi`. */
  static override isInstance(obj: unknown): obj is Monitor {
    return isResourceOf("monitor", obj);
  }

  constructor(name: string, args: MonitorArgs, opts?: pulumi.CustomResourceOptions) {
    refusePlainApiKey();
    const restore = plainPromiseStacks();
    try {
      if (opts?.id !== undefined) {
        // Monitor.get: nothing declared and nothing created, so no journal key.
        super(dynamicResourceType("monitor"), name, dynamicResourceProps("monitor", MONITOR_OUTPUTS), opts);
      } else {
        // The resource's URN keys the provider's create journal: after an interrupted `pulumi up`, the
        // next create of this resource takes over the monitor the interrupted run made (sdk/identity.ts).
        const journalKey = resourceUrn(dynamicResourceType("monitor"), name, opts?.parent);
        const props = { ...MONITOR_OUTPUTS, ...canonicalArgs({ ...args }, MONITOR_SPELLINGS), journalKey };
        super(
          dynamicResourceType("monitor"),
          name,
          dynamicResourceProps("monitor", props),
          canonicalOptions(name, opts, MONITOR_SPELLINGS),
        );
        // The provider it is given, or inherits from a parent's `providers`: an Account keeps its own journal.
        const account = this.getProvider(dynamicResourceType("monitor"));
        forgetCreateNoteWhenRegistered(journalKey, this.id, Account.isInstance(account) ? account.journalScope : undefined);
      }
      this.uuid = this.id;
    } finally {
      restore();
    }
  }
}

/** Input names as the README documents them, and the names the provider stores them under (from the model). */
const MONITOR_SPELLINGS: Spellings = spellingsOf(MONITOR, ["adoptUuid"]);

const MONITOR_OUTPUTS = outputSeeds(MONITOR);

// The outputs are the class's members, as the model lists them (sdk/generated.ts): merged into the class's type.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Monitor extends MonitorOutputs {}
