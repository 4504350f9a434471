/**
 * A fake webcam for Chromium (`--use-file-for-fake-video-capture=<file>.y4m`): frames made from the
 * face photo in tests/fixtures, alternating a closed mouth (the photo as it is) and an open mouth
 * (the same photo with the jaw dropped: the rows below the lips move down and the gap shows a dark
 * mouth). Written as uncompressed YUV4MPEG2 (4:2:0), which Chromium's fake capture device reads and
 * loops. Used by the face-capture E2E and the tracking bench.
 */

import fs from "node:fs";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import sharp from "sharp";
import { CHROMIUM_PATH } from "../../infra/chromium.ts";
import { ROOT } from "../../scripts/lib.ts";
import { CHROMIUM_ARGS } from "../e2e/browser.ts";

export const FACE_PHOTO = path.join(ROOT, "tests", "fixtures", "images", "astronaut.png");

/**
 * The part of the 512x512 photo that becomes the camera's frame: `face` (the face fills about a
 * third) or `bust` (head and shoulders, for the half-body mode).
 */
const CROPS = {
  face: { left: 112, top: 40, width: 224, height: 168 },
  bust: { left: 0, top: 0, width: 512, height: 384 },
} as const;
/** In the photo: the lips part at this row, across these columns; the jaw drops by `drop` rows. */
const MOUTH = { row: 147, left: 186, right: 262, bottom: 196, drop: 16, centre: 224, halfWidth: 21 };

/** The photo with its mouth opened (PNG). */
export async function openMouthPhoto(photo = FACE_PHOTO): Promise<Buffer> {
  const { left, right, row, bottom, drop, centre, halfWidth } = MOUTH;
  const width = right - left;
  const jaw = await sharp(photo)
    .extract({ left, top: row, width, height: bottom - row })
    .toBuffer();
  // the gap: the lip line stretched down (the cheeks beside the mouth), then the mouth's inside
  const seam = await sharp(photo)
    .extract({ left, top: row - 2, width, height: 3 })
    .resize(width, drop, { fit: "fill" })
    .toBuffer();
  const inside = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${halfWidth * 2 + 4}" height="${drop + 6}">` +
      `<ellipse cx="${halfWidth + 2}" cy="${(drop + 6) / 2}" rx="${halfWidth}" ry="${(drop + 4) / 2}" fill="#2a0b0b"/></svg>`,
  );
  return sharp(photo)
    .composite([
      { input: jaw, left, top: row + drop },
      { input: seam, left, top: row },
      { input: inside, left: centre - halfWidth - 2, top: row - 2 },
    ])
    .png()
    .toBuffer();
}

/** One camera frame (I420 planes) from a photo: the crop above, scaled to width x height. */
async function i420(photo: Buffer | string, width: number, height: number, crop: keyof typeof CROPS): Promise<Buffer> {
  const { data } = await sharp(photo)
    .extract(CROPS[crop])
    .resize(width, height, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const cw = width / 2;
  const ch = height / 2;
  const u = Buffer.alloc(cw * ch);
  const v = Buffer.alloc(cw * ch);
  for (let i = 0; i < width * height; i++) {
    const r = data[i * 3] as number;
    const g = data[i * 3 + 1] as number;
    const b = data[i * 3 + 2] as number;
    y[i] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
  }
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = ((cy * 2 + dy) * width + cx * 2 + dx) * 3;
        r += data[p] as number;
        g += data[p + 1] as number;
        b += data[p + 2] as number;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      u[cy * cw + cx] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      v[cy * cw + cx] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  return Buffer.concat([y, u, v]);
}

export interface FakeCamera {
  file: string;
  fps: number;
  /** Frames per mouth state: closed for `hold` frames, then open for `hold`, looping. */
  hold: number;
}

/**
 * Writes the y4m: `hold` frames of the closed mouth, then `hold` of the open one (Chromium loops
 * the file). 640x480 at `fps`.
 */
export async function writeFakeCamera(
  file: string,
  options: { fps?: number; hold?: number; width?: number; height?: number; crop?: keyof typeof CROPS } = {},
): Promise<FakeCamera> {
  const { fps = 10, hold = 20, width = 640, height = 480, crop = "face" } = options;
  const closed = await i420(FACE_PHOTO, width, height, crop);
  const open = await i420(await openMouthPhoto(), width, height, crop);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const out = fs.openSync(file, "w");
  try {
    fs.writeSync(out, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    for (const frame of [closed, open]) {
      for (let i = 0; i < hold; i++) {
        fs.writeSync(out, "FRAME\n");
        fs.writeSync(out, frame);
      }
    }
  } finally {
    fs.closeSync(out);
  }
  return { file, fps, hold };
}

/** Chromium with a fake camera playing `file`, and its permission prompt answered yes. */
export function launchWithCamera(file: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
}

/**
 * How a series of drawn jawOpen values followed the fake camera's mouth: how many read open
 * (> 0.55) and closed (< 0.45), and how often it switched between the two (values in between keep
 * the last state).
 */
export function mouthStates(values: readonly number[]): { open: number; closed: number; switches: number } {
  let switches = 0;
  let state: "open" | "closed" | null = null;
  for (const v of values) {
    const next: "open" | "closed" | null = v > 0.55 ? "open" : v < 0.45 ? "closed" : state;
    if (state && next !== state) switches++;
    state = next;
  }
  return {
    open: values.filter((v) => v > 0.55).length,
    closed: values.filter((v) => v < 0.45).length,
    switches,
  };
}
