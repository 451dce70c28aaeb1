// Loaded before every e2e file (jest.config.js): the Automation API's runs are read as they end for
// Node's own warnings (node-warnings.ts), and the file fails at its end if any run printed one.
import { Stack } from "@pulumi/pulumi/automation";
import { nodeWarningsSeen, readOutput } from "./node-warnings";

type Operation = "up" | "preview" | "refresh" | "destroy";
for (const operation of ["up", "preview", "refresh", "destroy"] as Operation[]) {
  const run = Stack.prototype[operation] as (this: Stack, ...args: unknown[]) => Promise<{ stdout: string; stderr: string }>;
  (Stack.prototype as unknown as Record<Operation, typeof run>)[operation] = async function (this: Stack, ...args: unknown[]) {
    try {
      const result = await run.apply(this, args);
      readOutput(`${result.stdout}\n${result.stderr}`, `pulumi ${operation}`);
      return result;
    } catch (error) {
      readOutput(String((error as Error)?.message ?? error), `pulumi ${operation}`);
      throw error;
    }
  };
}

afterAll(() => {
  expect(nodeWarningsSeen()).toEqual([]);
});
