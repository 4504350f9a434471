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
  /** the middle 4:3 band of a 512x512 face crop (tests/fixtures/faces) */
  middle: { left: 0, top: 64, width: 512, height: 384 },
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

/**
 * Where the head is in the photo (pixels of the 512x512 astronaut.png, from its face mesh in
 * tests/fixtures/face-mesh.json: the cheeks 91 px apart at row 113, forehead at row 71, chin at
 * 174, nose tip at 130), and the half-axes of the dome the face is laid on to be turned: `a` across,
 * `b` down, `depth` towards the camera.
 */
export const HEAD = { cx: 224, cy: 122, a: 72, b: 82, depth: 70 };

/**
 * The photo with the head turned (`yaw`: positive to the subject's left, the nose to the
 * picture's right) or nodded (`pitch`: positive down, the nose lower) by `degrees`. The face is
 * laid on a half-ellipsoid (HEAD) and the dome rotated about the head's centre: the middle of the
 * face (the nose) stands out most and moves most, the outline (the cheeks, the chin's sides) moves
 * least, as in a real turn; the picture is the rotated dome seen straight on. Outside the dome the
 * photo is unchanged. PNG.
 */
export async function turnedPhoto(axis: "yaw" | "pitch", degrees: number, photo = FACE_PHOTO): Promise<Buffer> {
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const out = Buffer.from(data);
  const phi = (degrees * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const { cx, cy, a, b, depth } = HEAD;
  const z = (x: number, y: number) => {
    const q = 1 - ((x - cx) / a) ** 2 - ((y - cy) / b) ** 2;
    return q > 0 ? depth * Math.sqrt(q) : 0;
  };
  const sample = (x: number, y: number, c: number) => {
    const x0 = Math.max(0, Math.min(width - 2, Math.floor(x)));
    const y0 = Math.max(0, Math.min(height - 2, Math.floor(y)));
    const fx = Math.max(0, Math.min(1, x - x0));
    const fy = Math.max(0, Math.min(1, y - y0));
    const p = (xx: number, yy: number) => data[(yy * width + xx) * 3 + c] as number;
    return (
      p(x0, y0) * (1 - fx) * (1 - fy) +
      p(x0 + 1, y0) * fx * (1 - fy) +
      p(x0, y0 + 1) * (1 - fx) * fy +
      p(x0 + 1, y0 + 1) * fx * fy
    );
  };
  for (let y = Math.floor(cy - b); y <= Math.ceil(cy + b); y++) {
    for (let x = Math.floor(cx - a); x <= Math.ceil(cx + a); x++) {
      if (z(x, y) <= 0) continue;
      // the dome's point drawn here: solve out = centre + (s - centre) cos + z(s) sin for s
      let sx = x;
      let sy = y;
      for (let k = 0; k < 8; k++) {
        if (axis === "yaw") sx = cx + (x - cx - z(sx, y) * sin) / cos;
        else sy = cy + (y - cy - z(x, sy) * sin) / cos;
      }
      if (z(sx, sy) <= 0) continue;
      for (let c = 0; c < 3; c++) out[(y * width + x) * 3 + c] = Math.round(sample(sx, sy, c));
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A still camera: `photo` (cropped by `crop`), every frame the same. */
export async function writeStillCamera(
  file: string,
  photo: string,
  crop: keyof typeof CROPS,
  options: { fps?: number } = {},
): Promise<FakeCamera> {
  const { fps = 10 } = options;
  writeY4m(file, fps, 640, 480, [await i420(photo, 640, 480, crop)], 20);
  return { file, fps, hold: 20 };
}

/**
 * A y4m alternating the level head (`hold` frames) and the head turned or nodded by `degrees`
 * (`hold` frames), looping: for the face-capture tests of a turned and a nodding head.
 */
export async function writeTurningCamera(
  file: string,
  axis: "yaw" | "pitch",
  degrees: number,
  options: { fps?: number; hold?: number } = {},
): Promise<FakeCamera> {
  const { fps = 10, hold = 20 } = options;
  const level = await i420(FACE_PHOTO, 640, 480, "face");
  const turned = await i420(await turnedPhoto(axis, degrees), 640, 480, "face");
  writeY4m(file, fps, 640, 480, [level, turned], hold);
  return { file, fps, hold };
}

function writeY4m(file: string, fps: number, width: number, height: number, frames: Buffer[], hold: number) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const out = fs.openSync(file, "w");
  try {
    fs.writeSync(out, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    for (const frame of frames) {
      for (let i = 0; i < hold; i++) {
        fs.writeSync(out, "FRAME\n");
        fs.writeSync(out, frame);
      }
    }
  } finally {
    fs.closeSync(out);
  }
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
  writeY4m(file, fps, width, height, [closed, open], hold);
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
