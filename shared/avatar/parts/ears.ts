/**
 * Ears: a closed, flattened shell with a raised rim (helix), a ridge (antihelix) and a bowl (concha),
 * set on the side of the head with its front edge sunk into the skin and its back edge flared out.
 */
import { add, bump, lerp, scale, smoothstep, type Vec3 } from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import type { HeadShape } from "./head.ts";

const SEG = 28;

export function buildEars(shape: HeadShape): PartBuilder {
  const b = new PartBuilder("ears");
  const E = shape.A.ear;
  for (const side of [1, -1]) {
    const f = E.flare;
    // local frame: h toward the back of the head, v up, n out of the ear's front face
    const h: Vec3 = [Math.sin(f) * side, 0, -Math.cos(f)];
    const v: Vec3 = [0, 1, 0];
    const n: Vec3 = [Math.cos(f) * side, 0, Math.sin(f)];
    const o: Vec3 = [E.center[0] * side, E.center[1], E.center[2]];
    const at = (lx: number, ly: number, lz: number): Vec3 => add(add(add(o, scale(h, lx)), scale(v, ly)), scale(n, lz));
    // outline: egg-shaped, wider at the top, the lobe narrower; angle 0 points to the back
    const outline = (t: number): [number, number] => {
      const c = Math.cos(t);
      const s = Math.sin(t);
      const wide = s > 0 ? 1 : lerp(1, 0.72, -s);
      return [c * E.width * 0.5 * wide + 0.002, s * E.height * 0.5];
    };
    const height = (rho: number, t: number): number => {
      const s = Math.sin(t);
      const lobe = smoothstep(-0.4, -0.9, s);
      const rim = 0.0036 * smoothstep(0.72, 0.92, rho) * (1 - lobe * 0.7) * (0.7 + 0.3 * Math.max(Math.cos(t), 0));
      const ridge = 0.0024 * bump(Math.abs(rho - 0.62) / 0.16) * (1 - lobe);
      // the bowl sits toward the front and lower half, where the ear canal is
      const bowl = -0.0042 * bump(Math.hypot(rho * Math.cos(t) + 0.2, rho * s + 0.1) / 0.45);
      return 0.0018 + rim + ridge + bowl + 0.0012 * lobe;
    };
    const rhos = [0.14, 0.3, 0.45, 0.58, 0.68, 0.78, 0.87, 0.95, 1.0];
    const rows: number[][] = [];
    for (const rho of rhos) {
      const row: number[] = [];
      for (let k = 0; k < SEG; k++) {
        const t = (k / SEG) * Math.PI * 2;
        const [ox, oy] = outline(t);
        row.push(b.vertex(at(ox * rho, oy * rho, height(rho, t)), o));
      }
      rows.push(row);
    }
    // round over the rim and back across the flat rear face
    const back = [
      [1.03, 0.0006],
      [1.0, -0.0018],
      [0.85, -0.003],
      [0.55, -0.0036],
      [0.2, -0.0038],
    ] as const;
    for (const [rho, z] of back) {
      const row: number[] = [];
      for (let k = 0; k < SEG; k++) {
        const [ox, oy] = outline((k / SEG) * Math.PI * 2);
        row.push(b.vertex(at(ox * rho, oy * rho, z), o));
      }
      rows.push(row);
    }
    // rows run outward over the front face then back in behind; angle runs counter-clockwise
    // seen from the front face on the +x side, so the mirrored side flips. Wound so the shell's
    // normals point out of it (they pointed in: the ears were drawn inside out, decision 039).
    b.grid(rows, true, side < 0);
    const front = b.vertex(at(-0.001, -0.002, height(0, 0)), o);
    const rear = b.vertex(at(0, 0, -0.0038), o);
    const first = rows[0] as number[];
    const last = rows[rows.length - 1] as number[];
    for (let k = 0; k < SEG; k++) {
      const k1 = (k + 1) % SEG;
      if (side < 0) {
        b.tri(front, first[k1] as number, first[k] as number);
        b.tri(rear, last[k] as number, last[k1] as number);
      } else {
        b.tri(front, first[k] as number, first[k1] as number);
        b.tri(rear, last[k1] as number, last[k] as number);
      }
    }
  }
  return b;
}
