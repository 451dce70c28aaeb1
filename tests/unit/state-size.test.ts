// One monitor in the state: Pulumi stores inputs and outputs, so the floor is two copies of what is declared;
// both within 2x of the record's JSON, for monitors as programs declare them (`__provider`: serialization).
import { monitorOutputs } from "../../provider/monitor";
import { checkedMonitor } from "../helpers/checked";
import { HTTP_MIN, TCP_FULL, recordOf } from "../helpers/monitor-records";

type Args = Record<string, unknown>;

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Inputs as check() stores them, outputs as create() stores them, and the record they come from. */
function stored(raw: Args, name: string): { inputs: Args; outputs: Args; record: Args } {
  const inputs = checkedMonitor({ ...raw, journalKey: `infra/production/${name}` });
  const record = recordOf(inputs);
  return { inputs, outputs: monitorOutputs(record, inputs), record };
}

const MONITORS: Record<string, Args> = {
  // tests/e2e/programs/fleet, the benchmark's monitor
  "fleet-0001": {
    name: "fleet-0001",
    type: "https",
    target: "https://svc-1.fleet.example/health",
    interval: 60,
    regions: [2],
    httpResponse: { status: ["200-299"], statusMatches: true },
  },
  // examples/quickstart's two monitors (the secret header left out: its ciphertext is the engine's)
  "public-api": {
    name: "Public API",
    type: "https",
    target: "https://api.acme.example/health",
    interval: 60,
    regions: [1, 2, 3],
    timeout: 10,
    followRedirects: true,
    alerts: ["5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02"],
    httpRequest: { method: "GET", headers: [{ name: "Accept", value: "application/json" }] },
    httpResponse: { status: ["200-299"], statusMatches: true, keywordBody: "ok", keywordBodyExists: true },
  },
  database: {
    name: "Primary database",
    type: "tcp",
    target: "db.acme.example:5432",
    interval: "120",
    regions: [2],
    tcpOptions: { dataRequest: "PING", keywordResponse: "PONG", keywordResponseExists: true },
    maintenance: { days: [0, 6], times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 30 }], timeZone: "Europe/Paris" },
  },
  web: HTTP_MIN,
  db: TCP_FULL,
};

test.each(Object.entries(MONITORS))(
  "monitor %s: inputs + outputs within 2x of the record's JSON; the outputs no more than the record (urn as target) and the declared fields",
  (name, raw) => {
    const { inputs, outputs, record } = stored(raw, name);
    expect(bytes(inputs) + bytes(outputs)).toBeLessThanOrEqual(2 * bytes(record));
    const { declaredFields, ...rest } = outputs;
    expect(bytes(rest)).toBeLessThanOrEqual(bytes(record));
    expect(declaredFields).toEqual(expect.arrayContaining(["name", "type", "target", "interval", "regions"]));
  },
);
