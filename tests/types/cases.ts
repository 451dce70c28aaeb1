// The type tests' register: each file is a program's inputs, `accepts(...)` compiling and `refuses(...)` a
// `// @ts-expect-error`; tests/integration/sdk/types.test.ts compiles them and runs each through check.
export type TypeCaseKind = "monitor" | "page" | "alert";

export interface TypeCase {
  kind: TypeCaseKind;
  /** The inputs as the program writes them. */
  args: Record<string, unknown>;
  /** undefined: the provider accepts them; else the property its check names in the failure. */
  refusedField?: string;
}

export const TYPE_CASES: TypeCase[] = [];

/** `accepts` and `refuses` for inputs of type `Args` of one kind of resource. */
export function casesOf<Args>(kind: TypeCaseKind) {
  return {
    /** Inputs the types and the provider both accept. */
    accepts(args: Args): void {
      TYPE_CASES.push({ kind, args: args as Record<string, unknown> });
    },
    /** Inputs the types refuse (the call needs `// @ts-expect-error`) and the provider refuses, naming `field`. */
    refuses(field: string, args: Args): void {
      TYPE_CASES.push({ kind, args: args as Record<string, unknown>, refusedField: field });
    },
  };
}
