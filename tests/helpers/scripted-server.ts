// A local HTTP server answering a scripted reply per request, so client tests stage exactly the failures
// they need (429, 503, a socket destroyed mid-request, ...).
import { createServer, IncomingMessage, Server, ServerResponse } from "node:http";
import { closeAllPools } from "../../provider/api/client";
import { late, monitorBody } from "./emulator";
import { listenOnLoopback } from "./servers";

/** One scripted answer: a reply, a destroyed socket (no answer at all), or never answering. */
export type Step = { status: number; headers?: Record<string, string>; body?: string | object } | { destroy: true } | { hang: true };

type SeenRequest = { method: string; path: string; headers: IncomingMessage["headers"]; body: string };

export interface ScriptedServer {
  /** Base URL ending in /v1, as the client expects. */
  url: string;
  /** Every request received, in order. */
  requests: SeenRequest[];
  /** Replaces the remaining script; once it runs out, every request gets `fallback`. */
  script(...steps: Step[]): void;
  close(): Promise<void>;
}

const FALLBACK: Step = { status: 500, body: { error: { code: "script_exhausted", message: "no scripted answer left" } } };

/** Starts the server on `port` (0 = any free port) on 127.0.0.1. */
export async function startScriptedServer(port = 0): Promise<ScriptedServer> {
  let steps: Step[] = [];
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      answer(steps.shift() ?? FALLBACK, req, res);
    });
  });
  const listening = await listenOnLoopback(server, port);
  return {
    url: `http://${listening.host}/v1`,
    requests,
    script: (...next) => {
      steps = next;
    },
    close: listening.close,
  };
}

/** A scripted server for the calling file's tests (closed, with the client's pools, after them), its request log emptied before each. */
export function useScriptedServer(): ScriptedServer {
  let server: ScriptedServer | undefined;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  beforeEach(() => {
    server!.requests.length = 0;
  });
  afterAll(async () => {
    await closeAllPools();
    await server?.close();
  });
  return late(() => server, "the scripted server");
}

function answer(step: Step, req: IncomingMessage, res: ServerResponse): void {
  if ("destroy" in step) {
    req.socket.destroy();
    return;
  }
  if ("hang" in step) return;
  const text = step.body === undefined ? "" : typeof step.body === "string" ? step.body : JSON.stringify(step.body);
  const headers: Record<string, string> = { ...step.headers };
  if (typeof step.body === "object") headers["content-type"] ??= "application/json";
  res.writeHead(step.status, { ...headers, "content-length": String(Buffer.byteLength(text)) });
  res.end(text);
}

/** A monitor envelope as the service answers it (monitorBody()'s monitor, as a record), for scripted successes. */
export function monitorEnvelope(overrides: Record<string, unknown> = {}): { monitor: Record<string, unknown> } {
  const { interval, ...body } = monitorBody();
  return {
    monitor: { uuid: "mon-1", ...body, intervalId: interval, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: null, ...overrides },
  };
}
