// The matrix, resource options: `protect`, `retainOnDelete`, `ignoreChanges`, `deleteBeforeReplace`.
// The rows' driver, and what it checks after each row: tests/helpers/matrix.ts.
import { Json, SEEDED_ALERT, adminCall, mutating } from "../helpers/e2e";
import { SECOND_ALERT, matrixFile } from "../helpers/matrix";

jest.setTimeout(600_000);

const row = matrixFile();

test("protect: destroy refuses and sends nothing; once unprotected, destroy deletes", () =>
  row("protect", async (r) => {
    const uuids = await r.uuids("protected payments", "protected checkout");
    // Protected monitors are still updated.
    await r.set({ generation: "1" });
    expect((await r.up()).changes).toEqual(uuids.map((u) => `PATCH /v1/monitors/${u}`).sort());

    await r.destroyRefused();
    expect(Object.keys(await r.monitors()).sort()).toEqual(["protected checkout", "protected payments"]);

    await r.set({ protect: "false" });
    expect((await r.up()).requests).toEqual([]);
    expect((await r.destroy()).changes).toEqual(uuids.map((u) => `DELETE /v1/monitors/${u}`).sort());
  }));

test("retainOnDelete: the removed monitors stay in the service; declaring the names again makes new ones and never touches the retained ones", () =>
  row("retain", async (r) => {
    const [keep, legacy] = await r.uuids("keep", "legacy");
    // `legacy` edited; `fresh` created, to be removed by the very next run (so no diff of it ever runs).
    await r.set({ generation: "1", declareFresh: "true" });
    expect((await r.up()).changes).toEqual([`PATCH /v1/monitors/${legacy}`, "POST /v1/monitors"]);
    const fresh = (await r.only("fresh")).uuid;
    const stamp = (await r.only("legacy")).updatedAt;
    expect(stamp).not.toBeNull();

    await r.set({ declareLegacy: "false", declareFresh: "false" });
    const removed = await r.up();
    expect(removed.result.summary.resourceChanges).toMatchObject({ delete: 2 });
    expect(removed.requests).toEqual([]);
    expect(await r.uuids("legacy", "fresh")).toEqual([legacy, fresh]);

    await r.set({ declareLegacy: "true", declareFresh: "true" });
    const again = await r.up();
    expect(again.result.summary.resourceChanges).toMatchObject({ create: 2 });
    expect(again.changes).toEqual(["POST /v1/monitors", "POST /v1/monitors"]);
    const retained = async () => {
      const byName = await r.monitors();
      expect([byName.legacy.length, byName.fresh.length]).toEqual([2, 2]);
      return [byName.legacy.find((m: Json) => m.uuid === legacy), byName.fresh.find((m: Json) => m.uuid === fresh)];
    };
    const [oldLegacy, oldFresh] = await retained();
    expect(oldLegacy).toMatchObject({ intervalId: 120, updatedAt: stamp });
    expect(oldFresh).toMatchObject({ updatedAt: null });

    // The new monitors retain on delete too: only `keep` is deleted; the retained ones stay untouched.
    expect((await r.destroy()).changes).toEqual([`DELETE /v1/monitors/${keep}`]);
    expect(await retained()).toEqual([oldLegacy, oldFresh]);
  }));

test("ignoreChanges with intervalId, urn, httpFollowRedirects, tcpOptions.DataRequest and googleAnalyticsId", () =>
  row("ignore-changes", async (r) => {
    const api = await r.only("api");
    expect(api).toMatchObject({ intervalId: 60, urn: "https://api-0.acme.example/health", httpFollowRedirects: true });

    // Every field of the edit is ignored but the description: only it is sent, with the stored values.
    await r.set({ generation: "1" });
    const edit = await r.up();
    expect(edit.changes).toEqual([`PATCH /v1/monitors/${api.uuid}`]);
    expect(edit.log.find((req) => req.method === "PATCH").body).toMatchObject({
      description: "generation 1",
      interval: 60,
      urn: "https://api-0.acme.example/health",
      followRedirects: true,
    });
    expect(await r.only("db")).toMatchObject({ tcpOptions: { dataRequest: "PING 0", keywordResponse: "PONG" } });
    expect((await r.page()).googleAnalitycsId).toBe("G-0");

    // An ignored field changed outside Pulumi stays as the service has it: the refresh reads it into the
    // inputs too (read hands back the declared fields' values), so `up --refresh` has nothing to put back.
    await adminCall(r.emulator, "PATCH", `/monitors/${api.uuid}`, { intervalId: 900 });
    const afterDrift = await r.up({ refresh: true });
    expect(afterDrift.changes).toEqual([]);
    expect(await r.only("api")).toMatchObject({ intervalId: 900, description: "generation 1" });
  }));

test("deleteBeforeReplace: an alerts change deletes the old monitor before creating the new one", () =>
  row("delete-before-replace", async (r) => {
    const first = await r.only("api");
    expect(first.alerts).toEqual([SEEDED_ALERT]);

    await r.set({ escalate: "true" });
    const replaced = await r.up();
    expect(replaced.result.summary.resourceChanges).toMatchObject({ replace: 1 });
    expect(mutating(replaced.requests)).toEqual([`DELETE /v1/monitors/${first.uuid}`, "POST /v1/monitors"]);
    const second = await r.only("api");
    expect(second).toMatchObject({ alerts: [SECOND_ALERT], intervalId: 60 });
    // The state holds the new monitor.
    expect((await r.resources()).find((res: Json) => res.urn.endsWith("::api")).id).toBe(second.uuid);
  }));
