import { type AvatarMesh, buildAvatar } from "../../../shared/avatar/index.ts";
import { ellipsoidDistance, type Vec3 } from "../../../shared/avatar/math.ts";

const cache = new Map<number, AvatarMesh>();

/** Build each base once per test file: the model is deterministic. */
export function avatar(sex: 1 | 2): AvatarMesh {
  let m = cache.get(sex);
  if (!m) {
    m = buildAvatar({ sex });
    cache.set(sex, m);
  }
  return m;
}

/** Largest displacement (metres) of a target over a primitive, and where. */
export function maxMove(d: Float32Array | undefined): number {
  if (!d) return 0;
  let max = 0;
  for (let i = 0; i < d.length; i += 3) {
    const m = Math.hypot(d[i] as number, d[i + 1] as number, d[i + 2] as number);
    if (m > max) max = m;
  }
  return max;
}

/**
 * Rigid parts are weighted at their attachment point (the ear's centre, the eye's centre, a lash's
 * root on the lid, a tooth's centre), so a vertex of theirs may sit up to the part's size beyond the region.
 */
const RIGID_SLACK: Record<string, number> = {
  ears: 0.035,
  sclera: 0.014,
  iris: 0.014,
  pupil: 0.014,
  lashes: 0.006,
  teeth: 0.006,
};

/**
 * Largest move inside and outside a set of ellipsoids, over every primitive. `lift` is a field's
 * (deform.ts): a point is tested that much higher than its own place.
 */
export function split(
  mesh: AvatarMesh,
  name: string,
  region: readonly { center: Vec3; radii: Vec3 }[],
  lift?: (p: Vec3) => number,
) {
  let inside = 0;
  let outside = 0;
  let worst = "";
  for (const prim of mesh.primitives) {
    const d = prim.targets[name];
    if (!d) continue;
    const p = prim.positions;
    for (let i = 0; i < p.length; i += 3) {
      const m = Math.hypot(d[i] as number, d[i + 1] as number, d[i + 2] as number);
      if (m === 0) continue;
      const own: Vec3 = [p[i] as number, p[i + 1] as number, p[i + 2] as number];
      const v: Vec3 = lift ? [own[0], own[1] + lift(own), own[2]] : own;
      // rigid parts (ears, eyeballs) are weighted at their anchor, which lies within their own extent;
      // allow them the part's size of slack by testing the vertex against a slightly larger region
      const slack = RIGID_SLACK[prim.name] ?? 0;
      const inRegion = region.some(
        (e) =>
          ellipsoidDistance(v, {
            center: e.center,
            radii: [e.radii[0] + slack, e.radii[1] + slack, e.radii[2] + slack],
          }) < 1,
      );
      if (inRegion) inside = Math.max(inside, m);
      else if (m > outside) {
        outside = m;
        worst = `${prim.name} [${own.map((x) => x.toFixed(3))}]`;
      }
    }
  }
  return { inside, outside, worst };
}

/** For each vertex with x > 0, its mirror twin (same part, same side of the mouth slit). */
export function mirrorPairs(prim: AvatarMesh["primitives"][number]): [number, number][] {
  const key = (x: number, y: number, z: number) =>
    `${Math.round(x * 2e4)},${Math.round(y * 2e4)},${Math.round(z * 2e4)}`;
  const p = prim.positions;
  const byPos = new Map<string, number[]>();
  for (let i = 0; i < p.length / 3; i++) {
    const k = key(p[i * 3] as number, p[i * 3 + 1] as number, p[i * 3 + 2] as number);
    const list = byPos.get(k);
    if (list) list.push(i);
    else byPos.set(k, [i]);
  }
  const pairs: [number, number][] = [];
  for (let i = 0; i < p.length / 3; i++) {
    const x = p[i * 3] as number;
    if (x < 1e-4) continue;
    const twins = byPos.get(key(-x, p[i * 3 + 1] as number, p[i * 3 + 2] as number));
    const own = byPos.get(key(x, p[i * 3 + 1] as number, p[i * 3 + 2] as number));
    // coincident vertices (the two lips of the slit) pair in creation order
    if (twins && own && twins.length === own.length) pairs.push([i, twins[own.indexOf(i)] as number]);
  }
  return pairs;
}

export type V3 = [number, number, number];

/** Möller–Trumbore: does the ray o + t·d (t > eps) hit the triangle? */
export function hits(o: V3, d: V3, a: V3, b: V3, c: V3): boolean {
  const e1: V3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const e2: V3 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const p: V3 = [d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0]];
  const det = e1[0] * p[0] + e1[1] * p[1] + e1[2] * p[2];
  if (Math.abs(det) < 1e-12) return false;
  const inv = 1 / det;
  const s: V3 = [o[0] - a[0], o[1] - a[1], o[2] - a[2]];
  const u = (s[0] * p[0] + s[1] * p[1] + s[2] * p[2]) * inv;
  if (u < 0 || u > 1) return false;
  const q: V3 = [s[1] * e1[2] - s[2] * e1[1], s[2] * e1[0] - s[0] * e1[2], s[0] * e1[1] - s[1] * e1[0]];
  const v = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) * inv;
  if (v < 0 || u + v > 1) return false;
  return (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) * inv > 1e-6;
}

/** Highest and lowest y, widest |x|, and front-most and back-most z of one part (of its vertices `keep` takes). */
export function extent(
  mesh: AvatarMesh,
  part: string,
  keep: (x: number, y: number, z: number) => boolean = () => true,
) {
  const p = mesh.primitives.find((q) => q.name === part)?.positions as Float32Array;
  let top = -1;
  let bottom = 1;
  let wide = 0;
  let front = -1;
  let back = 1;
  for (let i = 0; i < p.length; i += 3) {
    const [x, y, z] = [p[i] as number, p[i + 1] as number, p[i + 2] as number];
    if (!keep(x, y, z)) continue;
    top = Math.max(top, y);
    bottom = Math.min(bottom, y);
    wide = Math.max(wide, Math.abs(x));
    front = Math.max(front, z);
    back = Math.min(back, z);
  }
  return { top, bottom, wide, front, back };
}
