/**
 * Fit the head model's face sliders to a photo's 68 landmarks: a regularised least-squares fit
 * of the slider morphs (and of a smile, which is not kept) to the landmark positions, seen from the
 * front with the head turned the way the photo's is, alternating with a search for that turn and a
 * similarity alignment (scale, roll, shift) of the photo's landmarks onto the model.
 * Errors are RMS landmark distances over the inter-ocular distance, for the fitted face and for
 * the neutral head on the same photo, each at its best turn.
 */

import type { AvatarMesh } from "../../shared/avatar/index.ts";
import { FACE_SLIDER_IDS, type FaceParams } from "../../shared/avatar/index.ts";
import type { ModelLandmark } from "./landmarks.ts";

type Pt = [number, number];
type Pt3 = [number, number, number];

/**
 * How far the fit looks for the head's turn (degrees, about the vertical axis): a portrait for
 * cloning faces the camera more or less. The turn about the ears' axis (pitch) is not searched:
 * tried, it came out 7 to 13 degrees on every photo, a level studio portrait too, so it stood for
 * the face's vertical proportions rather than a pose (decision 010, "The head's turn").
 */
const MAX_YAW = 40;

/** Points turned by `yaw` degrees about the vertical axis and seen from the front (x, y). */
function project(points: Pt3[], yaw: number): Pt[] {
  if (yaw === 0) return points.map((p) => [p[0], p[1]]);
  const c = Math.cos((yaw * Math.PI) / 180);
  const s = Math.sin((yaw * Math.PI) / 180);
  return points.map(([x, y, z]) => [c * x + s * z, y]);
}

/**
 * Expressions fitted with the sliders but not kept (decision 010, "A smile is not a face"): most
 * portraits smile, and without them the sliders bent the mouth and jaw to copy the smile, and the
 * lids to copy the smile's squint (the squints since "Seven faces": on one photo they were no
 * better, on seven they are). The jaw, brows and cheeks were measured no better.
 */
export const FIT_EXPRESSIONS = ["mouthSmileLeft", "mouthSmileRight", "eyeSquintLeft", "eyeSquintRight"] as const;

export interface FitResult {
  params: Partial<FaceParams>;
  /**
   * RMS landmark error over the inter-ocular distance: the neutral head and the fitted head, each
   * turned the way that fits it best.
   */
  errorNeutral: number;
  errorFitted: number;
  /** How far the head is turned in the photo, degrees (the fitted head's best turn). */
  yaw: number;
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

/**
 * The least-squares solution of M x = v (M symmetric positive definite) with each x[k] held within
 * [lo[k], hi[k]]: solved, then every value beyond its bound is held at that bound and the others
 * solved again with it, until all are within (an active set that only grows: at most n solves).
 * Clamping once after one solve, as the fit did, leaves the other sliders where they were solved
 * for the unclamped values.
 */
export function solveBoxed(M: number[][], v: number[], lo: number[], hi: number[]): number[] {
  const n = v.length;
  const x = new Array<number>(n).fill(0);
  const held = new Array<boolean>(n).fill(false);
  for (let pass = 0; pass < n; pass++) {
    const free = [...Array(n).keys()].filter((k) => !held[k]);
    const rhs = free.map((a) => {
      let s = v[a] as number;
      for (let b = 0; b < n; b++) if (held[b]) s -= ((M[a] as number[])[b] as number) * (x[b] as number);
      return s;
    });
    const sub = solve(
      free.map((a) => free.map((b) => (M[a] as number[])[b] as number)),
      rhs,
    );
    let beyond = false;
    free.forEach((k, i) => {
      const value = sub[i] as number;
      if (value < (lo[k] as number) || value > (hi[k] as number)) {
        x[k] = value < (lo[k] as number) ? (lo[k] as number) : (hi[k] as number);
        held[k] = true;
        beyond = true;
      } else x[k] = value;
    });
    if (!beyond) break;
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
  const at = (l: ModelLandmark, arr: Float32Array | undefined): Pt3 =>
    arr ? [arr[l.vertex * 3] as number, arr[l.vertex * 3 + 1] as number, arr[l.vertex * 3 + 2] as number] : [0, 0, 0];
  const base3: Pt3[] = landmarks.map((l) => at(l, mesh.primitives[l.primitive]?.positions));
  const basis3: Pt3[][] = columns.map((id) => landmarks.map((l) => at(l, mesh.primitives[l.primitive]?.targets[id])));
  const lo = columns.map((_, k) => (k < sliders.length ? -1 : 0));
  const hi = columns.map(() => 1);
  const target: Pt[] = photo.map(([x, y]) => [x, -y]);

  // Scale the ridge to the (frontal) basis so lambda is unitless.
  const colNorm = basis3.map((col) => col.reduce((s, p) => s + p[0] * p[0] + p[1] * p[1], 0));
  const ridge = lambda * (colNorm.reduce((s, v) => s + v, 0) / Math.max(1, colNorm.filter((v) => v > 0).length));

  const model3 = (w: number[]): Pt3[] =>
    base3.map((p, i) => {
      let x = p[0];
      let y = p[1];
      let z = p[2];
      w.forEach((wk, k) => {
        const d = (basis3[k] as Pt3[])[i] as Pt3;
        x += wk * d[0];
        y += wk * d[1];
        z += wk * d[2];
      });
      return [x, y, z];
    });
  // The head turned to the photo's pose, seen from the front: the roll, scale and shift are the
  // similarity alignment's; the turn is searched, 5 degrees apart and then 1 (decision 010).
  const error = (points: Pt[]) => rms(align(target, points), points);
  const bestYaw = (points: Pt3[]): number => {
    let best = 0;
    let bestError = error(project(points, 0));
    const scan = (centre: number, span: number, step: number) => {
      for (let yaw = Math.max(-MAX_YAW, centre - span); yaw <= Math.min(MAX_YAW, centre + span); yaw += step) {
        const e = error(project(points, yaw));
        if (e < bestError - 1e-12) {
          bestError = e;
          best = yaw;
        }
      }
    };
    scan(0, MAX_YAW, 5);
    scan(best, 4, 1);
    return best;
  };

  const neutralYaw = bestYaw(base3);
  const baseNeutral = project(base3, neutralYaw);
  const scaleRef = interOcular(baseNeutral);
  const errorNeutral = error(baseNeutral) / scaleRef;

  let w = new Array<number>(columns.length).fill(0);
  let yaw = neutralYaw;
  for (let it = 0; it < iterations; it++) {
    if (it > 0) yaw = bestYaw(model3(w));
    const base = project(base3, yaw);
    const basis = basis3.map((col) => project(col, yaw));
    const current = project(model3(w), yaw);
    const aligned = align(target, current);
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
    w = solveBoxed(M, v, lo, hi);
  }
  yaw = bestYaw(model3(w));
  const fitted = project(model3(w), yaw);
  const errorFitted = error(fitted) / scaleRef;
  const params: Partial<FaceParams> = {};
  sliders.forEach((id, k) => {
    const value = Math.round((w[k] as number) * 1000) / 1000;
    if (value !== 0) params[id] = value;
  });
  return { params, errorNeutral, errorFitted, yaw };
}
