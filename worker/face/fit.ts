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
import { FIT_PRIOR } from "./prior.ts";

type Pt = [number, number];
type Pt3 = [number, number, number];

/**
 * How far the fit looks for the head's turn (degrees, about the vertical axis) and its nod (about
 * the ears' axis): a portrait for cloning faces the camera more or less. Without the nod, the
 * sliders copied a lowered or raised head as a shorter or longer face (decision 010, "The nod").
 */
const MAX_YAW = 40;
const MAX_PITCH = 20;

/** The head's pose in a photo, degrees: turned (+ to the image's right) and nodded (+ down). */
interface Pose {
  yaw: number;
  pitch: number;
}

/** Points nodded by `pitch` and then turned by `yaw` degrees, seen from the front (x, y). */
function project(points: Pt3[], { yaw, pitch }: Pose): Pt[] {
  if (yaw === 0 && pitch === 0) return points.map((p) => [p[0], p[1]]);
  const c = Math.cos((yaw * Math.PI) / 180);
  const s = Math.sin((yaw * Math.PI) / 180);
  const cp = Math.cos((pitch * Math.PI) / 180);
  const sp = Math.sin((pitch * Math.PI) / 180);
  return points.map(([x, y, z]) => [c * x + s * (sp * y + cp * z), cp * y - sp * z]);
}

/**
 * Expressions fitted with the sliders but not kept (decision 010, "A smile is not a face"): most
 * portraits smile, and without them the sliders bent the mouth and jaw to copy the smile, and the
 * lids to copy the smile's squint (the squints since "Seven faces": on one photo they were no
 * better, on seven they are), and the lips parted in a smile or a word (`jawOpen`, since "Parted
 * lips"). The brows and cheeks were measured no better.
 */
export const FIT_EXPRESSIONS = [
  "mouthSmileLeft",
  "mouthSmileRight",
  "eyeSquintLeft",
  "eyeSquintRight",
  "jawOpen",
] as const;

export interface FitResult {
  params: Partial<FaceParams>;
  /**
   * RMS landmark error over the inter-ocular distance: the neutral head and the fitted head, each
   * turned the way that fits it best.
   */
  errorNeutral: number;
  errorFitted: number;
  /** How far the head is turned in the photo, degrees (the fitted head's best pose). */
  yaw: number;
  /** How far the head is nodded in the photo, degrees, + down (the fitted head's best pose). */
  pitch: number;
}

/**
 * Least-squares similarity transform taking `from` onto `to` (Umeyama, 2D, no reflection),
 * estimated on the points `use` marks (all by default) and applied to all of `from`.
 */
export function align(from: Pt[], to: Pt[], use?: readonly boolean[]): Pt[] {
  const idx = from.map((_, i) => i).filter((i) => !use || use[i]);
  const n = idx.length;
  const mean = (ps: Pt[]): Pt => [
    idx.reduce((s, i) => s + (ps[i] as Pt)[0], 0) / n,
    idx.reduce((s, i) => s + (ps[i] as Pt)[1], 0) / n,
  ];
  const [fx, fy] = mean(from);
  const [tx, ty] = mean(to);
  let a = 0;
  let b = 0;
  let norm = 0;
  for (const i of idx) {
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

/** RMS distance between `a` and `b` over the points `use` marks (all by default). */
function rms(a: Pt[], b: Pt[], use?: readonly boolean[]): number {
  let sum = 0;
  let n = 0;
  a.forEach((p, i) => {
    if (use && !use[i]) return;
    sum += (p[0] - (b[i] as Pt)[0]) ** 2 + (p[1] - (b[i] as Pt)[1]) ** 2;
    n++;
  });
  return Math.sqrt(sum / n);
}

function interOcular(ps: Pt[]): number {
  const centre = (from: number): Pt => {
    const eye = ps.slice(from, from + 6);
    return [eye.reduce((s, p) => s + p[0], 0) / 6, eye.reduce((s, p) => s + p[1], 0) / 6];
  };
  const r = centre(36);
  const l = centre(42);
  return Math.hypot(r[0] - l[0], r[1] - l[1]);
}

export interface FitOptions {
  /**
   * The ridge weight, relative to the scale of the basis: larger keeps the face nearer neutral. 0.1
   * since the jaw is matched along its outline (decision 010): 0.05 fits astronaut.png a little
   * closer but drives sliders to their ends, and predicts left-out landmarks no better ("The nod").
   */
  lambda?: number;
  /**
   * The face the ridge pulls toward, where a photo does not say otherwise: slider values (0 where
   * absent). By default the mean face of the fixture photos (`FIT_PRIOR`, decision 010, "The mean
   * face"); `{}` pulls toward the neutral head.
   */
  prior?: Readonly<Partial<Record<string, number>>>;
  /** Rounds of solving the sliders and searching the pose in turn. */
  iterations?: number;
  expressions?: readonly string[];
  /** The landmarks to fit (all by default); the others are left out of the fit and its errors. */
  use?: readonly boolean[];
}

/** The sliders and expressions solved for a photo, and the pose of the neutral and fitted head. */
interface Solved {
  weights: number[];
  pose: Pose;
  neutralPose: Pose;
  /** The landmarks under `weights` and the neutral head's, 3D, in the model's metres. */
  model: (weights: number[]) => Pt3[];
  /** The photo's landmarks, y up. */
  target: Pt[];
}

function solveFit(
  mesh: AvatarMesh,
  landmarks: ModelLandmark[],
  photo: Pt[],
  { lambda = 0.1, iterations = 4, expressions = FIT_EXPRESSIONS, use, prior = FIT_PRIOR }: FitOptions,
): Solved {
  const sliders = FACE_SLIDER_IDS;
  const columns = [...sliders, ...expressions];
  const at = (l: ModelLandmark, arr: Float32Array | undefined): Pt3 =>
    arr ? [arr[l.vertex * 3] as number, arr[l.vertex * 3 + 1] as number, arr[l.vertex * 3 + 2] as number] : [0, 0, 0];
  const base3: Pt3[] = landmarks.map((l) => at(l, mesh.primitives[l.primitive]?.positions));
  const basis3: Pt3[][] = columns.map((id) => landmarks.map((l) => at(l, mesh.primitives[l.primitive]?.targets[id])));
  const lo = columns.map((_, k) => (k < sliders.length ? -1 : 0));
  const hi = columns.map(() => 1);
  const mean = columns.map((id) => prior[id] ?? 0);
  const target: Pt[] = photo.map(([x, y]) => [x, -y]);
  const used = (i: number) => !use || use[i] === true;

  // Scale the ridge to the (frontal) basis of the sliders so lambda is unitless, and to the share
  // of the landmarks fitted, so leaving some out does not pull the face toward neutral. The
  // expressions' columns do not count: fitting one more would change the pull on every slider
  // (decision 010, "Parted lips").
  const colNorm = basis3.slice(0, sliders.length).map((col) => col.reduce((s, p) => s + p[0] * p[0] + p[1] * p[1], 0));
  const share = use ? landmarks.filter((_, i) => used(i)).length / landmarks.length : 1;
  const ridge =
    share * lambda * (colNorm.reduce((s, v) => s + v, 0) / Math.max(1, colNorm.filter((v) => v > 0).length));

  const model = (w: number[]): Pt3[] =>
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
  // The head posed as in the photo, seen from the front: the roll, scale and shift are the
  // similarity alignment's; the turn and the nod are searched, each in turn, coarse then fine
  // (decision 010, "The nod").
  const error = (points: Pt[]) => rms(align(target, points, use), points, use);
  const bestPose = (points: Pt3[]): Pose => {
    const best: Pose = { yaw: 0, pitch: 0 };
    let bestError = error(project(points, best));
    const scan = (key: keyof Pose, limit: number, centre: number, span: number, step: number) => {
      const other = { ...best };
      for (let angle = Math.max(-limit, centre - span); angle <= Math.min(limit, centre + span); angle += step) {
        const e = error(project(points, { ...other, [key]: angle }));
        if (e < bestError - 1e-12) {
          bestError = e;
          best[key] = angle;
        }
      }
    };
    scan("yaw", MAX_YAW, 0, MAX_YAW, 5);
    scan("pitch", MAX_PITCH, 0, MAX_PITCH, 2);
    scan("yaw", MAX_YAW, best.yaw, 4, 1);
    scan("pitch", MAX_PITCH, best.pitch, 1.5, 0.5);
    return best;
  };

  const neutralPose = bestPose(base3);
  let w = new Array<number>(columns.length).fill(0);
  let pose = neutralPose;
  for (let it = 0; it < iterations; it++) {
    if (it > 0) pose = bestPose(model(w));
    const base = project(base3, pose);
    const basis = basis3.map((col) => project(col, pose));
    const aligned = align(target, project(model(w), pose), use);
    const n = columns.length;
    const M = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const v = new Array<number>(n).fill(0);
    for (let a = 0; a < n; a++) {
      const ca = basis[a] as Pt[];
      for (let b = a; b < n; b++) {
        const cb = basis[b] as Pt[];
        let s = 0;
        for (let i = 0; i < ca.length; i++)
          if (used(i)) s += (ca[i] as Pt)[0] * (cb[i] as Pt)[0] + (ca[i] as Pt)[1] * (cb[i] as Pt)[1];
        (M[a] as number[])[b] = s;
        (M[b] as number[])[a] = s;
      }
      // ridge · (w − mean)²: the diagonal, and the mean's pull on the right-hand side
      (M[a] as number[])[a] = ((M[a] as number[])[a] as number) + ridge;
      let s = ridge * (mean[a] as number);
      for (let i = 0; i < ca.length; i++) {
        if (!used(i)) continue;
        s +=
          (ca[i] as Pt)[0] * ((aligned[i] as Pt)[0] - (base[i] as Pt)[0]) +
          (ca[i] as Pt)[1] * ((aligned[i] as Pt)[1] - (base[i] as Pt)[1]);
      }
      v[a] = s;
    }
    w = solveBoxed(M, v, lo, hi);
  }
  return { weights: w, pose: bestPose(model(w)), neutralPose, model, target };
}

/**
 * Fit the face sliders to a photo's landmarks.
 * @param photo the 68 landmarks in image pixels (y down)
 */
export function fitFace(
  mesh: AvatarMesh,
  landmarks: ModelLandmark[],
  photo: Pt[],
  options: FitOptions = {},
): FitResult {
  const { weights, pose, neutralPose, model, target } = solveFit(mesh, landmarks, photo, options);
  const { use } = options;
  const neutral = project(model([]), neutralPose);
  const fitted = project(model(weights), pose);
  const scaleRef = interOcular(neutral);
  const params: Partial<FaceParams> = {};
  FACE_SLIDER_IDS.forEach((id, k) => {
    const value = Math.round((weights[k] as number) * 1000) / 1000;
    if (value !== 0) params[id] = value;
  });
  return {
    params,
    errorNeutral: rms(align(target, neutral, use), neutral, use) / scaleRef,
    errorFitted: rms(align(target, fitted, use), fitted, use) / scaleRef,
    ...pose,
  };
}

/**
 * The iBUG landmarks in groups a face is read by: each side of the jaw, the chin, each brow, the
 * nose, each eye, the lips' outline and their inner edge.
 */
export const LANDMARK_GROUPS: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7],
  [9, 10, 11, 12, 13, 14, 15, 16],
  [8],
  [17, 18, 19, 20, 21],
  [22, 23, 24, 25, 26],
  [27, 28, 29, 30, 31, 32, 33, 34, 35],
  [36, 37, 38, 39, 40, 41],
  [42, 43, 44, 45, 46, 47],
  [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59],
  [60, 61, 62, 63, 64, 65, 66, 67],
];

/**
 * How well the fit predicts landmarks it was not given: each group left out in turn, the face
 * fitted to the rest (pose, alignment and sliders), and the left-out landmarks' RMS error over the
 * head's inter-ocular distance seen from the front, for the fitted head and for the neutral head
 * posed on the same landmarks.
 * Unlike `errorFitted`, it cannot be lowered by sliders that bend toward the detector's noise
 * (decision 010, "The nod").
 */
export function heldOutError(
  mesh: AvatarMesh,
  landmarks: ModelLandmark[],
  photo: Pt[],
  options: Omit<FitOptions, "use"> = {},
): { neutral: number; fitted: number } {
  // summed squared distances of the left-out landmarks, and how many
  let neutral = 0;
  let fitted = 0;
  let count = 0;
  let frontal: Pt[] = [];
  for (const group of LANDMARK_GROUPS) {
    const use = landmarks.map((_, i) => !group.includes(i));
    const left = use.map((u) => !u);
    const { weights, pose, neutralPose, model, target } = solveFit(mesh, landmarks, photo, { ...options, use });
    const head = project(model([]), neutralPose);
    const face = project(model(weights), pose);
    neutral += rms(align(target, head, use), head, left) ** 2 * group.length;
    fitted += rms(align(target, face, use), face, left) ** 2 * group.length;
    count += group.length;
    if (frontal.length === 0) frontal = project(model([]), { yaw: 0, pitch: 0 });
  }
  const scaleRef = interOcular(frontal);
  return { neutral: Math.sqrt(neutral / count) / scaleRef, fitted: Math.sqrt(fitted / count) / scaleRef };
}
