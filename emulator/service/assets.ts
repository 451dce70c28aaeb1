// Page images: strict base64 in, bytes stored under an asset id, served back at /assets/<id>
// with a content type sniffed from the bytes.

import { randomUUID } from "node:crypto";
import { ApiError } from "./errors";
import type { AssetData } from "../types";

// Standard alphabet, optional padding, no whitespace, no URL-safe characters.
const STRICT_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes strict base64 or throws 400 invalid_base64 naming the field. */
export function decodeStrictBase64(text: string, field: string): Buffer {
  const unpadded = text.replace(/=+$/, "");
  const valid =
    text.length > 0 && STRICT_BASE64.test(text) && unpadded.length % 4 !== 1 && (text.length === unpadded.length || text.length % 4 === 0);
  if (!valid) {
    throw new ApiError(
      400,
      "invalid_base64",
      `${field}: expected the image as standard base64 (A-Z a-z 0-9 + /, optional = padding, no whitespace)`,
    );
  }
  return Buffer.from(text, "base64");
}

const SIGNATURES: [string, (b: Buffer) => boolean, string][] = [
  ["image/png", (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), "png"],
  ["image/jpeg", (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, "jpg"],
  ["image/gif", (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")), "gif"],
  ["image/webp", (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP", "webp"],
  ["image/x-icon", (b) => b.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0])), "ico"],
  [
    "image/svg+xml",
    (b) =>
      /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(
        b
          .subarray(0, 4096)
          .toString("utf8")
          .replace(/^\uFEFF/, ""),
      ),
    "svg",
  ],
];

export function sniffImage(bytes: Buffer): { contentType: string; extension: string } {
  for (const [contentType, matches, extension] of SIGNATURES) {
    if (matches(bytes)) return { contentType, extension };
  }
  return { contentType: "application/octet-stream", extension: "bin" };
}

/** Uploaded images by asset id; ids are unique per upload so a new upload gets a new URL. */
export class AssetStore {
  readonly assets = new Map<string, AssetData>();

  add(bytes: Buffer): string {
    const { contentType, extension } = sniffImage(bytes);
    const id = `${randomUUID()}.${extension}`;
    this.assets.set(id, { contentType, bytes });
    return id;
  }

  get(id: string): AssetData | undefined {
    return this.assets.get(id);
  }
}
