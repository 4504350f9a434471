/**
 * The upper body in a long-sleeved crew-neck top, down to the hips, where it is cut off in a rounded
 * base (the half-body, issue 17). Each column of the grid is a profile at one azimuth around the
 * body: a ribbed collar band that tucks under the neck, the trapezius sloping out and down from the
 * neck, the shoulder (or the upper chest at the front) rounding over, the side falling past the
 * ribcage and the waist to the hips, and the base rounding in underneath. The arms (arms.ts) hang
 * from under the shoulders' rounding.
 */
import type { Anatomy } from "../anatomy.ts";
import { bump, clamp, lerp, piecewise, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import { buildArms } from "./arms.ts";
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

/**
 * How much narrower (x) and shallower (z) than at the shoulders the body is at height y, below
 * `sideTop` where the shoulder's rounding ends: the ribcage under the arms, the waist, the hips.
 */
function bodyNarrowing(A: Anatomy, sideTop: number): { x(y: number): number; z(y: number): number } {
  const male = A.sex === 1;
  const waist = male ? -0.5 : -0.47;
  const xs: [number, number][] = [
    [A.torso.bottom, male ? 0.79 : 0.78],
    [waist, male ? 0.76 : 0.67],
    [sideTop - 0.07, male ? 0.84 : 0.8],
    [sideTop, 1],
  ];
  const zs: [number, number][] = [
    [A.torso.bottom, male ? 0.92 : 0.9],
    [waist, male ? 0.9 : 0.82],
    [sideTop - 0.1, 1],
  ];
  return { x: (y) => piecewise(xs, y), z: (y) => piecewise(zs, y) };
}

/** The body in its top (clothing, with the sleeves) and the two hands. */
export function buildBody(shape: HeadShape): { clothing: PartBuilder; hands: PartBuilder } {
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
    // side down past the ribcage and the waist to the hips, then round in underneath
    const yb = T.bottom;
    const rb = 0.03;
    const sideTop = ys - rv;
    const narrow = bodyNarrowing(A, sideTop);
    const NSd = 18;
    for (let i = 1; i <= NSd; i++) prof.push([R, lerp(sideTop, yb + rb, i / NSd)]);
    const NB = 6;
    for (let i = 1; i <= NB; i++) {
      const a = ((i / NB) * Math.PI) / 2;
      prof.push([R - rb * (1 - Math.cos(a)), yb + rb * (1 - Math.sin(a))]);
    }
    prof.push([R * 0.55, yb], [R * 0.2, yb]);
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
      const kx = y < sideTop ? narrow.x(y) : 1;
      const kz = y < sideTop ? narrow.z(y) : 1;
      return [sx * r * kx, y, tor.cz + cz * r * kz];
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
  const hands = buildArms(A, b);
  return { clothing: b, hands };
}
