// Every server a test starts: the emulator (the integration key, or the e2e key and demo seed) and any other
// HTTP(S) server, on a free 127.0.0.1 port, closed with its open connections so no test waits on a socket.
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest, type Server as HttpServer } from "node:http";
import type { Server as HttpsServer } from "node:https";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator } from "../../emulator/server";
import type { EmulatorOptions, RunningEmulator } from "../../emulator/types";

export const API_KEY = "test-api-key-0123";
export const E2E_API_KEY = "e2e-key-7f3a9c1d5b";
export const DEMO_SEED = path.resolve(__dirname, "../../emulator/seed.json");

/** The emulator as the integration tests use it: empty, quiet, the test key. */
export function startTestEmulator(options: Partial<EmulatorOptions> = {}): Promise<RunningEmulator> {
  return startEmulator({ apiKey: API_KEY, quiet: true, ...options });
}

/** The emulator as the e2e tests use it: the demo seed (a page and an alert to adopt), the e2e key. */
export function startE2eEmulator(options: Partial<EmulatorOptions> = {}): Promise<RunningEmulator> {
  return startTestEmulator({ apiKey: E2E_API_KEY, seed: DEMO_SEED, ...options });
}

export interface Listening {
  port: number;
  /** `127.0.0.1:<port>`, for building addresses. */
  host: string;
  /** Closes the server and every connection still open to it. */
  close(): Promise<void>;
}

/** Starts `server` on 127.0.0.1 (`port` 0: any free port). */
export async function listenOnLoopback(server: HttpServer | HttpsServer, port = 0): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    port: actual,
    host: `127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The first port the system hands out on its own (to `listen(0)` and to every outgoing connection). */
function ephemeralLow(): number {
  try {
    return Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

// A port on 127.0.0.1 that refuses connections, below the system's own range: a port of that range may be
// taken by any test's next connection or listen(0), so it would neither stay free nor stay closed.
export async function closedPort(): Promise<number> {
  const high = ephemeralLow();
  const low = Math.max(1025, high - 12_000);
  for (let tries = 0; tries < 100; tries++) {
    // A system whose own range starts low leaves no room below it: any free port, then.
    const port = high - low < 1000 ? 0 : low + Math.floor(Math.random() * (high - low));
    const probe = await listenOnLoopback(createServer(), port).catch(() => undefined);
    if (!probe) continue;
    await probe.close();
    return probe.port;
  }
  throw new Error(`no free port on 127.0.0.1 in ${low}-${high - 1}`);
}

/** A request handler that passes every request on to `url`'s host and port, and its answer back: a front (a proxy, a TLS terminator). */
export const forwardTo =
  (url: string) =>
  (req: IncomingMessage, res: ServerResponse): void => {
    const upstream = new URL(url);
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  };
