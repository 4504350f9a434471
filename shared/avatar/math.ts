/** Small vector and falloff helpers for the avatar model (plain numbers, no allocation-heavy classes). */

export type Vec3 = [number, number, number];

export const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Hermite smoothstep; exactly 0 below e0 and 1 above e1, which is what keeps morphs local. */
export function smoothstep(e0: number, e1: number, x: number): number {
  const t = clamp((x - e0) / (e1 - e0), 0, 1);
  return t * t * (3 - 2 * t);
}

/** A compact bump: 1 at d=0, falls smoothly to exactly 0 at d>=1. */
export function bump(d: number): number {
  if (d >= 1) return 0;
  const t = 1 - d * d;
  return t * t;
}

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export function normalize(a: Vec3): Vec3 {
  const l = length(a);
  return l > 1e-12 ? [a[0] / l, a[1] / l, a[2] / l] : [0, 1, 0];
}

/** The part of `v` across the unit vector `t`, made unit (orthonormalised against `t`). */
export const perpendicular = (v: Vec3, t: Vec3): Vec3 => normalize(sub(v, scale(t, dot(v, t))));

/** An axis-aligned ellipsoid: the support of a slider or an expression. */
export interface Ellipsoid {
  center: Vec3;
  radii: Vec3;
}

/** Normalised distance inside an ellipsoid (1 on its surface). */
export function ellipsoidDistance(p: Vec3, e: Ellipsoid): number {
  const x = (p[0] - e.center[0]) / e.radii[0];
  const y = (p[1] - e.center[1]) / e.radii[1];
  const z = (p[2] - e.center[2]) / e.radii[2];
  return Math.sqrt(x * x + y * y + z * z);
}

/** Smooth weight over an ellipsoid: 1 in the core, exactly 0 on and outside the surface. */
export function ellipsoidMask(p: Vec3, e: Ellipsoid, core = 0.35): number {
  return 1 - smoothstep(core, 1, ellipsoidDistance(p, e));
}

/** The mirror image of an ellipsoid across x = 0: left and right regions stay symmetric. */
export function mirror(e: Ellipsoid): Ellipsoid {
  return { center: [-e.center[0], e.center[1], e.center[2]], radii: e.radii };
}

/** Rotate p about an axis through `pivot` (axis 0 = x, 1 = y, 2 = z) by `angle` radians. */
export function rotateAbout(p: Vec3, pivot: Vec3, axis: 0 | 1 | 2, angle: number): Vec3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const x = p[0] - pivot[0];
  const y = p[1] - pivot[1];
  const z = p[2] - pivot[2];
  if (axis === 0) return [p[0], pivot[1] + y * c - z * s, pivot[2] + y * s + z * c];
  if (axis === 1) return [pivot[0] + x * c + z * s, p[1], pivot[2] - x * s + z * c];
  return [pivot[0] + x * c - y * s, pivot[1] + x * s + y * c, p[2]];
}

/** Polynomial smooth minimum: blends two signed distances over a band of width k. */
export function smin(a: number, b: number, k: number): number {
  const h = Math.max(k - Math.abs(a - b), 0) / k;
  return Math.min(a, b) - h * h * k * 0.25;
}

/** Approximate signed distance to an ellipsoid (Inigo Quilez' bound; good near the surface). */
export function sdEllipsoid(px: number, py: number, pz: number, c: Vec3, r: Vec3): number {
  const x = px - c[0];
  const y = py - c[1];
  const z = pz - c[2];
  const k0 = Math.sqrt((x / r[0]) ** 2 + (y / r[1]) ** 2 + (z / r[2]) ** 2);
  const k1 = Math.sqrt((x / (r[0] * r[0])) ** 2 + (y / (r[1] * r[1])) ** 2 + (z / (r[2] * r[2])) ** 2);
  return k1 > 1e-12 ? (k0 * (k0 - 1)) / k1 : -Math.min(r[0], r[1], r[2]);
}

/** Signed distance to a capsule between a and b with radii ra..rb (a tapered capsule, linear radius). */
export function sdCapsule(px: number, py: number, pz: number, a: Vec3, b: Vec3, ra: number, rb: number): number {
  const bax = b[0] - a[0];
  const bay = b[1] - a[1];
  const baz = b[2] - a[2];
  const pax = px - a[0];
  const pay = py - a[1];
  const paz = pz - a[2];
  const h = clamp((pax * bax + pay * bay + paz * baz) / (bax * bax + bay * bay + baz * baz), 0, 1);
  return Math.hypot(pax - bax * h, pay - bay * h, paz - baz * h) - lerp(ra, rb, h);
}

/** sRGB (0..1) to linear, because glTF base colours are linear. */
export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Piecewise-linear interpolation through (x, y) keys sorted by x. */
export function piecewise(keys: readonly (readonly [number, number])[], x: number): number {
  const first = keys[0];
  const last = keys[keys.length - 1];
  if (!first || !last) return 0;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < keys.length; i++) {
    const k1 = keys[i] as readonly [number, number];
    const k0 = keys[i - 1] as readonly [number, number];
    if (x <= k1[0]) {
      const t = (x - k0[0]) / (k1[0] - k0[0]);
      // smooth between keys so profiles have no kinks
      const s = t * t * (3 - 2 * t);
      return lerp(k0[1], k1[1], s);
    }
  }
  return last[1];
}
