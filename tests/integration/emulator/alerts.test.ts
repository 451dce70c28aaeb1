// Alerts: edited flags and recipients; recipients replace the list and each carries its own uuid
// and timestamps.

import { useEmulator, api, RFC3339_MS_Z } from "../../helpers/emulator";

const ALERT = "alert-on-call";
const { emulator } = useEmulator({
  seed: { alerts: [{ uuid: ALERT, name: "On-call", up: true, down: true, recipients: [{ type: "email", target: "ops@example.com" }] }] },
});

test("GET /alerts/{uuid} answers { alert: record } with recipients carrying uuid, createdAt, updatedAt", async () => {
  const reply = await api(emulator, "GET", `/alerts/${ALERT}`);
  expect(reply.status).toBe(200);
  const stamp = expect.stringMatching(RFC3339_MS_Z);
  expect(reply.json.alert).toEqual({
    uuid: ALERT,
    name: "On-call",
    up: true,
    down: true,
    degraded: null,
    disrupted: null,
    maintenance: null,
    recipients: [{ uuid: expect.any(String), type: "email", target: "ops@example.com", createdAt: stamp, updatedAt: stamp }],
    createdAt: stamp,
    updatedAt: null,
  });
});

test("PATCH answers 200 { alert: record }; flags left out stay unchanged", async () => {
  const reply = await api(emulator, "PATCH", `/alerts/${ALERT}`, { degraded: true, up: false });
  expect(reply.status).toBe(200);
  expect(reply.json.alert).toMatchObject({
    name: "On-call",
    up: false,
    degraded: true,
    down: true,
    recipients: [{ target: "ops@example.com" }],
  });
  expect(reply.json.alert.updatedAt).toMatch(RFC3339_MS_Z);
});

test("recipients replace the list; a recipient already there keeps its uuid and createdAt", async () => {
  const before = (await api(emulator, "GET", `/alerts/${ALERT}`)).json.alert.recipients[0];
  const reply = await api(emulator, "PATCH", `/alerts/${ALERT}`, {
    recipients: [
      { type: "sms", target: "+15550100" },
      { type: "email", target: "ops@example.com" },
    ],
  });
  const recipients = reply.json.alert.recipients;
  expect(recipients.map((r: { type: string }) => r.type)).toEqual(["sms", "email"]);
  expect(recipients[1]).toEqual(before);
  expect(recipients[0].uuid).not.toBe(before.uuid);

  const replaced = await api(emulator, "PATCH", `/alerts/${ALERT}`, {
    recipients: [{ type: "slack", target: "https://hooks.slack.example/x" }],
  });
  expect(replaced.json.alert.recipients).toHaveLength(1);
  expect(replaced.json.alert.recipients[0].type).toBe("slack");
});

test("all six documented recipient types are accepted; null recipients empties the list", async () => {
  const types = ["email", "sms", "call", "slack", "discord", "webhook"];
  const reply = await api(emulator, "PATCH", `/alerts/${ALERT}`, { recipients: types.map((type) => ({ type, target: `t-${type}` })) });
  expect(reply.status).toBe(200);
  expect(reply.json.alert.recipients.map((r: { type: string }) => r.type)).toEqual(types);
  expect((await api(emulator, "PATCH", `/alerts/${ALERT}`, { recipients: null })).json.alert.recipients).toEqual([]);
});

test.each([
  [
    {
      recipients: [
        { type: "email", target: "a@b" },
        { type: "pager", target: "x" },
      ],
    },
    /^recipients\[1\]\.type: expected one of email, sms/,
  ],
  [{ recipients: [{ type: "email" }] }, /^recipients\[0\]\.target: required/],
  [{ recipients: [{ uuid: "r1", type: "email", target: "a@b" }] }, /^recipients\[0\]\.uuid: unknown field/],
  [{ down: "yes" }, /^down: expected a boolean/],
  [{ name: 5 }, /^name: expected a string/],
  [{ status: "up" }, /^status: unknown field/],
])("422 naming the field for %j", async (body, message) => {
  const reply = await api(emulator, "PATCH", `/alerts/${ALERT}`, body);
  expect(reply.status).toBe(422);
  expect(reply.json.error.code).toBe("validation_error");
  expect(reply.json.error.message).toMatch(message);
});

test("unknown alert uuid is 404", async () => {
  expect((await api(emulator, "PATCH", "/alerts/nope", { up: true })).status).toBe(404);
  expect((await api(emulator, "GET", "/alerts/nope")).status).toBe(404);
});
