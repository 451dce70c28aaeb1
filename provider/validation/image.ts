// Page images, recognized by their first bytes. State keeps the sha256 and the path, never the bytes:
// they are read again when a page is written, and must still hash to what check() saw.
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import * as nodePath from "node:path";

/** Images larger than this are refused at check (the API document states no limit; this keeps requests sane). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

// `\s` takes a leading byte-order mark too.
const SVG = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i;
const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ["png", (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ["jpeg", (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["gif", (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1"))],
  ["webp", (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP"],
  ["ico", (b) => b.length >= 6 && b.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]))],
  ["svg", (b) => SVG.test(b.subarray(0, 4096).toString("utf8"))],
];

export function sniffImage(bytes: Buffer): string | undefined {
  return SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
}

/** Files by default; tests give an in-memory source. */
export interface ImageSource {
  /** Rejects with a Node error (`code` ENOENT, EACCES, EISDIR, ...) or ImageTooLargeError. */
  read(path: string, maxBytes: number): Promise<Buffer>;
}

export class ImageTooLargeError extends Error {
  constructor(readonly size: number) {
    super(`${size} bytes`);
  }
}

export const fileImageSource: ImageSource = {
  async read(path, maxBytes) {
    const handle = await fs.open(path, "r");
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) throw new ImageTooLargeError(size);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  },
};

export interface ImageRef {
  sha256: string;
  path: string;
}

type ImageLoad = { ok: true; ref: ImageRef; bytes: Buffer; format: string } | { ok: false; problem: string };

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

export async function loadImage(path: string, source: ImageSource = fileImageSource): Promise<ImageLoad> {
  const absolute = nodePath.resolve(path);
  const where = JSON.stringify(absolute);
  const refuse = (problem: string): ImageLoad => ({ ok: false, problem });
  let bytes: Buffer;
  try {
    bytes = await source.read(absolute, MAX_IMAGE_BYTES);
  } catch (error) {
    if (error instanceof ImageTooLargeError) {
      return refuse(`${JSON.stringify(path)} is ${mib(error.size)}, over the ${mib(MAX_IMAGE_BYTES)} limit; give a smaller image`);
    }
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR")
      return refuse(
        `no file at ${where}; check the path (a relative path is resolved against the program's working directory, normally the Pulumi project directory)`,
      );
    if (code === "EISDIR") return refuse(`${where} is a directory; give the path of an image file`);
    if (code === "EACCES" || code === "EPERM")
      return refuse(`${where} cannot be read (permission denied); make it readable by the user running pulumi`);
    return refuse(`${where} cannot be read: ${(error as Error).message}`);
  }
  if (bytes.length === 0) return refuse(`${where} is empty; give an image file`);
  const format = sniffImage(bytes);
  if (!format) return refuse(`${where} is not an image this provider recognizes; give a png, jpeg, gif, webp, svg or ico file`);
  return { ok: true, ref: { sha256: createHash("sha256").update(bytes).digest("hex"), path: absolute }, bytes, format };
}
