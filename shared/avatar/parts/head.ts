/**
 * The head and neck skin: a signed-distance sculpt (smooth union of ellipsoids and capsules) sampled
 * by rays from one centre on a latitude-longitude grid, then finished by explicit details (lips,
 * nostrils) and by the eye wrap that lays the lids over the eyeballs.
 */
import type { Anatomy } from "../anatomy.ts";
import { bump, clamp, cross, lerp, normalize, sdCapsule, smin, smoothstep, sub, type Vec3 } from "../math.ts";

const DEG = Math.PI / 180;
/** How far from the middle the cupid's bow peaks (both sexes, every mouth width). */
export const BOW_PEAK = 0.0055;
/** Heights over which the neck joins the head's sculpt: in full below the first, not at all above the second. */
const NECK_FADE = [-0.035, -0.005] as const;

export class HeadShape {
  readonly C: Vec3;
  /** Polar angle (from +y, seen from the ray centre) of the mouth line: one grid row sits on it. */
  readonly thetaMouth: number;
  readonly mouthR: number;

  constructor(readonly A: Anatomy) {
    this.C = A.rayCenter;
    const m = sub(A.mouth.center, this.C);
    this.mouthR = Math.hypot(m[0], m[1], m[2]);
    this.thetaMouth = Math.acos(m[1] / this.mouthR);
    const n = A.nose;
    this.ell = HeadShape.pack([
      A.cranium,
      A.face,
      A.jaw,
      A.jawAngle,
      A.chin,
      A.cheek,
      A.browRidge,
      { c: n.tip, r: [n.tipR, n.tipR * 0.92, n.tipR] },
      { c: n.ala, r: [n.alaR * 0.8, n.alaR * 0.85, n.alaR] },
      ...(A.cheekLow ? [A.cheekLow] : []),
    ]);
  }

  /** Ellipsoids packed flat (centre, 1/r, 1/r^2) so the sculpt, evaluated ~20 times a ray, stays fast. */
  private readonly ell: Float64Array;

  private static pack(blobs: readonly { c: Vec3; r: Vec3 }[]): Float64Array {
    const out = new Float64Array(blobs.length * 9);
    blobs.forEach((b, i) => {
      out.set(
        [b.c[0], b.c[1], b.c[2], 1 / b.r[0], 1 / b.r[1], 1 / b.r[2], 1 / b.r[0] ** 2, 1 / b.r[1] ** 2, 1 / b.r[2] ** 2],
        i * 9,
      );
    });
    return out;
  }

  private e(i: number, x: number, y: number, z: number): number {
    const E = this.ell;
    const o = i * 9;
    const dx = x - (E[o] as number);
    const dy = y - (E[o + 1] as number);
    const dz = z - (E[o + 2] as number);
    const ax = dx * (E[o + 3] as number);
    const ay = dy * (E[o + 4] as number);
    const az = dz * (E[o + 5] as number);
    const bx = dx * (E[o + 6] as number);
    const by = dy * (E[o + 7] as number);
    const bz = dz * (E[o + 8] as number);
    const k0 = Math.sqrt(ax * ax + ay * ay + az * az);
    const k1 = Math.sqrt(bx * bx + by * by + bz * bz);
    return k1 > 1e-12 ? (k0 * (k0 - 1)) / k1 : -0.01;
  }

  sdf(x: number, y: number, z: number): number {
    const A = this.A;
    const ax = Math.abs(x);
    const kf = A.blend.face;
    const kd = A.blend.feature;
    let d = this.e(0, x, y, z);
    d = smin(d, this.e(1, x, y, z), kf);
    d = smin(d, this.e(2, x, y, z), kf);
    d = smin(d, this.e(3, ax, y, z), kf);
    if (z > -0.02 && y < 0) d = smin(d, this.e(4, x, y, z), kd);
    if (z > 0) d = smin(d, this.e(5, ax, y, z), kd);
    if (z > 0 && y < 0 && A.cheekLow) d = smin(d, this.e(9, ax, y, z), kf);
    if (z > 0 && y > 0) d = smin(d, this.e(6, x, y, z), kd);
    // the neck, faded in below the cheeks: cut off at a height, its wide blend left a step (a line
    // across the side of the face at that height, decision 039, "No line across the cheek")
    if (y < NECK_FADE[1]) {
      const joined = smin(
        d,
        sdCapsule(x, y, z, A.neck.top, A.neck.bottom, A.neck.radius, A.neck.radius * 1.12),
        A.blend.neck,
      );
      d += (joined - d) * (1 - smoothstep(NECK_FADE[0], NECK_FADE[1], y));
    }
    // the nose only matters near the front of the face
    if (ax < 0.035 && z > 0.055 && y < 0.04 && y > -0.055) {
      const n = A.nose;
      let dn = sdCapsule(x, y, z, n.bridgeTop, n.bridgeBottom, n.bridgeR[0], n.bridgeR[1]);
      dn = smin(dn, this.e(7, x, y, z), 0.006);
      // wide blends: the wings flow into the tip and the cheeks (5 and 7 mm read as balls stuck on;
      // decision 039, "The nose in one piece")
      dn = smin(dn, this.e(8, ax, y, z), 0.009);
      d = smin(d, dn, 0.012);
    }
    return d;
  }

  /** Unit direction for longitude u (0 = face, +u toward +x) and polar angle theta from +y. */
  dir(u: number, theta: number): Vec3 {
    const s = Math.sin(theta);
    return [s * Math.sin(u), Math.cos(theta), s * Math.cos(u)];
  }

  /** Distance along a ray from the centre to the outermost surface crossing. */
  hit(d: Vec3, guess = 0.1): number {
    const [cx, cy, cz] = this.C;
    const f = (t: number) => this.sdf(cx + d[0] * t, cy + d[1] * t, cz + d[2] * t);
    let t = guess + 0.03;
    let ft = f(t);
    for (let i = 0; ft < 0.002 && i < 40; i++) {
      t += 0.03;
      ft = f(t);
    }
    for (let i = 0; i < 400; i++) {
      const tn = t - Math.max(ft * 0.9, 0.0006);
      if (tn <= 0) return 0;
      const fn = f(tn);
      if (fn < 0) {
        // a few halvings, then one linear step: the field is smooth at this scale
        let lo = tn;
        let hi = t;
        let flo = fn;
        let fhi = ft;
        for (let k = 0; k < 4; k++) {
          const mid = (lo + hi) / 2;
          const fm = f(mid);
          if (fm < 0) {
            lo = mid;
            flo = fm;
          } else {
            hi = mid;
            fhi = fm;
          }
        }
        return lo + ((hi - lo) * -flo) / (fhi - flo);
      }
      t = tn;
      ft = fn;
    }
    return t;
  }

  /** Mouth-local coordinates: x, and height above the mouth line measured along the face. */
  mouthLocal(p: Vec3): [number, number] {
    const v = sub(p, this.C);
    const theta = Math.acos(clamp(v[1] / Math.hypot(v[0], v[1], v[2]), -1, 1));
    return [p[0], (this.thetaMouth - theta) * this.mouthR];
  }

  /** Upper and lower vermilion borders at mouth-local x (heights above / below the mouth line). */
  lipBorders(mx: number): [number, number] {
    const M = this.A.mouth;
    const ax = Math.min(Math.abs(mx) / M.halfWidth, 0.995);
    const w = 1 - ax * ax;
    // cupid's bow: two peaks either side of a central dip
    const bow =
      0.0011 * Math.exp(-(((Math.abs(mx) - BOW_PEAK) / 0.0035) ** 2)) - 0.0009 * Math.exp(-((mx / 0.0022) ** 2));
    return [M.upperH * w ** 0.6 + bow * w, -M.lowerH * w ** 0.55];
  }

  /** Lip volume, corners, philtrum, chin groove and nostrils as offsets on the sculpted surface. */
  details(p: Vec3): Vec3 {
    const A = this.A;
    const M = A.mouth;
    const [mx, my] = this.mouthLocal(p);
    let out = p;
    if (Math.abs(mx) < M.halfWidth * 1.6 && my > -0.03 && my < 0.026) {
      const ax = Math.abs(mx) / M.halfWidth;
      const [yU, yL] = this.lipBorders(mx);
      let off = 0;
      if (ax < 1) {
        const fall = (1 - ax * ax) ** 0.9;
        if (my >= 0) {
          const s = my / yU;
          off += M.upperFull * fall * (s < 1.08 ? Math.sin(Math.PI * clamp(0.15 + 0.8 * s, 0, 1)) : 0);
        } else {
          const s = my / yL;
          off += M.lowerFull * fall * (s < 1.1 ? Math.sin(Math.PI * clamp(0.12 + 0.8 * s, 0, 1)) : 0);
        }
      }
      // corners tuck in
      off -= 0.0016 * bump(Math.hypot(Math.abs(mx) - M.halfWidth, my) / 0.0055);
      // philtrum: a shallow groove between two soft ridges
      const [yU0] = this.lipBorders(0);
      const ph = smoothstep(yU0 - 0.001, yU0 + 0.002, my) * (1 - smoothstep(yU0 + 0.008, yU0 + 0.013, my));
      off += ph * (0.00045 * bump(Math.abs(Math.abs(mx) - 0.0045) / 0.003) - 0.0005 * bump(Math.abs(mx) / 0.003));
      // the groove under the lower lip
      const [, yL0] = this.lipBorders(0);
      off -= 0.0012 * bump(Math.hypot(mx / (M.halfWidth * 0.9), (my - (yL0 - 0.0065)) / 0.005));
      if (off !== 0) out = [p[0], p[1] - off * 0.12, p[2] + off];
    }
    // nostrils: small dents under the nose wings
    const n = A.nose;
    const nd = bump(
      Math.hypot(
        (Math.abs(p[0]) - n.ala[0] * 0.62) / 0.0034,
        (p[1] - n.ala[1] + 0.0035) / 0.0026,
        (p[2] - n.ala[2] - 0.004) / 0.006,
      ),
    );
    if (nd > 0) out = [out[0], out[1] + 0.0016 * nd, out[2] - 0.0012 * nd];
    return out;
  }

  /** Normalised almond coordinate of the eye opening: |s| < 1 inside the opening. */
  eyeAlmond(p: Vec3): { s: number; dx: number; dy: number; q: number } {
    const E = this.A.eye;
    const dx = Math.abs(p[0]) - E.center[0];
    const dy = p[1] - E.center[1];
    const dyT = dy - E.tilt * dx;
    const q = dx < 0 ? dx / E.halfIn : dx / E.halfOut;
    if (Math.abs(q) >= 1) return { s: dyT >= 0 ? 9 : -9, dx, dy, q };
    const { upper, lower } = this.lidHeights(q);
    return { s: dyT >= 0 ? dyT / upper : dyT / lower, dx, dy, q };
  }

  /**
   * How far above and below the eye's axis (before its tilt) the upper and lower lid's margins run
   * at q (-1 the inner corner, 1 the outer): the upper lid's peak a little toward the inner corner,
   * the lower lid's toward the outer, as on a face.
   */
  lidHeights(q: number): { upper: number; lower: number } {
    const E = this.A.eye;
    const qu = q + 0.16 * (1 - q * q);
    const ql = q - 0.2 * (1 - q * q);
    return {
      upper: E.upper * Math.sqrt(Math.max(1 - qu * qu, 1e-6)),
      lower: E.lower * Math.max(1 - ql * ql, 1e-6) ** 0.6,
    };
  }

  /** Lay the skin over the eyeball: behind it inside the opening, a lid's thickness in front outside. */
  eyeWrap(p: Vec3): Vec3 {
    const E = this.A.eye;
    const re = E.radius;
    const dx = Math.abs(p[0]) - E.center[0];
    const dy = p[1] - E.center[1];
    const rr = Math.hypot(dx * 0.82, dy * 1.12);
    if (rr > re * 1.35) return p;
    const { s } = this.eyeAlmond(p);
    const as = Math.abs(s);
    const outside = smoothstep(0.9, 1.2, as);
    // a soft fold above the upper lid, like a stylised double lid
    const fold = s > 0 ? 0.0006 * bump(Math.abs(s - 1.75) / 0.6) : 0;
    const off = lerp(-0.0016, E.lid, outside) + fold;
    const r2 = re * re - dx * dx - dy * dy;
    const zs = E.center[2] + Math.sqrt(Math.max(r2, 0));
    // pulled to the eyeball near the opening only: further out the face stays where it is (a pull
    // that followed the eyeball's curve back made a crater round the eye, lit at its rim)
    const dyT = dy - E.tilt * dx;
    const across = dx < 0 ? dx / E.halfIn : dx / E.halfOut;
    const open = Math.hypot(across, dyT / (dyT >= 0 ? E.upper : E.lower));
    const near = 1 - smoothstep(1.05, 1.8, open);
    const m = (1 - smoothstep(0.6 * re, 1.32 * re, rr)) * near;
    let z = lerp(p[2], zs + off, m);
    if (r2 > 0 && outside > 0) {
      // never let the eyeball poke through the lids
      const floor = zs + E.lid * 0.9 - (1 - outside) * 0.01;
      const k = 0.0012;
      const h = Math.max(k - Math.abs(z - floor), 0) / k;
      z = Math.max(z, floor) + h * h * k * 0.25;
    }
    return [p[0], p[1], z];
  }

  /** The finished skin point along a direction; `guess` speeds up neighbouring rays. */
  skinPoint(d: Vec3, guess?: number): { p: Vec3; t: number } {
    const t = this.hit(d, guess);
    const c = this.C;
    const base: Vec3 = [c[0] + d[0] * t, c[1] + d[1] * t, c[2] + d[2] * t];
    return { p: this.eyeWrap(this.details(base)), t };
  }

  /** Outward surface normal at (u, theta), by finite differences of the finished surface. */
  normalAt(u: number, theta: number): Vec3 {
    const e = 0.002;
    const pu0 = this.skinPoint(this.dir(u - e, theta)).p;
    const pu1 = this.skinPoint(this.dir(u + e, theta)).p;
    const pt0 = this.skinPoint(this.dir(u, theta - e)).p;
    const pt1 = this.skinPoint(this.dir(u, theta + e)).p;
    return normalize(cross(sub(pu1, pu0), sub(pt0, pt1)));
  }
}

/** Map uniform samples through a density so the face gets more rows and columns than the back. */
export function densitySamples(n: number, lo: number, hi: number, density: (x: number) => number): number[] {
  const steps = 2048;
  const cum: number[] = [0];
  for (let i = 1; i <= steps; i++) {
    const x = lo + ((hi - lo) * (i - 0.5)) / steps;
    cum.push((cum[i - 1] as number) + density(x));
  }
  const total = cum[steps] as number;
  const out: number[] = [];
  let j = 0;
  for (let k = 0; k < n; k++) {
    const target = (total * k) / (n - 1);
    while (j < steps && (cum[j + 1] as number) < target) j++;
    const c0 = cum[j] as number;
    const c1 = cum[j + 1] ?? c0 + 1;
    const f = c1 > c0 ? (target - c0) / (c1 - c0) : 0;
    out.push(lo + ((hi - lo) * (j + clamp(f, 0, 1))) / steps);
  }
  return out;
}

export const HEAD_GRID = { rows: 140, cols: 168 } as const;

/** Latitudes (polar angles) of the grid rows, with one row snapped onto the mouth line. */
export function headRows(shape: HeadShape): { thetas: number[]; mouthRow: number } {
  const thetas = densitySamples(HEAD_GRID.rows, 0, Math.PI, (t) => {
    const deg = t / DEG;
    return 1 + 2.4 * smoothstep(40, 62, deg) * (1 - smoothstep(138, 160, deg));
  });
  let mouthRow = 0;
  for (let i = 0; i < thetas.length; i++) {
    if (Math.abs((thetas[i] as number) - shape.thetaMouth) < Math.abs((thetas[mouthRow] as number) - shape.thetaMouth))
      mouthRow = i;
  }
  thetas[mouthRow] = shape.thetaMouth;
  return { thetas, mouthRow };
}

/**
 * Longitudes of the grid columns, dense over the face, exactly mirror-symmetric: the cumulative
 * sums that place them left each column a few parts in a billion off its twin's negative, which
 * the ray cast can carry into micrometres where the surface turns sharply (the mouth's corners).
 */
export function headCols(): number[] {
  const raw = densitySamples(HEAD_GRID.cols + 1, -Math.PI, Math.PI, (u) => {
    const deg = Math.abs(u) / DEG;
    return 1 + 2.6 * (1 - smoothstep(55, 95, deg));
  });
  const n = raw.length;
  const us = raw.map((u, k) => (u - (raw[n - 1 - k] as number)) / 2);
  us.pop(); // -pi and +pi are the same column
  return us;
}
