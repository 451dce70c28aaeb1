// The admin API: reset, seed, state, the request log, counters and out-of-band ("dashboard") changes.

import { useEmulator, admin, api, createMonitor, monitorBody, RFC3339_MS_Z } from "../../helpers/emulator";
import { API_KEY } from "../../helpers/servers";

const { emulator } = useEmulator({ resetEach: true });

const SEED = {
  alerts: [{ uuid: "a1", name: "On-call", recipients: [{ type: "email", target: "ops@example.com" }] }],
  pages: [{ uuid: "p1", name: "Status", slug: "status" }],
  webhooks: [{ uuid: "w1", topic: "monitors/delete", url: "https://hooks.example/1" }],
  monitors: [{ uuid: "m1", name: "seeded", type: "tcp", urn: "db:5432", intervalId: "60", regions: [1], alerts: ["a1"] }],
};

describe("reset, seed and state", () => {
  test("reset with a seed body empties everything, request log, counters and faults too, then seeds; seed adds; state lists records", async () => {
    await createMonitor(emulator, { name: "before reset" });
    await admin(emulator, "PUT", "/faults", { rules: [{ rate5xx: 1 }] });
    await api(emulator, "GET", "/webhooks");
    const reply = await admin(emulator, "POST", "/reset", SEED);
    expect(reply.status).toBe(200);
    expect((await admin(emulator, "GET", "/requests")).json.requests).toEqual([]);
    expect((await admin(emulator, "GET", "/counters")).json.requestsTotal).toBe(0);
    // POST /seed adds to what is there; /v1 answers again, the fault gone.
    await admin(emulator, "POST", "/seed", { webhooks: [{ topic: "monitors/status_change", url: "https://hooks.example/2" }] });
    expect((await api(emulator, "GET", "/webhooks")).json.paginator.recordsCount).toBe(2);
    const state = (await admin(emulator, "GET", "/state")).json;
    expect(Object.keys(state).sort()).toEqual(["alerts", "monitors", "pages", "webhooks"]);
    expect(state.monitors).toMatchObject([{ uuid: "m1", name: "seeded", intervalId: 60, alerts: ["a1"] }]);
    expect(state.pages).toMatchObject([{ uuid: "p1", slug: "status" }]);
    expect(state.alerts).toMatchObject([{ uuid: "a1", recipients: [{ type: "email", target: "ops@example.com" }] }]);
    expect(state.webhooks).toMatchObject([{ uuid: "w1", url: "https://hooks.example/1" }, { url: "https://hooks.example/2" }]);
  });

  test("an invalid seed is 422 naming the object and field, and adds nothing", async () => {
    const reply = await admin(emulator, "POST", "/seed", { webhooks: [{ topic: "t", url: "u" }], monitors: [{ type: "https" }] });
    expect([reply.status, reply.json.error.message]).toEqual([422, expect.stringMatching(/^monitors\[0\]: name: required/)]);
    expect((await admin(emulator, "GET", "/state")).json.webhooks).toEqual([]);
  });
});

test("the request log records /v1 traffic with the credential redacted, the parsed body, query, route and status; DELETE clears it", async () => {
  await api(emulator, "POST", "/monitors", monitorBody({ name: "logged" }));
  await api(emulator, "GET", "/webhooks?pageSize=5");
  await api(emulator, "POST", "/monitors", undefined, {
    raw: "not json",
    headers: { authorization: `Bearer ${API_KEY}`, "content-type": "text/plain" },
  });
  await admin(emulator, "GET", "/state");
  const { requests } = (await admin(emulator, "GET", "/requests")).json;
  expect(requests).toMatchObject([
    {
      seq: 1,
      method: "POST",
      path: "/v1/monitors",
      query: {},
      route: "POST /monitors",
      status: 201,
      body: monitorBody({ name: "logged" }),
      headers: { authorization: "[REDACTED]", "content-type": "application/json" },
      time: expect.stringMatching(RFC3339_MS_Z),
    },
    { method: "GET", route: "GET /webhooks", query: { pageSize: "5" }, body: null, status: 200 },
    { body: "not json", status: 415 },
  ]);
  expect(JSON.stringify(requests)).not.toContain(API_KEY);
  expect((await admin(emulator, "DELETE", "/requests")).status).toBe(204);
  expect((await admin(emulator, "GET", "/requests")).json.requests).toEqual([]);
});

// That a connection counts once, however many requests it carries: tests/integration/provider/pool.test.ts.
test("counters: requests per route and in total; DELETE zeroes them", async () => {
  await api(emulator, "GET", "/webhooks");
  await api(emulator, "GET", "/webhooks");
  await api(emulator, "POST", "/monitors", monitorBody());
  await api(emulator, "GET", "/unknown");
  const reply = (await admin(emulator, "GET", "/counters")).json;
  expect([reply.requestsByRoute, reply.requestsTotal]).toEqual([{ "GET /webhooks": 2, "POST /monitors": 1 }, 4]);
  expect((await admin(emulator, "DELETE", "/counters")).status).toBe(204);
  // Read on the connection the DELETE came by: none accepted since.
  const zeroed = { requestsByRoute: {}, requestsTotal: 0, connectionsAccepted: 0, rateLimited: 0 };
  expect((await admin(emulator, "GET", "/counters")).json).toEqual(zeroed);
});

describe("out-of-band changes (drift)", () => {
  test("PATCH /admin/monitors/{uuid} merges record fields raw; the API then serves the drifted record", async () => {
    const created = await createMonitor(emulator);
    const reply = await admin(emulator, "PATCH", `/monitors/${created.uuid}`, {
      name: "renamed in dashboard",
      intervalId: 3600,
      alerts: ["ghost"],
    });
    expect(reply.status).toBe(200);
    const read = (await api(emulator, "GET", `/monitors/${created.uuid}`)).json.monitor;
    const drifted = { name: "renamed in dashboard", intervalId: 3600, alerts: ["ghost"], updatedAt: expect.stringMatching(RFC3339_MS_Z) };
    expect(read).toEqual({ ...created, ...drifted });
    expect((await admin(emulator, "PATCH", `/monitors/${created.uuid}`, { followRedirects: true })).status).toBe(422);
  });

  test("DELETE /admin/{kind}/{uuid} removes it as if deleted in the dashboard", async () => {
    await admin(emulator, "POST", "/seed", SEED);
    const seeded = { monitors: "m1", pages: "p1", alerts: "a1", webhooks: "w1" };
    for (const [kind, uuid] of Object.entries(seeded)) expect((await admin(emulator, "DELETE", `/${kind}/${uuid}`)).status).toBe(204);
    for (const path of ["/monitors/m1", "/pages/p1", "/alerts/a1"])
      expect((await api(emulator, "PATCH", path, { name: "x" })).status).toBe(404);
    expect((await api(emulator, "GET", "/webhooks")).json.webhook).toEqual([]);
    expect((await admin(emulator, "DELETE", "/monitors/m1")).status).toBe(404);
  });

  test("PATCH pages, alerts and webhooks out of band", async () => {
    await admin(emulator, "POST", "/seed", SEED);
    await admin(emulator, "PATCH", "/pages/p1", { slug: "moved" });
    await admin(emulator, "PATCH", "/alerts/a1", { recipients: [{ type: "sms", target: "+1555" }] });
    await admin(emulator, "PATCH", "/webhooks/w1", { url: "https://elsewhere.example" });
    expect((await api(emulator, "GET", "/pages/p1")).json.pages[0].slug).toBe("moved");
    expect((await api(emulator, "GET", "/alerts/a1")).json.alert.recipients).toMatchObject([{ type: "sms", target: "+1555" }]);
    const edited = { url: "https://elsewhere.example", updatedAt: expect.stringMatching(RFC3339_MS_Z) };
    expect((await api(emulator, "GET", "/webhooks")).json.webhook[0]).toMatchObject(edited);
  });

  test("POST /admin/{kind} creates pages, alerts, webhooks and monitors; a taken uuid is 409", async () => {
    const page = await admin(emulator, "POST", "/pages", { uuid: "new-page", name: "New", slug: "new" });
    expect([page.status, page.json]).toMatchObject([201, { uuid: "new-page", slug: "new", updatedAt: null }]);
    const alert = await admin(emulator, "POST", "/alerts", { name: "Night", down: true, recipients: [{ type: "call", target: "+1555" }] });
    expect((await api(emulator, "GET", `/alerts/${alert.json.uuid}`)).json.alert.recipients[0].type).toBe("call");
    const monitor = await admin(emulator, "POST", "/monitors", monitorBody({ followRedirects: true }));
    expect(monitor.json.httpFollowRedirects).toBe(true);
    expect((await admin(emulator, "POST", "/pages", { uuid: "new-page" })).status).toBe(409);
    const webhook = await admin(emulator, "POST", "/webhooks", { topic: "monitors/delete", url: "https://late.example" });
    expect([webhook.status, (await api(emulator, "GET", "/webhooks")).json.webhook]).toEqual([201, [webhook.json]]);
    expect((await admin(emulator, "POST", "/webhooks", { topic: "monitors/delete" })).status).toBe(422);
  });

  test("unknown admin routes are 404; malformed JSON is 400", async () => {
    expect((await admin(emulator, "GET", "/nothing")).status).toBe(404);
    expect((await admin(emulator, "GET", "/monitors/none")).status).toBe(404);
    const reply = await fetch(`${emulator.adminUrl}/seed`, { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(reply.status).toBe(400);
  });
});
