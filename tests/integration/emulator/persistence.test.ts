// Persistence: a restarted emulator with the same data file serves the same data, image bytes and statuses too.

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { admin, api, createMonitor } from "../../helpers/emulator";
import { tempDir } from "../../helpers/images";
import { startTestEmulator } from "../../helpers/servers";

const PNG = Buffer.from("89504e470d0a1a0a0000000d494844520000000100000001", "hex");
const { dir: directory, remove } = tempDir("uptime-emulator-");
afterAll(remove);

test("every change is written atomically; a restart with the same data file serves the same data, statuses included", async () => {
  const dataFile = join(directory, "nested", "state.json");
  const seed = {
    pages: [{ uuid: "p1", name: "Status" }],
    alerts: [{ uuid: "a1", name: "A", recipients: [{ type: "email", target: "e@x" }] }],
  };
  const first = await startTestEmulator({ seed, dataFile });
  const monitor = await createMonitor(first, { alerts: ["a1"], maintenance: { days: ["2"] } });
  await api(first, "PATCH", `/monitors/${monitor.uuid}`, { description: "kept" });
  await admin(first, "PUT", `/monitors/${monitor.uuid}/status`, { status: "Disrupted" });
  const page = (await api(first, "PATCH", "/pages/p1", { logoFileBase64: PNG.toString("base64") })).json.pages[0];
  const alert = (await api(first, "PATCH", "/alerts/a1", { down: true })).json.alert;
  const stateBefore = (await admin(first, "GET", "/state")).json;
  // Written after each change, before the answer: the file already holds the last edit.
  expect(JSON.parse(readFileSync(dataFile, "utf8")).alerts[0].down).toBe(true);
  await first.close();
  expect(readdirSync(join(directory, "nested"))).toEqual(["state.json"]);

  // The seed is ignored when the data file exists: the data file is the state.
  const second = await startTestEmulator({ seed: { webhooks: [{ topic: "x", url: "y" }] }, dataFile });
  try {
    expect((await admin(second, "GET", `/monitors/${monitor.uuid}/status`)).json.status).toBe("Disrupted");
    expect((await api(second, "GET", "/alerts/a1")).json.alert).toEqual(alert);
    const logo = (await api(second, "GET", "/pages/p1")).json.pages[0].logoFileBase64;
    expect(logo).toBe(page.logoFileBase64.replace(`http://127.0.0.1:${first.port}/`, `http://127.0.0.1:${second.port}/`));
    expect(Buffer.from(await (await fetch(logo)).arrayBuffer()).equals(PNG)).toBe(true);
    const stateAfter = (await admin(second, "GET", "/state")).json;
    expect(stateAfter.monitors).toEqual(stateBefore.monitors);
    expect(stateAfter.webhooks).toEqual([]);

    await api(second, "DELETE", `/monitors/${monitor.uuid}`);
    expect(JSON.parse(readFileSync(dataFile, "utf8")).monitors).toEqual([]);
  } finally {
    await second.close();
  }
});

test("a data file that is not the emulator's is refused at start with its path", async () => {
  const dataFile = join(directory, "broken.json");
  writeFileSync(dataFile, "{ not json");
  await expect(startTestEmulator({ dataFile })).rejects.toThrow(/broken\.json/);
});
