/**
 * The skin grid of head and neck, cut open along the mouth line so the jaw can open, and the lips:
 * a thin coloured shell over the skin whose borders follow smooth curves rather than grid edges,
 * rolling inward at the mouth line so an open mouth shows lip thickness.
 */
import { add, scale, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import { HEAD_GRID, type HeadShape, headCols, headRows } from "./head.ts";

export interface SkinBuild {
  skin: PartBuilder;
  lips: PartBuilder;
  /**
   * The skin grid's vertex ids, a row per latitude from the top (headRows' rows 1 to rows - 2) and
   * a column per longitude (headCols); along the mouth's slit, the upper side's. The beard is laid
   * over them (parts/beard.ts).
   */
  rows: number[][];
}

export function buildSkin(shape: HeadShape): SkinBuild {
  const { thetas, mouthRow } = headRows(shape);
  const us = headCols();
  const skin = new PartBuilder("skin");
  const rows: number[][] = [];
  const guess = us.map(() => 0.1);
  for (let r = 1; r < HEAD_GRID.rows - 1; r++) {
    const theta = thetas[r] as number;
    const row: number[] = [];
    for (let c = 0; c < us.length; c++) {
      const { p, t } = shape.skinPoint(shape.dir(us[c] as number, theta), guess[c]);
      guess[c] = t;
      row.push(skin.vertex(p));
    }
    rows.push(row);
  }
  const top = skin.vertex(shape.skinPoint([0, 1, 0]).p);
  const bottom = skin.vertex(shape.skinPoint([0, -1, 0]).p);

  // the slit: seam columns strictly between the mouth corners get a second, lower copy
  const seamIdx = mouthRow - 1;
  const seam = rows[seamIdx] as number[];
  const lowerSeam = [...seam];
  const W = shape.A.mouth.halfWidth;
  const slitCols: number[] = [];
  for (let c = 0; c < us.length; c++) {
    const id = seam[c] as number;
    const x = skin.positions[id * 3] as number;
    const z = skin.positions[id * 3 + 2] as number;
    if (Math.abs(x) < W && z > 0) {
      slitCols.push(c);
      skin.sides[id] = 1;
      lowerSeam[c] = skin.vertex([x, skin.positions[id * 3 + 1] as number, z], undefined, -1);
    }
  }
  skin.grid(rows.slice(0, seamIdx + 1), true);
  skin.grid([lowerSeam, ...rows.slice(seamIdx + 1)], true);
  const first = rows[0] as number[];
  const last = rows[rows.length - 1] as number[];
  for (let c = 0; c < us.length; c++) {
    const c1 = (c + 1) % us.length;
    skin.tri(top, first[c] as number, first[c1] as number);
    skin.tri(bottom, last[c1] as number, last[c] as number);
  }

  // lip columns: the slit plus one shared corner column on each side
  const c0 = (slitCols[0] as number) - 1;
  const c1 = (slitCols[slitCols.length - 1] as number) + 1;
  const lipCols: number[] = [];
  for (let c = c0; c <= c1; c++) lipCols.push(c);
  const lips = buildLips(shape, us, lipCols);
  return { skin, lips, rows };
}

function buildLips(shape: HeadShape, us: number[], cols: number[]): PartBuilder {
  const upper = new PartBuilder("lips");
  const lower = new PartBuilder("lips");
  const NU = 7;
  const NL = 8;
  const FLANGE = [0.0014, 0.003, 0.0052];
  const lift = 0.00035;
  const uRows: number[][] = Array.from({ length: NU + 1 + FLANGE.length }, () => []);
  const lRows: number[][] = Array.from({ length: NL + 1 + FLANGE.length }, () => []);
  const W = shape.A.mouth.halfWidth;
  for (const c of cols) {
    const u = us[c] as number;
    const seamPos: Vec3 = shape.skinPoint(shape.dir(u, shape.thetaMouth)).p;
    const [yU, yL] = shape.lipBorders(seamPos[0]);
    const ax = Math.min(Math.abs(seamPos[0]) / W, 1);
    const inward = Math.sqrt(Math.max(1 - ax * ax, 0));
    const at = (my: number): Vec3 => {
      const th = shape.thetaMouth - my / shape.mouthR;
      const p = shape.skinPoint(shape.dir(u, th)).p;
      return add(p, scale(shape.normalAt(u, th), lift));
    };
    // upper: border (top) down to the slit, then curling in and up behind the lip
    for (let k = 0; k <= NU; k++) {
      const f = 1 - k / NU;
      (uRows[k] as number[]).push(upper.vertex(at(yU * 1.04 * f), undefined, 1));
    }
    const s0 = at(0);
    FLANGE.forEach((d, j) => {
      const p: Vec3 = [s0[0], s0[1] + d * 0.35 * inward, s0[2] - d * inward];
      (uRows[NU + 1 + j] as number[]).push(upper.vertex(p, undefined, 1));
    });
    // lower: from deep inside out over the slit and down to the border
    FLANGE.forEach((d, j) => {
      const p: Vec3 = [s0[0], s0[1] - d * 0.35 * inward, s0[2] - d * inward];
      (lRows[FLANGE.length - 1 - j] as number[]).push(lower.vertex(p, undefined, -1));
    });
    for (let k = 0; k <= NL; k++) {
      (lRows[FLANGE.length + k] as number[]).push(lower.vertex(at(yL * 1.04 * (k / NL)), undefined, -1));
    }
  }
  upper.grid(uRows, false);
  lower.grid(lRows, false);
  upper.merge(lower);
  return upper;
}
