/**
 * Finding the face (decision 010). A photo cropped close to the face, as a selfie or a photo cut to
 * the face often is, was reported as having no face: the tiny detector misses a face that fills the
 * frame. The second look, inside a margin, finds it where the whole photo puts it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { type DetectedFace, detectFace } from "./detect.ts";

const fixtures = join(import.meta.dirname, "../../tests/fixtures");
const astronaut = readFileSync(join(fixtures, "images/astronaut.png"));
let whole: DetectedFace;

beforeAll(async () => {
  const face = await detectFace(astronaut);
  if (!face) throw new Error("no face in the fixture");
  whole = face;
}, 60_000);

/** The photo cut to a square `grow` times the landmarks' extent, about their middle, at 512 px. */
async function closeUp(grow: number) {
  const xs = whole.landmarks.map((p) => p.x);
  const ys = whole.landmarks.map((p) => p.y);
  const side = Math.round(Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * grow);
  const left = Math.round((Math.min(...xs) + Math.max(...xs)) / 2 - side / 2);
  const top = Math.round((Math.min(...ys) + Math.max(...ys)) / 2 - side / 2);
  const image = await sharp(astronaut).extract({ left, top, width: side, height: side }).resize(512).jpeg().toBuffer();
  return { image, left, top, side };
}

describe("detectFace", () => {
  it.each([1, 1.1, 1.2])(
    "finds a face that fills the frame (cut to %s× its landmarks) where the whole photo puts it",
    async (grow) => {
      const { image, left, top, side } = await closeUp(grow);
      const face = await detectFace(image);
      expect(face).not.toBeNull();
      if (!face) return;
      // The landmarks are in the pixels of the photo at imageWidth × imageHeight, margin taken off.
      expect(face.imageWidth).toBe(face.imageHeight);
      expect(face.imageWidth).toBeLessThan(512);
      const k = side / face.imageWidth;
      const [a, b] = [whole.landmarks[36], whole.landmarks[45]] as const;
      const span = Math.hypot((b?.x ?? 0) - (a?.x ?? 0), (b?.y ?? 0) - (a?.y ?? 0));
      const off =
        face.landmarks.reduce((sum, p, i) => {
          const q = whole.landmarks[i] as { x: number; y: number };
          return sum + Math.hypot(left + p.x * k - q.x, top + p.y * k - q.y);
        }, 0) / face.landmarks.length;
      // Measured: 1 to 1.3 % of the eye span.
      expect(off / span).toBeLessThan(0.04);
      // The box is in the same pixels: it holds the landmarks.
      expect(face.box.x).toBeLessThan(Math.min(...face.landmarks.map((p) => p.x)) + 1);
      expect(face.box.x + face.box.width).toBeGreaterThan(Math.max(...face.landmarks.map((p) => p.x)) - 1);
    },
    60_000,
  );

  it("finds no face in a photo of a cat, after looking twice", async () => {
    const cat = await sharp(join(fixtures, "images/chelsea.png")).resize(600).toBuffer();
    expect(await detectFace(cat)).toBeNull();
  }, 60_000);
});
