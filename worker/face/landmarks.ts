/**
 * The 68 iBUG landmarks on the avatar's neutral mesh. Each is a vertex of the skin or lips,
 * found by looking at the face from the front: a landmark's place in the frontal plane comes
 * from the model's anatomy (eye corners, lid heights, nose, mouth, brows), and the front-most
 * vertex there is taken. Jaw points follow the face's outline: its silhouette down the sides, the
 * jaw's lower edge from the jaw's angle to the chin. Because a landmark is a vertex, its position
 * under any slider weights is linear in the weights.
 */

import { anatomyFor } from "../../shared/avatar/anatomy.ts";
import type { AvatarMesh } from "../../shared/avatar/index.ts";
import { browStroke } from "../../shared/avatar/parts/brows.ts";
import { BOW_PEAK } from "../../shared/avatar/parts/head.ts";

export interface ModelLandmark {
  primitive: number;
  vertex: number;
}

type XY = [number, number];

function frontMost(mesh: AvatarMesh, prims: number[], target: XY, radius: number): ModelLandmark {
  let best: ModelLandmark | null = null;
  let bestScore = -Infinity;
  for (const p of prims) {
    const pos = mesh.primitives[p]?.positions as Float32Array;
    for (let i = 0; i < pos.length / 3; i++) {
      const dx = (pos[i * 3] as number) - target[0];
      const dy = (pos[i * 3 + 1] as number) - target[1];
      const d = Math.hypot(dx, dy);
      if (d > radius) continue;
      // nearest in the plane, then front-most: z counts, distance costs
      const score = (pos[i * 3 + 2] as number) - d * 2;
      if (score > bestScore) {
        bestScore = score;
        best = { primitive: p, vertex: i };
      }
    }
  }
  if (!best) throw new Error(`no vertex near ${target.join(",")}`);
  return best;
}

/** The outermost face vertex (skin, in front of the ears) at a height, on one side. */
function silhouette(mesh: AvatarMesh, skin: number, y: number, side: -1 | 1, earZ: number): ModelLandmark {
  const pos = mesh.primitives[skin]?.positions as Float32Array;
  let best = -1;
  let bestX = -Infinity;
  for (let i = 0; i < pos.length / 3; i++) {
    const vy = pos[i * 3 + 1] as number;
    const vz = pos[i * 3 + 2] as number;
    if (Math.abs(vy - y) > 0.0025 || vz < earZ) continue;
    const vx = (pos[i * 3] as number) * side;
    if (vx > bestX) {
      bestX = vx;
      best = i;
    }
  }
  if (best < 0) throw new Error(`no silhouette at y=${y}`);
  return { primitive: skin, vertex: best };
}

const lerp2 = (a: XY, b: XY, t: number): XY => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/**
 * The jaw's lower edge seen from the front, at `x` (either side): the height where the front-most
 * skin faces furthest down, the band where the face turns under toward the neck (a photo shows it
 * as the jaw's shaded edge against the neck). Searched from `from` down to `to`, 1 mm apart.
 */
function jawEdge(mesh: AvatarMesh, skin: number, x: number, from: number, to: number): number {
  const pos = mesh.primitives[skin]?.positions as Float32Array;
  const nrm = mesh.primitives[skin]?.normals as Float32Array;
  // the skin in this column, once
  const column: number[] = [];
  for (let i = 0; i < pos.length / 3; i++) {
    const y = pos[i * 3 + 1] as number;
    if (Math.abs(Math.abs(pos[i * 3] as number) - x) <= 0.002 && y <= from + 0.002 && y >= to - 0.002) column.push(i);
  }
  let best = from;
  let lowest = Infinity;
  for (let y = from; y >= to; y -= 0.001) {
    let front = -1;
    let z = -Infinity;
    for (const i of column) {
      if (Math.abs((pos[i * 3 + 1] as number) - y) > 0.0015) continue;
      if ((pos[i * 3 + 2] as number) > z) {
        z = pos[i * 3 + 2] as number;
        front = i;
      }
    }
    if (front >= 0 && (nrm[front * 3 + 1] as number) < lowest) {
      lowest = nrm[front * 3 + 1] as number;
      best = y;
    }
  }
  return best;
}

/**
 * Landmarks 0..16, the jaw: the face's frontal outline from the eyes' height (2 mm below their
 * centres, where iBUG's first jaw point sits, beside the outer corners) down to the chin,
 * subject's right (image left) first, 8 at the chin's centre. Down the sides the outline is the
 * face's silhouette; below the jaw's angle it is the jaw's lower edge (`jawEdge`), not the
 * silhouette, which there runs down the fillet into the neck, 13 mm below the jaw (decision 010,
 * "The jaw's edge, not the neck's"). The photo's jaw points are evenly spaced along the outline, so
 * the model's are too: the outline is traced and cut into 8 equal lengths a side (evenly spaced
 * heights put the lower points too far up the jaw).
 * Traced on whatever positions `mesh` holds, so a fit can trace it again on the face it has reached.
 */
export function jawLandmarks(mesh: AvatarMesh): ModelLandmark[] {
  const a = anatomyFor(mesh.sex as 1 | 2);
  const skin = mesh.primitives.findIndex((p) => p.name === "skin");
  const pos = mesh.primitives[skin]?.positions as Float32Array;
  const at = (xy: XY, r: number) => frontMost(mesh, [skin], xy, r);
  const top = a.eye.center[1] - 0.002; // 12 mm lower left a 10 mm error on seven photos
  const chinY = a.chin.c[1] - a.chin.r[1] * 0.9;
  const earZ = a.ear.center[2] + 0.02;
  // the jaw's lower edge, every 2 mm from the midline out (the same on both sides), searched from the
  // mouth's height down past the chin
  const edge: XY[] = [];
  // out to the jaw's angle (the gonion), most of the way across the angle's own mass
  const gonion = a.jawAngle.c[0] + a.jawAngle.r[0] * 0.7;
  for (let x = 0; x <= gonion + 1e-9; x += 0.002) {
    edge.push([x, Math.max(chinY, jawEdge(mesh, skin, x, a.mouth.center[1], chinY - 0.015))]);
  }
  const edgeAt = (x: number): number => {
    const i = Math.min(edge.length - 2, Math.floor(Math.abs(x) / 0.002));
    const [p, q] = [edge[i] as XY, edge[i + 1] as XY];
    const f = Math.min(1, (Math.abs(x) - p[0]) / (q[0] - p[0]));
    return p[1] + (q[1] - p[1]) * f;
  };
  const outline = (side: -1 | 1): ModelLandmark[] => {
    const samples: { p: XY; l: ModelLandmark | null }[] = [];
    const steps = 48;
    // down the side: the silhouette, until it passes below the jaw's edge
    for (let i = 0; i <= steps; i++) {
      const y = top + ((chinY + 0.004 - top) * i) / steps;
      const l = silhouette(mesh, skin, y, side, earZ);
      const p: XY = [pos[l.vertex * 3] as number, pos[l.vertex * 3 + 1] as number];
      if (Math.abs(p[0]) <= (edge[edge.length - 1] as XY)[0] && p[1] < edgeAt(p[0])) break;
      samples.push({ p, l });
    }
    // then along the jaw's edge to the chin's centre (its vertices taken when the outline is cut)
    const last = (samples[samples.length - 1] as { p: XY }).p;
    for (let k = edge.length - 1; k >= 0; k--) {
      const [x, y] = edge[k] as XY;
      if (x < Math.abs(last[0]) && y < last[1]) samples.push({ p: [x * side, y], l: null });
    }
    samples.push({ p: [0, chinY], l: null });
    const cum = [0];
    for (let i = 1; i < samples.length; i++) {
      const [p, q] = [(samples[i - 1] as { p: XY }).p, (samples[i] as { p: XY }).p];
      cum.push((cum[i - 1] as number) + Math.hypot(q[0] - p[0], q[1] - p[1]));
    }
    const total = cum[cum.length - 1] as number;
    const out: ModelLandmark[] = [];
    for (let k = 0; k < 8; k++) {
      const want = (total * k) / 8;
      let j = 0;
      while (j < cum.length - 2 && (cum[j + 1] as number) < want) j++;
      const [s0, s1] = [
        samples[j] as { p: XY; l: ModelLandmark | null },
        samples[j + 1] as { p: XY; l: ModelLandmark | null },
      ];
      const f = (want - (cum[j] as number)) / Math.max((cum[j + 1] as number) - (cum[j] as number), 1e-9);
      // on the traced silhouette: its vertex; along the edge: the face there
      out.push(s0.l && s1.l ? ((f < 0.5 ? s0.l : s1.l) as ModelLandmark) : at(lerp2(s0.p, s1.p, f), 0.004));
    }
    return out;
  };
  const right = outline(-1);
  const left = outline(1);
  return [...right, at([0, chinY], 0.01), ...left.reverse()];
}

export function modelLandmarks(mesh: AvatarMesh): ModelLandmark[] {
  const a = anatomyFor(mesh.sex as 1 | 2);
  const skin = mesh.primitives.findIndex((p) => p.name === "skin");
  const lips = mesh.primitives.findIndex((p) => p.name === "lips");
  const face = [skin];
  const mouthParts = [skin, lips].filter((i) => i >= 0);
  const at = (xy: XY, r = 0.006, prims = face) => frontMost(mesh, prims, xy, r);

  const jaw = jawLandmarks(mesh);

  // brows 17..21 (right, outer to inner) and 22..26 (left, inner to outer): along the drawn brow's
  // middle (parts/brows.ts), inner end, peak and tail at a quarter of its length apart
  const browPath = (t: number): XY => {
    const { x, middle } = browStroke(a, t);
    return [x, middle];
  };
  const browsRight = [1, 0.75, 0.5, 0.25, 0].map((t) => {
    const [x, y] = browPath(t);
    return at([-x, y]);
  });
  const browsLeft = [0, 0.25, 0.5, 0.75, 1].map((t) => at(browPath(t)));

  // nose 27..30 down the bridge, 31..35 across the base
  const n = a.nose;
  // (decision 010, "The nose's ends"): the detector's bridge starts between the eyes, at the eyes'
  // height, not at the brows; its base points are the wings' outer edges and, between them, the
  // columella's foot, 2 mm below the wings' centres (measured on seven photos, "Seven faces")
  const nasionY = a.eye.center[1];
  const bridge = [0, 1 / 3, 2 / 3, 1].map((t) => at(lerp2([0, nasionY], [n.tip[0], n.tip[1]], t), 0.006));
  const wing = n.ala[0] + n.alaR * 0.5;
  const base = [-1, -0.5, 0, 0.5, 1].map((t) =>
    at([(Math.abs(t) === 1 ? wing : n.ala[0]) * t, n.ala[1] - 0.002], 0.005),
  );

  // eyes 36..41 (right) and 42..47 (left): outer, upper, upper, inner, lower, lower (clockwise in the image)
  const e = a.eye;
  const eye = (side: -1 | 1) => {
    const cx = e.center[0] * side;
    const cy = e.center[1];
    const outer: XY = [cx + side * e.halfOut, cy + e.tilt * e.halfOut];
    const inner: XY = [cx - side * e.halfIn, cy - e.tilt * e.halfIn * 0.3];
    const third = (t: number, dy: number): XY => [outer[0] + (inner[0] - outer[0]) * t, cy + dy];
    const pts: XY[] =
      side === -1
        ? [outer, third(1 / 3, e.upper), third(2 / 3, e.upper), inner, third(2 / 3, -e.lower), third(1 / 3, -e.lower)]
        : [inner, third(2 / 3, e.upper), third(1 / 3, e.upper), outer, third(1 / 3, -e.lower), third(2 / 3, -e.lower)];
    return pts.map((p) => at(p, 0.002));
  };

  // mouth 48..59 outer lip, 60..67 inner lip: the upper lip's 50 and 52 on the cupid's bow's peaks
  // (parts/head.ts `BOW_PEAK`), the lower lip's 55 to 59 about evenly along it, as the detector
  // places them (decision 010, "The lips' points")
  const m = a.mouth;
  const mx = m.center[0];
  const my = m.center[1];
  const w = m.halfWidth;
  const outer: XY[] = [
    [mx - w, my],
    [mx - w * 0.6, my + m.upperH * 0.8],
    [mx - BOW_PEAK, my + m.upperH],
    [mx, my + m.upperH * 0.85],
    [mx + BOW_PEAK, my + m.upperH],
    [mx + w * 0.6, my + m.upperH * 0.8],
    [mx + w, my],
    [mx + w * 0.6, my - m.lowerH * 0.8],
    [mx + w / 3, my - m.lowerH],
    [mx, my - m.lowerH],
    [mx - w / 3, my - m.lowerH],
    [mx - w * 0.6, my - m.lowerH * 0.8],
  ];
  const inner: XY[] = [
    [mx - w * 0.85, my],
    [mx - w * 0.35, my + 0.0012],
    [mx, my + 0.0012],
    [mx + w * 0.35, my + 0.0012],
    [mx + w * 0.85, my],
    [mx + w * 0.35, my - 0.0012],
    [mx, my - 0.0012],
    [mx - w * 0.35, my - 0.0012],
  ];
  const mouth = [...outer, ...inner].map((p) => at(p, 0.005, mouthParts));

  return [...jaw, ...browsRight, ...browsLeft, ...bridge, ...base, ...eye(-1), ...eye(1), ...mouth];
}
