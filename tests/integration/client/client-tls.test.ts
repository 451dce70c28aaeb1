// A TLS failure, like a host that does not resolve, comes before any byte is sent and no retry fixes it: the
// client says so at once, and a failed create does not send the user looking for a monitor.
import { createServer as createHttpsServer } from "node:https";
import { createServer as createHttpServer } from "node:http";
import { closeAllPools } from "../../../provider/api/client";
import { testClient } from "../../helpers/emulator";
import { BaseUrlError, ConnectionError } from "../../../provider/api/errors";
import { createMonitor } from "../../../provider/monitor";
import { Listening, listenOnLoopback } from "../../helpers/servers";
import { LOOPBACK_CERT_PEM, LOOPBACK_KEY_PEM } from "../../helpers/tls";
import { rejection } from "../../helpers/rejection";

const answered: string[] = [];
let tlsUrl: string;
let plainAsHttpsUrl: string;
let listening: Listening[];

beforeAll(async () => {
  const handler = (req: { method?: string }, res: { writeHead(s: number): void; end(b: string): void }) => {
    answered.push(req.method ?? "");
    res.writeHead(201);
    res.end("{}");
  };
  listening = [
    await listenOnLoopback(createHttpsServer({ key: LOOPBACK_KEY_PEM, cert: LOOPBACK_CERT_PEM }, handler)),
    await listenOnLoopback(createHttpServer(handler)),
  ];
  tlsUrl = `https://${listening[0].host}/v1`;
  plainAsHttpsUrl = `https://${listening[1].host}/v1`;
});
afterAll(async () => {
  await closeAllPools();
  await Promise.all(listening.map((l) => l.close()));
});

const client = (baseUrl: string) => testClient({ url: baseUrl }, { apiKey: "k-tls-test-123" });

// http:// at a TLS port is found out after the first closed connection, and the https:// address named.
test.each([
  ["an untrusted certificate", () => tlsUrl, () => /TLS .*self-signed certificate.*uptime:baseUrl/],
  ["https:// at a plain-HTTP port", () => plainAsHttpsUrl, () => /TLS .*wrong version number.*uptime:baseUrl/],
  [
    "http:// at a TLS port",
    () => tlsUrl.replace(/^https:/, "http:"),
    () => `speaks TLS: an http:// address at an https port; use ${tlsUrl}`,
  ],
])("%s: nothing sent, not retried, and the message says what is wrong", async (_name, url, detail) => {
  for (const method of ["GET", "POST"]) {
    const c = client(url());
    const call = method === "GET" ? c.client.monitors.get("m-1") : c.client.monitors.create({ name: "x" });
    const error = await rejection<ConnectionError>(call);
    expect(error).toBeInstanceOf(ConnectionError);
    expect([error.permanent, error.mayHaveReachedServer]).toEqual([true, false]);
    expect(error.message).toMatch(detail());
    expect(error.message).not.toContain("k-tls-test-123");
    expect(c.waits).toEqual([]);
  }
  expect(answered).toEqual([]);
});

test("a create that fails on TLS does not suggest the monitor may exist: the base URL check fails first, naming uptime:baseUrl", async () => {
  const inputs = { name: "web", type: "https", target: "https://x.example", interval: 60, regions: [1] };
  const error = await rejection(createMonitor(client(tlsUrl).client, inputs));
  expect(error).toBeInstanceOf(BaseUrlError);
  expect(error.cause).toBeInstanceOf(ConnectionError);
  expect(error.message).toMatch(
    /^uptime:baseUrl \(https:\/\/127\.0\.0\.1:\d+\/v1\) does not answer as the service's API: GET \/v1\/webhooks, a documented route, failed: TLS/,
  );
  expect(error.message).not.toMatch(/may have created|adoptUuid/);
  // The TLS failure says what is wrong; the advice about the version segment is for answers that are not the API's.
  expect(error.message).not.toContain("version segment");
  expect(error.message).toMatch(/\. Nothing was changed\.$/);
  expect(answered).toEqual([]);
});

test("a host that does not resolve: nothing sent, not retried, and the message names uptime:baseUrl", async () => {
  const c = client("http://uptime-no-such-host.invalid/v1");
  const error = await rejection<ConnectionError>(c.client.monitors.get("m-1"));
  expect(error).toBeInstanceOf(ConnectionError);
  expect(error.message).toContain("the host uptime-no-such-host.invalid does not resolve (ENOTFOUND); check uptime:baseUrl");
  expect(c.waits).toEqual([]);
});

test("a plain-HTTP server that closes connections is not taken for TLS: retried as before", async () => {
  const closing = await listenOnLoopback(createHttpServer((req) => req.socket.destroy()));
  try {
    const c = client(`http://${closing.host}/v1`);
    const error = await rejection<ConnectionError>(c.client.monitors.get("m-1"));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ permanent: false, message: expect.stringMatching(/closed before a response .*check uptime:baseUrl/) });
    expect(error.message).not.toMatch(/speaks TLS/);
    expect(c.waits).toHaveLength(5);
  } finally {
    await closing.close();
  }
});
