import type * as pulumi from "@pulumi/pulumi";
import { confirmWhenRegistered, resourceUrn } from "./identity";
import { UptimeResource } from "./resource";
import { dynamicType } from "../provider/model/kinds";
import type { MonitorArgs, MonitorOutputs } from "./generated";

/**
 * An uptime monitor: a check of an HTTP(S) address or a TCP `host:port`, run at an interval from one or
 * more regions. Outputs use the service record's names (`intervalId`); fields left empty are undefined.
 * Served by Pulumi's Node.js dynamic-provider host, as type `pulumi-nodejs:dynamic/uptime:Monitor`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs' members, below
export class Monitor extends UptimeResource {
  /** The resource id itself: known while a preview plans an update, so a page listing it sees no change. */
  declare readonly uuid: pulumi.Output<string>;

  /** @internal The type the engine knows this class by. */
  static override readonly __pulumiType = dynamicType("monitor");

  constructor(name: string, args: MonitorArgs, opts?: pulumi.CustomResourceOptions) {
    // The URN keys the create journal (sdk/identity.ts).
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

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs (sdk/generated.ts) as members
export interface Monitor extends MonitorOutputs {}
