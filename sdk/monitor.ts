import * as pulumi from "@pulumi/pulumi";
import { refusePlainApiKey } from "./credentials";
import { plainPromiseStacks } from "./promise-stacks";
import { forgetCreateNoteWhenRegistered, resourceUrn } from "./identity";
import { dynamicResourceProps, dynamicResourceType, isResourceOf, outputSeeds, requireGetSupport, sdkVersion } from "./shim";
import { Spellings, canonicalArgs, canonicalOptions, spellingsOf } from "./spellings";
import { MONITOR } from "../provider/model/monitor";
import { Account } from "./account";
import type { MonitorArgs } from "./monitor-args";

/** One HTTP header of the record. */
export interface HttpHeader {
  name: string;
  value: string;
}
export interface HttpRequest {
  method?: string;
  headers?: HttpHeader[];
  body?: string;
}
export interface HttpResponse {
  status?: string[];
  statusMatches?: boolean;
  keywordHeader?: string;
  keywordHeaderExists?: boolean;
  keywordBody?: string;
  keywordBodyExists?: boolean;
}
export interface TcpOptions {
  dataRequest?: string;
  keywordResponse?: string;
  keywordResponseExists?: boolean;
}
export interface MaintenanceTime {
  startHour: number;
  startMinute: number;
  stopHour: number;
  stopMinute: number;
}
export interface Maintenance {
  days?: number[];
  times?: MaintenanceTime[];
  timeZone?: string;
}

/**
 * An uptime monitor: a check of an HTTP(S) address or a TCP `host:port`, run at an interval from
 * one or more regions. The Pulumi id is the monitor's uuid. Outputs use the service record's
 * names (`httpFollowRedirects`, `intervalId`); fields the service left empty are undefined.
 * Served by Pulumi's Node.js dynamic-provider host, as type `pulumi-nodejs:dynamic/uptime:Monitor`.
 */
export class Monitor extends pulumi.CustomResource {
  /**
   * The monitor's uuid: the resource id itself, so that it stays known while a preview plans an
   * update (an update keeps the uuid). A page listing `monitor.uuid` is then no possible change.
   */
  declare readonly uuid: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly title: pulumi.Output<string | undefined>;
  declare readonly type: pulumi.Output<string>;
  /** The record's `urn`: the checked address (named `target` because Pulumi reserves `urn`). */
  declare readonly target: pulumi.Output<string>;
  /** `followRedirects` as the service stores it. */
  declare readonly httpFollowRedirects: pulumi.Output<boolean | undefined>;
  declare readonly timeout: pulumi.Output<number | undefined>;
  /** The interval as the service stores it (an integer). */
  declare readonly intervalId: pulumi.Output<number>;
  declare readonly regions: pulumi.Output<number[]>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly groups: pulumi.Output<string[] | undefined>;
  declare readonly alerts: pulumi.Output<string[] | undefined>;
  declare readonly degradedThreshold: pulumi.Output<number | undefined>;
  declare readonly apdexThreshold: pulumi.Output<number | undefined>;
  declare readonly httpRequest: pulumi.Output<HttpRequest | undefined>;
  declare readonly httpResponse: pulumi.Output<HttpResponse | undefined>;
  declare readonly tcpOptions: pulumi.Output<TcpOptions | undefined>;
  declare readonly maintenance: pulumi.Output<Maintenance | undefined>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** RFC 3339 time of the last edit. */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

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
