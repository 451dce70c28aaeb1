// "Did you mean": the documented name nearest to one a program misspelt.
import { z } from "zod";

/** Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`, letter case aside. */
function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) d[0][j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[s.length][t.length];
}

/** The candidate nearest to `word`, if near enough to be a misspelling of it (a third of its letters, at least 2). */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    if (name === word) continue;
    const distance = editDistance(word, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.name : undefined;
}

/** The keys an object schema knows at `path` (array indexes step into items). */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema;
  for (const step of path) {
    current = unwrap(current);
    if (current instanceof z.ZodArray && typeof step === "number") current = current.element as z.ZodType;
    else if (current instanceof z.ZodObject) current = (current.shape as Record<string, z.ZodType>)[String(step)];
    else return [];
  }
  current = unwrap(current);
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return unwrap(schema.unwrap() as z.ZodType);
  }
  return schema instanceof z.ZodPipe ? unwrap(schema.in as z.ZodType) : schema;
}
