// Equality used by diffs: key order never matters; list order matters except where compared as sets.
import { equalAsSets, stableEqual, stableStringify } from "../../provider/compare";

test("stableStringify: object keys in any order give the same text", () => {
  expect(stableStringify({ b: 1, a: { d: [1, 2], c: "x" } })).toBe('{"a":{"c":"x","d":[1,2]},"b":1}');
});

test.each<[string, unknown, unknown, boolean]>([
  ["an undefined member is ignored", { a: 1, b: undefined }, { a: 1 }, true],
  ["key order does not matter", { a: 1, b: 2 }, { b: 2, a: 1 }, true],
  ["lists keep their order", [1, 2], [2, 1], false],
  ["a number is not its text", 60, "60", false],
  ["null is not undefined", null, undefined, false],
  ["a null member is not a missing one", { a: null }, {}, false],
  ["true is not 1", true, 1, false],
])("stableEqual: %s", (_name, a, b, equal) => {
  expect(stableEqual(a, b)).toBe(equal);
});

test.each<[string, unknown, unknown, boolean]>([
  ["the same items in another order", [3, 1, 2], [1, 2, 3], true],
  ["nested objects compared by value", [{ a: 1, b: 2 }, { c: 3 }], [{ c: 3 }, { b: 2, a: 1 }], true],
  ["multiplicity counts: [1, 1, 2] is not [1, 2, 2]", [1, 1, 2], [1, 2, 2], false],
  ["multiplicity counts: [1, 2] is not [1, 2, 2]", [1, 2], [1, 2, 2], false],
  ["strings that look alike are not equal to numbers", ["1"], [1], false],
  ["non-lists fall back to deep equality", { a: 1 }, { a: 1 }, true],
  ["undefined is not an empty list", undefined, [], false],
])("equalAsSets: %s", (_name, a, b, equal) => {
  expect(equalAsSets(a, b)).toBe(equal);
});
