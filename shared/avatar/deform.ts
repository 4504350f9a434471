/**
 * Morph fields: a morph target is a smooth vector field sampled at every vertex's rest position.
 * Each field is multiplied by a mask that is exactly zero outside its region, which is what makes
 * a slider local; symmetric fields are written for the +x side and mirrored.
 */

import type { Anatomy } from "./anatomy.ts";
import { type Ellipsoid, ellipsoidMask, smoothstep, type Vec3 } from "./math.ts";
import type { PartId, VertexInfo } from "./mesh.ts";
import { browBand } from "./parts/brows.ts";
import type { HeadShape } from "./parts/head.ts";

export interface FieldContext {
  shape: HeadShape;
  /** Height of the mouth line at the centre, and depth of the front teeth. */
  mouthY: number;
  teethFront: number;
}

export interface Field {
  region: readonly Ellipsoid[];
  /** Share of the region's radius that gets the full weight. */
  core?: number;
  /** Parts the field may move. */
  parts: readonly PartId[];
  /** The delta at weight +1, before the region mask; null for none. */
  delta(v: VertexInfo, ctx: FieldContext): Vec3 | null;
  /**
   * How much higher than a point's own place its region is read (metres, at most `LIFT_MAX`; `p` is
   * where the field reads a vertex, `at`): the brow fields read theirs where the shared anatomy has
   * the brow, on a style that draws it lower (anatomy.ts `browDrop`), so its brow moves as the
   * shared one does. A field with a lift is local to its region read that way: nothing moves whose
   * lifted place is outside it.
   */
  lift?(A: Anatomy, p: Vec3): number;
}

/** The most any field's `lift` raises a vertex: a part's box is widened by it before regions are tested on it. */
export const LIFT_MAX = 0.02;

/** Parts that lie on the skin and deform with it. */
export const SURFACE: readonly PartId[] = ["skin", "lips", "brows", "lashes", "hair"];
export const EYEBALL: readonly PartId[] = ["sclera", "iris", "pupil"];
/** Parts that move as one piece with their anchor (ears, eyeballs). */
export const RIGID: readonly PartId[] = ["ears", ...EYEBALL];
export const FACE_PARTS: readonly PartId[] = [...SURFACE, ...RIGID];

/** The position a field should read: rigid parts follow their anchor. */
export function at(v: VertexInfo): Vec3 {
  return RIGID.includes(v.part) ? v.a : v.p;
}

/** Evaluate a field written for the +x side on either side: x is mirrored in and out. */
export function sym(v: VertexInfo, fn: (p: Vec3, side: number) => Vec3 | null): Vec3 | null {
  const q = at(v);
  const side = q[0] < 0 ? -1 : 1;
  const d = fn([q[0] * side, q[1], q[2]], side);
  return d ? [d[0] * side, d[1], d[2]] : null;
}

/**
 * The brow fields' `lift`: on the brow (its band, parts/brows.ts) of a style that draws it lower
 * than the shared anatomy, the region is read that much higher, where it was laid out for the brow;
 * nowhere else (the lids below the brow keep their own place, outside the brows' regions).
 */
export function browLift(A: Anatomy, p: Vec3): number {
  return A.browDrop > 0 ? A.browDrop * browBand(A, p) : 0;
}

/** Weight of a field's region at a vertex (max over its ellipsoids). */
export function regionWeight(a: Vec3, region: readonly Ellipsoid[], core: number): number {
  let w = 0;
  for (const e of region) {
    const m = ellipsoidMask(a, e, core);
    if (m > w) w = m;
  }
  return w;
}

/** Axis-aligned bounds of 3-float points, to skip whole parts a region cannot reach. */
export function bounds(points: ArrayLike<number>): { min: Vec3; max: Vec3 } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < points.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = points[i + k] as number;
      min[k] = Math.min(min[k] as number, v);
      max[k] = Math.max(max[k] as number, v);
    }
  }
  return { min: min as Vec3, max: max as Vec3 };
}

function overlaps(e: Ellipsoid, b: { min: Vec3; max: Vec3 }): boolean {
  for (let k = 0; k < 3; k++) {
    if (
      (e.center[k] as number) + (e.radii[k] as number) < (b.min[k] as number) ||
      (e.center[k] as number) - (e.radii[k] as number) > (b.max[k] as number)
    )
      return false;
  }
  return true;
}

export interface PartSample {
  part: PartId;
  positions: ArrayLike<number>;
  anchors: ArrayLike<number>;
  sides: ArrayLike<number>;
  box: { min: Vec3; max: Vec3 };
}

/** The vertex record for vertex i of a part sample (its anchor given), reused from vertex to vertex. */
function fill(v: VertexInfo, s: PartSample, i: number, x: number, y: number, z: number): void {
  v.a[0] = x;
  v.a[1] = y;
  v.a[2] = z;
  v.p[0] = s.positions[i * 3] as number;
  v.p[1] = s.positions[i * 3 + 1] as number;
  v.p[2] = s.positions[i * 3 + 2] as number;
  v.side = s.sides[i] as number;
}

/**
 * Sample a field over a part's vertices; returns the deltas (3 floats a vertex) or null when the
 * field moves nothing there.
 */
export function sampleField(field: Field, ctx: FieldContext, s: PartSample, eps: number): Float32Array | null {
  if (!field.parts.includes(s.part)) return null;
  const box = field.lift
    ? { min: s.box.min, max: [s.box.max[0], s.box.max[1] + LIFT_MAX, s.box.max[2]] as Vec3 }
    : s.box;
  const region = field.region.filter((e) => overlaps(e, box));
  if (region.length === 0) return null;
  const core = field.core ?? 0.35;
  const n = s.positions.length / 3;
  let out: Float32Array | null = null;
  const v: VertexInfo = { p: [0, 0, 0], a: [0, 0, 0], part: s.part, side: 0 };
  const A = s.anchors;
  for (let i = 0; i < n; i++) {
    const x = A[i * 3] as number;
    let y = A[i * 3 + 1] as number;
    const z = A[i * 3 + 2] as number;
    if (field.lift) {
      fill(v, s, i, x, y, z);
      y += Math.min(LIFT_MAX, field.lift(ctx.shape.A, at(v)));
    }
    // inline region test: most vertices are outside every region, so stay allocation-free for them
    let w = 0;
    for (const e of region) {
      const dx = (x - e.center[0]) / e.radii[0];
      const dy = (y - e.center[1]) / e.radii[1];
      const dz = (z - e.center[2]) / e.radii[2];
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 >= 1) continue;
      const m = 1 - smoothstep(core, 1, Math.sqrt(d2));
      if (m > w) w = m;
    }
    if (w <= 0) continue;
    // reuse the vertex record: fields read it and never keep it
    if (!field.lift) fill(v, s, i, x, y, z);
    const d = field.delta(v, ctx);
    if (!d) continue;
    const dx = d[0] * w;
    const dy = d[1] * w;
    const dz = d[2] * w;
    if (Math.abs(dx) + Math.abs(dy) + Math.abs(dz) < eps) continue;
    out ??= new Float32Array(n * 3);
    out[i * 3] = dx;
    out[i * 3 + 1] = dy;
    out[i * 3 + 2] = dz;
  }
  return out;
}
