// startEmulator(): the HTTP server that ties the pieces together. /v1 is the service (credential,
// faults, request log), /admin the test controls, /assets the uploaded page images, and `/` and
// /status/<slug> the read-only HTML view of what the store holds (view/routes.ts).

import { createServer, IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { handleAdmin } from "./harness/admin";
import { Clock } from "./service/clock";
import { ApiError, ValidationError } from "./service/errors";
import { FaultEngine } from "./harness/faults";
import { Answer, bodyForLog, checkAuthorization, errorAnswer, hasValidCredential, parseJsonBody, readBody, send } from "./service/http-io";
import { readDataFile, writeDataFile } from "./harness/persistence";
import { RateLimiter } from "./harness/rate-limit";
import { RenderContext } from "./service/records";
import { matchRoute, runRoute } from "./service/routes";
import { applySeed, loadSeedFile } from "./harness/seed";
import { Store } from "./service/store";
import { LoggedRequest, Traffic } from "./harness/traffic";
import type { EmulatorOptions, RunningEmulator } from "./types";
import { handleView, isViewPath } from "./view/routes";

export type { EmulatorOptions, FaultConfig, FaultRule, RateLimitConfig, RunningEmulator, SeedData } from "./types";

/** Starts the emulator; resolves once it listens. */
export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  if (typeof options.apiKey !== "string" || options.apiKey === "") throw new Error("startEmulator: apiKey is required");
  const host = options.host ?? "127.0.0.1";
  // The one credential /v1 accepts; PUT /admin/api-key rotates it, as a user does in the dashboard.
  let apiKey = options.apiKey;
  const clock = new Clock(options.timestampOffset);
  let closed = false;
  const dataFile = options.dataFile;
  const store: Store = new Store(
    () => clock.now(),
    () => {
      if (dataFile !== undefined && !closed) writeDataFile(dataFile, store.snapshot());
    },
  );
  const traffic = new Traffic();
  const faults = new FaultEngine();
  const render: RenderContext = { clock, assetBase: "" };
  const rateLimit = startupStep("rateLimit", () => new RateLimiter(options.rateLimit));
  initialize(store, faults, options);

  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  const log = (line: string) => {
    if (!options.quiet) process.stderr.write(`uptime-emulator: ${line}\n`);
  };

  // The rate limit's headers go into a copy: an answer's own headers may belong to a fault rule.
  const finish = (res: ServerResponse, entry: LoggedRequest, answer: Answer, started: number, limitHeaders?: Record<string, string>) => {
    entry.status = answer.status;
    send(res, { ...answer, headers: { ...answer.headers, ...limitHeaders } });
    log(`${entry.method} ${entry.path} -> ${answer.status} (${Date.now() - started} ms)`);
  };

  async function handleV1(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = Date.now();
    const method = req.method ?? "GET";
    let raw: Buffer = Buffer.alloc(0);
    let bodyError: ApiError | undefined;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      bodyError = error;
    }
    const match = matchRoute(method, url.pathname.slice(3) || "/", options.documentedOnly === true);
    const route = match.kind === "no_path" ? null : match.name;
    const entry = traffic.record({
      time: clock.format(clock.now()),
      method,
      path: url.pathname,
      query: url.searchParams,
      route,
      headers: req.headers,
      body: bodyForLog(raw),
    });
    // Only the valid key has a bucket: a wrong one gets its 401 below and costs nothing.
    const admission = hasValidCredential(req.headers, apiKey) ? rateLimit.admit(apiKey) : undefined;
    if (admission?.refusal) {
      traffic.rateLimited++;
      return finish(res, entry, admission.refusal, started, admission.headers);
    }
    const delay = faults.latencyMs();
    if (delay > 0) await sleep(delay);
    if (closed) return;
    const decision = faults.decide(method, route);
    if (decision.kind === "drop_before") {
      req.socket.destroy();
      log(`${method} ${url.pathname} -> connection dropped before processing (fault)`);
      return;
    }
    if (decision.kind === "answer") return finish(res, entry, decision.answer, started, admission?.headers);
    if (decision.kind === "respond") {
      const { status, headers, body, bodyBytes, hang } = decision.respond;
      if (hang) return log(`${method} ${url.pathname} -> hanging (fault)`);
      const payload = body !== undefined ? body : bodyBytes !== undefined ? Buffer.alloc(bodyBytes, "x") : undefined;
      return finish(res, entry, { status, headers, body: payload }, started);
    }
    // From here to the store write everything is synchronous: no other request can interleave.
    let answer: Answer;
    try {
      checkAuthorization(req.headers, apiKey);
      if (match.kind === "no_path") throw new ApiError(404, "not_found", `no route ${url.pathname}`);
      if (match.kind === "wrong_method") {
        const allow = match.allow.join(", ");
        throw new ApiError(405, "method_not_allowed", `${method} ${url.pathname} is not supported; allowed: ${allow || "none"}`, { allow });
      }
      if (bodyError) throw bodyError;
      const body = parseJsonBody(raw, req.headers["content-type"]);
      answer = runRoute(match.route, {
        store,
        render,
        uuid: match.uuid,
        query: url.searchParams,
        body,
        ignorePagination: faults.ignorePagination,
        fillDefaults: options.fillDefaults === true,
      });
    } catch (error) {
      answer = toAnswer(error, log);
    }
    if (decision.kind === "drop_after") {
      req.socket.destroy();
      log(`${method} ${url.pathname} -> processed (${answer.status}), then connection dropped (fault)`);
      return;
    }
    finish(res, entry, answer, started, admission?.headers);
  }

  /** PUT /admin/api-key {"apiKey": "<new key>"}: from now on only the new key is accepted. */
  function rotateKey(method: string, body: unknown): Answer {
    if (method !== "PUT") throw new ApiError(405, "method_not_allowed", `${method} /admin/api-key: use PUT`, { allow: "PUT" });
    const next = (body as { apiKey?: unknown } | undefined)?.apiKey;
    if (typeof next !== "string" || next === "") throw new ValidationError("apiKey", "expected a non-empty string");
    apiKey = next;
    return { status: 204 };
  }

  async function handleAdminRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    let answer: Answer;
    try {
      const raw = await readBody(req);
      let body: unknown;
      if (raw.length > 0) {
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch (error) {
          throw new ApiError(400, "malformed_json", `request body is not valid JSON: ${(error as Error).message}`);
        }
      }
      if (url.pathname === "/admin/api-key") answer = rotateKey(req.method ?? "GET", body);
      else answer = handleAdmin({ store, traffic, faults, rateLimit, render }, req.method ?? "GET", url.pathname, body);
    } catch (error) {
      answer = toAnswer(error, log);
    }
    send(res, answer);
  }

  function handleAsset(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const asset = store.assets.get(url.pathname.slice("/assets/".length));
    if (req.method !== "GET" && req.method !== "HEAD") {
      return send(res, errorAnswer(new ApiError(405, "method_not_allowed", "assets are read with GET", { allow: "GET, HEAD" })));
    }
    if (!asset) return send(res, errorAnswer(new ApiError(404, "not_found", `no asset ${url.pathname}`)));
    res.writeHead(200, {
      "content-type": asset.contentType,
      "content-length": asset.bytes.length,
      "cache-control": "public, max-age=31536000, immutable",
      // An uploaded SVG opened on its own must not run script on the view's origin.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      "x-content-type-options": "nosniff",
    });
    res.end(req.method === "HEAD" ? undefined : asset.bytes);
  }

  const dispatch = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://emulator");
    const path = url.pathname;
    if (path === "/v1" || path.startsWith("/v1/")) return handleV1(req, res, url);
    if (path === "/admin" || path.startsWith("/admin/")) return handleAdminRequest(req, res, url);
    req.resume();
    if (path.startsWith("/assets/")) return handleAsset(req, res, url);
    if (isViewPath(path)) return send(res, handleView(store, req.method ?? "GET", path));
    send(res, errorAnswer(new ApiError(404, "not_found", `no route ${path}; the API is under /v1`)));
  };
  const server = createServer((req, res) => {
    dispatch(req, res).catch((error: unknown) => send(res, toAnswer(error, log)));
  });
  server.on("connection", (socket: Socket) => {
    traffic.connectionsAccepted++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const origin = `http://${urlHost}:${port}`;
  render.assetBase = `${origin}/assets`;

  return {
    url: `${origin}/v1`,
    adminUrl: `${origin}/admin`,
    port,
    close: () => {
      if (closed) return Promise.resolve();
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

/** Loads the data file if present, else the seed; then the initial faults. Errors name their source. */
function initialize(store: Store, faults: FaultEngine, options: EmulatorOptions): void {
  const saved = options.dataFile === undefined ? undefined : readDataFile(options.dataFile);
  startupStep(`seed${typeof options.seed === "string" ? ` ${options.seed}` : ""}`, () => {
    if (saved) store.load(saved);
    else if (options.seed !== undefined) applySeed(store, typeof options.seed === "string" ? loadSeedFile(options.seed) : options.seed);
  });
  if (!saved && options.dataFile !== undefined) store.changed();
  if (options.faults) startupStep("faults", () => faults.set(options.faults));
}

/** Runs one step of the start; a validation error in an option becomes an Error naming that option. */
function startupStep<T>(source: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`${source}: ${error.message}`, { cause: error });
    throw error;
  }
}

function toAnswer(error: unknown, log: (line: string) => void): Answer {
  if (error instanceof ApiError) return errorAnswer(error);
  log(`internal error: ${(error as Error)?.stack ?? String(error)}`);
  return errorAnswer(new ApiError(500, "internal_error", "internal error in the emulator"));
}
