/**
 * Facial hair (appearance.beard, decision 046): a shell over the skin, built on the skin's own grid
 * (parts/skin.ts) so each of its vertices stands over one of the skin's, lifted along the surface's
 * normal by the beard's thickness there. Its edges dive just under the skin, so the shell meets the
 * face in a clean line and never flickers against it. A moustache covers the upper lip from under
 * the nose, tapering to the mouth's corners; a goatee the moustache, the chin and the corners
 * between them; a full beard also the cheeks below the cheekbone, the jaw and under it,
 * up to the sideburns. The lips are always left bare.
 *
 * Stubble is no shell on the realistic bust: the skin itself is darkened toward the hair's colour
 * where a beard grows (zones.ts). The toon style, which has no per-vertex colour, draws it as a
 * flat shell of the full beard's shape a hair's breadth off the skin, as anime draws a shadow.
 *
 * The shell moves exactly as the skin under it: the morph fields are read at the skin's points
 * (`BeardBuild.base`), for the sliders and the expressions alike, so it opens with the jaw.
 */
import type { BeardStyle } from "../look.ts";
import { add, cross, normalize, scale, smoothstep, sub, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import { type HeadShape, headCols, headRows } from "./head.ts";

export interface BeardBuild {
  part: PartBuilder;
  /** Per vertex, the skin point it stands over (3 floats a vertex): where the morph fields are read. */
  base: Float32Array;
}

/** The thickness at full cover (metres), and how far below the skin the shell's edge runs. */
const THICK: Record<Exclude<BeardStyle, "none">, number> = {
  stubble: 0.00045,
  moustache: 0.003,
  goatee: 0.0035,
  full: 0.0048,
};
const SINK = 0.0008;
const DEG = Math.PI / 180;
/** The neckline's polar angle from the ray centre (degrees; 180 straight down): at the front, and at the jaw's angle. */
const NECKLINE = [160, 142] as const;
/** How far below the nose's wings stubble's cheek line starts (metres). */
const STUBBLE_DROP = 0.006;
/** How far under the chin a goatee reaches (the same polar angle). */
const GOATEE_UNDER = 154;
/** How far past the mouth's corners a moustache reaches (metres). */
const MOUSTACHE_PAST = 0.001;

/** How much of a beard of this style grows at a rest skin point, 0..1 (mirror-symmetric). */
export function beardCover(shape: HeadShape, style: BeardStyle, p: Vec3): number {
  if (style === "none") return 0;
  const A = shape.A;
  const M = A.mouth;
  const W = M.halfWidth;
  const ax = Math.abs(p[0]);
  const y = p[1];
  const C = shape.C;
  // the angle round the head from the front (0) to the side (pi/2)
  const lon = Math.atan2(ax, p[2] - C[2]);
  if (lon > 1.75) return 0;
  const noseBase = A.nose.ala[1] - A.nose.alaR * 0.75;
  const chinBottom = A.chin.c[1] - A.chin.r[1];
  // the lips and a millimetre round them stay bare
  const [mx, my] = shape.mouthLocal(p);
  const [yU, yL] = shape.lipBorders(Math.min(Math.abs(mx), W * 0.995));
  const nearMouth = 1 - smoothstep(W * 1.02, W * 1.22, Math.abs(mx));
  // (the lips' shell stands a little past its borders; and the borders meet at the corners, where
  // a millimetre and a half is kept bare)
  const up = Math.max(yU * 1.12 + 0.0005, 0.0015);
  const low = Math.max(-yL * 1.12 + 0.0005, 0.0015);
  // (over wider a band for stubble's shell, which lies flat on the skin: the grid's cells are as wide as a
  // beard's band, and stubble's flat colour would show their steps)
  const band = style === "stubble" ? 0.004 : 0.0022;
  const lipGap = Math.max(smoothstep(up, up + band, my), smoothstep(low, low + band, -my));
  const bareLips = 1 - nearMouth * (1 - lipGap);
  if (style === "moustache") {
    // over the upper lip: its top from under the nose falling toward the mouth's corners, its ends
    // tapering to a point a little past them (its lower edge is the lips' bare border)
    const end = W + MOUSTACHE_PAST;
    const tip = M.center[1] + 0.004;
    const top = noseBase - 0.001 - (noseBase - 0.001 - tip) * smoothstep(W * 0.3, end, ax) ** 1.4;
    const moustache =
      (1 - smoothstep(end - 0.002, end + 0.001, ax)) *
      (1 - smoothstep(top - 0.002, top + 0.0005, y)) *
      smoothstep(M.center[1] + 0.0005, M.center[1] + 0.002, y) *
      (1 - smoothstep(0.7, 0.9, lon));
    return moustache * bareLips;
  }
  const v = sub(p, C);
  const theta = Math.acos(v[1] / Math.hypot(v[0], v[1], v[2])) / DEG;
  // round the mouth: from under the nose to under the chin, a little wider than the mouth and
  // narrowing to the chin
  const down = smoothstep(M.center[1], chinBottom, y);
  const half = W + 0.004 - W * 0.5 * down;
  const goatee =
    (1 - smoothstep(half - 0.0025, half + 0.0025, ax)) *
    (1 - smoothstep(noseBase - 0.003, noseBase, y)) *
    (1 - smoothstep(GOATEE_UNDER - 4, GOATEE_UNDER, theta)) *
    (1 - smoothstep(0.7, 0.9, lon));
  let cover = style === "stubble" ? 0 : goatee;
  if (style === "full" || style === "stubble") {
    // the cheek line: from the nose's wing out and up to the sideburn in front of the ear; stubble's
    // lower, from beside the mouth's corner along the jaw (a shadow on the jaw, not a mask)
    // (stubble's line runs on over the moustache, at the nose's base over the mouth and falling to the
    // cheek line past its corners, so the moustache and the cheeks are one shadow with no notch between)
    const top =
      style === "stubble"
        ? noseBase -
          STUBBLE_DROP * smoothstep(W * 0.7, W * 1.5, ax) +
          (A.ear.center[1] - noseBase) * smoothstep(0.35, 1.4, lon)
        : noseBase + (A.ear.center[1] + 0.012 - noseBase) * smoothstep(0.25, 1.35, lon);
    // (stubble's edge is a shadow's, sharper over the lip than a beard's)
    const fade = style === "stubble" ? 0.005 : 0.009;
    // The neckline, as a polar angle from the ray centre (the skin grid's rows run along it, so the
    // edge is smooth where the skin turns under the chin): well under the chin at the front, up to
    // the jaw's angle at the side.
    const bottom = NECKLINE[0] + (NECKLINE[1] - NECKLINE[0]) * smoothstep(0.3, 1.4, lon);
    const cheeks =
      (1 - smoothstep(top - fade, top + 0.001, y)) *
      (1 - smoothstep(bottom - 4, bottom, theta)) *
      (1 - smoothstep(1.45, 1.6, lon));
    cover = Math.max(cover, cheeks);
  }
  return cover * bareLips;
}

/**
 * The beard for a head, or null for none (and for stubble on the realistic bust, drawn as colour):
 * laid over the skin's own grid (`skin`, parts/skin.ts), its points read from the skin's positions.
 */
export function buildBeard(
  shape: HeadShape,
  style: BeardStyle,
  toon: boolean,
  skin: { rows: number[][]; positions: readonly number[] },
): BeardBuild | null {
  if (style === "none" || (style === "stubble" && !toon)) return null;
  const us = headCols();
  const thick = THICK[style];
  const at = (id: number): Vec3 => [
    skin.positions[id * 3] as number,
    skin.positions[id * 3 + 1] as number,
    skin.positions[id * 3 + 2] as number,
  ];
  // the rows and columns a beard can reach: the lower face and the top of the neck, the front half
  const cols = us.map((_, c) => c).filter((c) => Math.abs(us[c] as number) < 1.9);
  const { thetas } = headRows(shape);
  const grid = skin.rows
    .filter((_, k) => {
      // (the skin's rows are headRows' from the second)
      const y = shape.C[1] + Math.cos(thetas[k + 1] as number) * 0.09;
      return y < 0.03 && y > -0.16;
    })
    .map((row) => cols.map((c) => at(row[c] as number)));
  const covers = grid.map((row) => row.map((p) => beardCover(shape, style, p)));
  // a point is built where there is cover, or next to it: the shell's edge, which runs under the skin
  const built = (i: number, j: number) =>
    (covers[i]?.[j] as number) > 0 ||
    [covers[i - 1]?.[j], covers[i + 1]?.[j], covers[i]?.[j - 1], covers[i]?.[j + 1]].some((w) => (w ?? 0) > 0);
  const part = new PartBuilder("beard");
  const base: number[] = [];
  const ids = grid.map((row, i) =>
    row.map((p, j) => {
      if (!built(i, j)) return -1;
      const w = covers[i]?.[j] as number;
      const up = grid[Math.max(0, i - 1)]?.[j] as Vec3;
      const down = grid[Math.min(grid.length - 1, i + 1)]?.[j] as Vec3;
      const left = row[Math.max(0, j - 1)] as Vec3;
      const right = row[Math.min(row.length - 1, j + 1)] as Vec3;
      const n = normalize(cross(sub(right, left), sub(up, down)));
      // the thickness: full where the cover is, below the skin at its edge. The shell meets the skin
      // where its lift, interpolated across each quad, passes zero: on the cover's contour, not along
      // the grid's cells (a stubble shell's flat colour ends there in a sharp line, as anime draws it;
      // its lift rises over a narrower band than a beard's, having less to rise)
      const lift =
        style === "stubble" ? (thick + SINK) * smoothstep(0.25, 0.75, w) - SINK : thick * smoothstep(0, 1, w) - SINK;
      const id = part.vertex(add(p, scale(n, lift)), p);
      // tufts: a little darker here and there (a hash of the mirrored place, so both sides match)
      part.light[id] = 1 - TUFTS * tuft(Math.abs(p[0]), p[1], p[2]);
      base.push(p[0], p[1], p[2]);
      return id;
    }),
  );
  // the quads with all four corners built and some cover
  for (let i = 0; i + 1 < grid.length; i++) {
    for (let j = 0; j + 1 < cols.length; j++) {
      const q = [ids[i]?.[j], ids[i + 1]?.[j], ids[i + 1]?.[j + 1], ids[i]?.[j + 1]] as number[];
      if (q.some((id) => id < 0)) continue;
      const c = [covers[i]?.[j], covers[i + 1]?.[j], covers[i + 1]?.[j + 1], covers[i]?.[j + 1]] as number[];
      if (Math.max(...c) <= 0.02) continue;
      part.quad(q[0] as number, q[1] as number, q[2] as number, q[3] as number);
    }
  }
  return { part, base: new Float32Array(base) };
}

/** How much darker a tuft is than the beard's colour. */
const TUFTS = 0.28;

/** A hash of a point (millimetre cells) as 0..1. */
function tuft(x: number, y: number, z: number): number {
  const h =
    Math.sin(Math.round(x * 1000) * 12.9898 + Math.round(y * 1000) * 78.233 + Math.round(z * 1000) * 37.719) *
    43758.5453;
  return h - Math.floor(h);
}

/**
 * What stubble multiplies the skin's colour by at full cover: darker and cooler, as dark stubble reads
 * from a few feet away. One tint for every hair colour, so it can be built into the mesh once (the
 * 3D view builds a bust per shape and sets its colours after) and the portraits match the view.
 */
const STUBBLE: Vec3 = [0.5, 0.52, 0.6];

/**
 * The realistic skin where a beard grows, darkened: stubble, and under a goatee's or a full beard's
 * shell so its edge fades into the skin. Multiplies `colors` (RGB multipliers per vertex of
 * `positions`, the skin's rest points) in place.
 */
export function shadeStubble(shape: HeadShape, style: BeardStyle, positions: Float32Array, colors: Float32Array): void {
  for (let i = 0; i < positions.length / 3; i++) {
    const p: Vec3 = [positions[i * 3] as number, positions[i * 3 + 1] as number, positions[i * 3 + 2] as number];
    const w = beardCover(shape, style, p);
    if (w <= 0) continue;
    for (let k = 0; k < 3; k++)
      colors[i * 3 + k] = (colors[i * 3 + k] as number) * (1 + ((STUBBLE[k] as number) - 1) * w);
  }
}
