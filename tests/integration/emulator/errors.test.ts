// Error statuses and body shape: 401, 415, 400, 404, 405 (also in documented-only mode).

import { useEmulator, api, createMonitor, monitorBody } from "../../helpers/emulator";
import { API_KEY } from "../../helpers/servers";

const seed = {
  pages: [{ uuid: "p1", name: "P" }],
  alerts: [{ uuid: "a1", name: "A" }],
  webhooks: [{ topic: "monitors/delete", url: "https://h" }],
};
const { emulator, admin } = useEmulator({ seed });
const { emulator: documentedOnly } = useEmulator({ seed, documentedOnly: true });
const postRaw = (raw: string, contentType: string) =>
  api(emulator, "POST", "/monitors", undefined, { raw, headers: { authorization: API_KEY, "content-type": contentType } });

describe("401: the credential", () => {
  const invalid = "invalid API key in the Authorization header";
  test.each([
    ["no Authorization", {}, "missing Authorization header: send Authorization: <API key>"],
    ["a wrong key", { authorization: "wrong" }, invalid],
    ["a wrong Bearer key", { authorization: "Bearer wrong" }, invalid],
    ["another scheme", { authorization: `Basic ${API_KEY}` }, invalid],
  ])("%s is 401 unauthorized, and the body never echoes the header", async (_label, headers, message) => {
    const reply = await api(emulator, "GET", "/webhooks", undefined, { headers });
    expect([reply.status, reply.json]).toEqual([401, { error: { code: "unauthorized", message } }]);
    expect(reply.text).not.toContain("wrong");
    expect(reply.text).not.toContain(API_KEY);
  });

  test("auth is checked before anything else: an unknown path or a bad body without a key is 401", async () => {
    expect((await api(emulator, "GET", "/nothing-here", undefined, { headers: {} })).status).toBe(401);
    expect((await api(emulator, "POST", "/monitors", undefined, { raw: "{", headers: { "content-type": "text/plain" } })).status).toBe(401);
  });
});

describe("415 and 400: the body", () => {
  test("a body without Content-Type: application/json is 415 and stores nothing", async () => {
    const body = JSON.stringify(monitorBody({ name: "415-check" }));
    const plain = await postRaw(body, "text/plain");
    expect([plain.status, plain.json.error.code]).toEqual([415, "unsupported_media_type"]);
    const missing = await fetch(`${emulator.url}/monitors`, {
      method: "POST",
      headers: { authorization: API_KEY },
      body: Buffer.from(body),
    });
    expect(missing.status).toBe(415);
    expect(await admin.monitorNames()).not.toContain("415-check");
  });

  test("Content-Type parameters such as charset are accepted", async () => {
    expect((await postRaw(JSON.stringify(monitorBody()), "Application/JSON; charset=utf-8")).status).toBe(201);
  });

  test("malformed JSON is 400 malformed_json; a missing body on POST/PATCH is 400", async () => {
    const reply = await postRaw('{"name": ', "application/json");
    expect([reply.status, reply.json.error.code]).toEqual([400, "malformed_json"]);
    expect((await api(emulator, "POST", "/monitors")).status).toBe(400);
  });

  test("a JSON body that is not an object is 422", async () => {
    const reply = await api(emulator, "POST", "/monitors", [monitorBody()]);
    expect([reply.status, reply.json.error.message]).toEqual([422, expect.stringMatching(/^body: expected an object/)]);
  });
});

describe("404 and 405: routes", () => {
  test("an unknown path is 404 not_found; outside /v1 too", async () => {
    const reply = await api(emulator, "GET", "/groups/x");
    expect([reply.status, reply.json.error.code]).toEqual([404, "not_found"]);
    expect((await fetch(`http://127.0.0.1:${emulator.port}/v2/monitors`)).status).toBe(404);
  });

  test("a known path with another method is 405 with Allow", async () => {
    const reply = await api(emulator, "PUT", "/monitors/x", monitorBody());
    expect([reply.status, reply.json.error.code, reply.headers.get("allow")]).toEqual([405, "method_not_allowed", "PATCH, GET, DELETE"]);
    expect((await api(emulator, "GET", "/monitors")).status).toBe(405);
  });
});

describe("--documented-only", () => {
  test.each([
    ["GET", "/monitors/{m}", "PATCH"],
    ["DELETE", "/monitors/{m}", "PATCH"],
    ["GET", "/pages/p1", "PATCH"],
    ["GET", "/alerts/a1", "PATCH"],
  ])("%s %s is 405 (Allow: %s)", async (method, path, allow) => {
    const monitor = await createMonitor(documentedOnly);
    const reply = await api(documentedOnly, method, path.replace("{m}", monitor.uuid));
    expect([reply.status, reply.json.error.code, reply.headers.get("allow")]).toEqual([405, "method_not_allowed", allow]);
    // Nothing was deleted: the monitor can still be edited.
    expect((await api(documentedOnly, "PATCH", `/monitors/${monitor.uuid}`, { name: "still here" })).status).toBe(200);
  });

  test("the documented routes keep working, pagination parameters included", async () => {
    expect((await api(documentedOnly, "PATCH", "/pages/p1", { title: "t" })).status).toBe(200);
    expect((await api(documentedOnly, "PATCH", "/alerts/a1", { up: true })).status).toBe(200);
    const list = await api(documentedOnly, "GET", "/webhooks?pageSize=1");
    expect([list.status, list.json.paginator.pageSize]).toEqual([200, 1]);
  });
});
