import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./promise-stacks";
import { confirmWhenRegistered, resourceUrn } from "./identity";
import { dynamicResourceProps } from "./shim";
import { UptimeResource } from "./resource";
import { dynamicType } from "../provider/model/kinds";
import type { MonitorArgs, MonitorOutputs } from "./generated";

/** The inputs of a {@link MonitorFleet}. */
export interface MonitorFleetArgs {
  /**
   * The monitors, keyed by names you choose (1-256 characters), each with a {@link Monitor}'s inputs.
   * The name keys the member in the state: renaming it deletes that monitor and creates another.
   */
  monitors: pulumi.Input<Record<string, pulumi.Input<MonitorArgs>>>;
  /**
   * A member removed from `monitors` stays in the service as it is (as `retainOnDelete` does): to move members
   * to Monitor resources that take them over with `adoptUuid`. Default false: it is deleted. Destroying the
   * fleet deletes its members either way (its `retainOnDelete` option keeps them).
   */
  retainOnRemove?: pulumi.Input<boolean>;
}

/** A member of a fleet: a {@link Monitor}'s outputs, as plain values. */
export type MonitorFleetMember = { [K in keyof MonitorOutputs]: MonitorOutputs[K] extends pulumi.Output<infer V> ? V : never };

/**
 * Many monitors as one resource, for hundreds or thousands (the engine rewrites the whole stack after each
 * resource's step; a fleet is one step). Each member is a {@link Monitor}'s monitor, sent in parallel. A
 * preview prints which members are created, changed, replaced (an `alerts` change replaces that member only) or
 * deleted; a run that fails for some members keeps exactly what it did.
 * Served by Pulumi's Node.js dynamic-provider host, as type `pulumi-nodejs:dynamic/uptime:MonitorFleet`.
 */
export class MonitorFleet extends pulumi.CustomResource {
  /** Each member's monitor as the service holds it (its uuid, record and the fields declared), by name. */
  declare readonly monitors: pulumi.Output<Record<string, MonitorFleetMember>>;
  /** Each member's uuid, by name (a member whose creation was never confirmed has none). */
  declare readonly uuids: pulumi.Output<Record<string, string>>;

  /** @internal The type the engine knows this class by. */
  static readonly __pulumiType = dynamicType("fleet");

  /** Even one made by another copy of this package or of `@pulumi/pulumi`. */
  static override readonly isInstance = UptimeResource.isInstance;

  constructor(name: string, args: MonitorFleetArgs, opts?: pulumi.CustomResourceOptions) {
    refusePlainApiKey();
    const restore = plainPromiseStacks();
    try {
      // With a member's name, keys its create journal note (sdk/identity.ts).
      const journalKey = resourceUrn(dynamicType("fleet"), name, opts?.parent);
      super(
        dynamicType("fleet"),
        name,
        dynamicResourceProps("fleet", { monitors: args.monitors, uuids: undefined, retainOnRemove: args.retainOnRemove, journalKey }),
        opts,
      );
      confirmWhenRegistered(this, "fleet", journalKey, this.monitors);
    } finally {
      restore();
    }
  }

  /** A member's uuid, e.g. for a page's `items`: `fleet.uuidOf("api")`. Fails, naming the members, for a name it lacks. */
  uuidOf(member: string): pulumi.Output<string> {
    return this.uuids.apply((uuids) => {
      const uuid = uuids?.[member];
      if (uuid) return uuid;
      throw new Error(
        `monitor fleet: no member ${JSON.stringify(member)} with a uuid (a member whose creation was never confirmed has none); ` +
          `the members: ${Object.keys(uuids ?? {}).join(", ")}`,
      );
    });
  }
}
