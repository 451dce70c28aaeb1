// A fleet's operations against the emulator: plans and the requests they send, runs failing for some members,
// refresh, the create journal, unconfirmed creations and their ways out, import, a rate limit, 405s.
import * as fs from "node:fs";
import * as path from "node:path";
import { UptimeClient } from "../../../provider/api/client";
import { RequestScheduler } from "../../../provider/api/scheduler";
import { CreateJournal, FleetNotes } from "../../../provider/journal";
import {
  FleetContext,
  FleetInputs,
  FleetOutputs,
  checkFleet,
  createFleet,
  deleteFleet,
  describePlan,
  importFleet,
  importedMembers,
  planFleet,
  readFleet,
  updateFleet,
} from "../../../provider/fleet";
import { UNKNOWN, engineFailure, failureText } from "../../../provider/model/values";
import { inputPath } from "../../../provider/model/engine";
import { MONITOR } from "../../../provider/model/monitor";
import { testClient, useEmulator } from "../../helpers/emulator";
import { tempDir } from "../../helpers/images";
import { API_KEY } from "../../helpers/servers";
import { rejection } from "../../helpers/rejection";
import { withEnv } from "../../helpers/env";
import { found } from "../../helpers/checked";

const { emulator, admin, t } = useEmulator({
  seed: { alerts: [{ uuid: "alert-1", name: "On-call", recipients: [] }] },
  resetEach: true, // the rate limit and the faults too
  testClient: { retry: { baseDelayMs: 1, maxRetries: 0 } },
});
const documented = useEmulator({ documentedOnly: true, resetEach: true, testClient: { retry: { baseDelayMs: 1, maxRetries: 0 } } });
let dir: ReturnType<typeof tempDir>;
let ctx: FleetContext & { lines: string[] };

const URN = "urn:pulumi:dev::proj::pulumi-nodejs:dynamic/uptime:MonitorFleet::edge";

beforeEach(() => {
  dir = tempDir("uptime-fleet-");
  const lines: string[] = [];
  ctx = {
    journal: new CreateJournal(dir.dir, emulator.url),
    onUnsupported: "fail",
    info: (m) => lines.push(m),
    warn: (m) => lines.push(m),
    lines,
  };
});
afterEach(() => {
  dir.remove();
  jest.restoreAllMocks();
});

/** A member as a program writes it (`urn`, as for a Monitor). */
const member = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "https",
  urn: `https://${name}.example.com/health`,
  interval: 60,
  regions: [1],
  ...extra,
});
const declare = (members: Record<string, Record<string, unknown>>): FleetInputs => {
  const result = checkFleet({ monitors: members, journalKey: URN });
  expect(result.failures).toEqual([]);
  return result.inputs;
};
const fleetOf = (n: number, extra: Record<string, unknown> = {}) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`m${String(i).padStart(3, "0")}`, member(`m${i}`, extra)]));
const byRoute = async () => (await admin.counters()).requestsByRoute as Record<string, number>;
/** The names of a fleet's members, sorted: what the service should hold. */
const namesOf = (outs: FleetOutputs) => Array.from(Object.values(outs.monitors), (m) => m.name as string).sort();
type FleetError = Error & { id?: string; properties?: FleetOutputs };
/** Every POST /monitors refused with a 422, `times` times. */
const refusePosts = (times: number) =>
  admin.faults({ rules: [{ route: "POST /monitors", respond: { status: 422, body: '{"error":{"message":"refused"}}' }, times }] });

describe("check", () => {
  test("each member is checked as a monitor: a failure names the member and the field; `urn` is a member's target", () => {
    const result = checkFleet({
      monitors: { api: member("api", { interval: 0 }), db: { ...member("db"), urn: undefined } },
      journalKey: URN,
    });
    const failures = result.failures.map((f) => engineFailure(f, inputPath(MONITOR)));
    expect(failures.map((f) => f.property).sort()).toEqual(["monitors.api.interval", "monitors.db.target"]);
    expect(failures.find((f) => f.property === "monitors.api.interval")?.reason).toMatch(/^monitors\.api\.interval: /);
    expect(failures.find((f) => f.property === "monitors.db.target")?.reason).toMatch(/^monitors\.db\.urn: /);
    const { interval: _interval, ...rest } = member("api");
    const ok = checkFleet({ monitors: { api: { ...rest, intervalId: "120" } } });
    expect(ok.failures).toEqual([]);
    expect(ok.inputs.monitors.api).toMatchObject({ target: "https://api.example.com/health", interval: 120 });
    // Both spellings, as a Monitor's check() reads them: one value is one field, two values a failure.
    const both = checkFleet({
      monitors: { a: { ...member("a"), target: member("a").urn }, b: { ...member("b"), target: "https://c.example" } },
    });
    expect(both.failures.map((f) => failureText(f))).toEqual([
      "monitors.b: urn and target are the same field with different values; keep only urn",
    ]);
    expect(checkFleet({ monitors: { b: member("b") } }).failures).toEqual([]); // the advice followed
  });

  test("monitors must be an object keyed by names; not yet known (a preview), it passes as it is", () => {
    expect(failureText(checkFleet({ monitors: [member("a")] }).failures[0])).toMatch(
      /^monitors: expected an object of monitors keyed by names you choose/,
    );
    expect(failureText(checkFleet({ monitors: { " ": member("a") } }).failures[0])).toMatch(
      /^monitors\[" "\]: a member's name is 1-256 characters, not blank/,
    );
    expect(checkFleet({ monitors: UNKNOWN })).toMatchObject({ failures: [], inputs: { monitors: UNKNOWN } });
    expect(checkFleet({ monitors: { a: UNKNOWN } })).toMatchObject({ failures: [], inputs: { monitors: { a: UNKNOWN } } });
  });
});

test("create, an empty plan, then an update: 10 PATCHes, one member replaced, removals and an addition, nothing else sent", async () => {
  const created = await createFleet(t.client, declare(fleetOf(40)), ctx);
  expect(await admin.monitorNames()).toHaveLength(40);
  expect((await byRoute())["POST /monitors"]).toBe(40);
  expect(Object.keys(created.outs.monitors)).toHaveLength(40);
  expect(created.outs.monitors.m000).toMatchObject({ name: "m0", target: "https://m0.example.com/health", intervalId: 60 });
  expect(created.outs.monitors.m000).not.toHaveProperty("journalKey");
  expect(planFleet(created.outs, declare(fleetOf(40)))).toEqual({ create: [], update: [], replace: [], delete: [] });

  const next = fleetOf(40);
  for (let i = 0; i < 10; i++) next[`m${String(i).padStart(3, "0")}`] = member(`m${i}`, { timeout: 5 });
  next.m010 = member("m10", { alerts: ["alert-1"] });
  for (let i = 20; i < 25; i++) delete next[`m${String(i).padStart(3, "0")}`];
  next.extra = member("extra");
  const plan = planFleet(created.outs, declare(next));
  expect(plan.update.map((u) => u.key)).toHaveLength(10);
  expect(plan.update[0]).toEqual({ key: "m000", fields: ["timeout"] });
  expect(plan.replace).toEqual([{ key: "m010", fields: ["alerts"] }]);
  expect(plan.create).toEqual(["extra"]);
  expect(plan.delete).toEqual(["m020", "m021", "m022", "m023", "m024"]);
  expect(describePlan(plan, 3)).toBe(
    "create 1 (extra); update 10 (m000: timeout, m001: timeout, m002: timeout, and 7 more); replace 1 (m010: alerts); " +
      "delete 5 (m020, m021, m022, and 2 more)",
  );

  await admin.clearRequests();
  const before = created.outs.monitors.m010.uuid;
  const updated = await updateFleet(t.client, created.id, created.outs, declare(next), ctx);
  const routes = (await admin.requests()).map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ":id")}`);
  expect(routes.filter((r) => r === "PATCH /v1/monitors/:id")).toHaveLength(10);
  expect(routes.filter((r) => r === "POST /v1/monitors")).toHaveLength(2); // the new member and the replacement
  expect(routes.filter((r) => r === "DELETE /v1/monitors/:id")).toHaveLength(6); // five removed, the replaced one
  expect(routes).toHaveLength(18);
  expect(updated.outs.monitors.m010.uuid).not.toBe(before);
  expect(updated.outs.monitors.m010).toMatchObject({ alerts: ["alert-1"] });
  expect(updated.outs).not.toHaveProperty("replaced");
  expect(Object.keys(updated.outs.monitors)).toHaveLength(36);
  expect(await admin.monitorNames()).toEqual(namesOf(updated.outs));

  await deleteFleet(t.client, updated.outs, ctx);
  expect(await admin.monitors()).toEqual([]);
});

test("a create that fails for some members keeps exactly those it made; the next update makes the rest, none twice", async () => {
  await refusePosts(3);
  const inputs = declare(fleetOf(20));
  const error = await rejection<FleetError>(createFleet(t.client, inputs, ctx));
  expect(error.message).toMatch(/^creating the fleet: 3 members failed; the fleet's state records what was done/);
  // The three fail for the same reason: one line names them.
  const lines = error.message.split("\n").slice(1);
  expect(lines).toHaveLength(1);
  expect(lines[0].match(/monitors\.m\d+/g)).toHaveLength(3);
  expect(lines[0]).toContain("refused");
  expect(error.id).toMatch(/^fleet-/);
  const kept = error.properties!;
  expect(Object.keys(kept.monitors)).toHaveLength(17);
  expect(await admin.monitorNames()).toEqual(namesOf(kept));

  // The engine keeps the fleet with those members; the next run's diff and update make the other 3.
  expect(planFleet(kept, inputs).create).toHaveLength(3);
  const done = await updateFleet(t.client, error.id!, kept, inputs, ctx);
  expect(Object.keys(done.outs.monitors)).toHaveLength(20);
  expect(await admin.monitorNames()).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`).sort()); // none twice
  expect(namesOf(done.outs)).toEqual(await admin.monitorNames());
});

const M1_M2_M10 = { m10: member("m10"), m2: member("m2"), m1: member("m1") };
test.each([
  ["in natural order (m2 before m10), as the plan line names them", M1_M2_M10, 3, /^monitors\.m1, monitors\.m2, monitors\.m10: .*refused/],
  ["20 at most, the rest counted", fleetOf(25), 20, /^monitors\.m000, monitors\.m001, .*, monitors\.m019 and 5 more members: .*refused/],
])("members failing for one reason are named %s; none created, nothing stored", async (_what, members, named, line) => {
  const count = Object.keys(members).length;
  await refusePosts(count);
  const error = await rejection(createFleet(t.client, declare(members), ctx));
  expect(error.message).toMatch(
    new RegExp(
      `^creating the fleet: ${count} members failed; no member was created, so nothing is stored; running the command again creates them\\.`,
    ),
  );
  const lines = error.message.split("\n").slice(1);
  expect(lines).toEqual([expect.stringMatching(line)]);
  expect(lines[0].match(/monitors\.m\d+/g)).toHaveLength(named);
});

test("a replacement whose old monitor could not be deleted is kept, and deleted by the next run; a destroy that fails for one member keeps the fleet as it was, and run again deletes the rest", async () => {
  const created = await createFleet(t.client, declare({ api: member("api"), b: member("b"), c: member("c") }), ctx);
  const old = created.outs.monitors.api.uuid;
  const failOneDelete = () =>
    admin.faults({ rules: [{ route: "DELETE /monitors/:uuid", respond: { status: 500, body: "{}" }, times: 1 }] });
  await failOneDelete();
  const next = declare({ api: member("api", { alerts: ["alert-1"] }), b: member("b"), c: member("c") });
  const error = await rejection<FleetError>(updateFleet(t.client, created.id, created.outs, next, ctx));
  expect(error.message).toMatch(/^updating the fleet: 1 member failed/);
  const kept = error.properties!;
  expect(kept.replaced).toEqual({ [old]: expect.objectContaining({ uuid: old }) });
  expect(kept.monitors.api.uuid).not.toBe(old);
  expect(await admin.monitors()).toHaveLength(4);
  // Nothing else to change: the next update deletes the old one only.
  const { outs } = await updateFleet(t.client, created.id, kept, next, ctx);
  expect(outs).not.toHaveProperty("replaced");
  expect(outs.monitors.api.uuid).toBe(kept.monitors.api.uuid);
  expect((await admin.monitors()).map((m) => m.uuid).sort()).toEqual(Object.values(outs.uuids!).sort());

  await failOneDelete();
  const destroy = await rejection<FleetError>(deleteFleet(t.client, outs, ctx));
  expect(destroy.message).toMatch(
    /^deleting the fleet: 1 member failed; the fleet stays in the stack as it was, so running the command again deletes the rest/,
  );
  // No id: the engine keeps the state it had, all three members.
  expect(destroy.id).toBeUndefined();
  expect(await admin.monitors()).toHaveLength(1);
  await admin.clearRequests();
  await deleteFleet(t.client, outs, ctx);
  expect(await admin.monitors()).toEqual([]);
  expect((await admin.requests()).filter((r) => r.method === "DELETE")).toHaveLength(3);
});

test("an edit of a member deleted outside Pulumi fails saying to refresh; refresh reads an edit made outside into its member and drops the deleted one; up then recreates it", async () => {
  const created = await createFleet(t.client, declare({ a: member("a"), b: member("b") }), ctx);
  await admin.drift(created.outs.monitors.a.uuid, { intervalId: 300 });
  await admin.remove(created.outs.monitors.b.uuid);
  const edited = declare({ a: member("a"), b: member("b", { timeout: 3 }) });
  const error = await rejection<FleetError>(updateFleet(t.client, created.id, created.outs, edited, ctx));
  expect(error.message).toContain("monitors.b: monitor");
  expect(error.message).toContain("Run `pulumi refresh`: it drops the member from the state, and the next `pulumi up` creates it again.");
  // Following it.
  const read = found(await readFleet(t.client, created.id, error.properties!, ctx));
  expect(read.props.monitors.a).toMatchObject({ intervalId: 300 });
  expect(read.props.monitors).not.toHaveProperty("b");
  expect(read.inputs.monitors.a).toMatchObject({ interval: 300, target: "https://a.example.com/health" });
  expect(ctx.lines).toContainEqual(
    expect.stringMatching(/^monitors\.b: monitor .* is gone from the service; the next `pulumi up` creates it again$/),
  );
  expect(planFleet(read.props, edited)).toMatchObject({ create: ["b"], update: [{ key: "a", fields: ["interval"] }] });
  const done = await updateFleet(t.client, created.id, read.props, edited, ctx);
  expect(await admin.monitors()).toHaveLength(2);
  expect(await admin.monitor(done.outs.monitors.b.uuid)).toMatchObject({ timeout: 3 });
});

test("a member removed under retainOnRemove is released: no request, still in the service, no longer in the state", async () => {
  const created = await createFleet(t.client, declare({ a: member("a"), b: member("b") }), ctx);
  await admin.clearRequests();
  const kept = checkFleet({ monitors: { a: member("a") }, retainOnRemove: true, journalKey: URN });
  const done = await updateFleet(t.client, created.id, created.outs, kept.inputs, ctx);
  expect(await admin.requests()).toEqual([]);
  expect(done.outs.monitors).not.toHaveProperty("b");
  const b = created.outs.monitors.b.uuid;
  expect((await admin.monitors()).map((m) => m.uuid)).toContain(b);
  expect(ctx.lines).toContain(
    `monitors.b: monitor ${b} released: removed from the fleet and left in the service as it is (retainOnRemove)`,
  );
});

test("a wrong address: refresh and destroy fail with one line naming uptime:baseUrl for the members, the fix, and that nothing changed; nothing reaches the API", async () => {
  const { id, outs } = await createFleet(t.client, declare(fleetOf(3)), ctx);
  const wrong = new URL(emulator.url).origin; // the API's address without its /v1
  const elsewhere = testClient(emulator, { baseUrl: wrong, retry: { baseDelayMs: 1, maxRetries: 0 } }).client;
  await admin.clearRequests();
  const read = await rejection<FleetError>(readFleet(elsewhere, id, outs, ctx));
  const deleted = await rejection<FleetError>(deleteFleet(elsewhere, outs, ctx));
  expect(read.message).toMatch(/^reading the fleet: 3 members failed; the fleet's state is unchanged/);
  expect(deleted.message).toMatch(/^deleting the fleet: 3 members failed; the fleet stays in the stack as it was/);
  for (const error of [read, deleted]) {
    // No id: the engine keeps the state it had. The three fail for one reason: one line names them and the setting.
    expect(error.id).toBeUndefined();
    const lines = error.message.split("\n").slice(1);
    expect(lines).toEqual([
      expect.stringContaining(
        `monitors.m000, monitors.m001, monitors.m002: uptime:baseUrl (${wrong}) does not answer as the service's API`,
      ),
    ]);
    expect(lines[0]).toContain("ending in its version segment, e.g. https://<host>/v1");
  }
  expect((await admin.requests()).filter((r) => r.path.startsWith("/v1/"))).toEqual([]);
  expect(await admin.monitors()).toHaveLength(3);
  // The advice followed: the API's base address. Refresh finds the three as they are.
  expect(found(await readFleet(t.client, id, outs, ctx)).props.uuids).toEqual(outs.uuids);
});

test("the journal: members an interrupted create made are taken over by the next one, not posted twice", async () => {
  const inputs = declare(fleetOf(5));
  await createFleet(t.client, inputs, ctx);
  // The run is killed before the engine saved the fleet: the next run creates it again.
  await admin.clearRequests();
  const again = await createFleet(t.client, inputs, ctx);
  expect((await admin.requests()).filter((r) => r.method === "POST")).toHaveLength(0);
  expect(await admin.monitorNames()).toHaveLength(5);
  expect(ctx.lines.filter((l) => /took over .*, created by an interrupted run$/.test(l))).toHaveLength(5);
  expect(Object.keys(again.outs.monitors)).toHaveLength(5);

  // The notes stay until the engine holds the fleet; deleting the members forgets theirs, and the fleet's log goes.
  const log = path.basename(ctx.journal!.fleet(URN).file);
  expect(fs.readdirSync(dir.dir)).toEqual([log]);
  await deleteFleet(t.client, again.outs, ctx);
  expect(fs.readdirSync(dir.dir)).toEqual([]);
});

test("at most `concurrency` members are in doubt at once: a creation is noted as sent only when it is", async () => {
  const put = jest.spyOn(FleetNotes.prototype, "put");
  await createFleet(t.client, declare(fleetOf(40)), { ...ctx, concurrency: 4 });
  expect(await admin.monitorNames()).toHaveLength(40);
  let [posting, most] = [0, 0];
  for (const [entry] of put.mock.calls) {
    if (entry.state === "posting") most = Math.max(most, ++posting);
    else if (entry.state === "created") posting--;
  }
  expect(most).toBeGreaterThan(1);
  expect(most).toBeLessThanOrEqual(4);
  // Every note in the fleet's one log, none in a file of its own.
  expect(fs.readdirSync(dir.dir)).toEqual([path.basename(ctx.journal!.fleet(URN).file)]);
});

test("a member is noted as sent only as its POST leaves: creations waiting their turn in the scheduler leave no note", async () => {
  // A clock that stands still until released: at 1 request a second only the first request goes at once.
  let now = 0;
  let wakes: (() => void)[] = [];
  const clock = { now: () => now, after: (_ms: number, wake: () => void) => (wakes.push(wake), () => undefined) };
  const held = testClient(emulator, { scheduler: new RequestScheduler({ maxRate: 1 }, clock) });
  const creating = createFleet(held.client, declare(fleetOf(8)), ctx);
  await new Promise((resolve) => setTimeout(resolve, 200));
  // The address check went; the eight POSTs wait their turn, and none is noted as sent.
  expect((await byRoute())["POST /monitors"] ?? 0).toBe(0);
  const notes = ctx.journal!.fleet(URN);
  expect(fs.existsSync(notes.file) ? fs.readFileSync(notes.file, "utf8") : "").not.toContain('"posting"');
  let done = false;
  void creating.finally(() => (done = true));
  while (!done) {
    now += 1000;
    const due = wakes;
    wakes = [];
    for (const wake of due) wake();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect((await creating).outs.uuids).toEqual(expect.objectContaining({ m000: expect.any(String) }));
  expect((await byRoute())["POST /monitors"]).toBe(8);
  expect(ctx.lines.filter((l) => / created /.test(l)).sort()).toEqual(
    Object.entries((await creating).outs.uuids ?? {})
      .map(([key, uuid]) => `monitors.${key}: monitor "m${Number(key.slice(1))}": created ${uuid}`)
      .sort(),
  );
});

describe("a member whose creation's answer was lost", () => {
  /** The fleet kept after one member's answer was lost; that member's key and placeholder. */
  async function lostAnswer() {
    await admin.faults({ rules: [{ route: "POST /monitors", dropAfterRate: 1, times: 1 }] });
    const error = await rejection<FleetError>(
      createFleet(t.client, declare({ a: member("a"), b: member("b") }), { ...ctx, journal: undefined }),
    );
    expect(error.message).toMatch(/^creating the fleet: 1 member failed/);
    expect(await admin.monitors()).toHaveLength(2);
    const kept = { ...error.properties!, id: error.id! };
    const [key, placeholder] = Object.entries(kept.monitors).find(([, m]) => "unconfirmed" in m)!;
    return { kept, key, placeholder };
  }

  test("is kept as a placeholder; an update stops, saying both ways out; adoptUuid takes it over", async () => {
    const { kept, key, placeholder } = await lostAnswer();
    expect(placeholder.uuid).toMatch(/^unconfirmed-/);
    const stopped = await rejection(updateFleet(t.client, kept.id, kept, declare({ a: member("a"), b: member("b") }), ctx));
    expect(stopped.message).toContain(
      `monitors.${key}: its creation in an earlier run was never confirmed (placeholder ${placeholder.uuid})`,
    );
    expect(stopped.message).toContain(`UPTIME_DROP_UNCONFIRMED=${placeholder.uuid}`);
    const made = (await admin.monitors()).find((m) => m.name === key)!;
    const adopted = await updateFleet(
      t.client,
      kept.id,
      kept,
      declare({ a: member("a"), b: member("b"), [key]: member(key, { adoptUuid: made.uuid }) }),
      ctx,
    );
    expect(adopted.outs.monitors[key].uuid).toBe(made.uuid);
    expect(await admin.monitors()).toHaveLength(2);
  });

  test("UPTIME_DROP_UNCONFIRMED=<placeholder> creates it anew (the user said it does not exist)", async () => {
    const { kept, key, placeholder } = await lostAnswer();
    // The user found none: here, the monitor the lost answer made is deleted in the dashboard.
    await admin.remove((await admin.monitors()).find((m) => m.name === key)!.uuid);
    await withEnv({ UPTIME_DROP_UNCONFIRMED: placeholder.uuid }, async () => {
      const done = await updateFleet(t.client, kept.id, kept, declare({ a: member("a"), b: member("b") }), ctx);
      expect(done.outs.monitors[key].uuid).not.toMatch(/^unconfirmed-/);
    });
    expect(await admin.monitorNames()).toEqual(["a", "b"]);
  });
});

describe("import (through the plugin)", () => {
  test("the id names members as `name=<uuid>` pairs; anything else is refused, saying so", () => {
    expect(importedMembers("api=u-1, web = u-2")).toEqual({ api: "u-1", web: "u-2" });
    expect(() => importedMembers("u-1")).toThrow(
      /^a MonitorFleet is imported by the names and uuids of its members, `name=<uuid>` separated by commas/,
    );
    expect(() => importedMembers("a=u-1,a=u-2")).toThrow('member "a" is named twice in the import id; nothing was imported');
  });

  test("each member is read with every field the service holds as declared; one missing fails the whole import", async () => {
    const made = await admin.createMonitor({
      name: "api",
      type: "https",
      urn: "https://api.example.com",
      interval: 60,
      regions: [1],
      timeout: 5,
    });
    const imported = found(await importFleet(t.client, `api=${made.uuid}`));
    expect(imported.inputs.monitors.api).toMatchObject({ name: "api", target: "https://api.example.com", interval: 60, timeout: 5 });
    expect(imported.props.uuids).toEqual({ api: made.uuid });
    await expect(importFleet(t.client, `api=${made.uuid},gone=0b1c2d3e-0000-4000-8000-000000000000`)).rejects.toThrow(
      /^importing the fleet: 1 of 2 members failed; nothing was imported\.\nmonitors\.gone: the service has no monitor 0b1c2d3e/,
    );
  });
});

test("against a service limiting the key to 20 requests a second: every member created once, then every one deleted", async () => {
  await admin.rateLimit({ rps: 20, burst: 10 });
  // The provider's own client: the account's scheduler learns the pace from the 429s and keeps to it.
  const paced = new UptimeClient({ baseUrl: emulator.url, apiKey: API_KEY, log: { debug: () => undefined, warn: () => undefined } });
  // A creation is in doubt ("posting") from each POST's leaving until its answer: a 429 says it was not processed.
  const [put, remove] = [jest.spyOn(FleetNotes.prototype, "put"), jest.spyOn(FleetNotes.prototype, "remove")];
  const { id, outs } = await createFleet(paced, declare(fleetOf(60)), ctx);
  expect(Object.keys(outs.uuids!)).toHaveLength(60);
  expect(await admin.monitorNames()).toEqual(Array.from({ length: 60 }, (_, i) => `m${i}`).sort());
  const counters = await admin.counters();
  expect(counters.requestsByRoute["POST /monitors"]).toBe(60 + counters.rateLimited);
  expect(counters.rateLimited).toBeGreaterThan(0);
  const sent = put.mock.calls.filter(([entry]) => entry.state === "posting");
  expect([sent.length, remove.mock.calls.length]).toEqual([counters.requestsByRoute["POST /monitors"], counters.rateLimited]);
  await deleteFleet(paced, outs, ctx);
  expect(await admin.monitors()).toEqual([]);
  expect(id).toMatch(/^fleet-/);
}, 60_000);

test("a service offering only the documented routes: refresh keeps the fleet as it is; destroy stops naming each member, and `leave` releases them", async () => {
  const c = documented.t.client;
  const documentedCtx = { ...ctx, journal: new CreateJournal(dir.dir, documented.emulator.url) };
  const { id, outs } = await createFleet(c, declare(fleetOf(3)), documentedCtx);
  expect(await readFleet(c, id, outs, documentedCtx)).toEqual({ kind: "unsupported", status: 405 });

  const refused = await rejection(deleteFleet(c, outs, documentedCtx));
  expect(refused.message).toMatch(
    /^deleting the fleet: 3 members failed; the fleet stays in the stack as it was, so running the command again deletes the rest/,
  );
  for (const member of Object.values(outs.monitors)) {
    expect(refused.message).toContain(
      `monitor ${JSON.stringify(member.name)} (${member.uuid}): the service does not allow deleting monitors`,
    );
  }
  expect(refused.message).toContain("UPTIME_DELETE_UNSUPPORTED=leave");
  expect((await documented.admin.monitors()).map((m) => m.uuid).sort()).toEqual(Object.values(outs.uuids!).sort());

  // The advice followed: the same command with `leave` drops them from the stack, each named in a warning, none deleted.
  const lines: string[] = [];
  await deleteFleet(c, outs, { ...documentedCtx, onUnsupported: "leave", warn: (m) => lines.push(m) });
  expect(lines).toHaveLength(3);
  expect(lines.every((l) => l.includes("is left in the service"))).toBe(true);
  expect(await documented.admin.monitors()).toHaveLength(3);
});
