// One case of each kind of message of tests/bad-inputs/cases.ts through a real `pulumi preview` (all of them
// in-process: integration/sdk/bad-inputs.test.ts); one preview per case, the engine stopping at the first failure.
import * as path from "node:path";
import { BAD_INPUT_CASES, BadInputCase, printedByEngine } from "../bad-inputs/cases";
import type { TestStack } from "../helpers/pulumi";
import { Json, adminGet, e2eFile, fails, mutating, requestLines } from "../helpers/e2e";

jest.setTimeout(120_000);

const STACKS = 3;
const { emulator, stack } = e2eFile();
const idle: TestStack[] = [];
const all: TestStack[] = [];
const waiting: ((t: TestStack) => void)[] = [];
let stateBefore: Json;

beforeAll(async () => {
  for (let i = 0; i < STACKS; i++) all.push(await stack(path.join(__dirname, "programs/bad-input")));
  idle.push(...all);
  stateBefore = await adminGet(emulator, "/state");
}, 300_000);

/** Runs `use` with a stack no other case is using. */
async function withStack<T>(use: (t: TestStack) => Promise<T>): Promise<T> {
  const t = idle.pop() ?? (await new Promise<TestStack>((resolve) => waiting.push(resolve)));
  try {
    return await use(t);
  } finally {
    const next = waiting.shift();
    if (next) next(t);
    else idle.push(t);
  }
}

/** What the output must say: who (the resource, or the lookup), which field, and the fix. */
function expectedFragments(c: BadInputCase): string[] {
  if (c.kind === "webhooks") return [`getWebhooks: ${c.field}: `, c.fragment];
  // The engine names a property's value (in Go's notation) only for a short top-level string, number or
  // boolean; otherwise the reason names the field alone, and no `{<nil>}` or `{map[…]}` (node-warnings.ts).
  if (!printedByEngine(c)) return [`resource '${c.name}' has a problem: `, c.fragment];
  return [`resource '${c.name}'`, `property ${c.field} value`, c.fragment];
}

/** One case per kind of message the engine prints. */
const ENGINE_CASES = [
  "monitor-urn-scheme-mismatch",
  "monitor-urn-huge",
  "page-logo-missing-file",
  "alert-email-malformed",
  "webhooks-topic-empty",
];

test("the engine's cases are cases of the list, one per kind of message", () => {
  const chosen = BAD_INPUT_CASES.filter((c) => ENGINE_CASES.includes(c.name));
  expect(chosen.map((c) => c.name).sort()).toEqual([...ENGINE_CASES].sort());
  expect(new Set(chosen.map((c) => c.kind))).toEqual(new Set(["monitor", "page", "alert", "webhooks"]));
  expect(chosen.filter((c) => expectedFragments(c)[0].includes(" has a problem: ")).map((c) => c.name)).toEqual([
    "monitor-urn-huge",
    "page-logo-missing-file",
    "alert-email-malformed",
  ]);
});

test.concurrent.each(BAD_INPUT_CASES.filter((c) => ENGINE_CASES.includes(c.name)).map((c) => [c.name, c] as const))(
  "%s fails the preview naming it, and nothing is sent",
  async (_name, c) => {
    const text = await withStack(async (t) => {
      await t.stack.setConfig("bad-input:cases", { value: JSON.stringify([{ kind: c.kind, name: c.name, args: c.args }]) });
      return fails((onOutput) => t.stack.preview({ onOutput }));
    });
    for (const fragment of expectedFragments(c)) expect({ fragment, found: text.includes(fragment) }).toEqual({ fragment, found: true });
    // The log is never cleared: no case, this one or one before it, sent a request that changes anything.
    expect(mutating(await requestLines(emulator))).toEqual([]);
  },
);

test("after every case, nothing was created or changed: the service and the stack are as before", async () => {
  expect(await adminGet(emulator, "/state")).toEqual(stateBefore);
  for (const t of all) expect((await t.stack.exportStack()).deployment.resources ?? []).toEqual([]);
});
