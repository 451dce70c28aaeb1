// The matrix, program structure: monitors grouped in components (several per component, nested,
// a page listing its sibling monitors), monitors moved under a component with `aliases`, ordering
// with `dependsOn`, and a JavaScript program. Each row: up, an empty second preview, an edit,
// refresh then up with nothing to do, destroy; the requests of every step are exactly the ones the
// change needs, and nothing outside the stack is touched.
import type { RunningEmulator } from "../../emulator/types";
import { Json, SEEDED_ALERT, SEEDED_PAGE, adminGet } from "../helpers/e2e";
import {
  changes,
  destroyRefused,
  expectBystanderUntouched,
  expectNoChanges,
  matrixFile,
  monitorsByName,
  observed,
  refreshChangesNothing,
  up,
} from "../helpers/matrix";

jest.setTimeout(600_000);

const matrix = matrixFile();
let emulator: RunningEmulator;
beforeAll(() => {
  emulator = matrix.emulator();
});
const { row, uuidsOf } = matrix;

test("components: several monitors per component, nested components, a page listing its sibling monitors", async () => {
  const t = await row("components");
  const created = await up(t, emulator);
  expect(created.result.summary.resourceChanges).toEqual({ create: 11 });
  const names = [
    "payments-api health",
    "payments-api login",
    "payments-api search",
    "payments-web health",
    "payments-web login",
    "payments-web search",
  ];
  const uuids = await uuidsOf(names);
  expect(changes(created.requests)).toEqual([...names.map(() => "POST /v1/monitors"), `PATCH /v1/pages/${SEEDED_PAGE}`].sort());
  const page = (await adminGet(emulator, "/state")).pages.find((p: Json) => p.uuid === SEEDED_PAGE);
  expect(page.items).toEqual(uuids);
  const exported = (await t.stack.exportStack()).deployment.resources;
  const health = exported.find((r: Json) => r.urn.endsWith("::payments-api-health"));
  expect(health.urn).toMatch(/::acme:uptime:Team\$acme:uptime:Service\$pulumi-nodejs:dynamic\/uptime:Monitor::payments-api-health$/);
  expect(health.inputs.journalKey).toBe(health.urn);

  await expectNoChanges(t, emulator);

  await t.stack.setConfig("generation", { value: "1" });
  // The page lists the edited monitors: an update keeps their uuids, so the plan does not touch it.
  const planned = await observed(emulator, () => t.stack.preview());
  expect(planned.result.changeSummary).toEqual({ update: 3, same: 8 });
  const edit = await up(t, emulator);
  expect(edit.result.summary.resourceChanges).toMatchObject({ update: 3 });
  expect(changes(edit.requests)).toEqual(
    uuids
      .slice(0, 3)
      .map((u) => `PATCH /v1/monitors/${u}`)
      .sort(),
  );

  await refreshChangesNothing(t, emulator);

  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual(uuids.map((u) => `DELETE /v1/monitors/${u}`).sort());
  expect(await monitorsByName(emulator)).toEqual({});
  await expectBystanderUntouched(emulator);
});

test("aliases: monitors moved under a component stay the same monitors; nothing is sent for the move", async () => {
  const t = await row("aliases");
  const created = await up(t, emulator);
  expect(created.result.summary.resourceChanges).toEqual({ create: 3 });
  const uuids = await uuidsOf(["moved api", "moved web"]);

  await t.stack.setConfig("grouped", { value: "true" });
  const moved = await up(t, emulator);
  expect(moved.result.summary.resourceChanges).toEqual({ create: 1, same: 3 });
  expect(moved.requests).toEqual([]);
  const urns = (await t.stack.exportStack()).deployment.resources.map((r: Json) => r.urn);
  expect(urns).toContainEqual(expect.stringMatching(/acme:uptime:Checks\$pulumi-nodejs:dynamic\/uptime:Monitor::api$/));
  await expectNoChanges(t, emulator);

  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${uuids[0]}`]);
  await refreshChangesNothing(t, emulator);

  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual(uuids.map((u) => `DELETE /v1/monitors/${u}`).sort());
  await expectBystanderUntouched(emulator);
});

test("dependsOn: resources applied and destroyed in the declared order", async () => {
  const t = await row("depends-on");
  const created = await up(t, emulator);
  expect(created.result.summary.resourceChanges).toEqual({ create: 5 });
  const [api, db] = await uuidsOf(["api", "db"]);
  // The alert first, then api, then db, then the page: one after the other.
  expect(created.requests.filter((r) => !r.startsWith("GET "))).toEqual([
    `PATCH /v1/alerts/${SEEDED_ALERT}`,
    "POST /v1/monitors",
    "POST /v1/monitors",
    `PATCH /v1/pages/${SEEDED_PAGE}`,
  ]);
  await expectNoChanges(t, emulator);

  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${api}`]);
  await refreshChangesNothing(t, emulator);

  const destroyed = await observed(emulator, () => t.stack.destroy());
  // Dependents first: db before api; the page and the alert are released without a request.
  expect(destroyed.requests.filter((r) => !r.startsWith("GET "))).toEqual([`DELETE /v1/monitors/${db}`, `DELETE /v1/monitors/${api}`]);
  await expectBystanderUntouched(emulator);
});

test("a JavaScript program: a component with monitors and a page, ignoreChanges on a quoted intervalId", async () => {
  const t = await row("javascript");
  const created = await up(t, emulator);
  expect(created.result.summary.resourceChanges).toEqual({ create: 5 });
  const [api, db] = await uuidsOf(["billing api", "billing db"]);
  expect(created.result.outputs.apiUuid.value).toBe(api);
  const page = (await adminGet(emulator, "/state")).pages.find((p: Json) => p.uuid === SEEDED_PAGE);
  expect(page.items).toEqual([api, db]);
  await expectNoChanges(t, emulator);

  // The interval changes too, but is ignored: only the db's description is sent.
  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${db}`]);
  expect((await monitorsByName(emulator))["billing api"][0].intervalId).toBe(60);
  await refreshChangesNothing(t, emulator);

  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual([`DELETE /v1/monitors/${api}`, `DELETE /v1/monitors/${db}`].sort());
  await expectBystanderUntouched(emulator);
});

test("a JavaScript program: a protected MonitorFleet in a component, a page listing two members", async () => {
  const t = await row("fleet-javascript");
  const created = await up(t, emulator);
  // The component, the fleet and the page (and the stack): 12 monitors in one step.
  expect(created.result.summary.resourceChanges).toEqual({ create: 4 });
  expect(changes(created.requests)).toEqual([`PATCH /v1/pages/${SEEDED_PAGE}`, ...Array(12).fill("POST /v1/monitors")]);
  const [first, second] = await uuidsOf(["edge pop 0", "edge pop 1"]);
  expect(created.result.outputs.firstUuid.value).toBe(first);
  expect(created.result.outputs.memberCount.value).toBe(12);
  const page = (await adminGet(emulator, "/state")).pages.find((p: Json) => p.uuid === SEEDED_PAGE);
  expect(page.items).toEqual([first, second]);
  await expectNoChanges(t, emulator);

  // One member's interval: one PATCH, the page untouched.
  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${first}`]);
  expect((await monitorsByName(emulator))["edge pop 0"][0].intervalId).toBe(120);
  await refreshChangesNothing(t, emulator);

  // Protected: destroy refuses, naming the fleet, and sends nothing; unprotected, it deletes every member.
  expect(await destroyRefused(t, emulator)).toContain("edge-monitors");
  expect(Object.keys(await monitorsByName(emulator))).toHaveLength(12);
  // The destroy released what was not protected (the page: no request); the next up takes it back.
  await t.stack.setConfig("protect", { value: "false" });
  const again = await up(t, emulator);
  expect(again.result.summary.resourceChanges).toMatchObject({ create: 1 });
  expect(changes(again.requests)).toEqual([`PATCH /v1/pages/${SEEDED_PAGE}`]);
  const members = Object.values(await monitorsByName(emulator)).map(([m]) => m.uuid as string);
  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual(members.map((u) => `DELETE /v1/monitors/${u}`).sort());
  expect(await monitorsByName(emulator)).toEqual({});
  await expectBystanderUntouched(emulator);
});
