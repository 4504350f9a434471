/**
 * Expressions as morph targets under ARKit blendshape names (Left = the subject's left = +x), and
 * the Oculus visemes for speech, each a fixed mix of expressions.
 */
import { browLift, EYEBALL, type Field, type FieldContext, sym } from "./deform.ts";
import { bump, type Ellipsoid, rotateAbout, smoothstep, sub, type Vec3 } from "./math.ts";
import type { PartId, VertexInfo } from "./mesh.ts";
import type { HeadShape } from "./parts/head.ts";

const e = (center: Vec3, radii: Vec3): Ellipsoid => ({ center, radii });
const left = (c: Vec3, r: Vec3): Ellipsoid[] => [e(c, r)];
const right = (c: Vec3, r: Vec3): Ellipsoid[] => [e([-c[0], c[1], c[2]], r)];
const both = (c: Vec3, r: Vec3): Ellipsoid[] => [...left(c, r), ...right(c, r)];

const JAW_REGION = e([0, -0.075, 0.03], [0.11, 0.085, 0.1]);
const LIPS_REGION = e([0, -0.058, 0.08], [0.05, 0.03, 0.04]);
const EYE_R: Vec3 = [0.028, 0.026, 0.032];
const EYE_C: Vec3 = [0.0315, 0.0105, 0.06];
const BROW_C: Vec3 = [0.033, 0.042, 0.072];
const BROW_R: Vec3 = [0.036, 0.02, 0.032];
const CORNER_C: Vec3 = [0.024, -0.052, 0.07];
const CORNER_R: Vec3 = [0.03, 0.032, 0.04];

const MOUTH_PARTS: readonly PartId[] = ["skin", "lips"];
const JAW_PARTS: readonly PartId[] = ["skin", "lips", "teeth", "tongue", "mouth"];
const LIDS: readonly PartId[] = ["skin", "lashes"];

const HINGE: Vec3 = [0, -0.012, -0.01];
const JAW_ANGLE = 0.3;

/** How much of the jaw's motion a vertex takes: 1 on the lower lip, chin and lower teeth, 0 above. */
export function jawWeight(v: VertexInfo, c: FieldContext): number {
  const p = v.p;
  if (v.part === "teeth") return v.a[1] < c.mouthY ? 1 : 0; // each tooth goes with its row
  if (v.part === "tongue") return 1;
  if (v.part === "mouth") return smoothstep(c.mouthY + 0.004, c.mouthY - 0.01, p[1]);
  const W = c.shape.A.mouth.halfWidth;
  let [mx, my] = c.shape.mouthLocal(p);
  if (v.side > 0) my = Math.max(my, 0.0004);
  if (v.side < 0) my = Math.min(my, -0.0004);
  const ax = Math.abs(mx) / W;
  const front = smoothstep(-0.02, 0.05, p[2]);
  // sharp across the slit, soft over the cheeks, rising toward the hinge at the back
  const width = ax < 1 ? 0.0003 + 0.003 * ax ** 4 : 0.0033 + (ax - 1) * W * 0.8;
  const lower = 1 - smoothstep(-width, width, my - (1 - front) * 0.03);
  const neck = smoothstep(-0.13, -0.085, p[1]) ** 1.5;
  const back = smoothstep(-0.045, 0.01, p[2]);
  return lower * neck * back;
}

function jawDelta(v: VertexInfo, c: FieldContext): Vec3 | null {
  const w = jawWeight(v, c);
  if (w <= 0) return null;
  const d = sub(rotateAbout(v.p, HINGE, 0, JAW_ANGLE), v.p);
  return [d[0] * w, d[1] * w, d[2] * w];
}

/** Weight of the lips and the skin right around them, in mouth-local coordinates. */
function lipZone(v: VertexInfo, c: FieldContext, reach = 1): { w: number; mx: number; my: number; upper: boolean } {
  const [mx, my] = c.shape.mouthLocal(v.p);
  const W = c.shape.A.mouth.halfWidth;
  const upper = v.side > 0 || (v.side === 0 && my >= 0);
  const w = bump(Math.hypot(mx / (W * 1.35 * reach), my / ((upper ? 0.014 : 0.016) * reach)));
  return { w, mx, my, upper };
}

/** How far a lid turns at q across the eye (-1 inner corner, 1 outer): less toward the corners. */
const lidTaper = (q: number) => Math.max(0, 1 - q * q * 0.85);

/** How far the lids turn (radians about the eye's centre): the upper down, the lower up. */
interface LidTurn {
  upper: number;
  lower: number;
}

/**
 * The lids turned about the eye's centre: by `turn`, tapered toward the corners, or by the turn a
 * function gives for each q across the eye (-1 inner corner, 1 outer).
 */
function lid(v: VertexInfo, c: FieldContext, turn: LidTurn | ((q: number) => LidTurn), push = 0): Vec3 | null {
  const { s, q } = c.shape.eyeAlmond(v.a);
  if (Math.abs(q) >= 1.25) return null;
  const taper = lidTaper(q);
  const up = smoothstep(-0.9, 0.3, s) * (1 - smoothstep(1.9, 3.1, s));
  const low = smoothstep(-0.3, -1.1, s) * (1 - smoothstep(-1.9, -2.8, s));
  const { upper, lower } =
    typeof turn === "function"
      ? turn(Math.max(-1, Math.min(1, q)))
      : { upper: turn.upper * taper, lower: turn.lower * taper };
  const E = c.shape.A.eye.center;
  return sym(v, (p) => {
    // a positive turn about x moves points in front of the eye centre down
    const n = sub(p, E);
    const l = Math.hypot(n[0], n[1], n[2]) || 1;
    // A lid slides over the eyeball: skin standing further off it (the toon's flat face round the
    // eye) turns less, as the square of the distance, rather than swinging down in front of the
    // closed eye and hiding its lashes (decision 039, "A blink that closes").
    const onBall = Math.min(1, ((c.shape.A.eye.radius + c.shape.A.eye.lid) / l) ** 2);
    const a = (upper * up - lower * low) * onBall;
    const d = sub(rotateAbout(p, E, 0, a), p);
    // push the moving lid outward so the straight-line morph never dips into the eyeball
    const k = push * up * taper;
    return [d[0] + (n[0] / l) * k, d[1] + (n[1] / l) * k, d[2] + (n[2] / l) * k];
  });
}

/** The share of a closing eye's opening the lower lid rises by (the upper lid comes down the rest). */
const BLINK_LOWER = 0.5;
/**
 * Where a lid's skin comes out in front of the eyeball, in its margin's heights: `HeadShape.eyeWrap`
 * tucks the skin inside the opening behind the eyeball and brings it out a lid's thickness in front
 * by 1.2 of the margin's height.
 */
const LID_FRONT = 1.2;

/**
 * How far a blink turns the lids at q across the eye (radians about the eye's centre; the upper
 * down, the lower up) so that their margins meet all along (decision 039, "A blink that closes"):
 * the lower lid rises BLINK_LOWER of the way, the upper comes down the rest, and a little past, so
 * the lids overlap where they meet (the skin just inside each margin lies behind the eyeball). The
 * margins' angles are those of `lidMargin` (parts/eyes.ts), taken from each anatomy's own lids, so a
 * wide eye (the toon's) closes as a narrow one does; one fixed turn (0.62 and 0.1) left the toon's
 * eye half open, and one turn for the whole lid, enough for its middle, bent the closed lid into a V.
 */
export function blinkAngles(shape: HeadShape, q: number): LidTurn {
  const E = shape.A.eye;
  const dx = q < 0 ? q * E.halfIn : q * E.halfOut;
  // a point dy above the eye's centre at dx across, on the lids' surface, as an angle about the x axis
  const angle = (dy: number) => Math.atan2(dy, Math.sqrt(Math.max(E.radius * E.radius - dx * dx - dy * dy, 0)) + E.lid);
  const { upper, lower } = shape.lidHeights(q);
  const axis = angle(E.tilt * dx);
  const top = angle(upper * LID_FRONT + E.tilt * dx);
  const bottom = angle(-lower * LID_FRONT + E.tilt * dx);
  const rise = (axis - bottom) * BLINK_LOWER;
  return { upper: top - bottom - rise + 0.02, lower: rise };
}

function look(v: VertexInfo, c: FieldContext, axis: 0 | 1, angle: number): Vec3 {
  const E = c.shape.A.eye.center;
  const centre: Vec3 = [v.a[0] < 0 ? -E[0] : E[0], E[1], E[2]];
  return sub(rotateAbout(v.p, centre, axis, angle), v.p);
}

type Expr = Field;

const corner =
  (dx: number, dy: number, dz: number, parts = MOUTH_PARTS): ((side: 1 | -1) => Expr) =>
  (side) => ({
    region: side > 0 ? left(CORNER_C, CORNER_R) : right(CORNER_C, CORNER_R),
    core: 0.15,
    parts,
    delta: (v, c) => {
      const W = c.shape.A.mouth.halfWidth;
      const [mx, my] = c.shape.mouthLocal(v.p);
      const w = bump(Math.hypot((mx * side - W) / 0.026, (my - 0.003) / 0.024));
      return [dx * side * w, dy * w, dz * w];
    },
  });

const sided = (name: string, make: (side: 1 | -1) => Expr): Record<string, Expr> => ({
  [`${name}Left`]: make(1),
  [`${name}Right`]: make(-1),
});

export const EXPRESSIONS: Record<string, Expr> = {
  ...sided("eyeBlink", (s) => ({
    region: s > 0 ? left(EYE_C, EYE_R) : right(EYE_C, EYE_R),
    core: 0.75,
    parts: LIDS,
    delta: (v, c) => lid(v, c, (q) => blinkAngles(c.shape, q), 0.0016),
  })),
  ...sided("eyeWide", (s) => ({
    region: s > 0 ? left(EYE_C, EYE_R) : right(EYE_C, EYE_R),
    core: 0.75,
    parts: LIDS,
    delta: (v, c) => lid(v, c, { upper: -0.16, lower: -0.05 }),
  })),
  ...sided("eyeSquint", (s) => ({
    region: s > 0 ? left(EYE_C, EYE_R) : right(EYE_C, EYE_R),
    core: 0.75,
    parts: LIDS,
    delta: (v, c) => lid(v, c, { upper: 0.08, lower: 0.2 }),
  })),
  ...sided("eyeLookUp", (s) => ({
    region: s > 0 ? left(EYE_C, EYE_R) : right(EYE_C, EYE_R),
    core: 0.8,
    parts: EYEBALL,
    delta: (v, c) => look(v, c, 0, -0.35),
  })),
  ...sided("eyeLookDown", (s) => ({
    region: s > 0 ? left(EYE_C, EYE_R) : right(EYE_C, EYE_R),
    core: 0.8,
    parts: EYEBALL,
    delta: (v, c) => look(v, c, 0, 0.35),
  })),
  // "in" turns toward the nose, "out" toward the ear; for the left eye (+x) in is a turn toward -x
  ...sided("eyeLookIn", (s) => ({
    region: s > 0 ? left(EYE_C, EYE_R) : right(EYE_C, EYE_R),
    core: 0.8,
    parts: EYEBALL,
    delta: (v, c) => look(v, c, 1, -0.4 * s),
  })),
  ...sided("eyeLookOut", (s) => ({
    region: s > 0 ? left(EYE_C, EYE_R) : right(EYE_C, EYE_R),
    core: 0.8,
    parts: EYEBALL,
    delta: (v, c) => look(v, c, 1, 0.4 * s),
  })),
  jawOpen: { region: [JAW_REGION], core: 0.85, parts: JAW_PARTS, delta: jawDelta },
  jawForward: {
    region: [JAW_REGION],
    core: 0.85,
    parts: JAW_PARTS,
    delta: (v, c) => {
      const w = jawWeight(v, c);
      return w > 0 ? [0, 0, 0.006 * w] : null;
    },
  },
  ...sided("jaw", (s) => ({
    region: [JAW_REGION],
    core: 0.85,
    parts: JAW_PARTS,
    delta: (v, c) => {
      const w = jawWeight(v, c);
      return w > 0 ? [0.007 * s * w, 0, 0] : null;
    },
  })),
  mouthClose: {
    region: [LIPS_REGION],
    core: 0.6,
    parts: MOUTH_PARTS,
    delta: (v, c) => {
      const j = jawDelta(v, c);
      if (!j) return null;
      const { w, upper } = lipZone(v, c, 1.1);
      return upper ? null : [-j[0] * w, -j[1] * w, -j[2] * w];
    },
  },
  mouthFunnel: {
    region: [LIPS_REGION],
    core: 0.5,
    parts: MOUTH_PARTS,
    delta: (v, c) => {
      const { w, mx, upper } = lipZone(v, c);
      return [-0.3 * mx * w, (upper ? 0.0026 : -0.0034) * w, 0.006 * w];
    },
  },
  mouthPucker: {
    region: [LIPS_REGION],
    core: 0.5,
    parts: MOUTH_PARTS,
    delta: (v, c) => {
      const { w, mx, upper } = lipZone(v, c);
      return [-0.38 * mx * w, (upper ? -0.0006 : 0.0008) * w, 0.0075 * w];
    },
  },
  ...sided("mouth", (s) => ({
    region: [LIPS_REGION],
    core: 0.5,
    parts: MOUTH_PARTS,
    delta: (v, c) => {
      const { w } = lipZone(v, c, 1.2);
      return [0.006 * s * w, 0, 0];
    },
  })),
  ...sided("mouthSmile", corner(0.0038, 0.0055, -0.003)),
  ...sided("mouthFrown", corner(0.001, -0.0045, -0.0005)),
  ...sided("mouthDimple", corner(0.0025, 0.0005, -0.003)),
  ...sided("mouthStretch", corner(0.0042, -0.0022, -0.0012)),
  ...sided("mouthPress", (s) => ({
    ...corner(0, 0, 0)(s),
    delta: (v, c) => {
      const { w, upper, mx } = lipZone(v, c);
      const sideW = smoothstep(-0.004, 0.008, mx * s);
      return [0, (upper ? -0.0019 : 0.0022) * w * sideW, -0.001 * w * sideW];
    },
  })),
  ...sided("mouthLowerDown", (s) => ({
    ...corner(0, 0, 0)(s),
    delta: (v, c) => {
      const { w, upper, mx } = lipZone(v, c, 1.1);
      return upper ? null : [0, -0.0042 * w * smoothstep(-0.012, 0.01, mx * s), 0.0008 * w];
    },
  })),
  ...sided("mouthUpperUp", (s) => ({
    ...corner(0, 0, 0)(s),
    delta: (v, c) => {
      const { w, upper, mx } = lipZone(v, c, 1.1);
      return upper ? [0, 0.0036 * w * smoothstep(-0.012, 0.01, mx * s), 0.0006 * w] : null;
    },
  })),
  mouthRollLower: {
    region: [LIPS_REGION],
    core: 0.5,
    parts: MOUTH_PARTS,
    delta: (v, c) => {
      const { w, upper } = lipZone(v, c, 0.9);
      return upper ? null : [0, 0.0018 * w, -0.0045 * w];
    },
  },
  mouthRollUpper: {
    region: [LIPS_REGION],
    core: 0.5,
    parts: MOUTH_PARTS,
    delta: (v, c) => {
      const { w, upper } = lipZone(v, c, 0.9);
      return upper ? [0, -0.0015 * w, -0.004 * w] : null;
    },
  },
  mouthShrugLower: {
    region: [LIPS_REGION],
    core: 0.5,
    parts: MOUTH_PARTS,
    delta: (v, c) => {
      const { w, upper } = lipZone(v, c, 1.3);
      return upper ? null : [0, 0.0022 * w, 0.0018 * w];
    },
  },
  mouthShrugUpper: {
    region: [LIPS_REGION],
    core: 0.5,
    parts: MOUTH_PARTS,
    delta: (v, c) => {
      const { w, upper } = lipZone(v, c, 1.1);
      return upper ? [0, 0.0016 * w, 0.0012 * w] : null;
    },
  },
  browInnerUp: {
    region: [e([0, 0.045, 0.074], [0.046, 0.024, 0.03])],
    core: 0.3,
    parts: ["skin", "brows"],
    lift: browLift,
    delta: () => [0, 0.0042, 0.0004],
  },
  ...sided("browDown", (s) => ({
    region: s > 0 ? left(BROW_C, BROW_R) : right(BROW_C, BROW_R),
    core: 0.4,
    parts: ["skin", "brows"],
    lift: browLift,
    delta: (v) => sym(v, (p) => [-0.0012, -0.0034 * (1 - 0.4 * smoothstep(0.03, 0.06, p[0])), 0.001]),
  })),
  ...sided("browOuterUp", (s) => ({
    region: s > 0 ? left([0.046, 0.04, 0.065], [0.026, 0.02, 0.03]) : right([0.046, 0.04, 0.065], [0.026, 0.02, 0.03]),
    core: 0.3,
    parts: ["skin", "brows"],
    lift: browLift,
    delta: () => [0, 0.004, 0],
  })),
  cheekPuff: {
    region: both([0.045, -0.045, 0.05], [0.032, 0.03, 0.035]),
    core: 0.3,
    parts: ["skin"],
    delta: (v) => sym(v, () => [0.0055, 0, 0.0035]),
  },
  ...sided("cheekSquint", (s) => ({
    region: s > 0 ? left([0.04, -0.012, 0.06], [0.026, 0.02, 0.03]) : right([0.04, -0.012, 0.06], [0.026, 0.02, 0.03]),
    core: 0.3,
    parts: ["skin"],
    delta: () => [0, 0.0028, 0.0012],
  })),
  ...sided("noseSneer", (s) => ({
    region:
      s > 0
        ? left([0.011, -0.022, 0.085], [0.014, 0.018, 0.018])
        : right([0.011, -0.022, 0.085], [0.014, 0.018, 0.018]),
    core: 0.3,
    parts: ["skin"],
    delta: () => [0, 0.0026, 0.0004],
  })),
  tongueOut: {
    region: [e([0, -0.065, 0.065], [0.03, 0.02, 0.03])],
    core: 0.8,
    parts: ["tongue"],
    delta: (v, c) => {
      const front = smoothstep(c.teethFront - 0.035, c.teethFront - 0.005, v.p[2]);
      return [0, -0.003 * front, 0.004 + 0.014 * front];
    },
  },
};

export const EXPRESSION_NAMES = Object.keys(EXPRESSIONS);

/** Oculus visemes for speech, as mixes of the expressions above. */
export const VISEMES: Record<string, Record<string, number>> = {
  viseme_sil: {},
  viseme_PP: { jawOpen: 0.06, mouthClose: 0.06, mouthPressLeft: 0.5, mouthPressRight: 0.5, mouthRollLower: 0.15 },
  viseme_FF: { jawOpen: 0.12, mouthRollLower: 0.6, mouthUpperUpLeft: 0.25, mouthUpperUpRight: 0.25 },
  viseme_TH: { jawOpen: 0.18, tongueOut: 0.5, mouthUpperUpLeft: 0.1, mouthUpperUpRight: 0.1 },
  viseme_DD: { jawOpen: 0.2, mouthStretchLeft: 0.2, mouthStretchRight: 0.2 },
  viseme_kk: { jawOpen: 0.26, mouthStretchLeft: 0.3, mouthStretchRight: 0.3 },
  viseme_CH: { jawOpen: 0.15, mouthFunnel: 0.5, mouthUpperUpLeft: 0.2, mouthUpperUpRight: 0.2 },
  viseme_SS: {
    jawOpen: 0.08,
    mouthSmileLeft: 0.3,
    mouthSmileRight: 0.3,
    mouthStretchLeft: 0.3,
    mouthStretchRight: 0.3,
  },
  viseme_nn: { jawOpen: 0.15, mouthSmileLeft: 0.2, mouthSmileRight: 0.2 },
  viseme_RR: { jawOpen: 0.12, mouthFunnel: 0.35, mouthPucker: 0.2 },
  viseme_aa: { jawOpen: 0.6, mouthLowerDownLeft: 0.2, mouthLowerDownRight: 0.2 },
  viseme_E: { jawOpen: 0.35, mouthStretchLeft: 0.4, mouthStretchRight: 0.4, mouthSmileLeft: 0.2, mouthSmileRight: 0.2 },
  viseme_I: { jawOpen: 0.25, mouthSmileLeft: 0.45, mouthSmileRight: 0.45 },
  viseme_O: { jawOpen: 0.45, mouthFunnel: 0.7 },
  viseme_U: { jawOpen: 0.15, mouthPucker: 0.9 },
};

export const VISEME_NAMES = Object.keys(VISEMES);
export const ARKIT_REQUIRED = [
  "eyeBlinkLeft",
  "eyeBlinkRight",
  "jawOpen",
  "mouthSmileLeft",
  "mouthSmileRight",
  "mouthFunnel",
  "mouthPucker",
  "browInnerUp",
] as const;
