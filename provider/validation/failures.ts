// Zod issues as check failures that name the field and the fix, leaving alone values still unknown.
import { z } from "zod";
import { CheckFailure, formatPath } from "../model/values";

const overlaps = (a: string, b: string) =>
  a === b || a.startsWith(b + ".") || a.startsWith(b + "[") || b.startsWith(a + ".") || b.startsWith(a + "[");

/**
 * Turns zod issues into check failures, dropping those about values that are still unknown: an
 * input computed from another resource is validated once it is known, never rejected in preview.
 */
export function toFailures(issues: readonly z.core.$ZodIssue[], unknown: readonly string[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const issue of issues) {
    const paths = issue.code === "unrecognized_keys" ? issue.keys.map((k) => formatPath([...issue.path, k])) : [formatPath(issue.path)];
    for (const property of paths) {
      // A misspelt field is wrong whatever its value turns out to be: only value issues wait.
      if (issue.code !== "unrecognized_keys" && unknown.some((u) => overlaps(property, u))) continue;
      const reason =
        issue.code === "unrecognized_keys"
          ? `${property}: unknown field; remove it or check its spelling against the documented fields`
          : `${property || "inputs"}: ${issue.message}`;
      failures.push({ property: property || "inputs", reason });
    }
  }
  return failures;
}
