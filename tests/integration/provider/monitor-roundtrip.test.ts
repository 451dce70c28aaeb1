// diff() of records that went through the emulator and back (create, GET, an edit): whatever the
// service returns for what the program declared compares equal, so no second preview shows a change.
import type { MonitorRecord } from "../../../provider/model/records";
import { useEmulator } from "../../helpers/emulator";
import { checkMonitorArgs } from "../../../provider/validation/monitor";
import { diffMonitor, monitorOutputs, monitorRequestBody } from "../../../provider/monitor";
import { removedFields } from "../../../provider/model/engine";
import { HTTP_FULL, HTTP_MIN, TCP_FULL } from "../../helpers/monitor-records";

type Args = Record<string, unknown>;

const canonical = (raw: Args) => {
  const result = checkMonitorArgs(raw);
  expect(result.failures).toEqual([]);
  return result.inputs;
};

function without(args: Args, ...keys: string[]): Args {
  const out = { ...args };
  for (const k of keys) delete out[k];
  return out;
}

describe("a record that went through the emulator and back gives no diff", () => {
  const ALERT = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";
  const { client } = useEmulator({ seed: { alerts: [{ uuid: ALERT, name: "On-call", recipients: [] }] } });

  const shapes: [string, Args][] = [
    ["https with every option", { ...HTTP_FULL, alerts: [ALERT] }],
    [
      "tcp with capitalised keys and a quoted interval",
      {
        ...without(TCP_FULL, "interval"),
        intervalId: "300",
        tcpOptions: { DataRequest: "PING", KeywordResponse: "PONG", KeywordResponseExists: false },
      },
    ],
    [
      "a maintenance window with days as strings",
      {
        ...HTTP_MIN,
        maintenance: {
          days: ["0", "6"],
          times: [{ startHour: 22, startMinute: 15, stopHour: 1, stopMinute: 0 }],
          timeZone: "America/New_York",
        },
      },
    ],
    ["the smallest monitor", HTTP_MIN],
    ["empty lists and strings", { ...HTTP_MIN, groups: [], alerts: [], title: "", description: "", httpRequest: { headers: [] } }],
    ["partial option objects", { ...HTTP_MIN, httpRequest: { method: "head" }, httpResponse: { status: ["200"] } }],
    ["the record's own spellings", { ...without(HTTP_MIN, "interval"), httpFollowRedirects: false, intervalId: 30 }],
  ];

  async function roundTrip(raw: Args): Promise<{ inputs: Args; record: MonitorRecord }> {
    const inputs = canonical(raw);
    const record = await client.monitors.create(monitorRequestBody(inputs, { forEdit: false }));
    return { inputs, record };
  }

  test.each(shapes)("created, then read back with GET: %s", async (_name, raw) => {
    const { inputs, record } = await roundTrip(raw);
    expect(diffMonitor(monitorOutputs(record, inputs), inputs)).toEqual({ changes: false, replaces: [], changed: [] });
    const again = await client.monitors.get(record.uuid);
    expect(diffMonitor(monitorOutputs(again, inputs), inputs).changed).toEqual([]);
  });

  test("edited from one shape to another, with a field removed: no diff afterwards", async () => {
    const { inputs, record } = await roundTrip({ ...HTTP_FULL, alerts: [ALERT] });
    const next = canonical({ ...without(HTTP_FULL, "title", "httpResponse", "maintenance"), alerts: [ALERT], regions: [2], timeout: 9 });
    const removed = removedFields(monitorOutputs(record, inputs), next);
    const edited = await client.monitors.update(record.uuid, monitorRequestBody(next, { forEdit: true, removed }));
    expect(edited.title).toBeNull();
    expect(edited.httpResponse).toBeNull();
    expect(diffMonitor(monitorOutputs(edited, next), next).changed).toEqual([]);
  });
});
