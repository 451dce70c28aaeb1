// The SDK's declarations (sdk/generated.ts) against the model's tables read as types: args are the table's
// names, outputs what the provider stores; `tsc -p tsconfig.test.json` fails when the two disagree.
import type * as pulumi from "@pulumi/pulumi";
import type { Alert } from "../../sdk/alert";
import type { Monitor } from "../../sdk/monitor";
import type { AlertArgs, MonitorArgs, PageArgs } from "../../sdk/generated";
import type { Page } from "../../sdk/page";
import type { AlertOutputs } from "../../provider/alert";
import type { MonitorOutputs } from "../../provider/monitor";
import type { PageOutputs } from "../../provider/page";
import type { ArgNamesOf } from "../../provider/model/field";
import type { ALERT } from "../../provider/model/alert";
import type { MONITOR } from "../../provider/model/monitor";
import type { PAGE } from "../../provider/model/page";

/** `true` when A and B are the same type, else `false`: assigning `true` to it fails to compile. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A resource class's output properties (Pulumi's own `id` and `urn` aside). */
type OutputProperties<C> = Exclude<{ [K in keyof C]-?: C[K] extends pulumi.Output<unknown> ? K : never }[keyof C], "id" | "urn">;
/** The outputs the provider stores that a program reads (its bookkeeping aside). */
type ReadableOutputs<O> = Exclude<keyof O, "declaredFields" | "journalKey" | "adoptUuid">;

export const monitorArgs: Same<keyof MonitorArgs, ArgNamesOf<typeof MONITOR>> = true;
export const pageArgs: Same<keyof PageArgs, ArgNamesOf<typeof PAGE>> = true;
export const alertArgs: Same<keyof AlertArgs, ArgNamesOf<typeof ALERT>> = true;

export const monitorOutputs: Same<OutputProperties<Monitor>, ReadableOutputs<MonitorOutputs>> = true;
// A page's state keeps the declared image files (`logo`, `favicon`) for refresh; a program reads their URLs and hashes.
export const pageOutputs: Same<OutputProperties<Page>, Exclude<ReadableOutputs<PageOutputs>, "logo" | "favicon">> = true;
export const alertOutputs: Same<OutputProperties<Alert>, ReadableOutputs<AlertOutputs>> = true;
