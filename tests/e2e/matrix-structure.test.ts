// The matrix, program structure: components, `aliases`, `dependsOn`, JavaScript programs. The rows'
// driver, and what it checks after each row: tests/helpers/matrix.ts.
import { Json, SEEDED_ALERT, SEEDED_PAGE, mutating } from "../helpers/e2e";
import { matrixFile } from "../helpers/matrix";

jest.setTimeout(600_000);

const row = matrixFile();

test("components: several monitors per component, nested components, a page listing its sibling monitors", () =>
  row("components", async (r) => {
    const created = r.created;
    expect(created.result.summary.resourceChanges).toEqual({ create: 11 });
    const names = ["api", "web"].flatMap((s) => ["health", "login", "search"].map((check) => `payments-${s} ${check}`));
    const uuids = await r.uuids(...names);
    expect(created.changes).toEqual([...names.map(() => "POST /v1/monitors"), `PATCH /v1/pages/${SEEDED_PAGE}`].sort());
    expect((await r.page()).items).toEqual(uuids);
    const health = (await r.resources()).find((res: Json) => res.urn.endsWith("::payments-api-health"));
    expect(health.urn).toMatch(/::acme:uptime:Team\$acme:uptime:Service\$pulumi-nodejs:dynamic\/uptime:Monitor::payments-api-health$/);
    expect(health.inputs.journalKey).toBe(health.urn);

    // The page lists the edited monitors: an update keeps their uuids, so the plan does not touch it.
    await r.set({ generation: "1" });
    expect((await r.preview()).result.changeSummary).toEqual({ update: 3, same: 8 });
  }));

test("aliases: monitors moved under a component stay the same monitors; nothing is sent for the move", () =>
  row("aliases", async (r) => {
    expect(r.created.result.summary.resourceChanges).toEqual({ create: 3 });
    const uuids = await r.uuids("moved api", "moved web");

    await r.set({ grouped: "true" });
    const moved = await r.up();
    expect(moved.result.summary.resourceChanges).toEqual({ create: 1, same: 3 });
    expect(moved.requests).toEqual([]);
    // In the state under the component, with the uuids they had.
    const monitors = (await r.resources()).filter((res: Json) => res.type.endsWith("uptime:Monitor"));
    const under = (name: string) =>
      expect.stringMatching(new RegExp(`::acme:uptime:Checks\\$pulumi-nodejs:dynamic/uptime:Monitor::${name}$`));
    expect(monitors.map((res: Json) => [res.urn, res.id]).sort()).toEqual([
      [under("api"), uuids[0]],
      [under("web"), uuids[1]],
    ]);
    // Nothing is planned for them afterwards either: no replacement is pending.
    await r.expectNoChanges();
  }));

test("dependsOn: resources applied and destroyed in the declared order", () =>
  row("depends-on", async (r) => {
    expect(r.created.result.summary.resourceChanges).toEqual({ create: 5 });
    const [api, db] = await r.uuids("api", "db");
    // The alert first, then api, then db, then the page: one after the other.
    expect(mutating(r.created.requests)).toEqual([
      `PATCH /v1/alerts/${SEEDED_ALERT}`,
      "POST /v1/monitors",
      "POST /v1/monitors",
      `PATCH /v1/pages/${SEEDED_PAGE}`,
    ]);
    // Dependents first: db before api; the page and the alert are released without a request.
    expect(mutating((await r.destroy()).requests)).toEqual([`DELETE /v1/monitors/${db}`, `DELETE /v1/monitors/${api}`]);
  }));

test("a JavaScript program: a component with monitors and a page, ignoreChanges on a quoted intervalId", () =>
  row("javascript", async (r) => {
    expect(r.created.result.summary.resourceChanges).toEqual({ create: 5 });
    const [api, db] = await r.uuids("billing api", "billing db");
    expect(r.created.result.outputs.apiUuid.value).toBe(api);
    expect((await r.page()).items).toEqual([api, db]);

    // The interval changes too, but is ignored: only the db's description is sent.
    await r.set({ generation: "1" });
    expect((await r.up()).changes).toEqual([`PATCH /v1/monitors/${db}`]);
    expect((await r.only("billing api")).intervalId).toBe(60);
  }));

test("a JavaScript program: a protected MonitorFleet in a component, a page listing two members", () =>
  row("fleet-javascript", async (r) => {
    // The component, the fleet and the page (and the stack): 12 monitors in one step.
    expect(r.created.result.summary.resourceChanges).toEqual({ create: 4 });
    expect(r.created.changes).toEqual([`PATCH /v1/pages/${SEEDED_PAGE}`, ...Array(12).fill("POST /v1/monitors")]);
    const [first, second] = await r.uuids("edge pop 0", "edge pop 1");
    expect(r.created.result.outputs.firstUuid.value).toBe(first);
    expect(r.created.result.outputs.memberCount.value).toBe(12);
    expect((await r.page()).items).toEqual([first, second]);

    // Protected: destroy refuses, naming the fleet, and sends nothing; unprotected, it deletes every member.
    expect(await r.destroyRefused()).toContain("edge-monitors");
    const members = Object.values(await r.monitors()).map(([m]) => m.uuid as string);
    expect(members).toHaveLength(12);
    // The destroy released what was not protected (the page: no request); the next up takes it back.
    await r.set({ protect: "false" });
    const again = await r.up();
    expect(again.result.summary.resourceChanges).toMatchObject({ create: 1 });
    expect(again.changes).toEqual([`PATCH /v1/pages/${SEEDED_PAGE}`]);
    expect((await r.destroy()).changes).toEqual(members.map((u) => `DELETE /v1/monitors/${u}`).sort());
    expect(await r.monitors()).toEqual({});
  }));
