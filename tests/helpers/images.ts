/** Images made for tests, beside the real fixtures in tests/fixtures/images. */

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/images");
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

export const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .png()
    .toBuffer();

export const solidJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

export const gif = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: "#3a6" } })
    .gif()
    .toBuffer();

export const svg = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="red"/></svg>',
  );

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header claims width x height but which holds almost no data: a few hundred
 * bytes that would take gigabytes to decode. The server must refuse it from the header alone.
 */
export function claimedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  const idat = zlib.deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
