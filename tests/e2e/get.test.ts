// Monitor.get, Page.get and Alert.get through the real engine: a program reads a monitor another
// stack manages, and the service's page and alert, by uuid.
import * as path from "node:path";
import { SEEDED_ALERT, SEEDED_PAGE, adminCall, clearRequests, e2eFile, fails, monitorNamed, requestLines } from "../helpers/e2e";
import { serviceState } from "../helpers/e2e";

jest.setTimeout(300_000);

const { emulator, stack } = e2eFile();

const reader = (ids: { monitor: string; page: string; alert: string }) =>
  stack(path.join(__dirname, "programs/get"), { config: { "get:monitor": ids.monitor, "get:page": ids.page, "get:alert": ids.alert } });

test("a program reads objects another stack manages: the service's values, GETs only, and destroy leaves them", async () => {
  const owner = await stack("quickstart");
  await owner.stack.up();
  const before = await serviceState(emulator);
  const api = await monitorNamed(emulator, "Public API");

  const t = await reader({ monitor: api.uuid, page: SEEDED_PAGE, alert: SEEDED_ALERT });
  await clearRequests(emulator);
  const up = await t.stack.up();
  const page = before.pages.find((p) => p.uuid === SEEDED_PAGE);
  const alert = before.alerts.find((a) => a.uuid === SEEDED_ALERT);
  expect(Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value]))).toEqual({
    monitorName: api.name,
    monitorTarget: api.urn,
    monitorInterval: api.intervalId,
    monitorAlerts: api.alerts,
    pageSlug: page.slug,
    pageItems: page.items,
    alertRecipients: alert.recipients.map((r: { type: string; target: string }) => `${r.type}:${r.target}`),
    isMonitor: true,
  });
  expect((await requestLines(emulator)).every((l) => l.startsWith("GET "))).toBe(true);
  expect(await requestLines(emulator)).toEqual(
    expect.arrayContaining([`GET /v1/monitors/${api.uuid}`, `GET /v1/pages/${SEEDED_PAGE}`, `GET /v1/alerts/${SEEDED_ALERT}`]),
  );

  // An empty preview, and destroy of the reader sends nothing and leaves every object as it was.
  await clearRequests(emulator);
  await t.stack.preview({ expectNoChanges: true });
  await t.stack.destroy();
  expect((await requestLines(emulator)).filter((l) => !l.startsWith("GET "))).toEqual([]);
  expect(await serviceState(emulator)).toEqual(before);
});

test("a uuid the service does not have, or a kind it cannot read: the read fails, each object named in one run", async () => {
  // A page the service answers 405 for, as a service offering only the documented routes does.
  await adminCall(emulator, "PUT", "/faults", { rules: [{ route: "GET /pages/:uuid", respond: { status: 405, body: "{}" } }] });
  const t = await reader({ monitor: "no-such-monitor", page: SEEDED_PAGE, alert: SEEDED_ALERT });
  const text = await fails((onOutput) => t.stack.up({ onOutput }));
  expect(text).toContain("monitor no-such-monitor: the service has no such monitor, so Monitor.get has nothing to read");
  expect(text).toContain(
    `page ${SEEDED_PAGE}: the service answered 405 to reading it (it offers no GET of a page, a route the API document does not show), so Page.get has nothing to read`,
  );
  await adminCall(emulator, "PUT", "/faults", { rules: [] });
});
