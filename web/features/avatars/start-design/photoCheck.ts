/**
 * The photo checks of spec section 5, in the browser, by the file's bytes (never its name or
 * declared type), in the server's order (server/images.ts): size, format, pixel count from the
 * header (before anything is decoded), minimum resolution, then a complete decode.
 *   error_1 over 3 MiB or over 40 megapixels · error_2 under 500×500 · error_3 not JPEG/PNG ·
 *   error_4 does not decode completely.
 */
import { PHOTO } from "../../../../shared/constants.ts";

export type PhotoErrorKey = "photoError1" | "photoError2" | "photoError3" | "photoError4" | "photoError5";
export type PhotoFormat = "jpeg" | "png";

export type PhotoCheck =
  | { ok: true; format: PhotoFormat; width: number; height: number }
  | { ok: false; error: PhotoErrorKey };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG starts FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A; anything else is refused. */
export function sniffFormat(bytes: Uint8Array): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && PNG_MAGIC.every((b, i) => bytes[i] === b)) return "png";
  return null;
}

const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32 = (b: Uint8Array, i: number) =>
  (((b[i] ?? 0) << 24) >>> 0) + (((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0));
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

/** SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Markers without a length: TEM, RST0..7, SOI, EOI. */
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd9);

/**
 * Width and height as the header declares them, without decoding; null if the header is
 * unreadable. For a JPEG that is every segment up to the first scan (SOS), as a decoder reads
 * it: a file that ends inside its tables is broken even if its frame header came through.
 */
export function headerSize(bytes: Uint8Array, format: PhotoFormat): { width: number; height: number } | null {
  if (format === "png") {
    if (bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return null;
    return { width: u32(bytes, 16), height: u32(bytes, 20) };
  }
  let size: { width: number; height: number } | null = null;
  let i = 2;
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (standalone(marker)) {
      i += 2;
      continue;
    }
    const next = i + 2 + u16(bytes, i + 2);
    if (next > bytes.length) return null; // the header ends mid-segment
    if (isSof(marker)) size = { height: u16(bytes, i + 5), width: u16(bytes, i + 7) };
    if (marker === 0xda) return size; // the first scan: the header is complete
    i = next;
  }
  return null;
}

/**
 * Whether the file runs to its end marker: a JPEG's segments and entropy-coded scans reach EOI
 * (FF D9), a PNG's chunks reach IEND. A truncated file does not, even if a browser would show
 * the part it has.
 */
export function isComplete(bytes: Uint8Array, format: PhotoFormat): boolean {
  if (format === "png") {
    let i = 8;
    while (i + 8 <= bytes.length) {
      const length = u32(bytes, i);
      const type = ascii(bytes, i + 4, 4);
      const end = i + 12 + length;
      if (end > bytes.length) return false;
      if (type === "IEND") return true;
      i = end;
    }
    return false;
  }
  let i = 2;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) return false;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xd9) return true;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (standalone(marker)) {
      i += 2;
      continue;
    }
    if (i + 4 > bytes.length) return false;
    const next = i + 2 + u16(bytes, i + 2);
    if (next > bytes.length) return false;
    i = next;
    if (marker === 0xda) {
      // Entropy-coded data: FF is followed by 00 (stuffing) or RSTn inside it; any other marker ends it.
      while (i + 1 < bytes.length) {
        if (bytes[i] === 0xff) {
          const m = bytes[i + 1] ?? 0;
          if (m !== 0x00 && !(m >= 0xd0 && m <= 0xd7)) break;
        }
        i++;
      }
    }
  }
  return false;
}

/** Decodes the whole picture; false if the browser cannot. */
export async function browserDecode(blob: Blob): Promise<boolean> {
  try {
    if (typeof createImageBitmap === "function") {
      const bitmap = await createImageBitmap(blob);
      bitmap.close();
      return true;
    }
    const url = URL.createObjectURL(blob);
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      return img.naturalWidth > 0;
    } finally {
      URL.revokeObjectURL(url);
    }
  } catch {
    return false;
  }
}

/** The checks on bytes alone, up to (not including) the decode. */
export function checkPhotoBytes(bytes: Uint8Array, size = bytes.length): PhotoCheck {
  if (size > PHOTO.maxBytes) return { ok: false, error: "photoError1" };
  const format = sniffFormat(bytes);
  if (!format) return { ok: false, error: "photoError3" };
  const dims = headerSize(bytes, format);
  if (!dims || dims.width === 0 || dims.height === 0) return { ok: false, error: "photoError4" };
  if (dims.width * dims.height > PHOTO.maxPixels) return { ok: false, error: "photoError1" };
  if (dims.width < PHOTO.minWidth || dims.height < PHOTO.minHeight) return { ok: false, error: "photoError2" };
  if (!isComplete(bytes, format)) return { ok: false, error: "photoError4" };
  return { ok: true, format, ...dims };
}

/** Every check, the decode last; `decode` is replaceable for tests. */
export async function checkPhoto(
  file: Blob,
  decode: (blob: Blob) => Promise<boolean> = browserDecode,
): Promise<PhotoCheck> {
  // Too large: refused without reading it at all.
  if (file.size > PHOTO.maxBytes) return { ok: false, error: "photoError1" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const result = checkPhotoBytes(bytes, file.size);
  if (!result.ok) return result;
  if (!(await decode(file))) return { ok: false, error: "photoError4" };
  return result;
}
