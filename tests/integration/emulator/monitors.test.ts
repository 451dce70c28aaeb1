// Monitors over HTTP: create and edit with every documented quirk, and the GET and DELETE the provider needs.

import { useEmulator, api, createMonitor, monitorBody, RFC3339_MS_Z } from "../../helpers/emulator";

const ALERT_UUID = "alert-0001";
const { emulator, admin } = useEmulator({ seed: { alerts: [{ uuid: ALERT_UUID, name: "On-call", recipients: [] }] } });

const RECORD = {
  uuid: expect.any(String),
  name: "api",
  type: "https",
  urn: "https://api.example.com/health",
  intervalId: 60,
  regions: [1],
  title: null,
  httpFollowRedirects: null,
  timeout: null,
  description: null,
  groups: [],
  alerts: [],
  degradedThreshold: null,
  apdexThreshold: null,
  httpRequest: null,
  httpResponse: null,
  tcpOptions: null,
  maintenance: null,
  createdAt: expect.stringMatching(RFC3339_MS_Z),
  updatedAt: null,
};

describe("POST /monitors", () => {
  test("201 with { monitor: record }: every key present, defaults null or [], updatedAt null", async () => {
    const reply = await api(emulator, "POST", "/monitors", monitorBody());
    expect([reply.status, reply.json.monitor]).toEqual([201, RECORD]);
  });

  const capitalised = { DataRequest: "PING", KeywordResponse: "PONG", KeywordResponseExists: true };
  const tcp = { type: "tcp", urn: "db.example.com:5432", tcpOptions: capitalised };
  const camel = { dataRequest: "PING", keywordResponse: "PONG", keywordResponseExists: true };
  const nulls = { httpRequest: null, tcpOptions: null, maintenance: null, title: null };
  test.each([
    ["followRedirects, in the record's spelling", { followRedirects: true }, { httpFollowRedirects: true }],
    ["httpFollowRedirects", { httpFollowRedirects: false }, { httpFollowRedirects: false }],
    ["interval, as the integer intervalId", { interval: 300 }, { intervalId: 300 }],
    ["intervalId", { interval: undefined, intervalId: 120 }, { intervalId: 120 }],
    ["a quoted numeric interval, as an integer", { interval: "600" }, { intervalId: 600 }],
    ["TcpOptions keys with a leading capital, in camel case", tcp, { ...tcp, tcpOptions: camel }],
    ["explicit null option objects, as null", nulls, nulls],
    ["existing alert uuids", { alerts: [ALERT_UUID] }, { alerts: [ALERT_UUID] }],
  ])("%s: accepted and in the record", async (_name, overrides, expected) => {
    expect(await createMonitor(emulator, overrides)).toEqual({ ...RECORD, ...expected });
  });

  test("option objects round-trip; maintenance days given as strings come back as integers", async () => {
    const httpRequest = { method: "POST", headers: [{ name: "X-Probe", value: "1" }], body: "{}" };
    const httpResponse = { status: ["200", "300-399"], statusMatches: true, keywordBody: "ok", keywordBodyExists: true };
    const maintenance = { times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 30 }], timeZone: "Europe/Paris" };
    const scalars = {
      timeout: 2.5,
      degradedThreshold: 1.5,
      apdexThreshold: 0.5,
      groups: ["group-1"],
      title: "API",
      description: "public API",
    };
    const monitor = await createMonitor(emulator, {
      httpRequest,
      httpResponse,
      maintenance: { ...maintenance, days: ["1", 3, "5"] },
      ...scalars,
    });
    const answered = { httpResponse: { ...httpResponse, keywordHeader: null, keywordHeaderExists: null }, httpRequest };
    expect(monitor).toEqual({ ...RECORD, ...scalars, ...answered, maintenance: { days: [1, 3, 5], ...maintenance } });
  });

  test.each([
    ["name", { name: undefined }, /^name: required/],
    ["type", { type: undefined }, /^type: required/],
    ["urn", { urn: undefined }, /^urn: required/],
    ["interval", { interval: undefined }, /^interval: required/],
    ["regions", { regions: undefined }, /^regions: required/],
    ["empty name", { name: "" }, /^name: must not be empty/],
    ["regions entry", { regions: [1, "2"] }, /^regions\[1\]: expected an integer/],
    ["empty regions", { regions: [] }, /^regions: /],
    ["interval zero", { interval: 0 }, /^interval: must be a positive integer/],
    ["interval text", { interval: "1m" }, /^interval: expected an integer/],
    ["timeout negative", { timeout: -1 }, /^timeout: must be >= 0/],
    ["groups entry", { groups: [7] }, /^groups\[0\]: expected a string/],
    ["http method", { httpRequest: { method: "FETCH" } }, /^httpRequest\.method: expected one of GET/],
    ["header value", { httpRequest: { headers: [{ name: "a", value: 1 }] } }, /^httpRequest\.headers\[0\]\.value: expected a string/],
    ["status entry", { httpResponse: { status: ["2xx"] } }, /^httpResponse\.status\[0\]: /],
    [
      "maintenance hour",
      { maintenance: { times: [{ startHour: "2", startMinute: 0, stopHour: 3, stopMinute: 0 }] } },
      /^maintenance\.times\[0\]\.startHour: expected an integer/,
    ],
    [
      "incomplete maintenance period",
      { maintenance: { times: [{ startHour: 2, startMinute: 0, stopHour: 3 }] } },
      /^maintenance\.times\[0\]\.stopMinute: required/,
    ],
    ["header without value", { httpRequest: { headers: [{ name: "X-A" }] } }, /^httpRequest\.headers\[0\]\.value: required/],
    ["day text", { maintenance: { days: ["monday"] } }, /^maintenance\.days\[0\]: /],
    ["unknown top-level key", { frequency: 60 }, /^frequency: unknown field/],
    ["unknown nested key", { tcpOptions: { dataRequest: "x", keyword: "y" } }, /^tcpOptions\.keyword: unknown field/],
    ["response-only key", { uuid: "mine" }, /^uuid: unknown field/],
    ["both interval spellings", { interval: 60, intervalId: 60 }, /^interval: give either interval or intervalId/],
    ["both redirect spellings", { followRedirects: true, httpFollowRedirects: true }, /^followRedirects: give either/],
    ["both TcpOptions spellings", { tcpOptions: { dataRequest: "a", DataRequest: "b" } }, /^tcpOptions\.dataRequest: give either/],
    ["an unknown alert uuid", { alerts: [ALERT_UUID, "nope"] }, /^alerts\[1\]: no alert with uuid "nope"/],
  ])("422 validation_error naming the field, nothing stored: %s", async (_label, overrides, message) => {
    const before = (await admin.monitors()).length;
    const reply = await api(emulator, "POST", "/monitors", monitorBody(overrides));
    expect([reply.status, reply.json.error]).toEqual([422, { code: "validation_error", message: expect.stringMatching(message) }]);
    expect((await admin.monitors()).length).toBe(before);
  });
});

describe("PATCH /monitors/{uuid}", () => {
  test("200 with updatedAt; fields left out stay unchanged, explicit null clears; both spellings and a quoted interval accepted", async () => {
    const created = await createMonitor(emulator, { title: "Title", description: "Desc", tcpOptions: { dataRequest: "x" } });
    const edit = { title: null, name: "renamed", tcpOptions: null, intervalId: "900", followRedirects: true };
    const reply = await api(emulator, "PATCH", `/monitors/${created.uuid}`, edit);
    const stamp = expect.stringMatching(RFC3339_MS_Z);
    const edited = { name: "renamed", title: null, tcpOptions: null, intervalId: 900, httpFollowRedirects: true, updatedAt: stamp };
    expect([reply.status, reply.json.monitor]).toEqual([200, { ...created, ...edited }]);
    const again = await api(emulator, "PATCH", `/monitors/${created.uuid}`, { interval: 30, httpFollowRedirects: null });
    expect(again.json.monitor).toEqual({ ...reply.json.monitor, intervalId: 30, httpFollowRedirects: null, updatedAt: stamp });
  });

  test("alerts is not a parameter of edit: 400 alerts_not_editable, nothing changed", async () => {
    const created = await createMonitor(emulator, { alerts: [ALERT_UUID] });
    const reply = await api(emulator, "PATCH", `/monitors/${created.uuid}`, { name: "changed", alerts: [] });
    expect([reply.status, reply.json.error.code]).toEqual([400, "alerts_not_editable"]);
    expect((await api(emulator, "GET", `/monitors/${created.uuid}`)).json.monitor).toEqual(created);
  });

  test.each(["name", "type", "urn", "interval", "regions"])("null for required %s is 422", async (field) => {
    const created = await createMonitor(emulator);
    const reply = await api(emulator, "PATCH", `/monitors/${created.uuid}`, { [field]: null });
    expect([reply.status, reply.json.error.message]).toEqual([422, expect.stringMatching(new RegExp(`^${field}: required`))]);
  });
});

test("GET /monitors/{uuid} returns { monitor: record }; DELETE answers 204 without a body; then GET, PATCH and DELETE are 404", async () => {
  const created = await createMonitor(emulator, { name: "to-delete" });
  const read = await api(emulator, "GET", `/monitors/${created.uuid}`);
  expect([read.status, read.json.monitor]).toEqual([200, created]);
  const removed = await api(emulator, "DELETE", `/monitors/${created.uuid}`);
  expect([removed.status, removed.text]).toEqual([204, ""]);
  expect((await api(emulator, "GET", `/monitors/${created.uuid}`)).status).toBe(404);
  const edit = await api(emulator, "PATCH", `/monitors/${created.uuid}`, { name: "x" });
  expect([edit.status, edit.json.error.code]).toEqual([404, "not_found"]);
  expect((await api(emulator, "DELETE", `/monitors/${created.uuid}`)).status).toBe(404);
});
