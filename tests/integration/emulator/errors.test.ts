// Error statuses and body shape: 401, 415, 400, 422, 404, 405 (also in documented-only mode).

import { useEmulator, api, createMonitor, monitorBody, toReply } from "../../helpers/emulator";
import { API_KEY } from "../../helpers/servers";

const seed = {
  pages: [{ uuid: "p1", name: "P" }],
  alerts: [{ uuid: "a1", name: "A" }],
  webhooks: [{ topic: "monitors/delete", url: "https://h" }],
};
const { emulator, admin } = useEmulator({ seed });
const { emulator: documentedOnly } = useEmulator({ seed, documentedOnly: true });
/** A POST of raw bytes (a string body would get fetch's own Content-Type). */
const post = async (raw: string | undefined, contentType?: string) => {
  const headers = contentType === undefined ? { authorization: API_KEY } : { authorization: API_KEY, "content-type": contentType };
  return toReply(await fetch(`${emulator.url}/monitors`, { method: "POST", headers, body: raw && Buffer.from(raw) }));
};

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

describe("415, 400 and 422: the body", () => {
  const sent = JSON.stringify(monitorBody({ name: "refused" }));
  test.each([
    ["a JSON body as text/plain", 415, "unsupported_media_type", sent, "text/plain", /^Content-Type "text\/plain": /],
    ["a JSON body without Content-Type", 415, "unsupported_media_type", sent, undefined, /^Content-Type missing: /],
    ["malformed JSON", 400, "malformed_json", '{"name": ', "application/json", /^request body is not valid JSON: /],
    ["no body", 400, "malformed_json", undefined, undefined, /^a JSON object body is required$/],
    ["a JSON array", 422, "validation_error", `[${sent}]`, "application/json", /^body: expected an object/],
  ])("%s is %d %s and stores nothing", async (_label, status, code, raw, contentType, message) => {
    const reply = await post(raw, contentType);
    expect([reply.status, reply.json.error]).toEqual([status, { code, message: expect.stringMatching(message) }]);
    expect(await admin.monitorNames()).not.toContain("refused");
  });

  test("Content-Type parameters such as charset are accepted", async () => {
    expect((await post(JSON.stringify(monitorBody()), "Application/JSON; charset=utf-8")).status).toBe(201);
  });
});

describe("404 and 405: routes", () => {
  test("an unknown path is 404 not_found; outside /v1 (and the view) too", async () => {
    const reply = await api(emulator, "GET", "/groups/x");
    expect([reply.status, reply.json.error.code]).toEqual([404, "not_found"]);
    const outside = await toReply(await fetch(`http://127.0.0.1:${emulator.port}/v2/monitors`));
    expect([outside.status, outside.json.error.code]).toEqual([404, "not_found"]);
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
