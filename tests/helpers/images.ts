// Tiny images made in code (no binary fixtures): a valid 1x1 PNG of any colour, a 1x1 GIF, and the
// first bytes of the other formats the provider recognizes.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid 1x1 RGB PNG of the colour (r, g, b): different colours, different bytes. */
export function png(r = 0, g = 0, b = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.from([0, r, g, b]))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A 1x1 GIF89a. */
export const GIF = Buffer.from("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b", "hex");
export const JPEG_START = Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex");
export const WEBP_START = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8L"), Buffer.alloc(8)]);
export const ICO_START = Buffer.from("000001000100101000000100200068040000", "hex");
export const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');

/** A fresh temporary directory, removed by the returned function. */
export function tempDir(prefix = "uptime-images-"): { dir: string; file(name: string, bytes: Buffer | string): string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    file(name, bytes) {
      const target = path.join(dir, name);
      fs.writeFileSync(target, bytes);
      return target;
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
