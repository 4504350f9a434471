/**
 * Glasses (appearance.glasses, decision 046): two rims round the eyes, a bridge over the nose and two
 * temples back over the ears, swept as profiles along curves. The square frame is a thick acetate
 * one (a rounded rectangle, a flat profile); the round frame is thin metal (a circle, a round wire).
 *
 * The frame is laid out from the head it sits on: the lenses in front of the eyes, far enough out to
 * clear the lashes and the brow ridge, the bridge resting on the nose and the temples just off the
 * side of the head. It does not stretch with expressions (a frame sits on the nose and the ears,
 * not on the brows): it follows the face sliders only, through three points on the skin a side
 * (`GlassesBuild.follow`), so a wider face or a longer nose carries it along.
 */
import type { GlassesStyle } from "../look.ts";
import { add, cross, lerp, normalize, perpendicular, scale, smoothstep, sub, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import type { HeadShape } from "./head.ts";

/** The frame and its lenses, and where each of their vertices takes its slider deltas from. */
export interface GlassesBuild {
  part: PartBuilder;
  /** Points on the skin (rest positions) whose slider deltas carry the frame. */
  points: Vec3[];
  /** Per vertex, FOLLOW pairs: an index into `points` and its weight (the weights sum to 1). */
  follow: number[];
  /** The two lenses: clear panes in the rims (a material of their own, drawn see-through). */
  lenses: PartBuilder;
  /** The lenses' FOLLOW pairs, as `follow` is the frame's. */
  lensFollow: number[];
}

/** How many skin points a frame vertex follows at most. */
export const FOLLOW = 3;

interface FrameKind {
  /** The lens's outline: half width and height of a superellipse of this exponent (2 a circle or ellipse). */
  halfW: number;
  halfH: number;
  exponent: number;
  /** The rim's profile: its width in the lens's plane and its depth, metres; round for a wire. */
  rim: { w: number; d: number; round: boolean };
  /** The temple's profile: its width out from the head and its height (tall and thin). */
  temple: { w: number; d: number; round: boolean };
}

const KINDS: Record<Exclude<GlassesStyle, "none">, FrameKind> = {
  square: {
    halfW: 0.0245,
    halfH: 0.0165,
    exponent: 4.5,
    rim: { w: 0.0042, d: 0.0036, round: false },
    temple: { w: 0.0024, d: 0.0052, round: false },
  },
  round: {
    halfW: 0.0205,
    halfH: 0.019,
    exponent: 2,
    rim: { w: 0.0014, d: 0.0014, round: true },
    temple: { w: 0.0012, d: 0.0012, round: true },
  },
};

/** How far the frame stays off the skin, the lashes and the cornea (metres). */
const CLEAR = 0.0045;
const CORNEA_CLEAR = 0.012;
/** The lenses tilt back toward the temples (wrap) by this much per metre out from their centre. */
const WRAP = 0.18;
/** How much of the rim's bottom follows the cheek under it (the rest follows the bridge and the temple). */
const CHEEK_SHARE = 0.7;
/** How far the rim's lower corner by the nose is cut back (a share of the lens's size). */
const NOSE_CUT = 0.22;
/** How far a lens's middle bulges forward of its edge (a meniscus lens's front, metres). */
const LENS_BULGE = 0.0016;
/** Rings of a lens from its middle to its edge. */
const LENS_RINGS = 4;
/** Points round each rim, and along the bridge and each temple. */
const RIM_SEG = 48;
const BRIDGE_SEG = 10;
const TEMPLE_SEG = 22;

/** The front of the skin at (x, y): the largest z where the sculpt's surface is. */
function frontZ(shape: HeadShape, x: number, y: number): number {
  let hi = 0.16;
  let lo = -0.02;
  // walk in from the front to the first point inside, then halve the step
  for (let z = hi; z > lo; z -= 0.004) {
    if (shape.sdf(x, y, z) < 0) {
      lo = z;
      hi = z + 0.004;
      break;
    }
  }
  for (let i = 0; i < 24; i++) {
    const m = (lo + hi) / 2;
    if (shape.sdf(x, y, m) < 0) lo = m;
    else hi = m;
  }
  return (lo + hi) / 2;
}

/** The side of the skin at (y, z): the largest x where the sculpt's surface is. */
function sideX(shape: HeadShape, y: number, z: number): number {
  let lo = 0;
  let hi = 0.14;
  for (let i = 0; i < 28; i++) {
    const m = (lo + hi) / 2;
    if (shape.sdf(m, y, z) < 0) lo = m;
    else hi = m;
  }
  return lo;
}

/** A profile's outline as offsets (across, depth) round its centre line. */
function profile(p: { w: number; d: number; round: boolean }): [number, number][] {
  if (p.round) {
    return Array.from({ length: 8 }, (_, i) => {
      const a = (i / 8) * Math.PI * 2;
      return [(Math.cos(a) * p.w) / 2, (Math.sin(a) * p.d) / 2];
    });
  }
  // a rectangle with bevelled corners, eight points
  const [w, d] = [p.w / 2, p.d / 2];
  const b = Math.min(w, d) * 0.35;
  return [
    [w, -d + b],
    [w, d - b],
    [w - b, d],
    [-w + b, d],
    [-w, d - b],
    [-w, -d + b],
    [-w + b, -d],
    [w - b, -d],
  ];
}

/**
 * Sweep a profile along a curve: at each point the profile's first axis lies along `across(i)`
 * (made square to the curve) and its second along the remaining direction. Closed curves join up;
 * open ones get flat caps. Wound so the tube's normals point out of it. A curve mirrored across
 * x = 0 (with its `across`) mirrors the profile's frame too, so the winding holds on both sides.
 * Returns the vertex ids, ring by ring.
 */
function sweep(
  b: PartBuilder,
  curve: Vec3[],
  across: (i: number) => Vec3,
  shape: [number, number][],
  closed: boolean,
): number[][] {
  const n = curve.length;
  const rings: number[][] = [];
  for (let i = 0; i < n; i++) {
    const prev = curve[closed ? (i - 1 + n) % n : Math.max(0, i - 1)] as Vec3;
    const next = curve[closed ? (i + 1) % n : Math.min(n - 1, i + 1)] as Vec3;
    const t = normalize(sub(next, prev));
    const u = perpendicular(across(i), t);
    const v = cross(t, u);
    const at = curve[i] as Vec3;
    rings.push(shape.map(([a, d]) => b.vertex(add(add(at, scale(u, a)), scale(v, d)))));
  }
  const ids = closed ? [...rings, rings[0] as number[]] : rings;
  // each ring runs round the profile; rows are the rings, columns the profile's points
  b.grid(ids, true, true);
  if (!closed) {
    for (const [ring, end] of [
      [rings[0] as number[], curve[0] as Vec3],
      [rings[n - 1] as number[], curve[n - 1] as Vec3],
    ] as const) {
      const c = b.vertex(end);
      const first = ring === rings[0];
      for (let k = 0; k < ring.length; k++) {
        const k1 = (k + 1) % ring.length;
        if (!first) b.tri(c, ring[k1] as number, ring[k] as number);
        else b.tri(c, ring[k] as number, ring[k1] as number);
      }
    }
  }
  return rings;
}

/** The frame for a head, or null for none. */
export function buildGlasses(shape: HeadShape, style: GlassesStyle, toon: boolean): GlassesBuild | null {
  if (style === "none") return null;
  const A = shape.A;
  const kind = KINDS[style];
  const E = A.eye;
  // a toon's eyes are drawn larger (stylise.ts): its lenses are too
  const grow = toon ? 1.12 : 1;
  const halfW = kind.halfW * grow;
  const halfH = kind.halfH * grow;
  const cx = Math.max(E.center[0], halfW + 0.0085);
  const cy = E.center[1] + 0.0015;
  const rimW = kind.rim.w;

  // the lens's outline (the rim's centre line), +x side; counter-clockwise seen from the front
  const outline: [number, number][] = [];
  for (let i = 0; i < RIM_SEG; i++) {
    const a = (i / RIM_SEG) * Math.PI * 2;
    const c = Math.cos(a);
    const s = Math.sin(a);
    const e = 2 / kind.exponent;
    // the lower corner by the nose is cut back, as frames are, to clear the side of the nose
    const cut = 1 - NOSE_CUT * Math.max(0, Math.cos(a - (Math.PI * 5) / 4)) ** 4;
    outline.push([
      cx + Math.sign(c) * Math.abs(c) ** e * (halfW + rimW / 2) * cut,
      cy + Math.sign(s) * Math.abs(s) ** e * (halfH + rimW / 2) * cut,
    ]);
  }
  const wrapBack = (x: number) => WRAP * Math.max(0, x - cx) ** 1.3 * 12;
  // the lens's plane: clear of the cornea and lashes at the centre and of the skin under every rim point
  let z0 = E.center[2] + E.radius + CORNEA_CLEAR;
  for (const [x, y] of outline) z0 = Math.max(z0, frontZ(shape, x, y) + CLEAR + kind.rim.d / 2 + wrapBack(x));
  const rimAt = (x: number, y: number): Vec3 => [x, y, z0 - wrapBack(x)];

  const part = new PartBuilder("glasses");
  const follow: number[] = [];
  const lenses = new PartBuilder("lenses");
  const lensFollow: number[] = [];
  // the skin points the frame follows: the nose's bridge, and a side's temple and ear top
  const bridgeY = cy + halfH * 0.45;
  const hingeY = cy + halfH * 0.55;
  const outer = cx + halfW + rimW;
  const earZ = A.ear.center[2] + A.ear.width * 0.1;
  const earY = A.ear.center[1] + A.ear.height * 0.38;
  // the points a side: the hinge's temple, the ear's top, and the cheek under the lens (a fuller or
  // more forward cheek pushes the rim's lower half out with it)
  const points: Vec3[] = [[0, bridgeY, frontZ(shape, 0, bridgeY)]];
  const cheekY = cy - halfH;
  for (const side of [1, -1]) {
    points.push([(outer - 0.006) * side, hingeY, frontZ(shape, outer - 0.006, hingeY)]);
    points.push([sideX(shape, earY, earZ) * side, earY, earZ]);
    points.push([cx * side, cheekY, frontZ(shape, cx, cheekY)]);
  }
  /**
   * Record how the vertices added to `b` since `from` follow: FOLLOW (point, weight) pairs from
   * `weigh(p)`, into `out`.
   */
  const bind = (from: number, weigh: (p: Vec3) => [number, number][], b = part, out = follow) => {
    for (let i = from; i < b.count; i++) {
      const p: Vec3 = [
        b.positions[i * 3] as number,
        b.positions[i * 3 + 1] as number,
        b.positions[i * 3 + 2] as number,
      ];
      const pairs = weigh(p);
      for (let k = 0; k < FOLLOW; k++) out.push(...(pairs[k] ?? [0, 0]));
    }
  };
  const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

  for (const side of [1, -1]) {
    const mirror = (p: Vec3): Vec3 => [p[0] * side, p[1], p[2]];
    const hinge = side > 0 ? 1 : 4;
    const ear = hinge + 1;
    const cheek = hinge + 2;
    // the rim: its profile lies across the outline in the lens's plane, its depth along the view
    let from = part.count;
    const rim = outline.map(([x, y]) => mirror(rimAt(x, y)));
    sweep(
      part,
      rim,
      (i) => {
        const [x, y] = outline[i] as [number, number];
        return mirror(normalize([(x - cx) / halfW ** 2, (y - cy) / halfH ** 2, 0]));
      },
      profile(kind.rim),
      true,
    );
    const rimFollow = (p: Vec3): [number, number][] => {
      const t = clamp01(Math.abs(p[0]) / outer);
      const c = CHEEK_SHARE * smoothstep(cy, cheekY, p[1]);
      return [
        [0, (1 - t) * (1 - c)],
        [hinge, t * (1 - c)],
        [cheek, c],
      ];
    };
    bind(from, rimFollow);

    // the lens: rings from its middle out to the rim's inner edge (a little inside the rim's
    // profile, so no gap shows), in the rim's plane, its middle a little forward; moved as the rim is
    from = lenses.count;
    const inset = (k: number) => (k / LENS_RINGS) * (1 - (rimW * 0.3) / Math.min(halfW, halfH));
    const middle = lenses.vertex(mirror([cx, cy, z0 - wrapBack(cx) + LENS_BULGE]));
    const rings = Array.from({ length: LENS_RINGS }, (_, r) => {
      const k = inset(r + 1);
      return outline.map(([x, y]) => {
        const lx = cx + (x - cx) * k;
        const ly = cy + (y - cy) * k;
        return lenses.vertex(mirror([lx, ly, z0 - wrapBack(lx) + LENS_BULGE * (1 - k * k)]));
      });
    });
    // counter-clockwise seen from the front on the +x side; the mirrored side's outline runs the other way
    const face = (a: number, b: number, c: number) => (side > 0 ? lenses.tri(a, b, c) : lenses.tri(a, c, b));
    const first = rings[0] as number[];
    for (let i = 0; i < RIM_SEG; i++) face(middle, first[i] as number, first[(i + 1) % RIM_SEG] as number);
    for (let r = 0; r + 1 < LENS_RINGS; r++) {
      const inner = rings[r] as number[];
      const outerRing = rings[r + 1] as number[];
      for (let i = 0; i < RIM_SEG; i++) {
        const j = (i + 1) % RIM_SEG;
        face(inner[i] as number, outerRing[i] as number, outerRing[j] as number);
        face(inner[i] as number, outerRing[j] as number, inner[j] as number);
      }
    }
    bind(from, rimFollow, lenses, lensFollow);

    // the bridge: from the rim's inner side over the nose to the middle, arching a little
    from = part.count;
    const inner = cx - halfW - rimW / 2;
    const bridge: Vec3[] = [];
    for (let i = 0; i <= BRIDGE_SEG; i++) {
      const t = i / BRIDGE_SEG;
      const x = lerp(inner, 0, t);
      const y = bridgeY + 0.0025 * Math.sin((t * Math.PI) / 2);
      // in the lenses' plane, or over the nose where it stands further out
      const z = Math.max(z0 - wrapBack(x), frontZ(shape, x, y) + CLEAR + kind.rim.d / 2);
      bridge.push(mirror([x, y, z + 0.0008 * smoothstep(0, 1, t)]));
    }
    sweep(
      part,
      bridge,
      () => [0, 1, 0],
      profile(kind.rim.round ? kind.rim : { ...kind.rim, w: kind.rim.w * 0.8 }),
      false,
    );
    bind(from, () => [[0, 1]]);

    // the temple: from the hinge back along the side of the head, down over the ear
    from = part.count;
    const start: Vec3 = [outer - rimW * 0.3, hingeY, z0 - wrapBack(outer)];
    const temple: Vec3[] = [];
    for (let i = 0; i <= TEMPLE_SEG; i++) {
      const t = i / TEMPLE_SEG;
      const z = lerp(start[2] - 0.004, earZ - A.ear.width * 0.45, t);
      const y = lerp(hingeY, earY + 0.002, smoothstep(0, 0.85, t)) - 0.012 * smoothstep(0.82, 1, t);
      const x = Math.max(sideX(shape, y, z) + CLEAR + kind.temple.w / 2, start[0] - 0.01 * t);
      temple.push(i === 0 ? start : [x, y, z]);
    }
    temple.splice(1, 0, [start[0] + 0.003, hingeY, start[2] - 0.003]);
    sweep(part, temple.map(mirror), () => mirror([1, 0, 0]), profile(kind.temple), false);
    const hingeZ = start[2];
    bind(from, (p) => {
      const t = clamp01((hingeZ - p[2]) / (hingeZ - earZ));
      return [
        [hinge, 1 - t],
        [ear, t],
      ];
    });
  }
  return { part, points, follow, lenses, lensFollow };
}
