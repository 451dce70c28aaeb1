// Reading request bodies and writing JSON answers; the credential and Content-Type checks of /v1.

import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { timingSafeEqual } from "node:crypto";
import { ApiError, errorBody } from "./errors";

/** Bodies above this are refused with 413 (the document gives no limit; this protects the emulator). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) reject(new ApiError(413, "payload_too_large", `request body exceeds ${MAX_BODY_BYTES} bytes`));
      else resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** JSON-serialized unless it is a Buffer or a string (sent as is); undefined = no body. */
  body?: unknown;
}

export function errorAnswer(error: ApiError): Answer {
  return { status: error.status, headers: error.headers, body: errorBody(error.code, error.message) };
}

export function send(res: ServerResponse, answer: Answer): void {
  if (res.destroyed || res.headersSent) return;
  const headers: Record<string, string | number> = { ...answer.headers };
  let payload: Buffer | undefined;
  if (Buffer.isBuffer(answer.body)) payload = answer.body;
  else if (typeof answer.body === "string") payload = Buffer.from(answer.body);
  else if (answer.body !== undefined) {
    payload = Buffer.from(JSON.stringify(answer.body));
    headers["content-type"] = "application/json; charset=utf-8";
  }
  if (payload !== undefined || answer.status !== 204) headers["content-length"] = payload?.length ?? 0;
  res.writeHead(answer.status, headers);
  res.end(payload);
}

/** Whether the request carries the valid key, without answering (the rate limit runs before the 401). */
export function hasValidCredential(headers: IncomingHttpHeaders, apiKey: string): boolean {
  const given = headers.authorization?.replace(/^Bearer\s+/i, "");
  return given !== undefined && sameSecret(given, apiKey);
}

/** `Authorization: <key>` as the document shows, or `Bearer <key>`; anything else is 401. */
export function checkAuthorization(headers: IncomingHttpHeaders, apiKey: string): void {
  const value = headers.authorization;
  if (!hasValidCredential(headers, apiKey)) {
    throw new ApiError(
      401,
      "unauthorized",
      value === undefined ? "missing Authorization header: send Authorization: <API key>" : "invalid API key in the Authorization header",
    );
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Parses a non-empty body: it must be declared application/json (parameters allowed) and be valid JSON. */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `Content-Type ${contentType === undefined ? "missing" : `"${contentType}"`}: a request body must be sent with Content-Type: application/json`,
    );
  }
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch (error) {
    throw new ApiError(400, "malformed_json", `request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** For the request log: parsed JSON, else the raw text, else null. */
export function bodyForLog(raw: Buffer): unknown {
  if (raw.length === 0) return null;
  const text = raw.toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
