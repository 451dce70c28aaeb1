// What the engine hands a provider after check(): the program's inputs, checked and canonical, and
// a state the provider stored earlier. Tests build both here, so each reads as a program would.
import { alerts, type AlertInputs } from "../../provider/alert";
import type { ImageSource } from "../../provider/validation/image";
import { checkMonitor, type MonitorInputs } from "../../provider/monitor";
import { pages, type PageInputs } from "../../provider/page";

/** A monitor's inputs as check() gives them; the test fails when check() finds a problem. */
export function checkedMonitor(args: Record<string, unknown>): MonitorInputs {
  const result = checkMonitor(args);
  expect(result.failures).toEqual([]);
  return result.inputs;
}

/** An alert's inputs as check() gives them; the test fails when check() finds a problem. */
export function checkedAlert(args: Record<string, unknown>): AlertInputs {
  const result = alerts.check(args);
  expect(result.failures).toEqual([]);
  return result.inputs;
}

/** A page's inputs as check() gives them (images read from `images`); the test fails when check() finds a problem. */
export async function checkedPage(args: Record<string, unknown>, images?: ImageSource): Promise<PageInputs> {
  const result = await pages.check(args, images);
  expect(result.failures).toEqual([]);
  return result.inputs;
}

/** A state as the engine hands it back, written by hand (older shapes, placeholders, missing fields): not this version's type. */
export const stored = <T>(state: Record<string, unknown>): T => state as T;

/** A read's outcome that must have found the object (the test fails on any other), narrowed to it. */
export function found<T extends { kind: string }>(outcome: T): Extract<T, { kind: "found" }> {
  if (outcome.kind !== "found") throw new Error(`expected the object to be found, got ${outcome.kind}`);
  return outcome as Extract<T, { kind: "found" }>;
}
