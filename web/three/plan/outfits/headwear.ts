/**
 * Headwear, built over the head's measured dome (fit.ts) so it fits any face the sliders make: a
 * cap with a curved brim, a knit beanie with a cuff and pom-pom, a tilted beret, a cat-ear band, a
 * gold crown and a floating halo. Everything here turns with the head.
 */
import {
  BufferGeometry,
  Color,
  CylinderGeometry,
  DoubleSide,
  ExtrudeGeometry,
  Float32BufferAttribute,
  Group,
  IcosahedronGeometry,
  MeshBasicMaterial,
  MeshMatcapMaterial,
  Quaternion,
  Shape,
  ShapeGeometry,
  SphereGeometry,
  TorusGeometry,
  Vector3,
} from "three";
import type { Vec3 } from "../../../../shared/avatar/math.ts";
import type { OutfitLook } from "../../../../shared/plan/looks.ts";
import { mixHex, shade } from "../color.ts";
import { domePoint, domePointDir, domeRadius } from "../fit.ts";
import { createFabric, patchMaterial } from "../headBend.ts";
import type { Kit } from "../kit.ts";
import { capGeometry, matcapTexture, tube } from "../shapes.ts";
import type { OutfitContext, OutfitParts } from "./context.ts";

const v3 = (p: Vec3) => new Vector3(p[0], p[1], p[2]);

/** The dome's outward direction at a point (from its centre). */
function outward(ctx: OutfitContext, p: Vector3): Vector3 {
  return p.clone().sub(v3(ctx.fit.dome.center)).normalize();
}

function cap(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group): OutfitParts["hairClip"] {
  const { fit } = ctx;
  const fabric = kit.std(look.color, { roughness: 0.82 });
  const front: Vec3 = [0, fit.browY + 0.021, fit.rimFront[2]];
  const back: Vec3 = [0, fit.rimBack[1] + 0.006, fit.rimBack[2]];
  const crown = capGeometry(fit, { lift: 0.006, front, back, flare: 0.001, lat: 12, skull: 1 });
  group.add(kit.mesh(crown.geometry, fabric));
  // seams from the button down the six panels
  const seam = kit.std(shade(look.color, -0.25), { roughness: 0.9 });
  for (let k = 0; k < 6; k++) {
    const phi = ((k + 0.5) / 6) * Math.PI * 2;
    const pts: Vector3[] = [];
    for (let j = 0; j <= 10; j++) pts.push(crown.sample(phi, 0.03 + (0.97 * j) / 10, 0.0008));
    group.add(kit.mesh(tube(pts, 0.0007, false, 20, 4), seam));
  }
  const button = kit.mesh(new SphereGeometry(0.0055, 12, 8), kit.std(look.accent, { roughness: 0.6 }));
  button.scale.y = 0.55;
  button.position.copy(crown.sample(0, 0));
  group.add(button);
  // the brim: from the crown's front rim, forward and a little down, its sides curving down
  const cols = 24;
  const rows = 6;
  const span = 1.12;
  const positions: number[] = [];
  const forward = new Vector3(0, 0, 1);
  for (let i = 0; i <= cols; i++) {
    const phi = -span + (2 * span * i) / cols;
    const a = Math.abs(phi) / span;
    const inner = crown.sample(phi, 0.985, -0.001);
    const radial = new Vector3(Math.sin(phi), 0, Math.cos(phi));
    const dir = radial.lerp(forward, 0.7).normalize();
    dir.y = -0.13;
    dir.normalize();
    const length = 0.088 * (1 - a ** 2.2) ** 0.7 + 0.003;
    for (let j = 0; j <= rows; j++) {
      const f = j / rows;
      const p = inner.clone().addScaledVector(dir, length * f);
      p.y -= 0.016 * f * a ** 1.6;
      positions.push(p.x, p.y, p.z);
    }
  }
  const index: number[] = [];
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) {
      const a = i * (rows + 1) + j;
      const b = a + rows + 1;
      index.push(a, a + 1, b, b, a + 1, b + 1);
    }
  const brimGeo = new BufferGeometry();
  brimGeo.setAttribute("position", new Float32BufferAttribute(positions, 3));
  brimGeo.setIndex(index);
  brimGeo.computeVertexNormals();
  group.add(kit.mesh(brimGeo, kit.std(shade(look.color, -0.04), { roughness: 0.8, side: DoubleSide })));
  // a small emblem on the front panel
  const emblemAt = crown.sample(0, 0.62, 0.0012);
  const emblem = kit.mesh(new TorusGeometry(0.0095, 0.0018, 6, 24), kit.std(look.accent, { roughness: 0.5 }));
  emblem.position.copy(emblemAt);
  emblem.quaternion.setFromUnitVectors(new Vector3(0, 0, 1), outward(ctx, emblemAt));
  group.add(emblem);
  return { front, back, lift: 0.012 };
}

function beanie(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group): OutfitParts["hairClip"] {
  const { fit } = ctx;
  const knit = kit.std(look.color, { roughness: 0.96 });
  patchMaterial(knit, null, "none", createFabric(1, new Color(look.color), 0.8));
  const front: Vec3 = [0, fit.browY + 0.012, fit.rimFront[2]];
  const back: Vec3 = [0, fit.rimBack[1] - 0.016, fit.rimBack[2]];
  const body = capGeometry(fit, { lift: 0.009, front, back, bulge: 0.014, skull: 0.45 });
  group.add(kit.mesh(body.geometry, knit));
  // the folded cuff: a band a little proud of the body, in the accent
  const cuffMat = kit.std(look.accent, { roughness: 0.96 });
  patchMaterial(cuffMat, null, "none", createFabric(1, new Color(look.accent), 0.6));
  const cuff = capGeometry(fit, { lift: 0.0135, front, back, start: 0.7, lat: 6, skull: 0.45 });
  group.add(kit.mesh(cuff.geometry, cuffMat));
  const pom = kit.mesh(
    new IcosahedronGeometry(0.022, 1),
    kit.std(mixHex(look.color, "#ffffff", 0.2), { roughness: 1, flatShading: true }),
  );
  pom.position.copy(body.sample(0, 0, 0.015)).add(new Vector3(0, 0.002, -0.004));
  group.add(pom);
  return { front, back, lift: -0.002 };
}

function beret(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group): OutfitParts["hairClip"] {
  const { fit } = ctx;
  const felt = kit.std(look.color, { roughness: 0.95, side: DoubleSide });
  const front: Vec3 = [0, fit.browY + 0.04, fit.rimFront[2]];
  const back: Vec3 = [0, fit.rimBack[1] + 0.045, fit.rimBack[2]];
  // the band hugs the head; above it the felt flares out into a soft overhang pulled to one side,
  // then domes over to the top
  const band = capGeometry(fit, { lift: 0.004, front, back, start: 0.82, lat: 3 });
  const lon = band.rim.length;
  const top = v3(domePoint(fit.dome, 0, 0, 0.006));
  const width = domeRadius(fit.dome, Math.PI / 2, 1.1);
  const apex = new Vector3(top.x + 0.018, top.y + 0.012, top.z - 0.006);
  const rows = 14;
  const positions: number[] = [];
  for (let i = 0; i < lon; i++) {
    const phi = (i / lon) * Math.PI * 2;
    const p0 = band.rim[i] as Vector3;
    const side = Math.sin(phi);
    const r = width * 1.28 * (1 + 0.12 * side);
    const edge = new Vector3(
      apex.x + Math.sin(phi) * r,
      top.y - 0.03 - 0.022 * side,
      apex.z + Math.cos(phi) * r * 0.96,
    );
    for (let j = 0; j <= rows; j++) {
      const t = j / rows;
      let p: Vector3;
      if (t < 0.35) {
        const s = t / 0.35;
        // out more than up: the felt billows over the band
        p = p0.clone().lerp(edge, s ** 0.7);
        p.y += 0.006 * Math.sin(Math.PI * s) - 0.012 * s * (1 - s);
      } else {
        const u = (t - 0.35) / 0.65;
        const h = Math.cos((u * Math.PI) / 2);
        p = new Vector3(
          apex.x + (edge.x - apex.x) * h,
          apex.y + (edge.y - apex.y) * (1 - Math.sin((u * Math.PI) / 2)),
          apex.z + (edge.z - apex.z) * h,
        );
      }
      positions.push(p.x, p.y, p.z);
    }
  }
  const index: number[] = [];
  for (let i = 0; i < lon; i++)
    for (let j = 0; j < rows; j++) {
      const a = i * (rows + 1) + j;
      const b = ((i + 1) % lon) * (rows + 1) + j;
      index.push(a, b, a + 1, a + 1, b, b + 1);
    }
  const geo = new BufferGeometry();
  geo.setAttribute("position", new Float32BufferAttribute(positions, 3));
  geo.setIndex(index);
  geo.computeVertexNormals();
  group.add(kit.mesh(geo, felt));
  group.add(kit.mesh(tube(band.rim, 0.0035, true, 64, 6), kit.std(look.accent, { roughness: 0.9 })));
  const stalk = kit.mesh(new CylinderGeometry(0.0016, 0.0026, 0.011, 8), kit.std(look.accent, { roughness: 0.9 }));
  stalk.position.copy(apex).add(new Vector3(0, 0.005, 0));
  group.add(stalk);
  return { front, back, lift: 0.006 };
}

function catEars(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { fit } = ctx;
  const bandMat = kit.std(look.color, { roughness: 0.5 });
  // the band: over the head from ear to ear, a little forward of the crown
  const lean = 0.22;
  const dir = (s: number): Vec3 => {
    const a = s * 1.62;
    const d = new Vector3(Math.sin(a), Math.cos(a), 0).applyAxisAngle(new Vector3(1, 0, 0), lean);
    return [d.x, d.y, d.z];
  };
  const pts: Vector3[] = [];
  for (let i = 0; i <= 24; i++) pts.push(v3(domePointDir(fit.dome, dir(-1 + (2 * i) / 24), 0.003)));
  group.add(kit.mesh(tube(pts, 0.0032, false, 48, 6), bandMat));
  // ears: rounded triangles standing on the band, pink inside
  const outer = new Shape();
  outer.moveTo(-0.021, 0);
  outer.quadraticCurveTo(-0.012, 0.03, 0.006, 0.04);
  outer.quadraticCurveTo(0.02, 0.022, 0.021, 0);
  outer.lineTo(-0.021, 0);
  const inner = new Shape();
  inner.moveTo(-0.013, 0.003);
  inner.quadraticCurveTo(-0.007, 0.023, 0.005, 0.031);
  inner.quadraticCurveTo(0.013, 0.017, 0.013, 0.003);
  inner.lineTo(-0.013, 0.003);
  const earGeo = new ExtrudeGeometry(outer, {
    depth: 0.004,
    bevelEnabled: true,
    bevelSize: 0.002,
    bevelThickness: 0.002,
    bevelSegments: 2,
    curveSegments: 8,
  });
  earGeo.translate(0, 0, -0.002);
  const innerGeo = new ShapeGeometry(inner, 8);
  const innerMat = kit.std(look.accent, { roughness: 0.7 });
  for (const side of [1, -1]) {
    const s = side * 0.4;
    const base = v3(domePointDir(fit.dome, dir(s), 0.002));
    const up = outward(ctx, base);
    const ear = new Group();
    const shell = kit.mesh(earGeo, bandMat);
    const pink = kit.mesh(innerGeo, innerMat);
    pink.position.z = 0.0043;
    ear.add(shell, pink);
    ear.scale.set(side * 1.25, 1.25, 1.25);
    // stand along the head's outward direction, face forward
    const q = new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), up);
    ear.quaternion.copy(q);
    ear.rotateX(-0.15);
    ear.rotateY(-side * 0.25);
    ear.position.copy(base).addScaledVector(up, -0.004);
    group.add(ear);
  }
}

function crownPiece(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group) {
  const { fit } = ctx;
  const gold = kit.mat(
    new MeshMatcapMaterial({ matcap: kit.tex(matcapTexture(look.color, "#fff8dc", shade(look.color, -0.75))) }),
  );
  gold.side = DoubleSide;
  const radius = domeRadius(fit.dome, Math.PI / 2, 0.6) * 0.7;
  // height where the head is that wide: the crown sits there, tipped back with the rim
  let theta = 0.3;
  for (let i = 0; i < 20; i++) {
    const r = domeRadius(fit.dome, 0, theta) * Math.sin(theta);
    theta += (radius - r) * 2;
  }
  const seat = domePoint(fit.dome, 0, theta, 0)[1];
  const h = 0.026;
  const points = 7;
  const body = new CylinderGeometry(radius * 1.12, radius, h, points * 8, 1, true);
  const pos = body.getAttribute("position");
  for (let i = 0; i < pos.count; i++) {
    if (pos.getY(i) <= 0) continue;
    const a = Math.atan2(pos.getX(i), pos.getZ(i));
    const f = ((((a / (Math.PI * 2)) * points) % 1) + 1) % 1;
    const tri = 1 - Math.abs(f - 0.5) * 2;
    pos.setY(i, h / 2 + 0.022 * tri ** 1.6);
  }
  body.computeVertexNormals();
  const crown = new Group();
  crown.add(kit.mesh(body, gold));
  const rim = kit.mesh(new TorusGeometry(radius * 1.005, 0.0028, 6, 48), gold);
  rim.rotation.x = Math.PI / 2;
  rim.position.y = -h / 2;
  crown.add(rim);
  const pearl = kit.mesh(new SphereGeometry(0.0042, 10, 8), gold);
  const gem = kit.std(look.accent, {
    roughness: 0.15,
    metalness: 0.2,
    emissive: new Color(look.accent),
    emissiveIntensity: 0.25,
  });
  for (let k = 0; k < points; k++) {
    const a = ((k + 0.5) / points) * Math.PI * 2;
    const tip = pearl.clone();
    const r = radius * 1.12;
    tip.position.set(Math.sin(a) * r, h / 2 + 0.024, Math.cos(a) * r);
    crown.add(tip);
    const jewel = kit.mesh(new SphereGeometry(0.0046, 10, 8), gem);
    const rj = radius * 1.06 + 0.002;
    jewel.position.set(Math.sin(a) * rj, 0.001, Math.cos(a) * rj);
    jewel.scale.set(1, 1.25, 0.6);
    jewel.lookAt(jewel.position.clone().multiplyScalar(2).setY(0.001));
    crown.add(jewel);
  }
  const tilt = Math.atan2(fit.rimFront[1] - fit.rimBack[1], fit.rimFront[2] - fit.rimBack[2]);
  crown.position.set(0, seat + h / 2 - 0.004, fit.dome.center[2] - 0.006);
  crown.rotation.set(-tilt * 0.5, 0, 0.07);
  group.add(crown);
}

function halo(look: OutfitLook, ctx: OutfitContext, kit: Kit, group: Group): OutfitParts["update"] {
  const { fit } = ctx;
  const ring = new Group();
  const core = kit.mat(new MeshBasicMaterial({ color: new Color(look.color), toneMapped: false }));
  ring.add(kit.mesh(new TorusGeometry(0.064, 0.0042, 8, 64), core));
  const glow = kit.glow(look.accent, 0.35);
  ring.add(kit.mesh(new TorusGeometry(0.064, 0.011, 8, 64), glow));
  ring.rotation.x = Math.PI / 2 - 0.38;
  const baseY = fit.crownY + 0.042;
  ring.position.set(0, baseY, fit.dome.center[2] - 0.01);
  group.add(ring);
  return (time) => {
    ring.position.y = baseY + 0.004 * Math.sin(time * 1.4);
    glow.opacity = 0.28 + 0.1 * Math.sin(time * 2.1);
  };
}

export function buildHeadwear(look: OutfitLook, ctx: OutfitContext, kit: Kit): OutfitParts {
  const group = new Group();
  group.name = `headwear:${look.style}`;
  let update: OutfitParts["update"];
  let hairClip: OutfitParts["hairClip"];
  switch (look.style) {
    case "beanie":
      hairClip = beanie(look, ctx, kit, group);
      break;
    case "beret":
      hairClip = beret(look, ctx, kit, group);
      break;
    case "catEars":
      catEars(look, ctx, kit, group);
      break;
    case "crown":
      crownPiece(look, ctx, kit, group);
      break;
    case "halo":
      update = halo(look, ctx, kit, group);
      break;
    default:
      hairClip = cap(look, ctx, kit, group);
  }
  return { body: null, head: group, update, hairClip };
}
