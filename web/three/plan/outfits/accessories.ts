/**
 * Accessories: a pearl strand and a silver chain lying on the collar (projected onto the body), gold
 * hoops at the ear lobes, a bow tie at the collar, a chunky plaid scarf, and studio headphones with
 * glowing rings. Hoops and headphones turn with the head; the rest stays with the shoulders.
 */
import {
  Color,
  CylinderGeometry,
  ExtrudeGeometry,
  Group,
  InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  MeshMatcapMaterial,
  Quaternion,
  Shape,
  SphereGeometry,
  TorusGeometry,
  Vector3,
} from "three";
import type { OutfitLook } from "../../../../shared/plan/looks.ts";
import { shade } from "../color.ts";
import { domePointDir } from "../fit.ts";
import type { Kit } from "../kit.ts";
import { matcapTexture, necklaceLoop, plaidTexture, resampleLoop, tube } from "../shapes.ts";
import type { OutfitContext, OutfitParts } from "./context.ts";

function loopLength(points: readonly Vector3[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++)
    sum += (points[i] as Vector3).distanceTo(points[(i + 1) % points.length] as Vector3);
  return sum;
}

function pearls(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { torso } = ctx;
  const r = 0.0049;
  const loop = necklaceLoop(ctx.body, torso.collarY(Math.PI) - 0.003, torso.collarY(0) - 0.03, r * 0.9, 64);
  if (loop.length < 8) return;
  const n = Math.floor(loopLength(loop) / (2 * r * 1.04));
  const beads = resampleLoop(loop, n);
  const mat = kit.mat(
    new MeshMatcapMaterial({ matcap: kit.tex(matcapTexture(look.color, "#ffffff", look.accent, 1)) }),
  );
  const mesh = new InstancedMesh(kit.geo(new SphereGeometry(r, 12, 8)), mat, beads.length);
  const m = new Matrix4();
  beads.forEach((p, i) => {
    mesh.setMatrixAt(i, m.makeTranslation(p.x, p.y, p.z));
  });
  mesh.computeBoundingSphere();
  group.add(mesh);
}

function chain(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { torso } = ctx;
  const link = 0.0032;
  const loop = necklaceLoop(ctx.body, torso.collarY(Math.PI) - 0.006, torso.collarY(0) - 0.052, 0.0016, 64);
  if (loop.length < 8) return;
  const n = Math.floor(loopLength(loop) / (link * 1.55));
  const pts = resampleLoop(loop, n);
  const mat = kit.mat(
    new MeshMatcapMaterial({ matcap: kit.tex(matcapTexture(look.color, "#ffffff", shade(look.accent, -0.55))) }),
  );
  const mesh = new InstancedMesh(kit.geo(new TorusGeometry(link, 0.00085, 4, 10)), mat, pts.length);
  const m = new Matrix4();
  const q = new Quaternion();
  const q2 = new Quaternion();
  const s = new Vector3(1.35, 1, 1);
  const center = new Vector3(0, 0, torso.cz);
  pts.forEach((p, i) => {
    const next = pts[(i + 1) % pts.length] as Vector3;
    const tangent = next.clone().sub(p).normalize();
    const out = p.clone().sub(center).setY(0).normalize();
    // each link's long axis along the chain; every other link turned a quarter about it
    q.setFromUnitVectors(new Vector3(1, 0, 0), tangent);
    const normal = new Vector3(0, 0, 1).applyQuaternion(q);
    q2.setFromUnitVectors(normal, i % 2 === 0 ? out : out.clone().cross(tangent).normalize());
    q.premultiply(q2);
    mesh.setMatrixAt(i, m.compose(p, q, s));
  });
  mesh.computeBoundingSphere();
  group.add(mesh);
  // a small round pendant at the front
  const front = pts.reduce((best, p) => (p.z > best.z ? p : best), pts[0] as Vector3);
  const pendant = new Group();
  const coin = new CylinderGeometry(0.0078, 0.0078, 0.0018, 24);
  coin.rotateX(Math.PI / 2);
  pendant.add(kit.mesh(coin, mat));
  const bail = kit.mesh(new TorusGeometry(0.0024, 0.0008, 4, 10), mat);
  bail.position.y = 0.0095;
  pendant.add(bail);
  const hit = ctx.body.front(front.x, front.y - 0.011);
  pendant.position.set(front.x, front.y - 0.0105, (hit?.point.z ?? front.z) + 0.0022);
  if (hit) pendant.lookAt(pendant.position.clone().add(hit.normal));
  group.add(pendant);
}

function hoops(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { fit } = ctx;
  const mat = kit.mat(
    new MeshMatcapMaterial({ matcap: kit.tex(matcapTexture(look.color, "#fff4c8", shade(look.accent, -0.6))) }),
  );
  const geo = kit.geo(new TorusGeometry(0.0115, 0.0013, 8, 36));
  for (const [i, side] of [1, -1].entries()) {
    const ear = fit.ears[i] as [number, number, number];
    const hoop = kit.mesh(geo, mat);
    // under long hair the hoop hangs just outside it, peeking out below the lobe
    const covered = fit.lobeX > fit.earOuterX + 0.004;
    const x = covered ? fit.lobeX + 0.003 : fit.earOuterX - 0.006;
    hoop.position.set(side * x, fit.earLobeY - (covered ? 0.014 : 0.0095), ear[2] + 0.006);
    hoop.rotation.y = side * (Math.PI / 2 - 0.55);
    group.add(hoop);
  }
}

function bowtie(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { torso } = ctx;
  const y = torso.collarY(0) - 0.006;
  const hit = ctx.body.front(0, y - 0.004);
  const z = (hit?.point.z ?? 0.05) + 0.008;
  const satin = kit.std(look.color, { roughness: 0.42 });
  const lobe = new Shape();
  lobe.moveTo(0.003, -0.005);
  lobe.bezierCurveTo(0.012, -0.009, 0.028, -0.019, 0.034, -0.014);
  lobe.bezierCurveTo(0.039, -0.006, 0.039, 0.006, 0.034, 0.014);
  lobe.bezierCurveTo(0.028, 0.019, 0.012, 0.009, 0.003, 0.005);
  lobe.lineTo(0.003, -0.005);
  const geo = new ExtrudeGeometry(lobe, {
    depth: 0.006,
    bevelEnabled: true,
    bevelSize: 0.0022,
    bevelThickness: 0.003,
    bevelSegments: 3,
    curveSegments: 10,
  });
  geo.translate(0, 0, -0.003);
  const tie = new Group();
  for (const side of [1, -1]) {
    const m = kit.mesh(geo, satin);
    m.scale.x = side;
    m.rotation.z = side * 0.05;
    tie.add(m);
  }
  const knot = kit.mesh(new SphereGeometry(1, 14, 10), kit.std(shade(look.color, -0.12), { roughness: 0.42 }));
  knot.scale.set(0.0075, 0.0085, 0.0065);
  knot.position.z = 0.002;
  tie.add(knot);
  tie.position.set(0, y, z);
  tie.rotation.x = -0.25;
  group.add(tie);
}

function scarf(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { torso, fit } = ctx;
  const map = kit.tex(plaidTexture(look.color, look.accent));
  map.repeat.set(14, 2);
  const wool = kit.std("#ffffff", { roughness: 0.95, map });
  // two chunky wraps round the neck, the lower one slipping toward the front
  for (const [lift, r, tilt] of [
    [0.012, 0.017, 0.012],
    [-0.006, 0.016, 0.024],
  ] as const) {
    const pts: Vector3[] = [];
    for (let i = 0; i < 32; i++) {
      const phi = (i / 32) * Math.PI * 2;
      const front = (1 + Math.cos(phi)) / 2;
      const y = torso.collarY(phi) + lift - tilt * front;
      const rr = Math.max(torso.neckR, fit.neck[0]?.[1] ?? torso.neckR) + r * 0.85 + 0.006 * front;
      pts.push(new Vector3(Math.sin(phi) * rr, y, fit.neckZ + Math.cos(phi) * rr));
    }
    group.add(kit.mesh(tube(pts, r, true, 64, 10), wool));
  }
  // the two ends hanging down the front, one over the other
  const front = torso.collarY(0) - 0.012;
  const tails = [
    { x0: 0.028, x1: 0.05, y1: -0.33, w: 0.04 },
    { x0: 0.004, x1: 0.016, y1: -0.3, w: 0.038 },
  ];
  tails.forEach((t, k) => {
    const pts: Vector3[] = [];
    for (let i = 0; i <= 12; i++) {
      const f = i / 12;
      const y = front + (t.y1 - front) * f;
      const x = t.x0 + (t.x1 - t.x0) * f;
      const hit = ctx.body.front(x, y);
      const z = (hit?.point.z ?? 0.06) + 0.012 + 0.006 * k + 0.01 * Math.sin(f * Math.PI) * (1 - f);
      pts.push(new Vector3(x, y, z));
    }
    const g = tube(pts, 0.013, false, 20, 10);
    const mesh = kit.mesh(g, wool);
    // flatten the tube into a band across x
    const pos = g.getAttribute("position");
    const c = new Vector3();
    for (let i = 0; i < pos.count; i++) {
      const f = Math.min(1, Math.max(0, (front - pos.getY(i)) / (front - t.y1)));
      c.set(t.x0 + (t.x1 - t.x0) * f, pos.getY(i), pts[Math.round(f * 12)]?.z ?? 0);
      pos.setX(i, c.x + (pos.getX(i) - c.x) * (t.w / 0.026));
      pos.setZ(i, c.z + (pos.getZ(i) - c.z) * 0.35);
    }
    g.computeVertexNormals();
    group.add(mesh);
  });
}

function headphones(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { fit } = ctx;
  const shell = kit.std(look.color, { roughness: 0.38, metalness: 0.15 });
  const pad = kit.std(shade(look.color, -0.3), { roughness: 0.9 });
  const ear = fit.ears[0];
  const sideX = Math.max(fit.earOuterX, fit.templeX) + 0.012;
  const cupY = ear[1] + 0.004;
  // the band: over the head in the ears' plane, standing off the hair
  const pts: Vector3[] = [];
  for (let i = 0; i <= 26; i++) {
    const a = -1.45 + (2.9 * i) / 26;
    const d: [number, number, number] = [Math.sin(a), Math.cos(a), 0];
    const p = domePointDir(fit.dome, d, 0.012);
    pts.push(new Vector3(p[0], p[1], ear[2]));
  }
  pts.unshift(new Vector3(-sideX - 0.008, cupY + 0.03, ear[2]));
  pts.push(new Vector3(sideX + 0.008, cupY + 0.03, ear[2]));
  group.add(kit.mesh(tube(pts, 0.0055, false, 60, 8), shell));
  const glow = kit.mat(new MeshBasicMaterial({ color: new Color(look.accent), toneMapped: false }));
  for (const side of [1, -1]) {
    const cup = new Group();
    const body = new CylinderGeometry(0.03, 0.032, 0.022, 28);
    body.rotateZ(Math.PI / 2);
    const shellMesh = kit.mesh(body, shell);
    shellMesh.position.x = side * 0.011;
    const cushion = kit.mesh(new TorusGeometry(0.025, 0.0075, 8, 28), pad);
    cushion.rotation.y = Math.PI / 2;
    cushion.position.x = -side * 0.002;
    const ring = kit.mesh(new TorusGeometry(0.021, 0.0022, 6, 32), glow);
    ring.rotation.y = Math.PI / 2;
    ring.position.x = side * 0.0225;
    cup.add(shellMesh, cushion, ring);
    cup.position.set(side * sideX, cupY, ear[2]);
    group.add(cup);
  }
}

export function buildAccessory(look: OutfitLook, ctx: OutfitContext, kit: Kit): OutfitParts {
  const group = new Group();
  group.name = `accessory:${look.style}`;
  switch (look.style) {
    case "hoops":
      hoops(look, ctx, kit, group);
      return { body: null, head: group };
    case "headphones":
      headphones(look, ctx, kit, group);
      return { body: null, head: group };
    case "chain":
      chain(look, ctx, kit, group);
      break;
    case "bowtie":
      bowtie(look, ctx, kit, group);
      break;
    case "scarf":
      scarf(look, ctx, kit, group);
      break;
    default:
      pearls(look, ctx, kit, group);
  }
  return { body: group, head: null };
}
