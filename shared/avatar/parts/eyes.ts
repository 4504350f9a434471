/**
 * Eyeballs (sclera, iris, pupil as separate material groups, all looking straight ahead along +z) and
 * the upper lashes, which hang from the lid margin and follow it when the eye blinks.
 */
import { lerp, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import type { HeadShape } from "./head.ts";

export interface EyeBuild {
  sclera: PartBuilder;
  iris: PartBuilder;
  pupil: PartBuilder;
  lashes: PartBuilder;
}

const SEG = 32;

/** A band of the sphere between polar angles a0..a1 measured from the front pole (+z). */
function band(b: PartBuilder, c: Vec3, r: number, a0: number, a1: number, rings: number, lift = 0, dome = 0): void {
  const ids: number[][] = [];
  const startPole = a0 === 0;
  const endPole = a1 >= Math.PI - 1e-9;
  for (let i = startPole ? 1 : 0; i <= (endPole ? rings - 1 : rings); i++) {
    const a = lerp(a0, a1, i / rings);
    // a flattened iris: the cap is pulled toward a plane so it reads like a lens from the side
    const rad = r + lift - dome * (1 - Math.cos(a));
    const row: number[] = [];
    for (let k = 0; k < SEG; k++) {
      const phi = (k / SEG) * Math.PI * 2;
      const s = Math.sin(a);
      row.push(b.vertex([c[0] + rad * s * Math.cos(phi), c[1] + rad * s * Math.sin(phi), c[2] + rad * Math.cos(a)], c));
    }
    ids.push(row);
  }
  // rows run from the front pole backwards; phi runs counter-clockwise seen from the front
  b.grid(ids, true);
  if (startPole) {
    const pole = b.vertex([c[0], c[1], c[2] + r + lift], c);
    const first = ids[0] as number[];
    for (let k = 0; k < SEG; k++) b.tri(pole, first[k] as number, first[(k + 1) % SEG] as number);
  }
  if (endPole) {
    const pole = b.vertex([c[0], c[1], c[2] - r], c);
    const last = ids[ids.length - 1] as number[];
    for (let k = 0; k < SEG; k++) b.tri(pole, last[(k + 1) % SEG] as number, last[k] as number);
  }
}

export function buildEyes(shape: HeadShape): EyeBuild {
  const E = shape.A.eye;
  const out: EyeBuild = {
    sclera: new PartBuilder("sclera"),
    iris: new PartBuilder("iris"),
    pupil: new PartBuilder("pupil"),
    lashes: new PartBuilder("lashes"),
  };
  const aIris = Math.asin(E.iris / E.radius);
  const aPupil = Math.asin(E.pupil / E.radius);
  for (const side of [1, -1]) {
    const c: Vec3 = [E.center[0] * side, E.center[1], E.center[2]];
    band(out.pupil, c, E.radius, 0, aPupil, 3, 0.00012, 0.0006);
    band(out.iris, c, E.radius, aPupil, aIris, 6, 0.00012, 0.0006);
    band(out.sclera, c, E.radius, aIris, Math.PI, 14);
    // catchlights: a bright spot up and toward the outer corner, a faint one below (sclera material)
    catchlight(out.sclera, c, E.radius, side, 0.58 * aIris, 0.62, E.iris * 0.24);
    catchlight(out.sclera, c, E.radius, side, 0.55 * aIris, -2.2, E.iris * 0.1);
    buildLashes(shape, out.lashes, side);
  }
  return out;
}

/** A small disc floating just over the cornea at polar angle `a` and azimuth `phi` (0 = outward). */
function catchlight(b: PartBuilder, c: Vec3, r: number, side: number, a: number, phi: number, size: number): void {
  const rr = r + 0.00045;
  const at = (pa: number, pp: number): Vec3 => {
    const s = Math.sin(pa);
    return [c[0] + side * rr * s * Math.cos(pp), c[1] + rr * s * Math.sin(pp), c[2] + rr * Math.cos(pa)];
  };
  const centre = at(a, phi);
  const n = 10;
  const k = size / rr;
  const mid = b.vertex(centre, c);
  const ring: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i / n) * Math.PI * 2;
    // an offset on the sphere around the centre direction, slightly oval
    const p = at(a + k * 0.8 * Math.sin(t), phi + (k * Math.cos(t)) / Math.max(Math.sin(a), 0.05));
    ring.push(b.vertex(p, c));
  }
  for (let i = 0; i < n; i++) {
    const i1 = (i + 1) % n;
    if (side > 0) b.tri(mid, ring[i1] as number, ring[i] as number);
    else b.tri(mid, ring[i] as number, ring[i1] as number);
  }
}

/** Upper lid margin point at q (-1 inner corner .. 1 outer corner), on the +x side. */
export function lidMargin(shape: HeadShape, q: number, upper = true): Vec3 {
  const E = shape.A.eye;
  const dx = q < 0 ? q * E.halfIn : q * E.halfOut;
  const heights = shape.lidHeights(q);
  const h = upper ? heights.upper : -heights.lower;
  const dy = h + E.tilt * dx;
  const r2 = E.radius * E.radius - dx * dx - dy * dy;
  const z = E.center[2] + Math.sqrt(Math.max(r2, 0)) + E.lid;
  return [E.center[0] + dx, E.center[1] + dy, z];
}

function buildLashes(shape: HeadShape, b: PartBuilder, side: number): void {
  const N = 18;
  const rows: number[][] = [[], [], [], []];
  const female = shape.A.sex === 2;
  for (let i = 0; i <= N; i++) {
    const q = lerp(-0.92, 1.0, i / N);
    const m = lidMargin(shape, q);
    const outer = Math.max(q, 0);
    // longer and swept out toward the outer corner: the stylised wing that reads at a distance
    const len = (female ? 0.0034 : 0.0022) * (0.55 + 0.6 * (1 - Math.abs(q - 0.45))) * (1 + 0.3 * outer);
    const sweep = 0.0016 * outer * outer + 0.0004;
    const root: Vec3 = [m[0] - 0.0001, m[1] - 0.00045, m[2] - 0.0002];
    const pts: Vec3[] = [
      root,
      [m[0], m[1] + 0.0004, m[2] + 0.0003],
      [m[0] + sweep * 0.5, m[1] + len * 0.55, m[2] + len * 0.5],
      [m[0] + sweep, m[1] + len, m[2] + len * 0.45],
    ];
    pts.forEach((p, k) => {
      const v: Vec3 = [p[0] * side, p[1], p[2]];
      (rows[k] as number[]).push(b.vertex(v, [m[0] * side, m[1], m[2]]));
    });
  }
  b.grid(rows, false, side > 0);
}
