/** Eyebrows: thin raised shells laid on the finished skin along an arched, tapering stroke. */
import type { Anatomy } from "../anatomy.ts";
import { add, clamp, lerp, normalize, scale, smoothstep, sub, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import type { HeadShape } from "./head.ts";

/** The skin point in front of (x, y): two ray refinements are enough on the gently curved brow. */
function skinAt(shape: HeadShape, x: number, y: number): { p: Vec3; n: Vec3 } {
  let target: Vec3 = [x, y, 0.075];
  let p: Vec3 = target;
  for (let i = 0; i < 3; i++) {
    p = shape.skinPoint(normalize(sub(target, shape.C))).p;
    target = [x, y, p[2]];
  }
  const e = 0.0015;
  const px = shape.skinPoint(normalize(sub([x + e, y, p[2]], shape.C))).p;
  const py = shape.skinPoint(normalize(sub([x, y + e, p[2]], shape.C))).p;
  const tx = sub(px, p);
  const ty = sub(py, p);
  const n = normalize([tx[1] * ty[2] - tx[2] * ty[1], tx[2] * ty[0] - tx[0] * ty[2], tx[0] * ty[1] - tx[1] * ty[0]]);
  return { p, n };
}

/**
 * The +x brow's stroke at s (0 inner end, 1 tail): a quadratic Bezier through inner, peak (at
 * s = 0.5) and tail (x, and y over the eye's centre), its middle's height in the head's frame, and
 * its thickness there, with a blunt head at the inner end and a tapering tail.
 */
export function browStroke(A: Anatomy, s: number): { x: number; y: number; middle: number; thick: number } {
  const B = A.brow;
  const ctrl: [number, number] = [
    2 * B.peak[0] - (B.inner[0] + B.tail[0]) / 2,
    2 * B.peak[1] - (B.inner[1] + B.tail[1]) / 2,
  ];
  const x = (1 - s) ** 2 * B.inner[0] + 2 * s * (1 - s) * ctrl[0] + s * s * B.tail[0];
  const y = (1 - s) ** 2 * B.inner[1] + 2 * s * (1 - s) * ctrl[1] + s * s * B.tail[1];
  const head = Math.min(1, 0.35 + s * 9);
  const thick = lerp(B.thickIn, B.thickOut, s ** 0.9) * head;
  // the rows above the centre line sit a little higher towards the inner end (buildBrows)
  return { x, y, middle: A.eye.center[1] + y + 0.075 * thick * (1 - s), thick };
}

interface StrokeSample {
  x: number;
  middle: number;
  thick: number;
}
/** The +x stroke sampled along its length (x grows from the inner end), and its heights' range. */
interface Stroke {
  samples: StrokeSample[];
  low: number;
  high: number;
}
const strokes = new WeakMap<Anatomy, Stroke>();
function strokeOf(A: Anatomy): Stroke {
  let stroke = strokes.get(A);
  if (!stroke) {
    const samples = Array.from({ length: 41 }, (_, i) => browStroke(A, i / 40));
    const heights = samples.map((t) => t.middle);
    stroke = { samples, low: Math.min(...heights), high: Math.max(...heights) };
    strokes.set(A, stroke);
  }
  return stroke;
}

/** The +x stroke's middle height and thickness at x (clamped to its ends), between its samples. */
function strokeAt(A: Anatomy, x: number): { middle: number; thick: number } {
  const { samples } = strokeOf(A);
  const cx = clamp(x, (samples[0] as StrokeSample).x, (samples[samples.length - 1] as StrokeSample).x);
  let i = 0;
  while (i < samples.length - 2 && (samples[i + 1] as StrokeSample).x < cx) i++;
  const [a, b] = [samples[i] as StrokeSample, samples[i + 1] as StrokeSample];
  const f = b.x > a.x ? (cx - a.x) / (b.x - a.x) : 0;
  return { middle: lerp(a.middle, b.middle, f), thick: lerp(a.thick, b.thick, f) };
}

/** The middle of the +x brow's stroke at x (clamped to its ends): where the thickness slider widens it from. */
export function browMiddleAt(A: Anatomy, x: number): number {
  return strokeAt(A, x).middle;
}

/**
 * How much a point is on the brow (either side): 1 on the stroke's band (its thickness and 2.5 mm
 * around), fading to 0 by 5 mm below it, 10 mm above it and 8 mm past its ends. The brow fields
 * read their regions `A.browDrop` higher by this much (deform.ts `lift`), so a style whose brow is
 * drawn lower than the shared one (the realistic) moves it as the shared brow moves.
 */
export function browBand(A: Anatomy, p: Vec3): number {
  const { samples, low, high } = strokeOf(A);
  // well above or below the whole stroke: nothing (most of the head; kept cheap)
  if (p[1] < low - 0.01 || p[1] > high + 0.015) return 0;
  const first = samples[0] as StrokeSample;
  const last = samples[samples.length - 1] as StrokeSample;
  const x = Math.abs(p[0]);
  const along = smoothstep(first.x - 0.008, first.x, x) * (1 - smoothstep(last.x, last.x + 0.008, x));
  if (along <= 0) return 0;
  const { middle, thick } = strokeAt(A, x);
  const half = thick / 2 + 0.0025;
  const dy = p[1] - middle;
  const across = dy >= 0 ? 1 - smoothstep(half, half + 0.01, dy) : 1 - smoothstep(half, half + 0.005, -dy);
  return along * across;
}

export function buildBrows(shape: HeadShape): PartBuilder {
  const b = new PartBuilder("brows");
  const ey = shape.A.eye.center[1];
  const N = 20;
  const across = [-0.5, -0.2, 0.2, 0.5];
  const lift = [0.0002, 0.00055, 0.00055, 0.0002];
  for (const side of [1, -1]) {
    const rows: number[][] = across.map(() => []);
    for (let i = 0; i <= N; i++) {
      const s = i / N;
      const { x, y, thick } = browStroke(shape.A, s);
      across.forEach((a, k) => {
        const yy = ey + y + a * thick + (a > 0 ? 0.15 * thick * (1 - s) : 0);
        const { p, n } = skinAt(shape, x, yy);
        const v = add(p, scale(n, lift[k] as number));
        (rows[k] as number[]).push(b.vertex([v[0] * side, v[1], v[2]]));
      });
    }
    // rows run bottom to top, columns inner to outer: flip on the +x side to face forward
    b.grid(rows, false, side > 0);
  }
  return b;
}
