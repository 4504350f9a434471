/**
 * Fit the head model's face sliders to a photo's 68 landmarks: a regularised least-squares fit
 * of the slider morphs (and of a smile, which is not kept) to the landmark positions in the
 * frontal plane, alternating with a similarity alignment (scale, rotation, shift) of the photo's
 * landmarks onto the model.
 * Errors are RMS landmark distances over the inter-ocular distance, for the fitted face and for
 * the neutral head on the same photo.
 */

import type { AvatarMesh } from "../../shared/avatar/index.ts";
import { FACE_SLIDER_IDS, type FaceParams } from "../../shared/avatar/index.ts";
import type { ModelLandmark } from "./landmarks.ts";

type Pt = [number, number];

/**
 * Expressions fitted with the sliders but not kept (decision 010, "A smile is not a face"): most
 * portraits smile, and without them the sliders bent the mouth and jaw to copy the smile. Adding
 * the jaw, squints, brows and cheeks as well was measured no better.
 */
export const FIT_EXPRESSIONS = ["mouthSmileLeft", "mouthSmileRight"] as const;

export interface FitResult {
  params: Partial<FaceParams>;
  /** RMS landmark error over the inter-ocular distance, neutral head and fitted head. */
  errorNeutral: number;
  errorFitted: number;
}

/** Least-squares similarity transform taking `from` onto `to` (Umeyama, 2D, no reflection). */
export function align(from: Pt[], to: Pt[]): Pt[] {
  const n = from.length;
  const mean = (ps: Pt[]): Pt => [ps.reduce((s, p) => s + p[0], 0) / n, ps.reduce((s, p) => s + p[1], 0) / n];
  const [fx, fy] = mean(from);
  const [tx, ty] = mean(to);
  let a = 0;
  let b = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const px = (from[i] as Pt)[0] - fx;
    const py = (from[i] as Pt)[1] - fy;
    const qx = (to[i] as Pt)[0] - tx;
    const qy = (to[i] as Pt)[1] - ty;
    a += px * qx + py * qy;
    b += px * qy - py * qx;
    norm += px * px + py * py;
  }
  const scale = Math.hypot(a, b) / norm;
  const angle = Math.atan2(b, a);
  const c = Math.cos(angle) * scale;
  const s = Math.sin(angle) * scale;
  return from.map(([x, y]) => [c * (x - fx) - s * (y - fy) + tx, s * (x - fx) + c * (y - fy) + ty]);
}

/** Solve the symmetric positive-definite system M x = v (Cholesky). */
function solve(M: number[][], v: number[]): number[] {
  const n = v.length;
  const L = M.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = (M[i] as number[])[j] as number;
      for (let k = 0; k < j; k++) sum -= ((L[i] as number[])[k] as number) * ((L[j] as number[])[k] as number);
      (L[i] as number[])[j] = i === j ? Math.sqrt(Math.max(sum, 1e-18)) : sum / ((L[j] as number[])[j] as number);
    }
  }
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let sum = v[i] as number;
    for (let k = 0; k < i; k++) sum -= ((L[i] as number[])[k] as number) * (y[k] as number);
    y[i] = sum / ((L[i] as number[])[i] as number);
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i] as number;
    for (let k = i + 1; k < n; k++) sum -= ((L[k] as number[])[i] as number) * (x[k] as number);
    x[i] = sum / ((L[i] as number[])[i] as number);
  }
  return x;
}

const rms = (a: Pt[], b: Pt[]) =>
  Math.sqrt(a.reduce((s, p, i) => s + (p[0] - (b[i] as Pt)[0]) ** 2 + (p[1] - (b[i] as Pt)[1]) ** 2, 0) / a.length);

function interOcular(ps: Pt[]): number {
  const centre = (from: number): Pt => {
    const eye = ps.slice(from, from + 6);
    return [eye.reduce((s, p) => s + p[0], 0) / 6, eye.reduce((s, p) => s + p[1], 0) / 6];
  };
  const r = centre(36);
  const l = centre(42);
  return Math.hypot(r[0] - l[0], r[1] - l[1]);
}

/**
 * @param photo the 68 landmarks in image pixels (y down)
 * @param lambda the ridge weight, relative to the scale of the basis: larger keeps the face nearer
 *   neutral. 0.1 since the jaw is matched along its outline (decision 010): 0.05 fits astronaut.png
 *   a little closer but drives sliders to their ends.
 */
export function fitFace(
  mesh: AvatarMesh,
  landmarks: ModelLandmark[],
  photo: Pt[],
  lambda = 0.1,
  iterations = 4,
  expressions: readonly string[] = FIT_EXPRESSIONS,
): FitResult {
  const sliders = FACE_SLIDER_IDS;
  const columns = [...sliders, ...expressions];
  const at = (l: ModelLandmark, arr: Float32Array | undefined): Pt =>
    arr ? [arr[l.vertex * 3] as number, arr[l.vertex * 3 + 1] as number] : [0, 0];
  const base: Pt[] = landmarks.map((l) => at(l, mesh.primitives[l.primitive]?.positions));
  const basis: Pt[][] = columns.map((id) => landmarks.map((l) => at(l, mesh.primitives[l.primitive]?.targets[id])));
  const lo = columns.map((_, k) => (k < sliders.length ? -1 : 0));
  const target: Pt[] = photo.map(([x, y]) => [x, -y]);

  // Scale the ridge to the basis so lambda is unitless.
  const colNorm = basis.map((col) => col.reduce((s, p) => s + p[0] * p[0] + p[1] * p[1], 0));
  const ridge = lambda * (colNorm.reduce((s, v) => s + v, 0) / Math.max(1, colNorm.filter((v) => v > 0).length));

  const model = (w: number[]): Pt[] =>
    base.map((p, i) => {
      let x = p[0];
      let y = p[1];
      w.forEach((wk, k) => {
        const d = (basis[k] as Pt[])[i] as Pt;
        x += wk * d[0];
        y += wk * d[1];
      });
      return [x, y];
    });

  const neutralAligned = align(target, base);
  const scaleRef = interOcular(base);
  const errorNeutral = rms(neutralAligned, base) / scaleRef;

  let w = new Array<number>(columns.length).fill(0);
  for (let it = 0; it < iterations; it++) {
    const aligned = align(target, model(w));
    const n = columns.length;
    const M = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const v = new Array<number>(n).fill(0);
    for (let a = 0; a < n; a++) {
      const ca = basis[a] as Pt[];
      for (let b = a; b < n; b++) {
        const cb = basis[b] as Pt[];
        let s = 0;
        for (let i = 0; i < ca.length; i++)
          s += (ca[i] as Pt)[0] * (cb[i] as Pt)[0] + (ca[i] as Pt)[1] * (cb[i] as Pt)[1];
        (M[a] as number[])[b] = s;
        (M[b] as number[])[a] = s;
      }
      (M[a] as number[])[a] = ((M[a] as number[])[a] as number) + ridge;
      let s = 0;
      for (let i = 0; i < ca.length; i++) {
        s +=
          (ca[i] as Pt)[0] * ((aligned[i] as Pt)[0] - (base[i] as Pt)[0]) +
          (ca[i] as Pt)[1] * ((aligned[i] as Pt)[1] - (base[i] as Pt)[1]);
      }
      v[a] = s;
    }
    w = solve(M, v).map((x, k) => Math.max(lo[k] as number, Math.min(1, x)));
  }
  const fitted = model(w);
  const errorFitted = rms(align(target, fitted), fitted) / scaleRef;
  const params: Partial<FaceParams> = {};
  sliders.forEach((id, k) => {
    const value = Math.round((w[k] as number) * 1000) / 1000;
    if (value !== 0) params[id] = value;
  });
  return { params, errorNeutral, errorFitted };
}
