/**
 * Shoulders and chest in a crew-neck T-shirt, cut off in a rounded bust base. Each column of the grid
 * is a profile at one azimuth around the body: a ribbed collar band that tucks under the neck, the
 * trapezius sloping out and down from the neck, the shoulder (or the upper chest at the front)
 * rounding over, the side falling to the base, and the base rounding in underneath. Two upper
 * arms in long sleeves hang beside it down to the same cut.
 */
import type { Anatomy } from "../anatomy.ts";
import { bump, clamp, lerp, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import type { HeadShape } from "./head.ts";

const SEG = 96;

export interface Torso {
  /** Centre of the body's cross-section (x = 0) in z. */
  cz: number;
  /** Horizontal radius of the body's outline at azimuth phi (0 = front, +pi/2 = +x). */
  outer(phi: number): number;
  /** Height of the top surface (shoulders, trapezius) at horizontal distance rho and azimuth phi. */
  topY(phi: number, rho: number): number;
  neckR: number;
  collarY(phi: number): number;
}

export function torsoOf(A: Anatomy): Torso {
  const T = A.torso;
  const N = A.neck;
  const cz = (N.top[2] + N.bottom[2]) / 2;
  const neckR = N.radius * 1.1;
  const S = T.shoulderHalf;
  const D = T.chestDepth;
  const male = A.sex === 1;
  const outer = (phi: number): number => {
    const s = Math.abs(Math.sin(phi));
    const c = Math.abs(Math.cos(phi));
    const e = 2.7;
    const back = Math.cos(phi) < 0 ? 0.92 : 1;
    return 1 / ((s / S) ** e + (c / (D * back)) ** e) ** (1 / e);
  };
  const collarY = (phi: number): number => {
    const c = Math.cos(phi);
    // a crew neck sits lower at the front than at the back
    return T.top - 0.013 * Math.max(c, 0) ** 2 + 0.005 * Math.max(-c, 0) ** 2;
  };
  const topY = (phi: number, rho: number): number => {
    const side = Math.sin(phi) ** 2;
    const Q = Math.max(outer(phi) - neckR, 1e-4);
    const t = clamp((rho - neckR) / Q, 0, 1);
    // trapezius: steep where it leaves the neck, then a gentle slope to the shoulder
    const drop = lerp(0.012, male ? 0.03 : 0.034, side);
    return collarY(phi) - 0.004 - drop * (0.55 * (1 - (1 - t) ** 2.4) + 0.45 * t);
  };
  return { cz, outer, topY, neckR, collarY };
}

export function buildBody(shape: HeadShape): PartBuilder {
  const b = new PartBuilder("clothing");
  const A = shape.A;
  const T = A.torso;
  const tor = torsoOf(A);
  const female = A.sex === 2;
  const male = !female;
  const rows: number[][] = [];
  const cols: Vec3[][] = [];
  for (let k = 0; k < SEG; k++) {
    const phi = (k / SEG) * Math.PI * 2;
    const sx = Math.sin(phi);
    const cz = Math.cos(phi);
    const side = sx * sx;
    const R = tor.outer(phi);
    const rn = tor.neckR;
    const yc = tor.collarY(phi);
    const prof: [number, number][] = [];
    // collar band: from inside the neck, up and over a rolled rib, down onto the shoulders
    prof.push([rn * 0.86, yc - 0.008], [rn * 0.93, yc + 0.0015], [rn * 1.0, yc + 0.0035], [rn * 1.07, yc + 0.002]);
    prof.push([rn * 1.1, yc - 0.002], [rn * 1.13, yc - 0.0045]);
    // top surface up to the shoulder's rounding
    const rc = Math.min(lerp(0.03, male ? 0.05 : 0.045, side), (R - rn) * 0.75);
    const rv = lerp(0.05, male ? 0.06 : 0.055, side);
    const r0 = rn * 1.16;
    const r1 = R - rc;
    const NT = 12;
    for (let i = 0; i <= NT; i++) {
      const rho = lerp(r0, r1, i / NT);
      prof.push([rho, tor.topY(phi, rho)]);
    }
    const ys = tor.topY(phi, r1);
    // shoulder: a quarter ellipse from the top slope round to the side
    const NS = 10;
    for (let i = 1; i <= NS; i++) {
      const a = ((i / NS) * Math.PI) / 2;
      prof.push([r1 + rc * Math.sin(a), ys - rv * (1 - Math.cos(a))]);
    }
    // side down to the base, narrowing a little, then round in underneath
    const yb = T.bottom;
    const rb = 0.03;
    const sideTop = ys - rv;
    const NSd = 12;
    const taper = 0.2 * side + 0.03;
    for (let i = 1; i <= NSd; i++) {
      const f = i / NSd;
      const y = lerp(sideTop, yb + rb, f);
      // the classic bust cut: the arms are cut away, so the sides narrow toward the base
      prof.push([R * (1 - taper * f ** 1.3), y]);
    }
    const Rb = R * (1 - taper);
    const NB = 6;
    for (let i = 1; i <= NB; i++) {
      const a = ((i / NB) * Math.PI) / 2;
      prof.push([Rb - rb * (1 - Math.cos(a)), yb + rb * (1 - Math.sin(a))]);
    }
    prof.push([Rb * 0.55, yb], [Rb * 0.2, yb]);
    const col: Vec3[] = prof.map(([rho, y]) => {
      let r = rho;
      // chest: a soft bust (female) or pectoral plane (male) on the front of the side wall
      if (cz > 0 && rho > R * 0.7) {
        const bx = Math.abs(sx * r);
        const chest = female
          ? 0.02 * bump(Math.hypot((bx - 0.05) / 0.055, (y - (T.top - 0.115)) / 0.065))
          : 0.008 * bump(Math.hypot((bx - 0.05) / 0.07, (y - (T.top - 0.085)) / 0.06));
        r += chest * cz * cz;
      }
      // shoulder blades: a faint swell on the back
      if (cz < 0 && rho > R * 0.7) {
        const bx = Math.abs(sx * r);
        r += 0.006 * cz * cz * bump(Math.hypot((bx - 0.06) / 0.07, (y - (T.top - 0.09)) / 0.08));
      }
      return [sx * r, y, tor.cz + cz * r];
    });
    cols.push(col);
  }
  const nRows = (cols[0] as Vec3[]).length;
  for (let r = 0; r < nRows; r++) {
    const row: number[] = [];
    for (let k = 0; k < SEG; k++) row.push(b.vertex((cols[k] as Vec3[])[r] as Vec3));
    rows.push(row);
  }
  b.grid(rows, true);
  const bottom = b.vertex([0, T.bottom, tor.cz]);
  const last = rows[rows.length - 1] as number[];
  for (let k = 0; k < SEG; k++) b.tri(bottom, last[(k + 1) % SEG] as number, last[k] as number);
  // a cap inside the collar so the opening never shows the inside of the body
  const inner = b.vertex([0, T.top - 0.03, tor.cz]);
  const first = rows[0] as number[];
  for (let k = 0; k < SEG; k++) b.tri(inner, first[k] as number, first[(k + 1) % SEG] as number);
  for (const side of [1, -1] as const) upperArm(b, A, tor, side);
  return b;
}

/**
 * An upper arm in the top's sleeve (issue 17: "the torso is a smooth lump with no shoulders or
 * arms"): it hangs from under the shoulder's rounding, a little out from the chest, down to the
 * bust's cut, where it ends in a rounded cap like the body's base. Its top (the deltoid) is a
 * half dome that sinks into the shoulder.
 */
function upperArm(b: PartBuilder, A: Anatomy, tor: Torso, side: 1 | -1): void {
  const T = A.torso;
  const male = A.sex === 1;
  const S = T.shoulderHalf;
  const r0 = male ? 0.05 : 0.045;
  const r1 = male ? 0.044 : 0.039;
  const top: Vec3 = [side * (S - 0.03), tor.topY(side * (Math.PI / 2), S - 0.03) - r0 + 0.004, tor.cz - 0.004];
  const bottomY = T.bottom + 0.014;
  const bottom: Vec3 = [side * (S - 0.03), bottomY, tor.cz - 0.002];
  const RING = 28;
  const ring = (c: Vec3, r: number): number[] =>
    Array.from({ length: RING }, (_, k) => {
      const a = (k / RING) * Math.PI * 2;
      // a little flatter front to back, as an arm is
      return b.vertex([c[0] + Math.sin(a) * r, c[1], c[2] + Math.cos(a) * r * 0.92]);
    });
  const rows: number[][] = [];
  // the deltoid: a half dome over the top
  const NT = 7;
  for (let i = 1; i <= NT; i++) {
    const t = (i / NT) * (Math.PI / 2);
    rows.push(ring([top[0], top[1] + r0 * Math.cos(t), top[2]], r0 * Math.sin(t)));
  }
  // down the arm, narrowing below the deltoid
  const NA = 14;
  for (let i = 1; i <= NA; i++) {
    const f = i / NA;
    const c: Vec3 = [lerp(top[0], bottom[0], f), lerp(top[1], bottom[1], f), lerp(top[2], bottom[2], f)];
    rows.push(ring(c, lerp(r0, r1, Math.min(1, f * 1.8))));
  }
  // the cut: round in underneath like the body's base, then a flat cap
  const rb = 0.012;
  const NB = 4;
  for (let i = 1; i <= NB; i++) {
    const a = (i / NB) * (Math.PI / 2);
    rows.push(ring([bottom[0], bottomY - rb * Math.sin(a), bottom[2]], r1 - rb * (1 - Math.cos(a))));
  }
  b.grid(rows, true);
  const pole = b.vertex([top[0], top[1] + r0, top[2]]);
  const firstRow = rows[0] as number[];
  for (let k = 0; k < RING; k++) b.tri(pole, firstRow[k] as number, firstRow[(k + 1) % RING] as number);
  const base = b.vertex([bottom[0], bottomY - rb, bottom[2]]);
  const lastRow = rows[rows.length - 1] as number[];
  for (let k = 0; k < RING; k++) b.tri(base, lastRow[(k + 1) % RING] as number, lastRow[k] as number);
}
