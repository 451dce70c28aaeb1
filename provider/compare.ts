// Deep equality ignoring key order, and multiset equality for lists whose order means nothing.

export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

export function stableEqual(a: unknown, b: unknown): boolean {
  return stableStringify(a) === stableStringify(b);
}

export function equalAsSets(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return stableEqual(a, b);
  if (a.length !== b.length) return false;
  const left = a.map(stableStringify).sort();
  const right = b.map(stableStringify).sort();
  return left.every((item, i) => item === right[i]);
}
