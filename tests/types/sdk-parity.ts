// Our classes have every public member of the generated Node.js SDK's (sdks/nodejs) but `exists`: compiled by
// tests/integration/sdk/types.test.ts against the built package, a missing member is a type error naming it.
import type * as generated from "../../sdks/nodejs";
import type * as ours from "pulumi-uptime";

/**
 * The members `G` has and `O` lacks; `never` when none. `exists` aside: the code generators of v3.274.1
 * write it, but no engine up to CLI v3.274.1 answers it ("unknown method ExistsResource").
 */
type Missing<G, O> = Exclude<keyof G, keyof O | "exists">;
/** `true` only when nothing is missing; otherwise the names that are, so the compiler's message shows them. */
type NothingMissing<M> = [M] extends [never] ? true : M;

export const monitorMembers: NothingMissing<Missing<generated.Monitor, ours.Monitor>> = true;
export const pageMembers: NothingMissing<Missing<generated.Page, ours.Page>> = true;
export const alertMembers: NothingMissing<Missing<generated.Alert, ours.Alert>> = true;
export const monitorStatics: NothingMissing<Missing<typeof generated.Monitor, typeof ours.Monitor>> = true;
export const pageStatics: NothingMissing<Missing<typeof generated.Page, typeof ours.Page>> = true;
export const alertStatics: NothingMissing<Missing<typeof generated.Alert, typeof ours.Alert>> = true;

/** The output types agree too: each generated output's value is assignable to ours (undefined aside). */
type ValueOf<T> = T extends { apply: (f: (v: infer V) => unknown) => unknown } ? V : never;
type Mismatched<G, O> = {
  [K in keyof G & keyof O]: [NonNullable<ValueOf<G[K]>>] extends [NonNullable<ValueOf<O[K]>>] ? never : K;
}[keyof G & keyof O];
export const monitorTypes: NothingMissing<Mismatched<generated.Monitor, ours.Monitor>> = true;
export const pageTypes: NothingMissing<Mismatched<generated.Page, ours.Page>> = true;
export const alertTypes: NothingMissing<Mismatched<generated.Alert, ours.Alert>> = true;
