import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO } from "../../../../shared/constants.ts";
import { checkPhoto, checkPhotoBytes, headerSize, isComplete, sniffFormat } from "./photoCheck.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/images");
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

const solid = (width: number, height: number) => ({
  create: { width, height, channels: 3 as const, background: { r: 200, g: 120, b: 90 } },
});
const png = async (w: number, h: number) => new Uint8Array(await sharp(solid(w, h)).png().toBuffer());
const jpeg = async (w: number, h: number, progressive = false) =>
  new Uint8Array(await sharp(solid(w, h)).jpeg({ progressive }).toBuffer());

/** A PNG that declares `w`×`h` in its IHDR but carries next to no data (never decoded here). */
function bomb(w: number, h: number): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, w);
  new DataView(bytes.buffer).setUint32(20, h);
  return bytes;
}

const blob = (bytes: Uint8Array, type = "image/png") => new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
const never = () => Promise.reject(new Error("decoded"));

describe("sniffFormat (magic bytes)", () => {
  it("knows JPEG and PNG by their first bytes", async () => {
    expect(sniffFormat(await jpeg(10, 10))).toBe("jpeg");
    expect(sniffFormat(await png(10, 10))).toBe("png");
    expect(sniffFormat(fixture("astronaut.png"))).toBe("png");
  });

  it("refuses GIF, WebP, SVG and text whatever they are called", async () => {
    expect(sniffFormat(new Uint8Array(await sharp(solid(600, 600)).gif().toBuffer()))).toBeNull();
    expect(sniffFormat(new Uint8Array(await sharp(solid(600, 600)).webp().toBuffer()))).toBeNull();
    expect(sniffFormat(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00]))).toBeNull();
  });
});

describe("headerSize (before decoding)", () => {
  it("reads PNG IHDR and JPEG SOF dimensions", async () => {
    expect(headerSize(await png(640, 520), "png")).toEqual({ width: 640, height: 520 });
    expect(headerSize(await jpeg(777, 501), "jpeg")).toEqual({ width: 777, height: 501 });
    expect(headerSize(await jpeg(612, 700, true), "jpeg")).toEqual({ width: 612, height: 700 });
    expect(headerSize(fixture("astronaut.png"), "png")).toEqual({ width: 512, height: 512 });
  });

  it("reads past EXIF segments to the frame header", async () => {
    const withExif = new Uint8Array(
      await sharp(solid(800, 600))
        .withMetadata({ exif: { IFD0: { Copyright: "x".repeat(2000) } } })
        .jpeg()
        .toBuffer(),
    );
    expect(headerSize(withExif, "jpeg")).toEqual({ width: 800, height: 600 });
  });

  it("gives null for a header it cannot read", () => {
    expect(headerSize(new Uint8Array([0xff, 0xd8, 0xff]), "jpeg")).toBeNull();
    expect(headerSize(new Uint8Array(20), "png")).toBeNull();
  });
});

describe("isComplete", () => {
  it("accepts whole files and refuses truncated ones", async () => {
    const j = await jpeg(600, 600);
    const p = await png(600, 600);
    expect(isComplete(j, "jpeg")).toBe(true);
    expect(isComplete(await jpeg(600, 600, true), "jpeg")).toBe(true);
    expect(isComplete(p, "png")).toBe(true);
    expect(isComplete(j.subarray(0, j.length - 200), "jpeg")).toBe(false);
    expect(isComplete(p.subarray(0, p.length - 20), "png")).toBe(false);
    expect(isComplete(fixture("truncated.jpg"), "jpeg")).toBe(false);
  });
});

describe("checkPhotoBytes: the server's rules in the server's order", () => {
  it("passes a good photo", async () => {
    expect(checkPhotoBytes(await jpeg(600, 800))).toEqual({ ok: true, format: "jpeg", width: 600, height: 800 });
  });

  it("error_1 for one byte over 3 MiB, before the format is even looked at", () => {
    const big = new Uint8Array(PHOTO.maxBytes + 1); // not an image at all
    expect(checkPhotoBytes(big)).toEqual({ ok: false, error: "photoError1" });
    expect(checkPhotoBytes(new Uint8Array(10), PHOTO.maxBytes + 1)).toEqual({ ok: false, error: "photoError1" });
  });

  it("error_3 for a GIF named .png", async () => {
    const gif = new Uint8Array(await sharp(solid(600, 600)).gif().toBuffer());
    expect(checkPhotoBytes(gif)).toEqual({ ok: false, error: "photoError3" });
  });

  it("error_1 for a header claiming 14000×14000, without decoding", () => {
    expect(checkPhotoBytes(bomb(14_000, 14_000))).toEqual({ ok: false, error: "photoError1" });
  });

  it("error_2 under 500 px either way; 500×500 is enough", async () => {
    expect(checkPhotoBytes(await png(499, 499))).toEqual({ ok: false, error: "photoError2" });
    expect(checkPhotoBytes(await png(800, 499))).toEqual({ ok: false, error: "photoError2" });
    expect(checkPhotoBytes(fixture("chelsea.png"))).toEqual({ ok: false, error: "photoError2" });
    expect(checkPhotoBytes(await png(500, 500)).ok).toBe(true);
  });

  it("error_4 for truncated.jpg, whose header ends inside its Huffman tables (as the server says)", () => {
    expect(headerSize(fixture("truncated.jpg"), "jpeg")).toBeNull();
    expect(checkPhotoBytes(fixture("truncated.jpg"))).toEqual({ ok: false, error: "photoError4" });
  });

  it("error_4 for a truncated file (its resolution is checked first)", async () => {
    const j = await jpeg(640, 640);
    expect(checkPhotoBytes(j.subarray(0, j.length / 2))).toEqual({ ok: false, error: "photoError4" });
    const small = await jpeg(300, 300);
    expect(checkPhotoBytes(small.subarray(0, small.length / 2))).toEqual({ ok: false, error: "photoError2" });
  });
});

describe("checkPhoto", () => {
  it("never reads or decodes a file over the limit", async () => {
    const huge = new Blob([new Uint8Array(PHOTO.maxBytes + 1)]);
    expect(await checkPhoto(huge, never)).toEqual({ ok: false, error: "photoError1" });
  });

  it("never decodes a header bomb", async () => {
    expect(await checkPhoto(blob(bomb(14_000, 14_000)), never)).toEqual({ ok: false, error: "photoError1" });
  });

  it("ignores the declared type: a JPEG called image/gif passes, a GIF called image/png does not", async () => {
    const ok = () => Promise.resolve(true);
    expect((await checkPhoto(blob(await jpeg(600, 600), "image/gif"), ok)).ok).toBe(true);
    const gif = new Uint8Array(await sharp(solid(600, 600)).gif().toBuffer());
    expect(await checkPhoto(blob(gif, "image/png"), ok)).toEqual({ ok: false, error: "photoError3" });
  });

  it("error_4 when the browser cannot decode it", async () => {
    expect(await checkPhoto(blob(await png(600, 600)), () => Promise.resolve(false))).toEqual({
      ok: false,
      error: "photoError4",
    });
  });
});
