/**
 * Inside the mouth: two rows of teeth on an arch, a tongue, and a dark mouth cavity. The cavity is an
 * inward-facing ellipsoid: from outside it is culled, so it only shows through an open mouth.
 */
import { lerp, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import type { HeadShape } from "./head.ts";

/** A closed ellipsoid-like blob; `power` < 1 makes it boxier (teeth), `inward` flips it inside out. */
export function blob(
  b: PartBuilder,
  c: Vec3,
  r: Vec3,
  opts: { rings?: number; segs?: number; power?: number; yaw?: number; inward?: boolean; anchor?: Vec3 } = {},
): void {
  const rings = opts.rings ?? 10;
  const segs = opts.segs ?? 14;
  const pw = opts.power ?? 1;
  const cy = Math.cos(opts.yaw ?? 0);
  const sy = Math.sin(opts.yaw ?? 0);
  const sp = (v: number) => Math.sign(v) * Math.abs(v) ** pw;
  const put = (x: number, y: number, z: number) => {
    const lx = x * r[0];
    const lz = z * r[2];
    return b.vertex([c[0] + lx * cy + lz * sy, c[1] + y * r[1], c[2] - lx * sy + lz * cy], opts.anchor);
  };
  const ids: number[][] = [];
  for (let i = 1; i < rings; i++) {
    const a = (i / rings) * Math.PI;
    const row: number[] = [];
    for (let k = 0; k < segs; k++) {
      const phi = (k / segs) * Math.PI * 2;
      row.push(put(sp(Math.sin(a) * Math.sin(phi)), sp(Math.cos(a)), sp(Math.sin(a) * Math.cos(phi))));
    }
    ids.push(row);
  }
  const inward = opts.inward ?? false;
  b.grid(ids, true, inward);
  const top = put(0, 1, 0);
  const bot = put(0, -1, 0);
  const first = ids[0] as number[];
  const last = ids[ids.length - 1] as number[];
  for (let k = 0; k < segs; k++) {
    const k1 = (k + 1) % segs;
    if (inward) {
      b.tri(top, first[k1] as number, first[k] as number);
      b.tri(bot, last[k] as number, last[k1] as number);
    } else {
      b.tri(top, first[k] as number, first[k1] as number);
      b.tri(bot, last[k1] as number, last[k] as number);
    }
  }
}

export interface MouthBuild {
  teeth: PartBuilder;
  tongue: PartBuilder;
  mouth: PartBuilder;
}

/** Where the inside of the mouth sits, shared with the jaw and teeth morphs. */
export function mouthFrame(shape: HeadShape): { front: number; y: number; arch: number } {
  const M = shape.A.mouth;
  return {
    // the incisors sit well behind the lips' front, so a thin or retreating lip still covers them
    front: M.center[2] - 0.0068,
    y: shape.skinPoint(shape.dir(0, shape.thetaMouth)).p[1],
    // inside the corners: an arch wider than the mouth shows its back teeth through the corners
    arch: M.halfWidth * 0.95,
  };
}

export function buildMouth(shape: HeadShape): MouthBuild {
  const f = mouthFrame(shape);
  const teeth = new PartBuilder("teeth");
  const R = f.arch;
  const zc = f.front - R;
  const N = 12;
  for (const upper of [true, false]) {
    const h = upper ? 0.0046 : 0.004;
    for (let i = 0; i < N; i++) {
      const a = lerp(-1.25, 1.25, (i + 0.5) / N);
      const front = 1 - Math.abs(a) / 1.25;
      // central incisors are the widest and longest; back teeth sit lower and further in
      const w = 0.0021 + 0.0005 * front;
      const hh = h * (0.8 + 0.28 * front);
      const x = R * Math.sin(a) * (upper ? 1 : 0.93);
      const z = zc + R * Math.cos(a) * (upper ? 1 : 0.95) - (upper ? 0 : 0.0007);
      const y = upper ? f.y + hh - 0.0006 : f.y - hh - 0.0012;
      blob(teeth, [x, y, z], [w, hh, 0.0018], { rings: 6, segs: 10, power: 0.55, yaw: a, anchor: [x, y, z] });
    }
  }
  const tongue = new PartBuilder("tongue");
  blob(tongue, [0, f.y - 0.0075, f.front - 0.017], [0.017, 0.0055, 0.02], { rings: 10, segs: 18 });
  const mouth = new PartBuilder("mouth");
  blob(mouth, [0, f.y - 0.003, f.front - 0.021], [0.025, 0.016, 0.02], { rings: 12, segs: 20, inward: true });
  return { teeth, tongue, mouth };
}
