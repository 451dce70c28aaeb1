// The quickstart against a service with only the documented routes (no GET of an object, no DELETE), each
// message's way out (UPTIME_DELETE_UNSUPPORTED=leave) followed to a consistent stack.
import type { TestStack } from "../helpers/pulumi";
import { adminCall, e2eFile, fails, monitorNamed, serviceState, stateResources, withEnv } from "../helpers/e2e";

jest.setTimeout(300_000);

const { emulator, stack } = e2eFile({ documentedOnly: true });
let t: TestStack;
beforeAll(async () => (t = await stack("quickstart")));

test("up works with the documented routes alone", async () => {
  const up = await t.stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 5 });
});

test("refresh keeps the state as last applied, with one warning per kind", async () => {
  const api = await monitorNamed(emulator, "Public API");
  await adminCall(emulator, "PATCH", `/monitors/${api.uuid}`, { name: "changed where refresh cannot see" });
  const output: string[] = [];
  const refresh = await t.stack.refresh({ onOutput: (l) => output.push(l) });
  expect(refresh.summary.result).toBe("succeeded");
  expect(refresh.summary.resourceChanges).toEqual({ same: 5 });
  const text = output.join("");
  // Once for the two monitors, not once per monitor (the CLI repeats it in its closing Diagnostics).
  const diagnostics = text.slice(text.lastIndexOf("Diagnostics:"));
  expect(diagnostics.match(/answered 405 to reading a monitor/g)).toHaveLength(1);
});

test("in one up, an in-place edit works and a replace (an alerts change) stops at the old monitor's DELETE, with nothing lost; following the message leaves it in the service", async () => {
  const before = await monitorNamed(emulator, "Primary database");
  await t.stack.setAllConfig({ "uptime-quickstart:apiInterval": { value: "300" }, "uptime-quickstart:databaseAlerts": { value: "true" } });
  const text = await fails((onOutput) => t.stack.up({ onOutput }));
  expect((await monitorNamed(emulator, "Public API")).intervalId).toBe(300);
  expect(text).toContain(
    `monitor "Primary database" (${before.uuid}): the service does not allow deleting monitors through the API (DELETE answered 405); nothing was deleted`,
  );
  expect(text).toContain("run the same command again with UPTIME_DELETE_UNSUPPORTED=leave in the environment");
  // The new monitor exists and the stack holds it; the old one is still in the service and pending delete in the stack.
  expect((await serviceState(emulator)).monitors.filter((m) => m.name === "Primary database")).toHaveLength(2);

  const again: string[] = [];
  await withEnv(t, { UPTIME_DELETE_UNSUPPORTED: "leave" }, () => t.stack.up({ onOutput: (l) => again.push(l) }));
  expect(again.join("")).toContain(
    `monitor "Primary database" (${before.uuid}) is left in the service, still checking and alerting, and is no longer in the stack`,
  );
  const exported = await stateResources(t);
  const held = exported.filter((r) => r.type.endsWith("uptime:Monitor"));
  expect(held).toHaveLength(2);
  expect(held.map((r) => r.id)).not.toContain(before.uuid);
  expect(exported.filter((r) => r.delete)).toEqual([]);
});

test("destroy stops at the first DELETE with nothing lost; following the message leaves every monitor in the service and empties the stack", async () => {
  const monitors = (await serviceState(emulator)).monitors.length;
  const stopped = await fails((onOutput) => t.stack.destroy({ onOutput }), /UPTIME_DELETE_UNSUPPORTED=leave/);
  expect(stopped).toContain("does not allow deleting monitors through the API");
  expect((await stateResources(t)).filter((r) => r.type.endsWith("uptime:Monitor"))).toHaveLength(2);

  const destroy = await withEnv(t, { UPTIME_DELETE_UNSUPPORTED: "leave" }, () => t.stack.destroy());
  expect(destroy.summary.result).toBe("succeeded");
  expect(await stateResources(t)).toHaveLength(0);
  // Left in the service, as the message said.
  expect((await serviceState(emulator)).monitors).toHaveLength(monitors);
});
