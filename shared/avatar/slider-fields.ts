/** The deformation behind each face slider (the +1 direction), keyed by slider id. */
import { at, browLift, EYEBALL, FACE_PARTS, type Field, SURFACE, sym } from "./deform.ts";
import { bump, rotateAbout, smoothstep, sub, type Vec3 } from "./math.ts";
import type { PartId } from "./mesh.ts";
import { browMiddleAt } from "./parts/brows.ts";
import { FACE_SLIDERS, type FaceSliderId } from "./sliders.ts";

const region = (id: FaceSliderId) => {
  const s = FACE_SLIDERS.find((x) => x.id === id);
  if (!s) throw new Error(`unknown slider ${id}`);
  return s.region;
};

const rot = (p: Vec3, pivot: Vec3, axis: 0 | 1 | 2, angle: number): Vec3 => sub(rotateAbout(p, pivot, axis, angle), p);
const HEADISH: readonly PartId[] = [...FACE_PARTS];
const LIDS: readonly PartId[] = ["skin", "lashes"];
const MOUTHSKIN: readonly PartId[] = ["skin", "lips"];

/** Upper-lid weight from the almond coordinate: the margin and lid skin, fading before the brow. */
function upperLid(s: number): number {
  return smoothstep(-0.2, 0.6, s) * (1 - smoothstep(2.0, 3.2, s));
}

type Def = Omit<Field, "region"> & { region?: Field["region"] };

const defs: Record<FaceSliderId, Def> = {
  "head.craniumHeight": {
    parts: HEADISH,
    delta: (v) => [0, 0.014 * smoothstep(0.0, 0.11, at(v)[1]), 0],
  },
  "head.width": {
    parts: HEADISH,
    core: 0.55,
    delta: (v) => [0.1 * at(v)[0] * smoothstep(-0.1, -0.04, at(v)[1]), 0, 0],
  },
  "head.upperWidth": {
    parts: HEADISH,
    core: 0.5,
    delta: (v) => [0.1 * at(v)[0] * smoothstep(0.0, 0.08, at(v)[1]), 0, 0],
  },
  "head.lowerWidth": {
    parts: HEADISH,
    core: 0.5,
    delta: (v) => {
      const y = at(v)[1];
      return [0.12 * at(v)[0] * (1 - smoothstep(-0.03, 0.03, y)) * smoothstep(-0.13, -0.07, y), 0, 0];
    },
  },
  "head.backFlatten": {
    parts: HEADISH,
    delta: (v) => [0, 0, 0.016 * smoothstep(-0.04, -0.11, at(v)[2])],
  },
  "head.size": {
    parts: HEADISH,
    core: 0.6,
    delta: (v) => {
      const p = at(v);
      const k = 0.08 * smoothstep(-0.15, -0.07, p[1]);
      return [p[0] * k, (p[1] + 0.12) * k, (p[2] + 0.02) * k];
    },
  },
  "face.angle": {
    parts: HEADISH,
    delta: (v) => {
      const p = at(v);
      return rot(p, [0, 0.04, 0], 0, -0.09).map((d) => d * smoothstep(0.04, -0.02, p[1])) as Vec3;
    },
  },
  "face.depth": {
    parts: HEADISH,
    delta: (v) => [0, 0, 0.01 * smoothstep(0.02, 0.07, at(v)[2])],
  },
  "face.length": {
    parts: [...HEADISH, "teeth", "tongue", "mouth"],
    core: 0.55,
    delta: (v) => [0, -0.012 * smoothstep(-0.01, -0.1, at(v)[1]), 0.002 * smoothstep(-0.06, -0.1, at(v)[1])],
  },
  "face.lower": {
    parts: HEADISH,
    delta: (v) => {
      const p = at(v);
      return [0.09 * p[0], -0.002, 0.005 * smoothstep(0.0, 0.06, p[2])];
    },
  },
  "face.upper": {
    parts: HEADISH,
    delta: (v) => [0, 0.002, 0.006 * smoothstep(0.02, 0.07, at(v)[2])],
  },
  "face.middle": {
    parts: HEADISH,
    delta: (v) => {
      const p = at(v);
      return [0.07 * p[0], 0, 0.005 * smoothstep(0.02, 0.07, p[2])];
    },
  },
  "face.cheeks": {
    parts: SURFACE,
    delta: (v) => sym(v, () => [0.005, 0.001, 0.004]),
  },
  "face.forehead": {
    parts: HEADISH,
    delta: (v) => [0, 0.002, 0.007 * smoothstep(0.035, 0.09, at(v)[1])],
  },
  "mouth.lipLine": { parts: MOUTHSKIN, core: 0.45, delta: () => [0, 0.004, 0] },
  "mouth.lowerLip": {
    parts: MOUTHSKIN,
    delta: (v, c) => {
      const [mx, my] = c.shape.mouthLocal(v.p);
      const lower = v.side < 0 || (v.side === 0 && my < 0) ? 1 : 0;
      const W = c.shape.A.mouth.halfWidth;
      const g = lower * bump(Math.hypot(mx / (W * 1.15), (my + 0.005) / 0.011));
      // the border moves, the seam barely: lips that meet keep meeting (tests/unit/avatar/teeth.test.ts)
      const border = smoothstep(-0.0005, -0.006, my);
      return [0, -0.0018 * g * border, 0.0022 * g * (0.3 + 0.7 * border)];
    },
  },
  "mouth.upperLip": {
    parts: MOUTHSKIN,
    delta: (v, c) => {
      const [mx, my] = c.shape.mouthLocal(v.p);
      const upper = v.side > 0 || (v.side === 0 && my >= 0) ? 1 : 0;
      const W = c.shape.A.mouth.halfWidth;
      const g = upper * bump(Math.hypot(mx / (W * 1.15), (my - 0.004) / 0.01));
      const border = smoothstep(0.0005, 0.006, my);
      return [0, 0.0015 * g * border, 0.0018 * g * (0.3 + 0.7 * border)];
    },
  },
  "mouth.peaks": {
    parts: MOUTHSKIN,
    delta: (v, c) => {
      const [mx, my] = c.shape.mouthLocal(v.p);
      const [yU] = c.shape.lipBorders(mx);
      const g = bump(Math.hypot((Math.abs(mx) - 0.0055) / 0.007, (my - yU) / 0.006)) * (my > -0.001 ? 1 : 0);
      return [0, 0.0016 * g, 0.0004 * g];
    },
  },
  "mouth.width": {
    parts: MOUTHSKIN,
    core: 0.3,
    delta: (v) => [0.16 * v.p[0], 0, -0.05 * Math.abs(v.p[0])],
  },
  "mouth.corners": {
    parts: MOUTHSKIN,
    core: 0.2,
    delta: (v) => sym(v, () => [0.0005, 0.003, -0.0005]),
  },
  "mouth.centerLips": { parts: MOUTHSKIN, core: 0.25, delta: () => [0, 0, 0.0026] },
  "teeth.size": {
    parts: ["teeth"],
    core: 0.8,
    delta: (v, c) => [0.14 * v.p[0], 0.14 * (v.p[1] - c.mouthY), 0.14 * (v.p[2] - c.teethFront)],
  },
  "teeth.protrusion": {
    parts: ["teeth"],
    core: 0.8,
    // the incisors tip forward about their roots: the edges move, the gums under the philtrum and
    // the lip's root barely, so the roots do not come through lips drawn back (tests/unit/avatar/teeth.test.ts)
    delta: (v, c) => {
      const fromEdge = Math.abs(v.p[1] - c.mouthY);
      const tip = 1 - 0.85 * smoothstep(0.003, 0.013, fromEdge);
      return [
        0,
        0,
        (v.p[1] > c.mouthY ? 0.0018 : 0.0012) * tip * smoothstep(c.teethFront - 0.02, c.teethFront, v.p[2]),
      ];
    },
  },
  "nose.scale": {
    parts: SURFACE,
    delta: (v) => {
      const d = sub(v.p, [0, -0.012, 0.074]);
      return [d[0] * 0.16, d[1] * 0.16, d[2] * 0.16];
    },
  },
  "nose.style": {
    parts: SURFACE,
    core: 0.3,
    delta: (v) => rot(v.p, [0, 0.0, 0.078], 0, -0.12),
  },
  "nose.bridge": { parts: SURFACE, core: 0.3, delta: () => [0, 0, 0.0032] },
  "nose.nostrils": { parts: SURFACE, core: 0.25, delta: (v) => sym(v, () => [0.0014, 0.0004, -0.0006]) },
  "nose.wings": { parts: SURFACE, core: 0.3, delta: (v) => sym(v, () => [0.0032, 0, -0.0004]) },
  "eye.size": {
    parts: [...LIDS, "brows", ...EYEBALL],
    core: 0.62,
    delta: (v, c) =>
      sym(v, () => {
        // the eyeball scales about its own centre, so sample the true position even for rigid parts
        const E = c.shape.A.eye.center;
        const p: Vec3 = [Math.abs(v.p[0]), v.p[1], v.p[2]];
        return [(p[0] - E[0]) * 0.12, (p[1] - E[1]) * 0.12, (p[2] - E[2]) * 0.12];
      }),
  },
  "eye.lids": {
    parts: LIDS,
    core: 0.7,
    delta: (v, c) => {
      const { s, q } = c.shape.eyeAlmond(v.a);
      const w =
        upperLid(s) * Math.max(0, 1 - q * q) -
        0.5 * smoothstep(-0.2, -0.6, s) * (1 - smoothstep(-2, -2.8, s)) * Math.max(0, 1 - q * q);
      const E = c.shape.A.eye.center;
      return sym(v, (p) => rot(p, E, 0, -0.14 * w));
    },
  },
  "eye.height": { parts: [...LIDS, "brows", ...EYEBALL], core: 0.6, delta: () => [0, 0.003, 0] },
  "eye.spacing": { parts: [...LIDS, "brows", ...EYEBALL], core: 0.6, delta: (v) => sym(v, () => [0.003, 0, 0]) },
  "eye.inner": {
    parts: LIDS,
    core: 0.7,
    delta: (v, c) => {
      const { q, s } = c.shape.eyeAlmond(v.a);
      const E = c.shape.A.eye.center;
      const w = bump(Math.hypot(q + 1, s / 2.5) / 0.9);
      return sym(v, (p) => rot(p, E, 1, -0.12 * w));
    },
  },
  "eye.droop": {
    parts: LIDS,
    core: 0.7,
    delta: (v, c) => {
      const E = c.shape.A.eye.center;
      return sym(v, (p) => rot(p, E, 2, -0.12));
    },
  },
  "eye.lacrimal": {
    parts: LIDS,
    core: 0.7,
    delta: (v, c) => {
      const { q, s } = c.shape.eyeAlmond(v.a);
      const E = c.shape.A.eye.center;
      const w = bump(Math.hypot(q + 1, s / 2.5) / 0.8);
      return sym(v, (p) => rot(p, E, 0, 0.15 * w));
    },
  },
  "eye.outer": {
    parts: LIDS,
    core: 0.7,
    delta: (v, c) => {
      const { q, s } = c.shape.eyeAlmond(v.a);
      const E = c.shape.A.eye.center;
      const w = bump(Math.hypot(q - 1, s / 2.5) / 0.9);
      return sym(v, (p) => rot(p, E, 1, 0.14 * w));
    },
  },
  "ears.size": {
    parts: ["ears"],
    core: 0.9,
    delta: (v) => [(v.p[0] - v.a[0]) * 0.18, (v.p[1] - v.a[1]) * 0.18, (v.p[2] - v.a[2]) * 0.18],
  },
  "ears.angle": {
    parts: ["ears"],
    core: 0.9,
    delta: (v, c) => {
      const ear = c.shape.A.ear;
      const side = v.a[0] < 0 ? -1 : 1;
      const hinge: Vec3 = [v.a[0], v.a[1], v.a[2] + ear.width * 0.5];
      return rot(v.p, hinge, 1, 0.22 * side);
    },
  },
  "eyebrow.height": { parts: ["skin", "brows"], core: 0.45, lift: browLift, delta: () => [0, 0.0032, 0] },
  "eyebrow.angle": {
    parts: ["skin", "brows"],
    core: 0.45,
    lift: browLift,
    delta: (v) => sym(v, (p) => [0, 0.1 * (p[0] - 0.033), 0]),
  },
  // the stroke taller (or thinner) about its middle: the brows' own vertices only
  "eyebrow.thickness": {
    parts: ["brows"],
    core: 0.8,
    lift: browLift,
    delta: (v, ctx) => [0, 0.6 * (v.p[1] - browMiddleAt(ctx.shape.A, Math.abs(v.p[0]))), 0],
  },
  // the middle of the brow higher than its ends, the skin under it along
  "eyebrow.arch": {
    parts: ["skin", "brows"],
    core: 0.45,
    lift: browLift,
    delta: (v) => sym(v, (p) => [0, 0.0024 * Math.max(0, 1 - ((p[0] - 0.034) / 0.026) ** 2) ** 2, 0]),
  },
  "chin.length": { parts: SURFACE, core: 0.3, delta: (v) => [0, -0.005 * smoothstep(-0.075, -0.1, v.p[1]), 0.0012] },
  "chin.width": { parts: SURFACE, core: 0.3, delta: (v) => [0.33 * v.p[0], 0, 0] },
  "chin.protrusion": { parts: SURFACE, core: 0.3, delta: () => [0, -0.0008, 0.005] },
  "mandible.width": { parts: SURFACE, core: 0.3, delta: (v) => sym(v, () => [0.0065, 0, 0]) },
  "mandible.angle": { parts: SURFACE, core: 0.3, delta: (v) => sym(v, () => [0.0015, -0.0055, -0.0015]) },
  // a smooth dent, deepest at the jaw's angle (no flat core: with one, the ends showed a notch and lumps)
  "mandible.taper": { parts: SURFACE, core: 0, delta: (v) => sym(v, () => [-0.008, 0, 0]) },
};

export const SLIDER_FIELDS: Record<FaceSliderId, Field> = Object.fromEntries(
  Object.entries(defs).map(([id, d]) => [id, { ...d, region: d.region ?? region(id as FaceSliderId) }]),
) as Record<FaceSliderId, Field>;
