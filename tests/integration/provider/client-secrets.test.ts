// The API key appears in no error text or log line, whatever goes wrong, a service echoing it back included.
import { inspect } from "node:util";
import type { UptimeClientOptions } from "../../../provider/api/client";
import type { RunningEmulator } from "../../../emulator/types";
import { checkMonitor, createMonitor, deleteMonitor, readMonitor, updateMonitor } from "../../../provider/monitor";
import { testClient, useEmulator } from "../../helpers/emulator";
import { HTTP_MIN } from "../../helpers/monitor-records";
import { closedPort } from "../../helpers/servers";
import { stored } from "../../helpers/checked";
import { rejection } from "../../helpers/rejection";

const KEY = "sk-live-DISTINCT-93f0c1e2b7a4";
const inputs = checkMonitor(HTTP_MIN).inputs;

const { emulator: right, admin } = useEmulator({ apiKey: KEY }); // accepts KEY
const { emulator: wrong } = useEmulator({ apiKey: "some-other-key" }); // expects another key: every request is a 401
const { emulator: documented } = useEmulator({ apiKey: KEY, documentedOnly: true }); // GET and DELETE of monitors answer 405
const logLines: string[] = [];
const keep = (line: string) => void logLines.push(line);
const errors: { what: string; error: unknown }[] = [];

/** A client of `service` with the file's key, its log lines kept for the sweep. */
const client = (service: Pick<RunningEmulator, "url">, options: Partial<UptimeClientOptions> = {}) =>
  testClient(service, { apiKey: KEY, retry: { maxRetries: 2 }, log: { debug: keep, warn: keep }, ...options }).client;

/** Runs a call that must fail and keeps its error for the sweep at the end. */
async function failing(what: string, run: () => Promise<unknown>): Promise<Error> {
  // A call that succeeds fails the test here: its "error" must never be one this file made up and then inspected.
  const error = await rejection(run());
  errors.push({ what, error });
  return error;
}

/** Every text a user or a log could get from an error: message, stack, fields, causes, inspection. */
function textsOf(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 5) return [String(error)];
  const own = Object.fromEntries(Object.entries(error).filter(([k]) => k !== "cause"));
  return [
    error.message,
    error.stack ?? "",
    String(error),
    JSON.stringify(own),
    inspect(error, { depth: 6 }),
    ...(error.cause === undefined ? [] : textsOf(error.cause, depth + 1)),
  ];
}

beforeEach(() => admin.faults({ rules: [] }));

describe("each failure, read as a user would", () => {
  test("401 for a wrong key, on every operation, with the hint and without the key", async () => {
    for (const c of [client(wrong), client(wrong, { authScheme: "Bearer" })]) {
      const messages = [
        (await failing("create 401", () => createMonitor(c, inputs))).message,
        (await failing("read 401", () => readMonitor(c, "m-1", stored({})))).message,
        (await failing("update 401", () => updateMonitor(c, "m-1", stored({}), inputs))).message,
        (await failing("delete 401", () => deleteMonitor(c, "m-1", "web"))).message,
        (await failing("webhooks 401", () => c.webhooks.listPage({ recordOffset: 0, pageSize: 20 }))).message,
      ];
      for (const m of messages)
        expect(m).toMatch(/failed with 401 Unauthorized: invalid API key in the Authorization header \(check uptime:apiKey/);
    }
  });

  test("404, 422, 400 and 405 from the service", async () => {
    const c = client(right);
    expect((await failing("404", () => updateMonitor(c, "no-such", stored({}), inputs))).message).toMatch(/no such monitor any more/);
    expect((await failing("422", () => c.monitors.create({ ...HTTP_MIN, regions: [] } as never))).message).toMatch(
      /422 Unprocessable Entity/,
    );
    const { id } = await createMonitor(c, inputs);
    expect((await failing("400", () => c.monitors.update(id, { alerts: [] }))).message).toMatch(
      /400 Bad Request: alerts: not a parameter of edit/,
    );
    const d = client(documented);
    const created = await createMonitor(d, inputs);
    expect((await failing("405", () => deleteMonitor(d, created.id, "web"))).message).toMatch(/UPTIME_DELETE_UNSUPPORTED=leave/);
  });

  test("a refused connection, retried and then given up", async () => {
    const c = client({ url: `http://127.0.0.1:${await closedPort()}/v1` });
    expect((await failing("refused", () => readMonitor(c, "m-1", stored({})))).message).toMatch(/connection refused/);
  });

  test("answers that never come", async () => {
    await admin.faults({ rules: [{ respond: { status: 200, hang: true } }] });
    const c = client(right, { requestTimeoutMs: 100, retry: { maxRetries: 0 } });
    expect((await failing("hang GET", () => readMonitor(c, "m-1", stored({})))).message).toMatch(/no response from \S+ within 100 ms/);
    expect((await failing("hang base URL check", () => createMonitor(c, inputs))).message).toMatch(
      /uptime:baseUrl .* does not answer as the service's API/,
    );
    await admin.faults({ rules: [{ route: "POST /monitors", respond: { status: 200, hang: true } }] });
    const fresh = client(right, { requestTimeoutMs: 100, retry: { maxRetries: 0 } });
    expect((await failing("hang POST", () => createMonitor(fresh, inputs))).message).toMatch(/adoptUuid/);
  });

  test("a dropped POST's recovery message", async () => {
    await admin.faults({ rules: [{ route: "POST /monitors", dropAfterRate: 1 }] });
    expect((await failing("drop", () => createMonitor(client(right), inputs))).message).toMatch(/adoptUuid/);
  });
});

const html = `<!doctype html><html><head><title>Gateway saw ${KEY}</title></head><body>${KEY}</body></html>`;
const oversized = `{"monitor":{"uuid":"${KEY}","name":"${"n".repeat(3000)}"}}`;
/** What a service echoing the key answers a refresh, and what of it the message keeps, the key redacted. */
const ECHOES: [string, number, string, string, string | undefined][] = [
  [
    "a JSON error message",
    401,
    "application/json",
    JSON.stringify({ error: { code: "unauthorized", message: `bad key ${KEY}` } }),
    "bad key [REDACTED]",
  ],
  ["an HTML error page, title and body", 502, "text/html", html, 'an HTML page "Gateway saw [REDACTED]"'],
  // In plain text, at every place the excerpt could cut it.
  ...[0, 150, 180, 185, 190, 195, 199, 200].map((pad): [string, number, string, string, undefined] => [
    `plain text after ${pad} characters`,
    500,
    "text/plain",
    `${"x".repeat(pad)}${KEY}${"y".repeat(50)}`,
    undefined,
  ]),
  ["a success body that is not JSON", 200, "text/plain", `ok ${KEY}`, "ok [REDACTED]"],
  ["a success body too big (1000 bytes at most here)", 200, "application/json", oversized, undefined],
  // Retried: the debug lines carry no body.
  ["503 answers, retried", 503, "text/plain", `down ${KEY}`, undefined],
];

test.each(ECHOES)("a service that echoes the key back: %s", async (what, status, type, body, kept) => {
  await admin.faults({ rules: [{ respond: { status, headers: { "content-type": type, "retry-after": "0" }, body } }] });
  const error = await failing(what, () => readMonitor(client(right, { maxResponseBytes: 1000 }), "m-1", stored({})));
  if (kept) expect(error.message).toContain(kept);
});

test("sweep: no error text and no log line holds the key, or any 6-character piece of it", () => {
  expect(errors.length).toBeGreaterThanOrEqual(20);
  expect(logLines.some((l) => l.includes("503; retry"))).toBe(true);
  const pieces = Array.from({ length: KEY.length - 5 }, (_, i) => KEY.slice(i, i + 6));
  for (const { what, error } of errors) {
    for (const text of textsOf(error)) {
      for (const piece of pieces) expect([what, piece, text.includes(piece)]).toEqual([what, piece, false]);
    }
  }
  for (const line of logLines) for (const piece of pieces) expect([line, line.includes(piece)]).toEqual([line, false]);
});
