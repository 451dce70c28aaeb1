// Zod issues as check failures that name the field and the fix, leaving alone values still unknown.
import { z } from "zod";
import { CheckFailure, formatPath } from "../model/values";
import { keysAt, nearest } from "./suggest";

const overlaps = (a: string, b: string) =>
  a === b || a.startsWith(b + ".") || a.startsWith(b + "[") || b.startsWith(a + ".") || b.startsWith(a + "[");

/**
 * Turns zod issues into check failures, dropping those about values that are still unknown: an
 * input computed from another resource is validated once it is known, never rejected in preview.
 */
export function toFailures(
  issues: readonly z.core.$ZodIssue[],
  unknown: readonly string[],
  /** The schema the issues came from, and the other spellings a program may write: what an unknown field may be a misspelling of. */
  known?: { schema: z.ZodType; spellings?: readonly string[] },
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const issue of issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    for (const key of keys) {
      const property = formatPath(key === undefined ? issue.path : [...issue.path, key]);
      // A misspelt field is wrong whatever its value turns out to be: only value issues wait.
      if (key === undefined && unknown.some((u) => overlaps(property, u))) continue;
      let problem = issue.message;
      if (key !== undefined) {
        const here = known ? [...keysAt(known.schema, issue.path), ...(issue.path.length === 0 ? (known.spellings ?? []) : [])] : [];
        const suggestion = nearest(key, here);
        problem = suggestion
          ? `unknown field; did you mean ${formatPath([...issue.path, suggestion])}?`
          : "unknown field; remove it or check its spelling against the documented fields";
      }
      failures.push({ property: property || "inputs", problem });
    }
  }
  return failures;
}
