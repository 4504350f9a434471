/**
 * From the tracker's landmarks to the avatar (docs/decisions/036): the face mesh's 468 points
 * (MediaPipe's numbering; 478 with the irises) and MoveNet's shoulders and arms become ARKit-named morph
 * weights (0..1), the head's rotation (radians, in the preview's convention: x nods down, y turns
 * to the subject's left, z tilts towards the subject's right shoulder), the upper body's tilt
 * and sway, and where the arms point. Pure functions of one frame's points; smoothing is the caller's (OneEuro).
 *
 * Sides are the subject's (ARKit's): the user's left eye closing closes the avatar's left eye, and
 * the audience sees the avatar do what they would see the user do. In the camera's (unmirrored)
 * picture the subject's left is on the right (+x); y grows downwards.
 */

import type { FaceArms } from "../../../../shared/live-face.ts";

export type Point = readonly [number, number, number?];

/** The mesh points the rig reads (MediaPipe face mesh numbering). */
export const MESH = {
  forehead: 10,
  chin: 152,
  noseTip: 1,
  cheekRight: 234,
  cheekLeft: 454,
  lipUpper: 13,
  lipLower: 14,
  mouthCornerRight: 61,
  mouthCornerLeft: 291,
  eyeRight: { outer: 33, inner: 133, upper: 159, lower: 145 },
  eyeLeft: { outer: 263, inner: 362, upper: 386, lower: 374 },
  browInnerRight: 107,
  browInnerLeft: 336,
  browOuterRight: 70,
  browOuterLeft: 300,
  // Human lists the iris of the picture's left eye (the subject's right) second
  irisRight: 473,
  irisLeft: 468,
} as const;

/**
 * Where the measures map to 0 and to 1 (lengths in cheek-to-cheek widths, or shares of an eye's width). Set
 * from the fixture photos and a neutral face (decision 036), with room on both sides: a weight
 * saturates rather than overshooting.
 */
export const RANGES = {
  /** inner-lip gap: lips together .. a wide-open mouth */
  jawOpen: [0.03, 0.2],
  /** eyelid gap / eye width: open .. shut */
  eyeOpen: [0.3, 0.12],
  /** a mouth corner's height above the lips' centre */
  smile: [0, 0.09],
  /** mouth width, narrower than at rest: a pucker (closed) or a funnel (open) */
  narrow: [0.4, 0.3],
  /** inner brow above the eye's upper lid: at rest about 0.1 */
  browInner: [0.12, 0.17],
  browDown: [0.08, 0.05],
  /** outer brow above the upper lid: at rest 0.03 to 0.05 */
  browOuter: [0.07, 0.11],
  /** iris offset from the eye's centre / half the eye's width (x) or the lid gap (y) */
  look: [0.08, 0.55],
} as const;

export interface HeadPose {
  x: number;
  y: number;
  z: number;
}

export interface FaceRig {
  /** ARKit blendshape names to 0..1. */
  weights: Record<string, number>;
  /** The head's rotation, measured from the neutral pose when one is given. */
  head: HeadPose;
  /** The head's rotation against the typical face's rest (no neutral pose). */
  rawHead: HeadPose;
  /** Each eye's lid gap as a share of its width (the subject's sides), as measured. */
  eyeOpen: { left: number; right: number };
  /** The nose tip as measured (cheek widths): what a recentre takes as the rest. */
  nose: { x: number; y: number };
}

/**
 * The user's neutral pose (issue 47, "Recentre"): where their nose tip rests and how open their
 * eyes are when they look straight at the screen. Taken at the start of capture and whenever they
 * recentre; a level face then gives a level head, and their own open eyes read as fully open.
 */
export interface Neutral {
  /** The nose tip at rest: across from the cheeks' middle, and below the cheeks' line (cheek widths). */
  noseX: number;
  noseY: number;
  /** Lid gap / eye width at rest (the two eyes' mean, in the frame where they were widest). */
  eyeOpen: number;
}

/**
 * How far a recentre may move the nose's rest from the typical face's (cheek widths): faces differ
 * by up to about 0.2 (a man at his webcam rests 40° "back" of the typical face); beyond these the
 * user was not facing the screen.
 */
export const NEUTRAL_NOSE_RANGE = { x: 0.12, y: 0.25 } as const;
/** The resting eye openness a recentre may set: below it the eyes were (half) shut while recentring. */
export const NEUTRAL_EYE_RANGE = [0.16, 0.5] as const;

/** What a recentre samples from one frame. */
export interface NeutralSample {
  nose: { x: number; y: number };
  eyeOpen: { left: number; right: number };
}

/**
 * The neutral pose from a few frames' measures: the nose's mean rest, and the eyes of the frame
 * where they were widest (a blink in the window does not count); each kept within its range.
 */
export function neutralOf(samples: readonly NeutralSample[]): Neutral {
  const n = Math.max(1, samples.length);
  const within = (v: number, centre: number, half: number) => Math.max(centre - half, Math.min(centre + half, v));
  const eyes = samples.map((s) => (s.eyeOpen.left + s.eyeOpen.right) / 2);
  const [low, high] = NEUTRAL_EYE_RANGE;
  return {
    noseX: within(samples.reduce((sum, s) => sum + s.nose.x, 0) / n, 0, NEUTRAL_NOSE_RANGE.x),
    noseY: within(samples.reduce((sum, s) => sum + s.nose.y, 0) / n, NOSE_REST, NEUTRAL_NOSE_RANGE.y),
    eyeOpen: Math.max(low, Math.min(high, eyes.length ? Math.max(...eyes) : RANGES.eyeOpen[0])),
  };
}

/**
 * The eye's openness range for a neutral pose: the user's resting openness reads as open (a little
 * below it, so the mesh's jitter does not flicker the lids), under half of it as shut.
 */
export function eyeRange(neutral: Neutral | null): readonly [number, number] {
  if (!neutral) return RANGES.eyeOpen;
  return [neutral.eyeOpen * 0.8, neutral.eyeOpen * 0.45];
}

export interface BodyRig {
  /** Rotation of the upper body (radians; z tilts towards the subject's right shoulder). */
  tilt: number;
  /** Sideways shift of the body's centre, -1..1 across the picture (+ to the subject's left). */
  sway: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** 0 at `from`, 1 at `to` (either order), clamped. */
export const ramp = (v: number, [from, to]: readonly [number, number]) => clamp01((v - from) / (to - from));
const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const at = (mesh: readonly Point[], i: number): Point => mesh[i] ?? [0, 0, 0];

/**
 * The face's own frame: the roll undone, the origin between the cheeks, lengths in cheek-to-cheek
 * widths (a unit the mouth and brows do not move). x runs to the subject's left, y downwards.
 */
export function faceFrame(mesh: readonly Point[]) {
  const r = at(mesh, MESH.cheekRight);
  const l = at(mesh, MESH.cheekLeft);
  // tilting towards the right shoulder lowers the right cheek (the left of the picture)
  const roll = -Math.atan2(l[1] - r[1], l[0] - r[0]);
  const width = Math.max(1e-6, dist(l, r));
  const ox = (r[0] + l[0]) / 2;
  const oy = (r[1] + l[1]) / 2;
  const cos = Math.cos(roll);
  const sin = Math.sin(roll);
  const p = (i: number): [number, number] => {
    const q = at(mesh, i);
    const x = q[0] - ox;
    const y = q[1] - oy;
    return [(x * cos - y * sin) / width, (x * sin + y * cos) / width];
  };
  return { roll, p, has: (i: number) => mesh[i] !== undefined };
}

/** The raw measures the weights come from, in the face's frame (faceFrame). */
export function measures(mesh: readonly Point[]) {
  const f = faceFrame(mesh);
  const d = (a: number, b: number) => {
    const [ax, ay] = f.p(a);
    const [bx, by] = f.p(b);
    return Math.hypot(ax - bx, ay - by);
  };
  const y = (i: number) => f.p(i)[1];
  const eye = (e: { outer: number; inner: number; upper: number; lower: number }, iris: number) => {
    const [ox, oy] = f.p(e.outer);
    const [ix, iy] = f.p(e.inner);
    const width = Math.max(1e-6, Math.hypot(ox - ix, oy - iy));
    const gap = d(e.upper, e.lower);
    const cx = (ox + ix) / 2;
    const cy = (y(e.upper) + y(e.lower)) / 2;
    const look = f.has(iris)
      ? { x: (f.p(iris)[0] - cx) / (width / 2), y: (f.p(iris)[1] - cy) / Math.max(gap, width * 0.2) }
      : null;
    return { open: gap / width, look };
  };
  const [nx, ny] = f.p(MESH.noseTip);
  const lipsY = (y(MESH.lipUpper) + y(MESH.lipLower)) / 2;
  return {
    roll: f.roll,
    nose: { x: nx, y: ny },
    lipGap: d(MESH.lipUpper, MESH.lipLower),
    smileRight: lipsY - y(MESH.mouthCornerRight),
    smileLeft: lipsY - y(MESH.mouthCornerLeft),
    mouthWidth: d(MESH.mouthCornerLeft, MESH.mouthCornerRight),
    eyeRight: eye(MESH.eyeRight, MESH.irisRight),
    eyeLeft: eye(MESH.eyeLeft, MESH.irisLeft),
    browInnerRight: y(MESH.eyeRight.upper) - y(MESH.browInnerRight),
    browInnerLeft: y(MESH.eyeLeft.upper) - y(MESH.browInnerLeft),
    browOuterRight: y(MESH.eyeRight.upper) - y(MESH.browOuterRight),
    browOuterLeft: y(MESH.eyeLeft.upper) - y(MESH.browOuterLeft),
  };
}

/**
 * At rest the nose tip sits this far below the cheeks' line (in cheek widths): the fixture photo's
 * face. Other faces rest elsewhere (the outline's cheek points sit at different heights: a man at
 * his webcam rests 0.2 higher, which read as 40° back before issue 47); the user's own rest
 * replaces it once recentred (Neutral). Measuring from the eyes' corners instead halved that man's
 * error but lost most of a nod (the eyes move with the nose), so the cheeks' line stays.
 */
export const NOSE_REST = 0.19;
/** How far the nose tip stands in front of the face (cheek widths): the lever a nod or a turn moves it by. */
export const NOSE_DEPTH = 0.3;

const asinClamped = (v: number) => Math.asin(Math.max(-1, Math.min(1, v)));

/**
 * Head pose: roll from the cheeks' line, yaw and pitch from how far the nose tip has moved from
 * where it rests (the user's neutral pose when recentred, else the typical face's).
 */
export function headPose(m: ReturnType<typeof measures>, neutral: Neutral | null = null): HeadPose {
  const restY = neutral?.noseY ?? NOSE_REST;
  const restX = neutral?.noseX ?? 0;
  return {
    x: asinClamped((m.nose.y - restY) / NOSE_DEPTH),
    y: asinClamped((m.nose.x - restX) / NOSE_DEPTH),
    z: m.roll,
  };
}

/**
 * The face's ARKit weights and head pose for one frame of the mesh (468 or 478 points); with the
 * user's neutral pose, the head is measured from it and the eyes against their resting openness.
 */
export function rigFace(mesh: readonly Point[], neutral: Neutral | null = null): FaceRig {
  const m = measures(mesh);
  const eyes = eyeRange(neutral);
  const w: Record<string, number> = {};
  w.jawOpen = ramp(m.lipGap, RANGES.jawOpen);
  w.mouthSmileRight = ramp(m.smileRight, RANGES.smile);
  w.mouthSmileLeft = ramp(m.smileLeft, RANGES.smile);
  const narrow = ramp(m.mouthWidth, RANGES.narrow);
  w.mouthPucker = narrow * (1 - w.jawOpen);
  w.mouthFunnel = narrow * w.jawOpen;
  w.eyeBlinkRight = ramp(m.eyeRight.open, eyes);
  w.eyeBlinkLeft = ramp(m.eyeLeft.open, eyes);

  // gaze: the two irises agree on a direction
  const looks = [m.eyeRight.look, m.eyeLeft.look].filter((l): l is { x: number; y: number } => l !== null);
  if (looks.length > 0) {
    const gx = looks.reduce((s, l) => s + l.x, 0) / looks.length;
    const gy = looks.reduce((s, l) => s + l.y, 0) / looks.length;
    const toLeft = ramp(gx, RANGES.look);
    const toRight = ramp(-gx, RANGES.look);
    // looking to the subject's left: the left eye looks out, the right eye in
    w.eyeLookOutLeft = toLeft;
    w.eyeLookInRight = toLeft;
    w.eyeLookInLeft = toRight;
    w.eyeLookOutRight = toRight;
    const down = ramp(gy, RANGES.look);
    const up = ramp(-gy, RANGES.look);
    w.eyeLookDownLeft = down;
    w.eyeLookDownRight = down;
    w.eyeLookUpLeft = up;
    w.eyeLookUpRight = up;
  }

  w.browInnerUp = ramp((m.browInnerRight + m.browInnerLeft) / 2, RANGES.browInner);
  w.browDownRight = ramp(m.browInnerRight, RANGES.browDown);
  w.browDownLeft = ramp(m.browInnerLeft, RANGES.browDown);
  w.browOuterUpRight = ramp(m.browOuterRight, RANGES.browOuter);
  w.browOuterUpLeft = ramp(m.browOuterLeft, RANGES.browOuter);
  return {
    weights: w,
    head: headPose(m, neutral),
    rawHead: headPose(m),
    eyeOpen: { left: m.eyeLeft.open, right: m.eyeRight.open },
    nose: { x: m.nose.x, y: m.nose.y },
  };
}

/**
 * The upper body from the two shoulders (MoveNet keypoints, in the picture's pixels; `frameWidth`
 * to place the centre), or null when either is not seen well enough.
 */
export function rigBody(
  shoulders: { left: Point; right: Point; score: number } | null,
  frameWidth: number,
  minScore = 0.3,
): BodyRig | null {
  if (!shoulders || shoulders.score < minScore) return null;
  const { left: l, right: r } = shoulders;
  const tilt = -Math.atan2(l[1] - r[1], l[0] - r[0]);
  const sway = ((l[0] + r[0]) / 2 / Math.max(1, frameWidth)) * 2 - 1;
  return { tilt, sway };
}

/** MoveNet's keypoints of one arm (picture pixels) and how sure it is of the least sure of them. */
export interface ArmPoints {
  shoulder: Point;
  elbow: Point;
  wrist: Point;
  score: number;
}

/** Upper arm and forearm lengths as shares of the shoulders' width (anthropometric averages). */
export const ARM_SHARES = { upper: 0.8, fore: 0.7 } as const;

/**
 * Where the arms point (shared/live-face.ts FaceArms), from the shoulders, elbows and wrists MoveNet
 * sees: across and up from the picture (the camera's picture is not mirrored, so the subject's left
 * is the picture's right, as the avatar's is +x), and toward the camera by how much shorter than
 * its length the segment looks (a forearm held toward the camera looks short). An arm not seen well
 * enough is left out.
 */
export function rigArms(
  arms: { left: ArmPoints | null; right: ArmPoints | null },
  shoulderWidth: number,
  minScore = 0.3,
): FaceArms | null {
  if (!(shoulderWidth > 0)) return null;
  const toward = (from: Point, to: Point, length: number): [number, number, number] => {
    const x = to[0] - from[0];
    const y = from[1] - to[1];
    const seen = Math.hypot(x, y);
    const z = Math.sqrt(Math.max(0, length * length - seen * seen));
    const l = Math.hypot(x, y, z) || 1;
    return [x / l, y / l, z / l];
  };
  const out: FaceArms = {};
  for (const side of ["left", "right"] as const) {
    const a = arms[side];
    if (!a || a.score < minScore) continue;
    out[side] = {
      upper: toward(a.shoulder, a.elbow, ARM_SHARES.upper * shoulderWidth),
      fore: toward(a.elbow, a.wrist, ARM_SHARES.fore * shoulderWidth),
    };
  }
  return out.left || out.right ? out : null;
}
