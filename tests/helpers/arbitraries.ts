// What the property-based tests of check() share: the fixed seed, text arbitraries, and the check that
// one field made bad is refused with that field's path.
import fc from "fast-check";
import type { CheckFailure } from "../../provider/model/values";

type Args = Record<string, unknown>;

/** Fixed so CI runs the same inputs; FC_SEED=<n> explores others (fast-check prints seed and path of any failure). */
export const SEED = Number(process.env.FC_SEED ?? 20261122);
/** A field path as check() reports it (`httpRequest.headers[0].value`), never empty. */
const FIELD_PATH = /^[A-Za-z]+(\.[A-Za-z]+|\[\d+\])*$/;

// eslint-disable-next-line no-control-regex -- the control characters check() refuses
const REFUSED_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** Text check() accepts: any Unicode, tabs and line breaks, no other control characters. */
export const text = (maxLength: number) =>
  fc.oneof(fc.string({ maxLength, unit: "grapheme" }), fc.stringMatching(/^[ -~\t\r\n]{0,30}$/)).filter((s) => !REFUSED_CONTROL.test(s));
export const nonBlank = (maxLength: number) => text(maxLength).filter((s) => s.trim().length > 0);
/** Left out, given as null ("not set"), or given. */
export const optional = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: arb });
export const uuidRef = fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,20}$/));

/** The inputs of generated args check() must accept: a refusal means the generator, not the code, is wrong. */
export function acceptedInputs<I>(result: { inputs: I; failures: unknown[] }, raw: Args): I {
  if (result.failures.length > 0)
    throw new Error(`check refused generated args ${JSON.stringify(raw)}: ${JSON.stringify(result.failures)}`);
  return result.inputs;
}

/** Accepted args with one field made bad, and that field's name. */
export type Mutation = (args: Args) => fc.Arbitrary<{ args: Args; field: string }>;
export const set = (args: Args, field: string, values: unknown[]) =>
  fc.constantFrom(...values).map((value) => ({ args: { ...args, [field]: value }, field }));

/** check() refused the args, each failure by a field path its text starts with (`startsRight`), one of them `field`'s. */
export function expectFieldPaths(failures: CheckFailure[], field: string, startsRight: (f: CheckFailure) => boolean): void {
  expect(failures.length).toBeGreaterThan(0);
  for (const f of failures) {
    expect(f.property).toMatch(FIELD_PATH);
    expect(startsRight(f)).toBe(true);
  }
  const named = failures.some((f) => f.property === field || f.property.startsWith(`${field}.`) || f.property.startsWith(`${field}[`));
  expect({ field, failures, named }).toMatchObject({ named: true });
}
