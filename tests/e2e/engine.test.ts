// The toolchain end to end: the CLI built by the bootstrap, the Node.js language host, and the
// dynamic-provider plugin shim, driven through the Automation API on a local file backend.
import * as path from "node:path";
import { createStack, TestStack } from "../helpers/pulumi";

jest.setTimeout(180_000);

let t: TestStack;
beforeAll(async () => {
  t = await createStack(path.join(__dirname, "programs/trivial"), { config: { "trivial:text": { value: "hello" } } });
});
afterAll(async () => t?.remove());

test("up creates the resource, preview then sees no change, an edit updates it, destroy removes it", async () => {
  const up = await t.stack.up({ onOutput: (l) => process.stdout.write(l) });
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
  expect(up.outputs.shout.value).toBe("HELLO");
  expect(up.outputs.id.value).toBe("greeting-5");

  const preview = await t.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 2 });

  await t.stack.setConfig("trivial:text", { value: "bye" });
  const edit = await t.stack.up();
  expect(edit.summary.resourceChanges).toMatchObject({ update: 1, same: 1 });
  expect(edit.outputs.shout.value).toBe("BYE");

  const destroy = await t.stack.destroy({ onOutput: (l) => process.stdout.write(l) });
  expect(destroy.summary.result).toBe("succeeded");
  expect(destroy.summary.resourceChanges).toMatchObject({ delete: 2 });
  const state = await t.stack.exportStack();
  expect(state.deployment.resources ?? []).toHaveLength(0);
});
