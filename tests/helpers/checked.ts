// What the engine hands a provider after check(): the program's inputs, checked and canonical, and
// a state the provider stored earlier. Tests build both here, so each reads as a program would.
import { alerts, type AlertInputs } from "../../provider/alert";
import type { ImageSource } from "../../provider/validation/image";
import { checkMonitor, type MonitorInputs } from "../../provider/monitor";
import { pages, type PageInputs } from "../../provider/page";

/** The inputs of a check() that found no problem; the test fails when it found one. */
function accepted<I>(result: { inputs: I; failures: unknown[] }): I {
  expect(result.failures).toEqual([]);
  return result.inputs;
}

/** A monitor's, an alert's or a page's inputs as check() gives them (a page's images read from `images`). */
export const checkedMonitor = (args: Record<string, unknown>): MonitorInputs => accepted(checkMonitor(args));
export const checkedAlert = (args: Record<string, unknown>): AlertInputs => accepted(alerts.check(args));
export const checkedPage = async (args: Record<string, unknown>, images?: ImageSource): Promise<PageInputs> =>
  accepted(await pages.check(args, images));

/** A state as the engine hands it back, written by hand (older shapes, placeholders, missing fields): not this version's type. */
export const stored = <T>(state: Record<string, unknown>): T => state as T;

/** A read's outcome that must have found the object (the test fails on any other), narrowed to it. */
export function found<T extends { kind: string }>(outcome: T): Extract<T, { kind: "found" }> {
  if (outcome.kind !== "found") throw new Error(`expected the object to be found, got ${outcome.kind}`);
  return outcome as Extract<T, { kind: "found" }>;
}
