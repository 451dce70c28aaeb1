// Zod issues as check failures that name the field and the fix, leaving alone values still unknown.
import { z } from "zod";
import { type ResourceSpec, programNames } from "../model/field";
import { CheckFailure, formatPath, unknownPaths } from "../model/values";
import { keysAt, nearest } from "./suggest";

const overlaps = (a: string, b: string) =>
  a === b || a.startsWith(b + ".") || a.startsWith(b + "[") || b.startsWith(a + ".") || b.startsWith(a + "[");

/** Failures about values still unknown wait: an input computed from another resource is checked once known. */
export function schemaFailures(spec: ResourceSpec, schema: z.ZodType, args: Record<string, unknown>): CheckFailure[] {
  const parsed = schema.safeParse(args);
  if (parsed.success) return [];
  const unknown = unknownPaths(args);
  const failures: CheckFailure[] = [];
  for (const issue of parsed.error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    for (const key of keys) {
      const property = formatPath(key === undefined ? issue.path : [...issue.path, key]);
      // A misspelt field is wrong whatever its value turns out to be: only value issues wait.
      if (key === undefined && unknown.some((u) => overlaps(property, u))) continue;
      let problem = issue.message;
      if (key !== undefined) {
        // The keys the schema knows there, and the other spellings a program may write.
        const suggestion = nearest(key, [...keysAt(schema, issue.path), ...(issue.path.length === 0 ? programNames(spec) : [])]);
        problem = suggestion
          ? `unknown field; did you mean ${formatPath([...issue.path, suggestion])}?`
          : "unknown field; remove it or check its spelling against the documented fields";
      }
      failures.push({ property: property || "inputs", problem });
    }
  }
  return failures;
}
