// Timestamps: RFC 3339 with milliseconds, in UTC by default or at a configured offset, so clients meet both forms.

import { useEmulator, api, createMonitor, RFC3339_MS_Z } from "../../helpers/emulator";
import { startTestEmulator } from "../../helpers/servers";

const seed = {
  webhooks: [{ topic: "monitors/delete", url: "https://h.example" }],
  alerts: [{ uuid: "a1", name: "x", recipients: [{ type: "email", target: "e@x" }] }],
};
const { emulator: utc } = useEmulator({ seed });
const { emulator: shifted } = useEmulator({ seed, timestampOffset: "+02:00" });

test("UTC with Z and milliseconds by default; with timestampOffset +02:00, the same instant with the offset, on every object", async () => {
  const before = Date.now();
  const inUtc = await createMonitor(utc);
  expect(inUtc.createdAt).toMatch(RFC3339_MS_Z);
  const monitor = await createMonitor(shifted);
  const edited = (await api(shifted, "PATCH", `/monitors/${monitor.uuid}`, { name: "b" })).json.monitor;
  const alert = (await api(shifted, "GET", "/alerts/a1")).json.alert;
  const webhook = (await api(shifted, "GET", "/webhooks")).json.webhook[0];
  const offsetForm = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+02:00$/);
  const stamps = [monitor.createdAt, edited.updatedAt, alert.createdAt, alert.recipients[0].updatedAt, webhook.createdAt];
  expect(stamps).toEqual(Array(5).fill(offsetForm));
  const instant = Date.parse(monitor.createdAt);
  for (const at of [Date.parse(inUtc.createdAt), instant]) {
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThan(before + 5000);
  }
  // The wall-clock hour is two hours ahead of UTC's.
  const utcHour = new Date(instant).getUTCHours();
  expect(Number(monitor.createdAt.slice(11, 13))).toBe((utcHour + 2) % 24);
});

test("an invalid offset is refused at start", async () => {
  await expect(startTestEmulator({ timestampOffset: "2 hours" })).rejects.toThrow(/timestampOffset/);
});
