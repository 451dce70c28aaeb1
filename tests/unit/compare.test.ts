// Equality used by diffs: key order never matters; list order matters except where compared as sets.
import { equalAsSets, stableEqual, stableStringify } from "../../provider/compare";

describe("stableStringify / stableEqual", () => {
  test("object keys in any order give the same text; undefined members are ignored", () => {
    expect(stableStringify({ b: 1, a: { d: [1, 2], c: "x" } })).toBe('{"a":{"c":"x","d":[1,2]},"b":1}');
    expect(stableEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(stableEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
  });

  test("lists keep their order; values keep their types", () => {
    expect(stableEqual([1, 2], [2, 1])).toBe(false);
    expect(stableEqual(60, "60")).toBe(false);
    expect(stableEqual(null, undefined)).toBe(false);
    expect(stableEqual({ a: null }, {})).toBe(false);
    expect(stableEqual(true, 1)).toBe(false);
  });
});

describe("equalAsSets", () => {
  test("same items in another order are equal; nested objects compared by value", () => {
    expect(equalAsSets([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(equalAsSets([{ a: 1, b: 2 }, { c: 3 }], [{ c: 3 }, { b: 2, a: 1 }])).toBe(true);
  });

  test("multiplicity counts: [1, 1, 2] is not [1, 2, 2]", () => {
    expect(equalAsSets([1, 1, 2], [1, 2, 2])).toBe(false);
    expect(equalAsSets([1, 2], [1, 2, 2])).toBe(false);
  });

  test("strings that look alike are not equal to numbers", () => {
    expect(equalAsSets(["1"], [1])).toBe(false);
  });

  test("non-lists fall back to deep equality", () => {
    expect(equalAsSets({ a: 1 }, { a: 1 })).toBe(true);
    expect(equalAsSets(undefined, [])).toBe(false);
  });
});
