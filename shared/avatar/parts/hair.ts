/**
 * Hair in two layers. Underneath, a shell over the skull seen from the same ray centre as the skin,
 * thick on top and tapering into the skin at the hairline (with temples and sideburns); long styles
 * add a curtain that hangs from the widest point of the head, turns behind the shoulders and clears
 * the body. On top, locks: tapered, arched ribbons laid along the hair's flow (from the crown whorl
 * for the short cut, from a centre parting for the long one), overlapping so the grooves between
 * them read as strands. Locks are made for +x and mirrored, so the hair is exactly symmetric.
 */
import { add, bump, clamp, cross, lerp, normalize, piecewise, scale, smoothstep, sub, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import { type Torso, torsoOf } from "./body.ts";
import type { HeadShape } from "./head.ts";

/**
 * How much light reaches the hair (decision 039, "Hair in its own shade"): the shell lies under the
 * locks; a lock is darker at its root, where it leaves the shell among the others, and along its
 * edges, where it tucks under its neighbours; its arched middle and its length take the light.
 */
const SHELL_LIGHT = 0.62;
function lockLight(along: number, across: number): number {
  const root = SHELL_LIGHT + (1 - SHELL_LIGHT) * smoothstep(0, 0.3, along);
  return root * (1 - 0.22 * across * across);
}

const COLS = 96;
const ROWS = 44;
const DEG = Math.PI / 180;

interface Style {
  /** Hairline polar angle (deg) by |u| (deg). */
  hairline: [number, number][];
  thickTop: number;
  thickSide: number;
  ridge: number;
  clumps: number;
  /** Long styles: where the curtain starts (|u| deg) and its length. */
  drape?: { from: number; full: number; capEnd: number; endY: number; backEndY: number };
}

const SHORT: Style = {
  hairline: [
    [0, 45],
    [16, 46],
    [34, 54],
    [48, 56],
    [62, 57],
    [70, 62],
    [76, 84],
    [82, 66],
    [98, 58],
    [122, 74],
    [150, 102],
    [180, 110],
  ],
  thickTop: 0.0075,
  thickSide: 0.0028,
  ridge: 0.0008,
  clumps: 40,
};

/**
 * The realistic short cut: the toon's shell, its hairline a little higher in front, where the
 * realistic fringe flicks up off the forehead rather than lying on it.
 */
const SHORT_REAL: Style = {
  ...SHORT,
  hairline: [[0, 41], [16, 42], [34, 51], ...SHORT.hairline.slice(3)],
};

const LONG: Style = {
  hairline: [
    [0, 40],
    [14, 43],
    [32, 54],
    [48, 64],
    [62, 72],
    [180, 72],
  ],
  thickTop: 0.006,
  thickSide: 0.008,
  ridge: 0.0012,
  clumps: 44,
  drape: { from: 40, full: 80, capEnd: 84, endY: -0.2, backEndY: -0.25 },
};

/** Two more cuts (decision 039): a chin-length bob and a tight cap for the ponytail. */
const BOB: Style = {
  hairline: [
    [0, 42],
    [14, 44],
    [32, 54],
    [48, 62],
    [62, 70],
    [180, 72],
  ],
  thickTop: 0.007,
  thickSide: 0.009,
  ridge: 0.0006,
  clumps: 30,
  drape: { from: 30, full: 66, capEnd: 84, endY: -0.07, backEndY: -0.085 },
};

const PONY: Style = {
  hairline: [
    [0, 44],
    [16, 46],
    [34, 54],
    [48, 58],
    [62, 62],
    [70, 66],
    [76, 84],
    [82, 70],
    [98, 68],
    [122, 92],
    [150, 112],
    [180, 118],
  ],
  thickTop: 0.0045,
  thickSide: 0.0032,
  ridge: 0.0004,
  clumps: 24,
};

/** Where the ponytail is tied: the polar angle (degrees from the top) at the back of the head. */
const PONY_TIE = 58;

/** The four cuts (appearance.hairStyle): the cartoon creator offers them, photo cloning picks one. */
export type HairCut = "short" | "bob" | "long" | "ponytail";

/** Where a hanging strand may be: outside the torso (pushed out radially) by `gap`. */
function clearBody(p: Vec3, tor: Torso, gap: number): Vec3 {
  const dz = p[2] - tor.cz;
  const rho = Math.hypot(p[0], dz);
  const phi = Math.atan2(p[0], dz);
  const out = tor.outer(phi) + gap;
  if (rho >= out || p[1] > tor.topY(phi, Math.min(rho, out)) + gap) return p;
  const k = out / Math.max(rho, 1e-6);
  return [p[0] * k, p[1], tor.cz + dz * k];
}

/** A polyline with its corners rounded: `passes` of a 1-2-1 average, the ends kept. */
function rounded(pts: Vec3[], passes: number): Vec3[] {
  let out = pts;
  for (let k = 0; k < passes; k++) {
    out = out.map((p, i) => {
      if (i === 0 || i === out.length - 1) return p;
      const a = out[i - 1] as Vec3;
      const c = out[i + 1] as Vec3;
      return [(a[0] + 2 * p[0] + c[0]) / 4, (a[1] + 2 * p[1] + c[1]) / 4, (a[2] + 2 * p[2] + c[2]) / 4];
    });
  }
  return out;
}

/** Resample a polyline to n points evenly by arc length. */
function resample(pts: Vec3[], n: number): Vec3[] {
  const cum = [0];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1] as Vec3;
    const q = pts[i] as Vec3;
    cum.push((cum[i - 1] as number) + Math.hypot(q[0] - a[0], q[1] - a[1], q[2] - a[2]));
  }
  const total = cum[cum.length - 1] as number;
  const out: Vec3[] = [];
  let j = 0;
  for (let r = 0; r < n; r++) {
    const target = (total * r) / (n - 1);
    while (j < cum.length - 2 && (cum[j + 1] as number) < target) j++;
    const a = pts[j] as Vec3;
    const q = pts[j + 1] as Vec3;
    const seg = (cum[j + 1] as number) - (cum[j] as number);
    const f = seg > 0 ? clamp((target - (cum[j] as number)) / seg, 0, 1) : 0;
    out.push([a[0] + (q[0] - a[0]) * f, a[1] + (q[1] - a[1]) * f, a[2] + (q[2] - a[2]) * f]);
  }
  return out;
}

class HairBuilder {
  readonly b = new PartBuilder("hair");
  readonly style: Style;
  readonly tor: Torso;
  readonly long: boolean;
  readonly earOuter: number;
  /** The cut: the anatomy's own (short or long) where none is named. */
  readonly cut: HairCut;
  constructor(
    readonly shape: HeadShape,
    cut: HairCut | undefined,
    readonly toon: boolean,
  ) {
    this.cut = cut ?? shape.A.hair;
    this.long = this.cut === "long" || this.cut === "bob";
    this.style =
      this.cut === "bob" ? BOB : this.cut === "ponytail" ? PONY : this.long ? LONG : toon ? SHORT : SHORT_REAL;
    this.tor = torsoOf(shape.A);
    const E = shape.A.ear;
    this.earOuter = E.center[0] + E.width * 0.5 * Math.sin(E.flare) + 0.008;
  }

  /** Shell thickness over the skin at polar angle deg and longitude au (deg), before the hairline taper. */
  thick(deg: number, au: number, u: number): number {
    const S = this.style;
    const pony = this.cut === "ponytail";
    // the toon ponytail's cap is smooth: its clumps' ridges cut the cel band's edge into a zigzag
    const ridge = (this.toon && pony ? 0 : S.ridge) * (0.5 - 0.5 * Math.cos(u * S.clumps));
    let t = S.thickTop + (S.thickSide - S.thickTop) * smoothstep(40, 95, deg) + ridge * smoothstep(8, 30, deg);
    if (!this.long) {
      // volume on top, a tight fade at the back and sides; a realistic cut's volume is nearer the
      // crown (its centre and reach, degrees from the top), so its sides lie closer to the head; a
      // ponytail's is the realistic cut's, lower (hair drawn tight to the tie: on the realistic
      // one, a higher crown rose through its locks)
      const [at, reach] = this.toon && !pony ? [24, 36] : [22, 30];
      t += (pony ? 0.008 : 0.014) * bump(Math.hypot((deg - at) / reach, au / 80));
      t *= 1 - 0.6 * smoothstep(70, 110, deg);
    } else {
      t += 0.004 * smoothstep(30, 80, deg) * smoothstep(40, 90, au);
    }
    return t;
  }

  /** Hairline polar angle (deg) at longitude au (deg). */
  hairline(au: number): number {
    return piecewise(this.style.hairline, au);
  }

  /** The shell, with the long style's curtain. */
  shell(): void {
    const { b, shape, style } = this;
    const C = shape.C;
    const rows: number[][] = Array.from({ length: ROWS }, () => []);
    for (let c = 0; c < COLS; c++) {
      const u = -Math.PI + (c / COLS) * Math.PI * 2;
      const au = Math.abs(u) / DEG;
      const hairline = this.hairline(au);
      const drape = style.drape;
      const drapeW = drape ? smoothstep(drape.from, drape.full, au) : 0;
      const capEnd = drape ? hairline + (drape.capEnd - hairline) * drapeW : hairline;
      const pts: Vec3[] = [];
      let maxH = 0;
      let last: Vec3 = [0, 0, 0];
      const steps = 26;
      for (let i = 1; i <= steps; i++) {
        const th = (capEnd * DEG * i) / steps;
        const d = shape.dir(u, th);
        const t = shape.hit(d);
        const deg = th / DEG;
        let thick = this.thick(deg, au, u);
        const edge = drapeW > 0.98 ? 1 : smoothstep(capEnd, capEnd - 10, deg);
        thick = 0.0005 + thick * edge;
        const r = t + thick;
        const p: Vec3 = [C[0] + d[0] * r, C[1] + d[1] * r, C[2] + d[2] * r];
        pts.push(p);
        maxH = Math.max(maxH, Math.hypot(p[0] - C[0], p[2] - C[2]));
        last = p;
      }
      if (drape && drapeW > 0) {
        const endY = lerp(drape.endY, drape.backEndY, smoothstep(100, 160, au));
        // layered, uneven ends: longer in the middle of each clump
        const tip = 0.016 * (0.5 - 0.5 * Math.cos(u * 11)) + 0.01 * (0.5 + 0.5 * Math.sin(Math.abs(u) * 5.3));
        const y1 = last[1] + (endY - tip - last[1]) * drapeW;
        for (const p of this.hang(u, last, maxH, y1, au < 70 ? 0 : 1, 0.004)) pts.push(p);
      }
      for (const [r, p] of resample(pts, ROWS + 1)
        .slice(1)
        .entries()) {
        const id = b.vertex(p);
        b.light[id] = SHELL_LIGHT;
        (rows[r] as number[]).push(id);
      }
    }
    b.grid(rows, true);
    const crown = shape.hit([0, 1, 0]) + this.thick(0, 0, 0) + 0.0005;
    const top = b.vertex([C[0], C[1] + crown, C[2]]);
    b.light[top] = SHELL_LIGHT;
    const first = rows[0] as number[];
    for (let c = 0; c < COLS; c++) b.tri(top, first[c] as number, first[(c + 1) % COLS] as number);
  }

  /**
   * A hanging strand from `from` (the last point on the head, at longitude u) down to y1: it hangs at
   * the widest radius above, clears the ears, flares toward the ends, turns behind the shoulders
   * (`back` 1) or stops on them (`back` 0), and never enters the body.
   */
  hang(u: number, from: Vec3, maxH: number, y1: number, back: number, gap: number): Vec3[] {
    const C = this.shape.C;
    const au = Math.abs(u) / DEG;
    const earZone = smoothstep(68, 82, au) * (1 - smoothstep(125, 140, au));
    const out: Vec3[] = [];
    const n = 30;
    const target = Math.sign(u) * Math.max(Math.abs(u), 150 * DEG);
    for (let j = 1; j <= n; j++) {
      const y = from[1] + ((y1 - from[1]) * j) / n;
      const fall = from[1] - y;
      let h = Math.max(maxH, earZone * (this.earOuter + 0.004) * clamp((y + 0.05) / 0.02, 0, 1));
      h += 0.1 * fall * fall + 0.02 * fall;
      const turn = back * smoothstep(-0.02, -0.14, y);
      const uu = lerp(u, target, turn);
      let p: Vec3 = [C[0] + Math.sin(uu) * h, y, C[2] + Math.cos(uu) * h];
      if (back === 0 && y < this.tor.collarY(0) + 0.02) {
        // framing strands stop on the shoulder rather than passing into it
        const dz = p[2] - this.tor.cz;
        const phi = Math.atan2(p[0], dz);
        const top = this.tor.topY(phi, Math.hypot(p[0], dz)) + gap;
        if (y < top) break;
      }
      p = clearBody(p, this.tor, gap);
      out.push(p);
    }
    return out;
  }

  /** The shell's outer surface along direction d (the skin plus the shell's thickness). */
  onShell(d: Vec3, lift: number): Vec3 {
    const C = this.shape.C;
    const t = this.shape.hit(d);
    const u = Math.atan2(d[0], d[2]);
    const deg = Math.acos(clamp(d[1], -1, 1)) / DEG;
    const r = t + this.thick(deg, Math.abs(u) / DEG, u) * 0.85 + lift;
    return [C[0] + d[0] * r, C[1] + d[1] * r, C[2] + d[2] * r];
  }

  /**
   * One lock along a centre line (root to tip): an arched ribbon `width` wide and `height` high in
   * the middle, narrowing to a point at the tip and a little at the root. `mirror` also adds the
   * lock's mirror image (for locks off the centre line).
   */
  lock(
    line: Vec3[],
    width: number,
    height: number,
    mirror: boolean,
    tipLift = 0,
    taper = 0.92,
    taperFrom = 0.55,
  ): void {
    const C = this.shape.C;
    const n = line.length;
    const across = [-1, -0.55, 0, 0.55, 1];
    const grid: Vec3[][] = [];
    for (let i = 0; i < n; i++) {
      const s = i / (n - 1);
      const p = line[i] as Vec3;
      const prev = line[Math.max(i - 1, 0)] as Vec3;
      const next = line[Math.min(i + 1, n - 1)] as Vec3;
      const tg = normalize(sub(next, prev));
      // outward: away from the head's vertical axis below the head, away from its centre above
      const radial = sub(p, C);
      const hanging = smoothstep(-0.02, -0.07, p[1]);
      const out0 = normalize([radial[0], radial[1] * (1 - hanging), radial[2]]);
      const side = normalize(cross(tg, out0));
      const nrm = normalize(cross(side, tg));
      const w = width * (0.55 + 0.45 * smoothstep(0, 0.18, s)) * (1 - smoothstep(taperFrom, 1, s) * taper);
      const h = height * (0.35 + 0.65 * smoothstep(0, 0.2, s)) * (1 - smoothstep(0.6, 1, s) * 0.8);
      const curl = tipLift * smoothstep(0.7, 1, s) ** 2;
      grid.push(
        across.map((k) => {
          const arch = h * (1 - k * k) ** 0.7;
          return add(add(p, scale(side, (k * w) / 2)), scale(nrm, arch + curl - 0.0006 * k * k));
        }),
      );
    }
    this.emit(grid, line, mirror, across);
  }

  private emit(grid: Vec3[][], line: Vec3[], mirror: boolean, across: readonly number[]): void {
    const { b } = this;
    // wind so the ribbon faces away from the head
    const g0 = grid[Math.floor(grid.length / 2)] as Vec3[];
    const g1 = grid[Math.floor(grid.length / 2) + 1] as Vec3[];
    const nrm = cross(sub(g1[0] as Vec3, g0[0] as Vec3), sub(g0[4] as Vec3, g0[0] as Vec3));
    const mid = line[Math.floor(line.length / 2)] as Vec3;
    const flip = nrm[0] * (mid[0] - this.shape.C[0]) + nrm[2] * (mid[2] - this.shape.C[2]) + nrm[1] * 0.3 < 0;
    for (const sgn of mirror ? [1, -1] : [1]) {
      const ids = grid.map((row, i) =>
        row.map((p, j) => {
          const id = b.vertex([p[0] * sgn, p[1], p[2]]);
          b.light[id] = lockLight(i / (grid.length - 1), across[j] as number);
          return id;
        }),
      );
      b.grid(ids, false, sgn > 0 ? !flip : flip);
    }
  }

  /** A lock's centre line over the head: a great-circle-like sweep through three directions. */
  overHead(a: Vec3, m: Vec3, z: Vec3, n: number, lift: (s: number) => number): Vec3[] {
    const pts: Vec3[] = [];
    for (let i = 0; i < n; i++) {
      const s = i / (n - 1);
      const d = normalize(add(add(scale(a, (1 - s) ** 2), scale(m, 2 * s * (1 - s))), scale(z, s * s)));
      pts.push(this.onShell(d, lift(s)));
    }
    return pts;
  }

  dirDeg(u: number, th: number): Vec3 {
    return this.shape.dir(u * DEG, th * DEG);
  }

  /** Short textured cut: locks from a crown whorl outward, and a textured fringe on top. */
  shortLocks(): void {
    const whorl = this.dirDeg(180, 24);
    const N = 22;
    for (let i = 0; i <= N; i++) {
      // end longitudes from the face (0) round to the back (180): the centre ones only once
      const ue = (180 * i) / N;
      const mirror = i > 0 && i < N;
      const hl = this.hairline(ue);
      // in front they reach the fringe's roots; at the sides and back they stop round the head's
      // widest line, raggedly, and the shell's short fade carries on below
      const ragged = 6 * Math.sin(i * 2.3) ** 2;
      const endTh = Math.min(hl - 1.5, lerp(hl - 1.5, 84, smoothstep(40, 90, ue)) - ragged * smoothstep(30, 70, ue));
      const end = this.dirDeg(ue, endTh);
      const start = normalize(add(whorl, scale(this.dirDeg(ue, 90), 0.12)));
      const mid = normalize(add(add(start, end), [0, 0.35, 0]));
      const line = this.overHead(start, mid, end, 14, (s) => 0.0012 + 0.0012 * s);
      this.lock(line, 0.02 - 0.005 * smoothstep(90, 180, ue), 0.0028, mirror, 0.0015);
    }
    // the nape: short pointed locks over the shell's lower edge behind (where it lies below the
    // crown locks' ends), so it ends in tips, not a line
    const B = 7;
    for (let i = 0; i < B; i++) {
      const ue = 132 + (48 * i) / (B - 1);
      const hl = this.hairline(ue);
      const from = this.dirDeg(ue, Math.min(84, hl - 12) + 3 * Math.sin(i * 1.7));
      const to = this.dirDeg(ue, hl + 3 + 3 * Math.sin(i * 2.9) ** 2);
      const line = this.overHead(from, normalize(add(from, to)), to, 8, () => 0.0006);
      this.lock(line, 0.016, 0.0014, i < B - 1, 0, 1, 0.3);
    }
    // the fringe: a top layer swept forward, ending in a ragged row of tips that flick up over the forehead
    const F = 12;
    for (let i = 0; i < F; i++) {
      const ue = 3 + (60 * i) / (F - 1);
      const hl = this.hairline(ue);
      const jitter = 3 * Math.sin(i * 2.7);
      const end = this.dirDeg(ue * 1.05, hl - 2.5 + jitter - 7 * smoothstep(20, 60, ue));
      const start = this.dirDeg(150 - ue * 0.6, 14);
      const mid = normalize(add(add(start, end), [0, 0.5, 0]));
      const line = this.overHead(start, mid, end, 14, (s) => 0.003 + 0.0035 * Math.sin(Math.PI * s) ** 0.7);
      this.lock(line, 0.018, 0.003, true, 0.004, 0.85);
    }
    // a middle lock so the fringe has no gap at the centre
    const line = this.overHead(this.dirDeg(180, 8), this.dirDeg(0, 10), this.dirDeg(0, this.hairline(0) - 1), 14, (s) =>
      lerp(0.003, 0.0045, Math.sin(Math.PI * s)),
    );
    this.lock(line, 0.018, 0.003, false, 0.0035);
  }

  /**
   * Long cut with a centre parting: locks from the parting over the head and down, behind the
   * shoulders; or (`bob`) the same locks ending level at the chin, beside the face.
   */
  longLocks(bob = false): void {
    const C = this.shape.C;
    const N = 24;
    for (let i = 0; i < N; i++) {
      const f = i / (N - 1);
      // from the face-framing lock at the temple round to the back
      const ue = lerp(58, 176, f);
      const root = normalize(lerp3(this.dirDeg(2, 34), this.dirDeg(178, 18), smoothstep(0.05, 1, f)));
      const leaveTh = lerp(70, 92, smoothstep(0, 0.35, f));
      const leave = this.dirDeg(ue, leaveTh);
      const mid = normalize(add(add(root, leave), [0, 0.25, 0]));
      const lift = 0.0016 + 0.0012 * f;
      let head = this.overHead(
        root,
        mid,
        leave,
        12,
        (s) => lift * smoothstep(0, 0.25, s) + 0.0025 * Math.sin(Math.PI * s),
      );
      const radius = (p: Vec3) => Math.hypot(p[0] - C[0], p[2] - C[2]);
      // the lock falls straight from the head's widest point: following the skull in below it and
      // stepping out again made a ledge round the back at the ears
      const widest = head.reduce((k, p, j) => (radius(p) > radius(head[k] as Vec3) ? j : k), 0);
      head = head.slice(0, Math.max(widest + 1, 4));
      const last = head[head.length - 1] as Vec3;
      const maxH = head.reduce((m, p) => Math.max(m, radius(p)), 0) + 0.002;
      const layered = 0.025 * Math.sin(i * 2.1) ** 2;
      const y1 = bob
        ? -0.066 - 0.012 * smoothstep(0.3, 1, f) + 0.006 * Math.sin(i * 2.1) ** 2
        : (f < 0.15 ? -0.15 : f < 0.4 ? -0.2 : -0.24) + layered;
      const hang = this.hang(ue * DEG, last, maxH, y1, bob || f < 0.15 ? 0 : 1, 0.006 + 0.002 * f);
      // rounded where it leaves the head and falls: a corner there read as a kink in every lock
      const line = rounded(resample([...head, ...hang], 22), 3);
      this.lock(line, 0.021 - 0.004 * f, 0.0034, true, 0, 0.65, 0.7);
    }
  }

  /**
   * Anime hair (the toon style): a few big, strong shapes over the shell. A fringe of wide locks
   * over the forehead (pointed, or cut straight for the bob), then per style: pointed spikes
   * flicking out round the sides and back (short), long pointed locks down behind the shoulders
   * (long), wide locks ending level at the chin (bob). The ponytail has no fringe: the shell drawn
   * back, bare at the forehead, and the tail.
   */
  toonLocks(kind: HairCut): void {
    if (kind === "ponytail") {
      // hair drawn back: the cap's one smooth shape and the tail, the forehead bare (decision 039,
      // "The toon ponytail"); locks over the cap broke it into patches in cel shading
      this.tail(this.onShell(this.dirDeg(180, PONY_TIE), 0.001));
      return;
    }
    const blunt = kind === "bob";
    const F = 4;
    for (let i = 0; i <= F; i++) {
      const ue = (58 * i) / F;
      const hl = this.hairline(ue);
      const drop = blunt ? 13 : 16 - 4 * Math.sin(i * 2.3) ** 2;
      const end = this.dirDeg(ue * 1.08, hl + drop - 9 * smoothstep(30, 58, ue));
      const start = this.dirDeg(165 - ue * 0.6, 18);
      const mid = normalize(add(add(start, end), [0, 0.5, 0]));
      const line = this.overHead(start, mid, end, 16, (s) => 0.0035 + 0.004 * Math.sin(Math.PI * s) ** 0.7);
      if (blunt) this.lock(line, 0.04, 0.0045, i > 0, 0.002, 0.2, 0.9);
      else this.lock(line, 0.042, 0.005, i > 0, 0.0035, 1, 0.35);
    }
    const C = this.shape.C;
    if (kind === "short") {
      const whorl = this.dirDeg(180, 20);
      const N = 7;
      for (let i = 0; i <= N; i++) {
        const ue = 64 + (116 * i) / N;
        const end = this.dirDeg(ue, this.hairline(ue) + 4);
        const start = normalize(add(whorl, scale(this.dirDeg(ue, 90), 0.15)));
        const mid = normalize(add(add(start, end), [0, 0.3, 0]));
        const line = this.overHead(start, mid, end, 14, (s) => 0.003 + 0.003 * Math.sin(Math.PI * s));
        this.lock(line, 0.055, 0.005, i < N, 0.007, 1, 0.4);
      }
    } else if (kind === "long" || kind === "bob") {
      const N = kind === "long" ? 8 : 9;
      for (let i = 0; i < N; i++) {
        const f = i / (N - 1);
        const ue = lerp(kind === "long" ? 56 : 64, 176, f);
        const root = normalize(lerp3(this.dirDeg(2, 30), this.dirDeg(178, 16), smoothstep(0.05, 1, f)));
        const leave = this.dirDeg(ue, lerp(72, 92, smoothstep(0, 0.35, f)));
        const mid = normalize(add(add(root, leave), [0, 0.25, 0]));
        const head = this.overHead(root, mid, leave, 12, (s) => 0.003 + 0.003 * Math.sin(Math.PI * s));
        const last = head[head.length - 1] as Vec3;
        const maxH = head.reduce((m, p) => Math.max(m, Math.hypot(p[0] - C[0], p[2] - C[2])), 0) + 0.004;
        const y1 =
          kind === "bob"
            ? -0.068 - 0.012 * smoothstep(0.3, 1, f)
            : (f < 0.2 ? -0.16 : -0.25) + 0.02 * Math.sin(i * 2.1) ** 2;
        const back = kind === "long" && f >= 0.2 ? 1 : 0;
        const hang = this.hang(ue * DEG, last, maxH, y1, back, 0.008);
        const line = resample([...head, ...hang], 30);
        if (kind === "bob") this.lock(line, 0.06, 0.005, true, -0.004, 0.25, 0.88);
        else this.lock(line, 0.058, 0.0055, true, 0.004, 1, 0.55);
      }
    }
  }

  /**
   * The realistic ponytail: `n` locks a side swept back to the tie from the hairline, from longitude
   * `from` (the middle of the forehead, so the top is hair drawn back rather than a smooth cap), and
   * the tail. Many fine, low locks (decision 039, "A ponytail combed back"): a few wide ones read as
   * cornrows.
   */
  ponytailLocks(width: number, height: number, n: number, from: number): void {
    const tie = this.dirDeg(180, PONY_TIE);
    for (let i = 0; i < n; i++) {
      const ue = from + ((160 - from) * i) / (n - 1);
      const start = this.dirDeg(ue, this.hairline(ue) - 2);
      const mid = normalize(add(add(start, tie), [0, 0.25, 0]));
      const line = this.overHead(start, mid, tie, 12, () => 0.0015);
      this.lock(line, width, height, true, 0, 0.6, 0.75);
    }
    this.tail(this.onShell(tie, 0.001));
  }

  /** The ponytail: a tube from the tie, out and down behind the head, flaring then ending in a point. */
  tail(root: Vec3): void {
    const { b } = this;
    const n = 26;
    const ring = 14;
    const rings: number[][] = [];
    const pts: Vec3[] = [];
    for (let i = 0; i < n; i++) {
      const s = i / (n - 1);
      let p: Vec3 = [
        0,
        root[1] - 0.03 * s - 0.2 * s * s,
        root[2] - 0.045 * Math.sin(Math.min(1, s * 1.8) * (Math.PI / 2)),
      ];
      p = clearBody(p, this.tor, 0.012);
      pts.push(p);
    }
    for (let i = 0; i < n; i++) {
      const s = i / (n - 1);
      const p = pts[i] as Vec3;
      const tg = normalize(sub(pts[Math.min(i + 1, n - 1)] as Vec3, pts[Math.max(i - 1, 0)] as Vec3));
      const e1: Vec3 = [1, 0, 0];
      const e2 = normalize(cross(tg, e1));
      const r = 0.024 * lerp(0.55, 1, smoothstep(0, 0.18, s)) * (1 - 0.92 * smoothstep(0.35, 1, s));
      const row: number[] = [];
      for (let k = 0; k < ring; k++) {
        const t = (k / ring) * Math.PI * 2;
        // x = sin t: the ring is its own mirror image (t and -t), so the tail stays symmetric
        row.push(b.vertex(add(add(p, scale(e1, Math.sin(t) * r * 1.15)), scale(e2, Math.cos(t) * r))));
      }
      rings.push(row);
    }
    b.grid(rings, true, true);
    const tip = b.vertex(pts[n - 1] as Vec3);
    const last = rings[n - 1] as number[];
    for (let k = 0; k < ring; k++) b.tri(tip, last[(k + 1) % ring] as number, last[k] as number);
  }

  build(): PartBuilder {
    this.shell();
    if (this.toon) this.toonLocks(this.cut);
    else if (this.cut === "ponytail") this.ponytailLocks(0.009, 0.0007, 40, 4);
    else if (this.long) this.longLocks(this.cut === "bob");
    else this.shortLocks();
    // Every face turned over, so the normals point out of the hair: the shell and the locks were
    // wound inward. Double-sided shading never showed it, but the toon outline (an inverted hull
    // pushed out along the normals, decision 039) was pushed into the head and never seen.
    const idx = this.b.indices;
    for (let i = 0; i < idx.length; i += 3) {
      const t = idx[i + 1] as number;
      idx[i + 1] = idx[i + 2] as number;
      idx[i + 2] = t;
    }
    return this.b;
  }
}

const lerp3 = (a: Vec3, b: Vec3, t: number): Vec3 => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];

/**
 * The hair in one of the four cuts (the anatomy's own where none is named): realistic locks, or
 * (`toon`) the anime shapes.
 */
export function buildHair(shape: HeadShape, cut?: HairCut, toon = false): PartBuilder {
  return new HairBuilder(shape, cut, toon).build();
}
