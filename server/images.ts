/**
 * Image checks judged by the file's bytes, never by its name or declared type (spec section 5).
 * Order matters: size first, then the format from the header, then the pixel count from the
 * header (so a small file that claims huge dimensions is refused before any decoding), then
 * the minimum resolution, and last a full decode that catches broken files.
 */

import sharp, { type Metadata } from "sharp";
import { PHOTO } from "../shared/constants.ts";
import { BizError } from "./errors.ts";

export interface ImageInfo {
  format: "jpeg" | "png";
  mime: "image/jpeg" | "image/png";
  width: number;
  height: number;
}

export interface ImageRules {
  maxBytes?: number;
  minWidth?: number;
  minHeight?: number;
  maxPixels?: number;
}

export async function inspectImage(bytes: Buffer, rules: ImageRules = {}): Promise<ImageInfo> {
  const { maxBytes = PHOTO.maxBytes, minWidth = 0, minHeight = 0, maxPixels = PHOTO.maxPixels } = rules;
  if (bytes.length > maxBytes) throw new BizError("PHOTO_TOO_LARGE");

  let meta: Metadata;
  try {
    // Reads the header only; limitInputPixels: false so the header of a huge image can be read.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new BizError(looksLikeJpegOrPng(bytes) ? "PHOTO_BROKEN" : "PHOTO_BAD_FORMAT");
  }
  if ((meta.format !== "jpeg" && meta.format !== "png") || !looksLikeJpegOrPng(bytes)) {
    throw new BizError("PHOTO_BAD_FORMAT");
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > maxPixels) throw new BizError("PHOTO_TOO_LARGE");
  if (width < minWidth || height < minHeight) throw new BizError("PHOTO_TOO_SMALL");

  try {
    await sharp(bytes, { failOn: "truncated", limitInputPixels: maxPixels }).raw().toBuffer();
  } catch {
    throw new BizError("PHOTO_BROKEN");
  }
  return { format: meta.format, mime: meta.format === "jpeg" ? "image/jpeg" : "image/png", width, height };
}

/** The magic bytes of JPEG (FF D8 FF) and PNG (89 50 4E 47 0D 0A 1A 0A). */
export function looksLikeJpegOrPng(bytes: Buffer): boolean {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return bytes.length >= 8 && png.every((b, i) => bytes[i] === b);
}

/**
 * The image as the library keeps and serves it: turned upright by its EXIF orientation, then
 * written again without any metadata (EXIF with its GPS position, XMP, IPTC, comments): sharp
 * writes none unless asked (no withMetadata/keepMetadata here). Colours are converted to sRGB.
 */
export async function withoutMetadata(bytes: Buffer, format: ImageInfo["format"]): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: PHOTO.maxPixels }).rotate();
  return format === "jpeg" ? image.jpeg({ quality: 92 }).toBuffer() : image.png().toBuffer();
}
