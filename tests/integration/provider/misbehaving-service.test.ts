// The service misbehaving, met through the provider's operations: a short one-line Error that says what
// happened, in bounded time, no unhandled rejection; a node:http server stages what faults cannot.
import { createServer, Server } from "node:http";
import { buffer } from "node:stream/consumers";
import { alerts } from "../../../provider/alert";
import { UptimeClientOptions } from "../../../provider/api/client";
import { checkMonitor, createMonitor, deleteMonitor, readMonitor, updateMonitor } from "../../../provider/monitor";
import { pages } from "../../../provider/page";
import { TestClient, testClient, useEmulator } from "../../helpers/emulator";
import { HTTP_MIN } from "../../helpers/monitor-records";
import { forwardTo, listenOnLoopback } from "../../helpers/servers";
import { stored } from "../../helpers/checked";

jest.setTimeout(30_000);

const PAGE = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
const ALERT = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";
const MAX_RETRIES = 2;
const TIMEOUT_MS = 300;
const HTML_502 = `<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>`;

const { emulator, admin } = useEmulator({
  seed: { pages: [{ uuid: PAGE, name: "Status" }], alerts: [{ uuid: ALERT, name: "On-call", recipients: [] }] },
});
let monitorId: string;
const monitorInputs = checkMonitor(HTTP_MIN).inputs;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  monitorId = (await createMonitor(testClient(emulator).client, monitorInputs)).id;
});
afterAll(() => process.off("unhandledRejection", onUnhandled));
beforeEach(async () => {
  await admin.faults({ rules: [] });
  await admin.clearRequests();
});

function client(options: Partial<UptimeClientOptions> = {}): TestClient {
  return testClient(emulator, { retry: { maxRetries: MAX_RETRIES }, requestTimeoutMs: TIMEOUT_MS, ...options });
}

/** Every answer of `route` (all of /v1 when absent) is the scripted one. */
const respond = (respond: Record<string, unknown>, route?: string) => admin.faults({ rules: [{ route, respond }] });
const JSON_TYPE = { "content-type": "application/json" };
/** A 200 whose JSON body is `record`. */
const okJson = (record: unknown) => ({ status: 200, headers: JSON_TYPE, body: JSON.stringify(record) });

/** Runs an operation that must fail; the error must be an Error with a short single-line message, within 5 s. */
async function failure(run: () => Promise<unknown>): Promise<Error> {
  const started = Date.now();
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error(`expected an Error, got ${String(error)}`);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(error.message).not.toMatch(/\n|\[object Object\]/);
  expect(error.message.length).toBeLessThan(1_000);
  return error;
}

const requestCount = async () => (await admin.requests()).length;
/** The timeout's message for `call` ("GET /monitors/m-1") sent to `url`. */
const noResponse = (call: string, url = emulator.url) =>
  `${call} failed: no response from ${new URL(url).origin} within ${TIMEOUT_MS} ms (uptime:requestTimeoutMs); check uptime:baseUrl (${url})`;

describe("error bodies that are not the service's JSON", () => {
  test("a JSON content type over a truncated body (400 to a creation): an excerpt of what came", async () => {
    await respond({ status: 400, headers: JSON_TYPE, body: '{"error": {"code": "bad_req' }, "POST /monitors");
    const error = await failure(() => createMonitor(client().client, monitorInputs));
    expect(error.message).toBe('POST /monitors failed with 400 Bad Request: {"error": {"code": "bad_req');
  });

  test("500 with an empty body to a creation: the status and (empty body), no recovery advice", async () => {
    await respond({ status: 500, body: "" }, "POST /monitors");
    expect((await failure(() => createMonitor(client().client, monitorInputs))).message).toBe(
      "POST /monitors failed with 500 Internal Server Error: (empty body)",
    );
  });

  test("an HTML 502 page to a refresh: GET retried, then the status and the page's title, no markup", async () => {
    await respond({ status: 502, headers: { "content-type": "text/html" }, body: HTML_502 });
    const t = client();
    const error = await failure(() => readMonitor(t.client, monitorId, stored({})));
    expect(error.message).toBe(`GET /monitors/${monitorId} failed with 502 Bad Gateway: an HTML page "502 Bad Gateway"`);
    expect(await requestCount()).toBe(1 + MAX_RETRIES);
    expect(t.debug).toEqual([expect.stringContaining("502; retry 1 of 2"), expect.stringContaining("502; retry 2 of 2")]);
  });
});

test.each([
  [
    "an HTML sign-in page (a proxy in the way): said so with the page's title",
    { "content-type": "text/html" },
    "<html><head><title>Sign in - Corporate Proxy</title></head><body>…</body></html>",
    'an HTML page "Sign in - Corporate Proxy"',
  ],
  ["an empty body where a record is expected", JSON_TYPE, "", "(empty body)"],
])("200 with %s: not JSON", async (_what, headers, body, shown) => {
  await respond({ status: 200, headers, body });
  const error = await failure(() => readMonitor(client().client, monitorId, stored({})));
  expect(error.message).toBe(`GET /monitors/${monitorId} returned an unexpected response: 200 with a body that is not JSON: ${shown}`);
});

test("200 with an empty body to a delete is a success: a delete needs no record", async () => {
  await respond({ status: 200, body: "" }, "DELETE /monitors/:uuid");
  await expect(deleteMonitor(client().client, monitorId, "web")).resolves.toBeUndefined();
});

describe("bodies too big", () => {
  test("a 10 MB answer to a refresh, and a 10 MB error page: refused past 8 MiB, said so", async () => {
    await respond({ status: 200, headers: JSON_TYPE, bodyBytes: 10 * 1024 * 1024 });
    const ok = await failure(() => readMonitor(client().client, monitorId, stored({})));
    expect(ok.message).toBe(`GET /monitors/${monitorId} returned an unexpected response: 200 with a body over 8388608 bytes`);
    await respond({ status: 500, headers: { "content-type": "text/html" }, bodyBytes: 10 * 1024 * 1024 });
    const error = await failure(() => pages.read(client().client, PAGE, stored({})));
    expect(error.message).toBe(`GET /pages/${PAGE} returned an unexpected response: 500 with a body over 8388608 bytes`);
  });

  test("a body that never ends: reading stops at the limit (the connection is closed), the memory is not held", async () => {
    const server = await endlessServer();
    try {
      const before = process.memoryUsage().arrayBuffers;
      const c = testClient(emulator, { baseUrl: server.url, retry: { maxRetries: 0 }, requestTimeoutMs: 5_000 });
      const error = await failure(() => readMonitor(c.client, "m-1", stored({})));
      expect(error.message).toBe("GET /monitors/m-1 returned an unexpected response: 200 with a body over 8388608 bytes");
      await server.closed;
      // The server could push its socket buffers' worth past the limit before the close reached it; not more.
      expect(server.bytesWritten()).toBeLessThan(32 * 1024 * 1024);
      global.gc?.();
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });
});

test("records missing fields: an envelope without its record, a recipient without a target, an empty page list: each names the field", async () => {
  const c = client().client;
  await respond(okJson({ monitors: [] }));
  expect((await failure(() => updateMonitor(c, monitorId, stored({}), monitorInputs))).message).toMatch(
    /returned an unexpected response: monitor: /,
  );
  await respond(okJson({ alert: { uuid: ALERT, recipients: [{ type: "email" }] } }));
  expect((await failure(() => alerts.create(c, alerts.check({ uuid: ALERT }).inputs))).message).toMatch(
    /returned an unexpected response: alert\.recipients\.0\.target: /,
  );
  await respond(okJson({ pages: [] }));
  expect((await failure(() => pages.read(c, PAGE, stored({})))).message).toMatch(/returned an unexpected response: pages: /);
});

describe("a creation the service made, answered with a success that cannot be read", () => {
  // A gateway in front of the service passes the POST on, then mangles the 201: the monitor exists.
  test.each([
    ["an empty body", ""],
    ["a record without a uuid", JSON.stringify({ monitor: { name: "web" } })],
    ["an HTML page", "<html><head><title>OK</title></head></html>"],
  ])("%s: kept as unconfirmed with the way out, never a plain failure a rerun would repeat", async (_what, body) => {
    await admin.reset({ pages: [{ uuid: PAGE, name: "Status" }], alerts: [{ uuid: ALERT, name: "On-call", recipients: [] }] });
    const gateway = await manglingGateway(emulator.url, { status: 201, body });
    try {
      const c = testClient(emulator, { baseUrl: gateway.url, retry: { maxRetries: MAX_RETRIES } });
      const error = await failure(() => createMonitor(c.client, monitorInputs));
      expect(await admin.monitors()).toHaveLength(1);
      expect(error.message).toMatch(
        /^monitor "web": POST \/monitors returned an unexpected response: .*The service may have created the monitor/,
      );
      expect(error.message).toContain("adoptUuid");
      expect(error).toMatchObject({ id: expect.stringMatching(/^unconfirmed-/), properties: { unconfirmed: true } });
      expect(gateway.posts()).toBe(1);
    } finally {
      await gateway.close();
    }
  });
});

describe("answers that never come", () => {
  test("no answer to a refresh: timed out, retried once, then the error names uptime:requestTimeoutMs", async () => {
    await respond({ status: 200, hang: true });
    const info: string[] = [];
    const c = client({ log: { debug: () => undefined, info: (m) => info.push(m), warn: () => undefined } });
    const error = await failure(() => readMonitor(c.client, monitorId, stored({})));
    expect(error.message).toBe(noResponse(`GET /monitors/${monitorId}`));
    // A timeout is retried once, whatever uptime:maxRetries says: a server that never answers fails in bounded time.
    expect(await requestCount()).toBe(2);
    // The retry said at info level, shown without --debug.
    expect(info).toEqual([
      expect.stringMatching(/within 300 ms \(uptime:requestTimeoutMs\); check uptime:baseUrl \(\S+\); retry 1 of 2 in /),
    ]);
  });

  test("a body that starts and then stalls: the stall times out the same way", async () => {
    const server = await endlessServer({ stallAfter: '{"monitor":{"uuid":"m-1",' });
    try {
      const c = testClient(emulator, { baseUrl: server.url, retry: { maxRetries: 0 }, requestTimeoutMs: TIMEOUT_MS });
      const error = await failure(() => readMonitor(c.client, "m-1", stored({})));
      expect(error.message).toBe(noResponse("GET /monitors/m-1", server.url));
    } finally {
      await server.close();
    }
  });
});

test("none of it left an unhandled rejection", async () => {
  await new Promise((resolve) => setImmediate(resolve));
  expect(unhandled).toEqual([]);
});

/** A gateway that passes every request on to `target`, and answers a creation with `reply` once the service has made it. */
async function manglingGateway(
  target: string,
  reply: { status: number; body: string },
): Promise<{ url: string; posts(): number; close(): Promise<void> }> {
  let posts = 0;
  const forward = forwardTo(target);
  const server = createServer(async (req, res) => {
    // Only the creation's answer is mangled; the base URL check before it goes through untouched.
    if (req.method !== "POST") return forward(req, res);
    posts++;
    const headers = { authorization: String(req.headers.authorization), "content-type": "application/json" };
    await (await fetch(`${target}/monitors`, { method: "POST", headers, body: await buffer(req) })).arrayBuffer();
    res.writeHead(reply.status, { "content-type": "application/json", "content-length": Buffer.byteLength(reply.body) }).end(reply.body);
  });
  const listening = await listenOnLoopback(server);
  return { url: `http://${listening.host}/v1`, posts: () => posts, close: listening.close };
}

/** A 200 with a JSON content type whose body never ends: 64 KiB chunks while read, or `stallAfter` and then nothing. */
async function endlessServer(
  options: { stallAfter?: string } = {},
): Promise<{ url: string; bytesWritten(): number; closed: Promise<void>; close(): Promise<void> }> {
  let written = 0;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const chunk = Buffer.alloc(64 * 1024, "x");
  const server: Server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json" });
    res.on("close", markClosed);
    if (options.stallAfter !== undefined) {
      res.write(options.stallAfter);
      return;
    }
    const pump = () => {
      while (!res.destroyed && written < 256 * 1024 * 1024) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
    };
    pump();
  });
  const listening = await listenOnLoopback(server);
  return { url: `http://${listening.host}/v1`, bytesWritten: () => written, closed, close: listening.close };
}
