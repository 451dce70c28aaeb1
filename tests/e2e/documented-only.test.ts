// The quickstart against an emulator that serves only the documented routes: no GET of monitors,
// pages or alerts, no DELETE. Applying works; refresh keeps the state with a warning; destroy fails
// with the retainOnDelete hint, and succeeds once the resources say retainOnDelete.
import type { RunningEmulator } from "../../emulator/types";
import { TestStack } from "../helpers/pulumi";
import { adminCall, adminGet, exampleStack, startE2eEmulator } from "../helpers/e2e";

jest.setTimeout(300_000);

let emulator: RunningEmulator;
let t: TestStack;

beforeAll(async () => {
  emulator = await startE2eEmulator({ documentedOnly: true });
  t = await exampleStack("quickstart", emulator);
});
afterAll(async () => {
  await t?.remove();
  await emulator?.close();
});

test("up and an in-place edit work with the documented routes alone", async () => {
  const up = await t.stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 5 });
  await t.stack.setConfig("uptime-quickstart:apiInterval", { value: "300" });
  const edit = await t.stack.up();
  expect(edit.summary.resourceChanges).toMatchObject({ update: 1 });
  const api = (await adminGet(emulator, "/state")).monitors.find((m: { name: string }) => m.name === "Public API");
  expect(api.intervalId).toBe(300);
});

test("refresh keeps the state as last applied, with one warning per kind", async () => {
  const api = (await adminGet(emulator, "/state")).monitors.find((m: { name: string }) => m.name === "Public API");
  await adminCall(emulator, "PATCH", `/monitors/${api.uuid}`, { name: "changed where refresh cannot see" });
  const output: string[] = [];
  const refresh = await t.stack.refresh({ onOutput: (l) => output.push(l) });
  expect(refresh.summary.result).toBe("succeeded");
  expect(refresh.summary.resourceChanges).toEqual({ same: 5 });
  const text = output.join("");
  // Once for the two monitors, not once per monitor (the CLI repeats it in its closing Diagnostics).
  const diagnostics = text.slice(text.lastIndexOf("Diagnostics:"));
  expect(diagnostics.match(/answered 405 to reading a monitor/g)).toHaveLength(1);
  const preview = await t.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 5 });
});

test("destroy fails naming retainOnDelete, and succeeds once the monitors retain on delete", async () => {
  const output: string[] = [];
  await expect(t.stack.destroy({ onOutput: (l) => output.push(l) })).rejects.toThrow(/retainOnDelete: true/);
  expect(output.join("")).toContain("does not allow deleting monitors through the API");
  expect((await adminGet(emulator, "/state")).monitors).toHaveLength(2);

  await t.stack.setConfig("uptime-quickstart:retainOnDelete", { value: "true" });
  await t.stack.up();
  const destroy = await t.stack.destroy();
  expect(destroy.summary.result).toBe("succeeded");
  const exported = await t.stack.exportStack();
  expect(exported.deployment.resources ?? []).toHaveLength(0);
  // Retained: still in the service, as the user asked.
  expect((await adminGet(emulator, "/state")).monitors).toHaveLength(2);
});
