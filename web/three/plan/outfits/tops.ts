/**
 * Tops: the bust's own clothing takes the top's colour and weave (see `topFabric`); these add what
 * makes each one read: a tee's contrast rib, a hoodie's hood and drawstrings, a turtleneck's rolled
 * collar, a sweater's thick rib, a blazer's lapels over a shirt, a qipao's mandarin collar, placket
 * and frog buttons.
 */
import {
  BufferGeometry,
  Color,
  CylinderGeometry,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  SphereGeometry,
  TorusGeometry,
  Vector3,
} from "three";
import type { OutfitLook } from "../../../../shared/plan/looks.ts";
import { shade } from "../color.ts";
import { neckRadius } from "../fit.ts";
import { createFabric, type FabricPattern, patchMaterial } from "../headBend.ts";
import type { Kit } from "../kit.ts";
import { taperedTube, tube } from "../shapes.ts";
import type { OutfitContext, OutfitParts } from "./context.ts";

const TAU = Math.PI * 2;

/** The weave and sheen the bust's clothing takes for a top style. */
export function topFinish(style: string): { pattern: FabricPattern; roughness: number } {
  switch (style) {
    case "sweater":
      return { pattern: 1, roughness: 0.95 };
    case "qipao":
      return { pattern: 2, roughness: 0.45 };
    case "blazer":
      return { pattern: 3, roughness: 0.8 };
    case "turtleneck":
      return { pattern: 3, roughness: 0.9 };
    default:
      return { pattern: 0, roughness: 0.85 };
  }
}

const cloth = (kit: Kit, color: string) => kit.std(color, { roughness: 0.88 });

/** A ring just above the tee's rolled collar, following its dip at the front. */
function collarRing(ctx: OutfitContext, lift: number, out: number, count = 48): Vector3[] {
  const { torso } = ctx;
  const pts: Vector3[] = [];
  for (let i = 0; i < count; i++) {
    const phi = (i / count) * TAU;
    const r = torso.neckR * out;
    pts.push(new Vector3(Math.sin(phi) * r, torso.collarY(phi) + lift, torso.cz + Math.cos(phi) * r));
  }
  return pts;
}

/** Points down the front of the body from (x, y0) to y1, lifted off the cloth by `gap`. */
function downFront(
  ctx: OutfitContext,
  x: (t: number) => number,
  y0: number,
  y1: number,
  gap: number,
  n = 14,
): Vector3[] {
  const pts: Vector3[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const y = y0 + (y1 - y0) * t;
    const hit = ctx.body.front(x(t), y);
    if (hit) pts.push(hit.point.addScaledVector(hit.normal, gap));
  }
  return pts;
}

/**
 * A sheet lying on the body's front: rows from y0 down to y1, each spanning [left(t), right(t)] in x,
 * lifted by `gap`. Used for the shirt under a blazer and the lapels.
 */
function frontSheet(
  ctx: OutfitContext,
  rows: number,
  cols: number,
  span: (t: number) => [Vector3, Vector3],
  gap: (t: number, s: number) => number,
): BufferGeometry {
  const positions: number[] = [];
  for (let r = 0; r <= rows; r++) {
    const t = r / rows;
    const [a, b] = span(t);
    for (let c = 0; c <= cols; c++) {
      const s = c / cols;
      const x = a.x + (b.x - a.x) * s;
      const y = a.y + (b.y - a.y) * s;
      const hit = ctx.body.front(x, y);
      const p = hit ? hit.point.addScaledVector(hit.normal, gap(t, s)) : new Vector3(x, y, 0.05);
      positions.push(p.x, p.y, p.z);
    }
  }
  const index: number[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const i = r * (cols + 1) + c;
      const j = i + cols + 1;
      index.push(i, j, i + 1, i + 1, j, j + 1);
    }
  const g = new BufferGeometry();
  g.setAttribute("position", new Float32BufferAttribute(positions, 3));
  g.setIndex(index);
  g.computeVertexNormals();
  return g;
}

function tee(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  group.add(kit.mesh(tube(collarRing(ctx, 0.0028, 1.03), 0.0032, true, 64, 6), cloth(kit, look.accent)));
}

function sweater(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const rib = kit.std(look.accent, { roughness: 0.95 });
  patchMaterial(rib, null, "none", createFabric(1, new Color(look.accent), 0.6));
  group.add(kit.mesh(tube(collarRing(ctx, 0.003, 1.06), 0.0065, true, 64, 8), rib));
}

function hoodie(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { torso } = ctx;
  const body = cloth(kit, look.color);
  const lining = cloth(kit, look.accent);
  // The hood lies folded on the shoulders round the back of the neck: a soft roll, thickest at the
  // back and thinning to nothing at the front, where it meets the chest. (A tube of one width,
  // open at its ends, read as a dark ring with horns: issue 47.)
  const rim: Vector3[] = [];
  for (let i = 0; i <= 24; i++) {
    const phi = (62 + (236 * i) / 24) * (Math.PI / 180);
    const back = (1 - Math.cos(phi)) / 2;
    const r = torso.neckR * 1.25 + 0.012 + 0.02 * back;
    rim.push(new Vector3(Math.sin(phi) * r, torso.collarY(phi) + 0.004 + 0.012 * back, torso.cz + Math.cos(phi) * r));
  }
  // 0 at both ends, 1 at the back
  const swell = (t: number) => Math.sin(Math.PI * t) ** 0.7;
  group.add(
    kit.mesh(
      taperedTube(rim, (t) => [0.028 * swell(t), 0.016 * swell(t)], 64, 14),
      body,
    ),
  );
  // the lining shows along the inner edge, towards the neck
  const inner = rim.map((p) => {
    const toward = new Vector3(p.x, 0, p.z - torso.cz).normalize().multiplyScalar(-0.016);
    return p
      .clone()
      .add(toward)
      .setY(p.y + 0.006);
  });
  group.add(
    kit.mesh(
      taperedTube(inner, (t) => [0.009 * swell(t), 0.009 * swell(t)], 64, 10),
      lining,
    ),
  );
  const fold = kit.mesh(new SphereGeometry(1, 20, 12), body);
  const back = torso.collarY(Math.PI);
  fold.scale.set(0.085, 0.05, 0.035);
  fold.position.set(0, back - 0.012, torso.cz - torso.neckR - 0.048);
  fold.rotation.x = 0.55;
  group.add(fold);
  // drawstrings with their tips
  const front = torso.collarY(0);
  const tipMat = kit.std(shade(look.accent, 0.5), { roughness: 0.5 });
  for (const side of [1, -1]) {
    const pts = downFront(ctx, (t) => side * (0.02 + 0.006 * t), front - 0.004, front - 0.1, 0.0035, 8);
    if (pts.length < 2) continue;
    group.add(kit.mesh(tube(pts, 0.0017, false, 24, 5), lining));
    const last = pts[pts.length - 1] as Vector3;
    const tip = kit.mesh(new CylinderGeometry(0.0024, 0.0024, 0.012, 8), tipMat);
    tip.position.copy(last).add(new Vector3(0, -0.005, 0.0005));
    group.add(tip);
  }
}

function turtleneck(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { torso, fit } = ctx;
  const mat = kit.std(look.color, { roughness: 0.92, side: DoubleSide });
  // bends with the neck, so the skin inside never shows when the head turns
  patchMaterial(mat, ctx.bend, "weighted", createFabric(1, new Color(look.color), 0.7));
  const lon = 48;
  const rows = 10;
  const topBack = fit.pivot[1] + 0.018;
  const topFront = Math.min(fit.chin[1] - 0.006, topBack - 0.012);
  const positions: number[] = [];
  for (let j = 0; j <= rows; j++) {
    const f = j / rows;
    for (let i = 0; i < lon; i++) {
      const phi = (i / lon) * TAU;
      const c = Math.cos(phi);
      const y0 = torso.collarY(phi) - 0.004;
      const y1 = topBack + (topFront - topBack) * ((1 + c) / 2) ** 1.5;
      const y = y0 + (y1 - y0) * f;
      // a roll at the top, a slight flare onto the shoulders at the bottom
      const roll = 0.0055 * Math.sin(Math.min(1, Math.max(0, (f - 0.45) / 0.55)) * Math.PI) + 0.004 * (1 - f) ** 3;
      const r = Math.max(neckRadius(fit, y) + 0.004, torso.neckR * 0.98) + roll;
      positions.push(Math.sin(phi) * r, y, ctx.fit.neckZ + c * r);
    }
  }
  const index: number[] = [];
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < lon; i++) {
      const a = j * lon + i;
      const b = j * lon + ((i + 1) % lon);
      index.push(a, b, a + lon, b, b + lon, a + lon);
    }
  const g = new BufferGeometry();
  g.setAttribute("position", new Float32BufferAttribute(positions, 3));
  g.setIndex(index);
  g.computeVertexNormals();
  group.add(kit.mesh(g, mat));
}

/** The V of a blazer or shirt opening: its edge at height fraction t (0 collar, 1 the V's point). */
function vEdge(ctx: OutfitContext, side: number, t: number): Vector3 {
  const front = ctx.torso.collarY(0);
  const top = ctx.torso.neckR * 0.82;
  const x = side * (top * (1 - t) ** 0.9 + 0.004);
  return new Vector3(x, front - 0.002 + (-0.262 - front) * t, 0);
}

function blazer(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const shirt = kit.std(look.accent, { roughness: 0.7, side: DoubleSide });
  const lapel = kit.std(shade(look.color, 0.07), { roughness: 0.8, side: DoubleSide });
  // the shirt in the V
  group.add(
    kit.mesh(
      frontSheet(
        ctx,
        14,
        8,
        (t) => [vEdge(ctx, -1, t).setX(vEdge(ctx, -1, t).x - 0.006), vEdge(ctx, 1, t).setX(vEdge(ctx, 1, t).x + 0.006)],
        () => 0.0012,
      ),
      shirt,
    ),
  );
  // lapels: narrow at the collar, widest at the notch, tapering to the button
  for (const side of [1, -1]) {
    const width = (t: number) =>
      t < 0.28 ? 0.016 + (0.038 - 0.016) * (t / 0.28) : 0.038 * (1 - (t - 0.28) / 0.72) ** 0.8 + 0.006;
    const g = frontSheet(
      ctx,
      18,
      3,
      (t) => {
        const inner = vEdge(ctx, side, t);
        return [inner, inner.clone().setX(inner.x + side * width(t))];
      },
      (_t, s) => 0.0035 + 0.0015 * s,
    );
    group.add(kit.mesh(g, lapel));
  }
  // shirt collar points over the lapels' top
  for (const side of [1, -1]) {
    const a = vEdge(ctx, side, 0.02);
    const g = frontSheet(
      ctx,
      6,
      2,
      (t) => {
        const y = a.y - 0.032 * t;
        const x0 = side * (ctx.torso.neckR * 0.7 - 0.018 * t);
        return [new Vector3(x0, y, 0), new Vector3(x0 + side * (0.024 * (1 - t) + 0.002), y + 0.004, 0)];
      },
      () => 0.0055,
    );
    group.add(kit.mesh(g, shirt));
  }
  // one button where the lapels meet, and a pocket square on the chest
  const buttonAt = ctx.body.front(0, -0.275);
  if (buttonAt) {
    const button = kit.mesh(new CylinderGeometry(0.0055, 0.0055, 0.002, 14), kit.std("#1a1a1f", { roughness: 0.35 }));
    button.position.copy(buttonAt.point.addScaledVector(buttonAt.normal, 0.002));
    button.quaternion.setFromUnitVectors(new Vector3(0, 1, 0), buttonAt.normal);
    group.add(button);
  }
  const pocket = ctx.body.front(0.085, -0.225);
  if (pocket) {
    const square = kit.mesh(new SphereGeometry(1, 6, 4, 0, TAU, 0, Math.PI / 2), shirt);
    square.scale.set(0.013, 0.01, 0.004);
    square.position.copy(pocket.point.addScaledVector(pocket.normal, 0.003));
    group.add(square);
  }
}

function qipao(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { torso, fit } = ctx;
  const trim = kit.std(look.accent, { roughness: 0.35, metalness: 0.3 });
  // a standing mandarin collar, open a little at the front
  const lon = 40;
  const positions: number[] = [];
  const h = 0.021;
  for (let j = 0; j <= 3; j++)
    for (let i = 0; i <= lon; i++) {
      const phi = (0.08 + (i / lon) * (TAU - 0.16)) % TAU;
      const y = torso.collarY(phi) - 0.003 + (h * j) / 3;
      const r = Math.max(neckRadius(fit, y), torso.neckR * 0.95) + 0.004 - 0.002 * (j / 3);
      positions.push(Math.sin(phi) * r, y, fit.neckZ + Math.cos(phi) * r);
    }
  const index: number[] = [];
  for (let j = 0; j < 3; j++)
    for (let i = 0; i < lon; i++) {
      const a = j * (lon + 1) + i;
      index.push(a, a + 1, a + lon + 1, a + 1, a + lon + 2, a + lon + 1);
    }
  const g = new BufferGeometry();
  g.setAttribute("position", new Float32BufferAttribute(positions, 3));
  g.setIndex(index);
  g.computeVertexNormals();
  const collarMat = kit.std(look.color, { roughness: 0.45, side: DoubleSide });
  patchMaterial(collarMat, null, "none", createFabric(2, new Color(look.accent), 1));
  group.add(kit.mesh(g, collarMat));
  const topEdge: Vector3[] = [];
  for (let i = 0; i <= lon; i++) {
    const k = (3 * (lon + 1) + i) * 3;
    topEdge.push(new Vector3(positions[k], positions[k + 1], positions[k + 2]));
  }
  group.add(kit.mesh(tube(topEdge, 0.0016, false, 60, 5), trim));
  // the placket: from the collar's front across to the subject's right, piped in the accent
  const front = torso.collarY(0);
  const placket = downFront(
    ctx,
    (t) => -0.005 - 0.115 * Math.sin((t * Math.PI) / 2) ** 1.4,
    front - 0.004,
    front - 0.085,
    0.0018,
    16,
  );
  if (placket.length > 2) group.add(kit.mesh(tube(placket, 0.0019, false, 40, 5), trim));
  // frog buttons along it
  for (const t of [0.12, 0.5, 0.85]) {
    const p = placket[Math.round(t * (placket.length - 1))];
    if (!p) continue;
    const knot = new Group();
    const loop = kit.mesh(new TorusGeometry(0.0042, 0.0012, 5, 12), trim);
    loop.scale.set(1.4, 0.8, 1);
    const loop2 = loop.clone();
    loop.position.x = 0.006;
    loop2.position.x = -0.006;
    const bead = kit.mesh(new SphereGeometry(0.0028, 10, 8), trim);
    knot.add(loop, loop2, bead);
    knot.position.copy(p).add(new Vector3(0, 0, 0.0015));
    group.add(knot);
  }
}

/** Extras for a top (the bust's clothing is recoloured by the bust itself). */
export function buildTop(look: OutfitLook, ctx: OutfitContext, kit: Kit): OutfitParts {
  const group = new Group();
  group.name = `top:${look.style}`;
  switch (look.style) {
    case "hoodie":
      hoodie(look, ctx, kit, group);
      break;
    case "blazer":
      blazer(look, ctx, kit, group);
      break;
    case "turtleneck":
      turtleneck(look, ctx, kit, group);
      break;
    case "sweater":
      sweater(look, ctx, kit, group);
      break;
    case "qipao":
      qipao(look, ctx, kit, group);
      break;
    default:
      tee(look, ctx, kit, group);
  }
  return { body: group, head: null };
}
