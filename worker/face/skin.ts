/** The skin tone of a photographed face, on the avatar's 0..1 skin scale. */

import sharp from "sharp";
import { skinColor } from "../../shared/avatar/index.ts";

type Pt = [number, number];

/**
 * Average the photo's colour over small patches on both cheeks and the nose bridge (between
 * landmarks, away from eyes, brows and lips), then pick the tone whose palette colour is nearest.
 */
export async function skinToneOf(
  image: Buffer,
  landmarks: Pt[],
): Promise<{ tone: number; rgb: [number, number, number] }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const mid = (a: number, b: number, t = 0.5): Pt => {
    const p = landmarks[a] as Pt;
    const q = landmarks[b] as Pt;
    return [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
  };
  const eyeSpan = Math.hypot(
    (landmarks[36] as Pt)[0] - (landmarks[45] as Pt)[0],
    (landmarks[36] as Pt)[1] - (landmarks[45] as Pt)[1],
  );
  const r = Math.max(2, Math.round(eyeSpan * 0.06));
  const centres: Pt[] = [mid(2, 31, 0.45), mid(14, 35, 0.45), mid(28, 29)];
  let [sr, sg, sb] = [0, 0, 0];
  let count = 0;
  for (const [cx, cy] of centres) {
    for (let y = Math.round(cy) - r; y <= Math.round(cy) + r; y++) {
      for (let x = Math.round(cx) - r; x <= Math.round(cx) + r; x++) {
        if (x < 0 || y < 0 || x >= info.width || y >= info.height) continue;
        const i = (y * info.width + x) * info.channels;
        sr += data[i] as number;
        sg += data[i + 1] as number;
        sb += data[i + 2] as number;
        count++;
      }
    }
  }
  const rgb: [number, number, number] = [sr / count / 255, sg / count / 255, sb / count / 255];
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i <= 100; i++) {
    const c = skinColor(i / 100);
    const d = (c[0] - rgb[0]) ** 2 + (c[1] - rgb[1]) ** 2 + (c[2] - rgb[2]) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i / 100;
    }
  }
  return { tone: best, rgb };
}
