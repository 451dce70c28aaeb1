// 200 concurrent clients: no lost or mixed-up writes.

import { useEmulator, admin, api, monitorBody, RFC3339_MS_Z } from "../../helpers/emulator";

const CLIENTS = 200;
const { emulator } = useEmulator({ seed: { alerts: [{ uuid: "a1", name: "A" }] } });

test("200 concurrent POSTs, then 200 concurrent PATCHes of distinct fields: every write visible exactly once", async () => {
  const created = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      api(emulator, "POST", "/monitors", monitorBody({ name: `monitor-${i}`, urn: `https://host-${i}.example`, regions: [i] })),
    ),
  );
  expect(created.map((r) => r.status)).toEqual(Array(CLIENTS).fill(201));
  const monitors = created.map((r) => r.json.monitor);
  created.forEach((r, i) => expect(r.json.monitor).toMatchObject({ name: `monitor-${i}`, urn: `https://host-${i}.example`, regions: [i] }));
  expect(new Set(monitors.map((m) => m.uuid)).size).toBe(CLIENTS);

  // Each client edits one field of a monitor shared with three neighbours; every other field stays each monitor's own.
  const sharedFields = [
    ["title", (i: number) => `t-${i}`],
    ["description", (i: number) => `d-${i}`],
    ["timeout", (i: number) => i],
    ["degradedThreshold", (i: number) => i + 0.5],
  ] as const;
  const expected = monitors.map((monitor) => ({ ...monitor }));
  const patched = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) => {
      const [field, value] = sharedFields[i % sharedFields.length];
      const target = expected[Math.floor(i / sharedFields.length)];
      Object.assign(target, { [field]: value(i), updatedAt: expect.stringMatching(RFC3339_MS_Z) });
      return api(emulator, "PATCH", `/monitors/${target.uuid}`, { [field]: value(i) });
    }),
  );
  expect(patched.map((r) => r.status)).toEqual(Array(CLIENTS).fill(200));
  const state = (await admin(emulator, "GET", "/state")).json.monitors;
  expect([state.length, state]).toEqual([CLIENTS, expect.arrayContaining(expected)]);
  const counters = (await admin(emulator, "GET", "/counters")).json;
  expect(counters.requestsByRoute).toMatchObject({ "POST /monitors": CLIENTS, "PATCH /monitors/:uuid": CLIENTS });
});

test("200 concurrent recipient edits of one alert: the list is always one request's list, never a mix", async () => {
  const replies = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      api(emulator, "PATCH", "/alerts/a1", {
        recipients: [
          { type: "email", target: `a-${i}@x` },
          { type: "sms", target: `+${i}` },
        ],
      }),
    ),
  );
  expect(replies.every((r) => r.status === 200)).toBe(true);
  replies.forEach((r, i) => expect(r.json.alert.recipients.map((x: { target: string }) => x.target)).toEqual([`a-${i}@x`, `+${i}`]));
  const final = (await api(emulator, "GET", "/alerts/a1")).json.alert.recipients;
  expect(final).toHaveLength(2);
  expect(final[0].target.slice(2, -2)).toBe(final[1].target.slice(1));
});
