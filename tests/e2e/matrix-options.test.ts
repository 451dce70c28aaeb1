// The matrix, resource options: `protect`, `retainOnDelete` then the same name declared again,
// `ignoreChanges` with every documented spelling, and `deleteBeforeReplace` on an alerts change.
// Each row: up, an empty second preview, an edit, refresh then up with nothing to do, destroy; the
// requests of every step are exactly the ones the change needs, and nothing outside the stack is touched.
import type { RunningEmulator } from "../../emulator/types";
import { Json, SEEDED_ALERT, SEEDED_PAGE, adminCall, adminGet } from "../helpers/e2e";
import {
  SECOND_ALERT,
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
const { row } = matrix;

const onlyOne = async (name: string): Promise<Json> => {
  const found = (await monitorsByName(emulator))[name] ?? [];
  expect(found).toHaveLength(1);
  return found[0];
};

test("protect: destroy refuses and sends nothing; once unprotected, destroy deletes", async () => {
  const t = await row("protect");
  await up(t, emulator);
  const uuids = [(await onlyOne("protected payments")).uuid, (await onlyOne("protected checkout")).uuid];
  await expectNoChanges(t, emulator);
  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual(uuids.map((u) => `PATCH /v1/monitors/${u}`).sort());
  await refreshChangesNothing(t, emulator);

  await destroyRefused(t, emulator);
  expect(Object.keys(await monitorsByName(emulator)).sort()).toEqual(["protected checkout", "protected payments"]);

  await t.stack.setConfig("protect", { value: "false" });
  const unprotect = await up(t, emulator);
  expect(unprotect.requests).toEqual([]);
  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual(uuids.map((u) => `DELETE /v1/monitors/${u}`).sort());
  await expectBystanderUntouched(emulator);
});

test("retainOnDelete: the removed monitor stays in the service; declaring the name again makes a new one and never touches the retained one", async () => {
  const t = await row("retain");
  await up(t, emulator);
  const keep = (await onlyOne("keep")).uuid;
  const legacy = (await onlyOne("legacy")).uuid;
  await expectNoChanges(t, emulator);
  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${legacy}`]);
  await refreshChangesNothing(t, emulator);

  await t.stack.setConfig("declareLegacy", { value: "false" });
  const removed = await up(t, emulator);
  expect(removed.result.summary.resourceChanges).toMatchObject({ delete: 1 });
  expect(removed.requests).toEqual([]);
  expect((await onlyOne("legacy")).uuid).toBe(legacy);

  await t.stack.setConfig("declareLegacy", { value: "true" });
  const again = await up(t, emulator);
  expect(again.result.summary.resourceChanges).toMatchObject({ create: 1 });
  expect(changes(again.requests)).toEqual(["POST /v1/monitors"]);
  const legacies = (await monitorsByName(emulator)).legacy;
  expect(legacies).toHaveLength(2);
  const retained = legacies.find((m: Json) => m.uuid === legacy);
  expect(retained).toMatchObject({ intervalId: 120 });
  const stamp = retained.updatedAt;
  await expectNoChanges(t, emulator);
  await refreshChangesNothing(t, emulator);

  // Created, then removed by the very next run (so no diff of it ever ran), then declared again.
  await t.stack.setConfig("declareFresh", { value: "true" });
  await up(t, emulator);
  const fresh = (await onlyOne("fresh")).uuid;
  await t.stack.setConfig("declareFresh", { value: "false" });
  expect((await up(t, emulator)).requests).toEqual([]);
  await t.stack.setConfig("declareFresh", { value: "true" });
  const redeclared = await up(t, emulator);
  expect(changes(redeclared.requests)).toEqual(["POST /v1/monitors"]);
  expect((await monitorsByName(emulator)).fresh.map((m: Json) => m.uuid)).toContain(fresh);
  expect((await adminGet(emulator, `/monitors/${fresh}`)).updatedAt).toBeNull();

  const destroyed = await observed(emulator, () => t.stack.destroy());
  // The new legacy monitor retains on delete too: only `keep` is deleted.
  expect(changes(destroyed.requests)).toEqual([`DELETE /v1/monitors/${keep}`]);
  expect((await adminGet(emulator, `/monitors/${legacy}`)).updatedAt).toBe(stamp);
  await expectBystanderUntouched(emulator);
});

test("ignoreChanges with intervalId, urn, httpFollowRedirects, tcpOptions.DataRequest and googleAnalyticsId", async () => {
  const t = await row("ignore-changes");
  await up(t, emulator);
  const api = await onlyOne("api");
  const db = await onlyOne("db");
  expect(api).toMatchObject({ intervalId: 60, urn: "https://api-0.acme.example/health", httpFollowRedirects: true });
  await expectNoChanges(t, emulator);

  // Every field of the edit is ignored but the description: only it is sent, with the stored values.
  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${api.uuid}`]);
  const sent = (await adminGet(emulator, "/requests")).requests.find((r: Json) => r.method === "PATCH").body;
  expect(sent).toMatchObject({
    description: "generation 1",
    interval: 60,
    urn: "https://api-0.acme.example/health",
    followRedirects: true,
  });
  expect(await onlyOne("db")).toMatchObject({ tcpOptions: { dataRequest: "PING 0", keywordResponse: "PONG" } });
  const page = (await adminGet(emulator, "/state")).pages.find((p: Json) => p.uuid === SEEDED_PAGE);
  expect(page.googleAnalitycsId).toBe("G-0");
  await refreshChangesNothing(t, emulator);

  // An ignored field changed outside Pulumi stays as the service has it: the refresh reads it into the
  // inputs too (read hands back the declared fields' values), so `up` has nothing to put back.
  await adminCall(emulator, "PATCH", `/monitors/${api.uuid}`, { intervalId: 900 });
  await t.stack.refresh();
  const afterDrift = await up(t, emulator);
  expect(changes(afterDrift.requests)).toEqual([]);
  expect(await onlyOne("api")).toMatchObject({ intervalId: 900, description: "generation 1" });

  // A name that is no input of the resource fails the preview, naming the inputs there are.
  await t.stack.setConfig("extraIgnore", { value: "interval_id" });
  const preview = await observed(emulator, () =>
    t.stack.preview().then(
      () => "previewed",
      (e: Error) => e.message,
    ),
  );
  expect(preview.result).toContain(
    'monitor "api": ignoreChanges "interval_id" names no input of this resource; use one of name, title, type, urn',
  );
  expect(changes(preview.requests)).toEqual([]);
  await t.stack.removeConfig("extraIgnore");

  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual([`DELETE /v1/monitors/${api.uuid}`, `DELETE /v1/monitors/${db.uuid}`].sort());
  await expectBystanderUntouched(emulator);
});

test("deleteBeforeReplace: an alerts change deletes the old monitor before creating the new one", async () => {
  const t = await row("delete-before-replace");
  await up(t, emulator);
  const first = await onlyOne("api");
  expect(first.alerts).toEqual([SEEDED_ALERT]);
  await expectNoChanges(t, emulator);
  await t.stack.setConfig("generation", { value: "1" });
  const edit = await up(t, emulator);
  expect(changes(edit.requests)).toEqual([`PATCH /v1/monitors/${first.uuid}`]);
  await refreshChangesNothing(t, emulator);

  await t.stack.setConfig("escalate", { value: "true" });
  const replaced = await up(t, emulator);
  expect(replaced.result.summary.resourceChanges).toMatchObject({ replace: 1 });
  expect(replaced.requests.filter((r) => !r.startsWith("GET "))).toEqual([`DELETE /v1/monitors/${first.uuid}`, "POST /v1/monitors"]);
  const second = await onlyOne("api");
  expect(second).toMatchObject({ alerts: [SECOND_ALERT], intervalId: 120 });
  await expectNoChanges(t, emulator);
  await refreshChangesNothing(t, emulator);

  const destroyed = await observed(emulator, () => t.stack.destroy());
  expect(changes(destroyed.requests)).toEqual([`DELETE /v1/monitors/${second.uuid}`]);
  await expectBystanderUntouched(emulator);
});
