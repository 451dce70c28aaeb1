import type * as pulumi from "@pulumi/pulumi";
import { confirmWhenRegistered, resourceUrn } from "./identity";
import { UptimeResource } from "./resource";
import { dynamicType } from "../provider/model/kinds";
import type { MonitorArgs, MonitorOutputs } from "./generated";

/**
 * An uptime monitor: a check of an HTTP(S) address or a TCP `host:port`, run at an interval from
 * one or more regions. The Pulumi id is the monitor's uuid. Outputs use the service record's
 * names (`httpFollowRedirects`, `intervalId`); fields the service left empty are undefined.
 * Served by Pulumi's Node.js dynamic-provider host, as type `pulumi-nodejs:dynamic/uptime:Monitor`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs' members, below
export class Monitor extends UptimeResource {
  /**
   * The monitor's uuid: the resource id itself, so that it stays known while a preview plans an
   * update (an update keeps the uuid). A page listing `monitor.uuid` is then no possible change.
   */
  declare readonly uuid: pulumi.Output<string>;

  /** @internal The type the engine knows this class by. */
  static override readonly __pulumiType = dynamicType("monitor");

  constructor(name: string, args: MonitorArgs, opts?: pulumi.CustomResourceOptions) {
    // The resource's URN keys the provider's create journal: after an interrupted `pulumi up`, the
    // next create of this resource takes over the monitor the interrupted run made (sdk/identity.ts).
    super(
      "monitor",
      name,
      args,
      opts,
      () => ({ journalKey: resourceUrn(dynamicType("monitor"), name, opts?.parent) }),
      (self, { journalKey }) => confirmWhenRegistered(self, "monitor", journalKey as Promise<string>, self.id),
    );
    this.uuid = this.id;
  }
}

// The outputs are the class's members, as the model lists them (sdk/generated.ts): merged into the class's type.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Monitor extends MonitorOutputs {}
