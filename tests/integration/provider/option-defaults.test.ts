// Against a service filling defaults (fillDefaults: left-out option keys and scalars come back "", false or []):
// every accepted subset of every option object's keys settles, and every edit between them. Exhaustive.
import { MonitorInputs, checkMonitorArgs } from "../../../provider/validation/monitor";
import { createMonitor, deleteMonitor, diffMonitor, readMonitor, updateMonitor } from "../../../provider/monitor";
import { useEmulator, adminApi } from "../../helpers/emulator";
import { found } from "../../helpers/checked";

type Args = Record<string, unknown>;
jest.setTimeout(120_000);

const { emulator, t } = useEmulator({ fillDefaults: true, testClient: { retry: { maxRetries: 0 } } });

const HTTP = { name: "web", type: "https", target: "https://www.example.com/health", interval: 60, regions: [1] };
const TCP = { name: "db", type: "tcp", target: "db.example.com:5432", interval: 60, regions: [1] };

/** Each option object with a value for every key (none of them equal to the service's default). */
const OPTIONS: [string, Args, Args][] = [
  ["httpRequest", HTTP, { method: "POST", headers: [{ name: "X-Probe", value: "1" }], body: "{}" }],
  [
    "httpResponse",
    HTTP,
    {
      status: ["200-299", "301"],
      statusMatches: false,
      keywordHeader: "x-ok",
      keywordHeaderExists: true,
      keywordBody: "ok",
      keywordBodyExists: true,
    },
  ],
  ["tcpOptions", TCP, { dataRequest: "PING", keywordResponse: "PONG", keywordResponseExists: true }],
  ["maintenance", HTTP, { days: [1, 5], times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 0 }], timeZone: "Europe/Paris" }],
];

function subsets(keys: string[]): string[][] {
  return Array.from({ length: 2 ** keys.length }, (_, mask) => keys.filter((_, i) => mask & (1 << i)));
}

/** The canonical inputs for `base` with option `field` holding `keys` of `full`; undefined when check() refuses the subset. */
function inputsWith(base: Args, field: string, full: Args, keys: string[]): MonitorInputs | undefined {
  const result = checkMonitorArgs({ ...base, [field]: Object.fromEntries(keys.map((k) => [k, full[k]])) });
  return result.failures.length === 0 ? result.inputs : undefined;
}

test.each(OPTIONS)(
  "%s: every accepted subset of its keys settles, is read back as declared, and edits to every other subset settle",
  async (field, base, full) => {
    const accepted = subsets(Object.keys(full))
      .map((keys) => inputsWith(base, field, full, keys))
      .filter((i): i is MonitorInputs => i !== undefined);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    // The object not declared at all is a state to go to and come from as well.
    accepted.push(checkMonitorArgs(base).inputs);
    for (const [index, inputs] of accepted.entries()) {
      const { id, outs } = await createMonitor(t.client, inputs);
      try {
        // The service filled defaults: the record holds more than was declared.
        const record = ((outs as Args)[field] ?? {}) as Args;
        expect({ field, inputs, changed: diffMonitor(outs, inputs).changed }).toEqual({ field, inputs, changed: [] });
        const read = found(await readMonitor(t.client, id, outs));
        expect(read.inputs).toEqual(inputs);
        expect(diffMonitor(read.props, inputs).changed).toEqual([]);
        expect(Object.keys(record).length).toBeGreaterThanOrEqual(Object.keys(((inputs as Args)[field] ?? {}) as Args).length);

        // An edit to the next accepted subset (wrapping around): one update, then nothing more.
        const next = accepted[(index + 1) % accepted.length];
        const diff = diffMonitor(read.props, next);
        if (diff.changes) {
          const updated = await updateMonitor(t.client, id, read.props, next);
          expect({ next, changed: diffMonitor(updated.outs, next).changed }).toEqual({ next, changed: [] });
          const again = found(await readMonitor(t.client, id, updated.outs));
          expect(again.inputs).toEqual(next);
        }
      } finally {
        await deleteMonitor(t.client, id, inputs.name);
      }
    }
  },
);

test("the service really fills: a partial tcpOptions comes back with every key", async () => {
  const inputs = inputsWith(TCP, "tcpOptions", { dataRequest: "PING" }, ["dataRequest"])!;
  const { id } = await createMonitor(t.client, inputs);
  const stored = await adminApi(emulator).monitor(id);
  expect(stored.tcpOptions).toEqual({ dataRequest: "PING", keywordResponse: "", keywordResponseExists: false });
  expect(stored).toMatchObject({ title: "", description: "", httpFollowRedirects: false, httpRequest: null });
  await deleteMonitor(t.client, id, inputs.name);
});
