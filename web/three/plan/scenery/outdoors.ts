/**
 * Outdoor scenes. The beach at sunset: a warm sky, the sun low over a glittering sea, foam sliding
 * up the sand, a palm swaying at the side. The blossom garden: a bright sky, a lawn, cherry trees
 * in bloom, a hedge and a white fence, with a few petals drifting.
 */
import {
  Color,
  CylinderGeometry,
  DoubleSide,
  Euler,
  Group,
  IcosahedronGeometry,
  InstancedMesh,
  Matrix4,
  type Mesh,
  PlaneGeometry,
  Quaternion,
  Shape,
  ShapeGeometry,
  SphereGeometry,
  Vector3,
} from "three";
import { mixHex, shade } from "../color.ts";
import type { Kit } from "../kit.ts";
import type { Scene } from "../parse.ts";
import { FLOOR_Y, glow, ground, paint, type Scenery, skyDome } from "./common.ts";

function palm(kit: Kit, trunkColor: string, leafColor: string): { tree: Group; fronds: Group } {
  const tree = new Group();
  const bark = kit.std(trunkColor, { roughness: 0.9, flatShading: true });
  const segs = 9;
  let p = new Vector3(0, 0, 0);
  for (let i = 0; i < segs; i++) {
    const seg = kit.mesh(new CylinderGeometry(0.065 - i * 0.003, 0.08 - i * 0.003, 0.34, 7), bark);
    const lean = 0.05 + i * 0.035;
    seg.position.set(p.x + Math.sin(lean) * 0.17, p.y + 0.17 * Math.cos(lean), 0);
    seg.rotation.z = -lean;
    tree.add(seg);
    p = new Vector3(p.x + Math.sin(lean) * 0.33, p.y + Math.cos(lean) * 0.33, 0);
  }
  const fronds = new Group();
  fronds.userData.moves = true;
  fronds.position.copy(p);
  const leaf = kit.std(leafColor, { roughness: 0.8, side: DoubleSide, flatShading: true });
  const shape = new Shape();
  shape.moveTo(0, 0);
  shape.quadraticCurveTo(0.5, 0.22, 1.15, 0);
  shape.quadraticCurveTo(0.5, -0.04, 0, 0);
  for (let k = 0; k < 8; k++) {
    const g = new ShapeGeometry(shape, 6);
    // droop: bend down along the leaf
    const pos = g.getAttribute("position");
    for (let i = 0; i < pos.count; i++) {
      const x = pos.getX(i);
      pos.setZ(i, pos.getY(i));
      pos.setY(i, -0.35 * x * x);
    }
    g.computeVertexNormals();
    const m = kit.mesh(g, leaf);
    m.rotation.y = (k / 8) * Math.PI * 2;
    m.rotation.z = 0.25;
    fronds.add(m);
  }
  const nut = kit.std("#5a3b1e", { roughness: 0.7 });
  for (let k = 0; k < 3; k++) {
    const c = kit.mesh(new SphereGeometry(0.055, 8, 6), nut);
    c.position.set(Math.cos(k * 2.1) * 0.07, -0.07, Math.sin(k * 2.1) * 0.07);
    fronds.add(c);
  }
  tree.add(fronds);
  return { tree, fronds };
}

export function beach(kit: Kit, scene: Scene): Scenery {
  const root = new Group();
  const [sky = "#ff9a5a", sun = "#ffd27a", sea = "#2a6f97", sand = "#f1d8a8"] = scene.colors;
  // the sun low over the sea, off to the side of the head, its haze painted into the sky
  root.add(
    skyDome(kit, [mixHex(sun, "#ffffff", 0.2), sky, mixHex(sky, "#6b4f9e", 0.55), "#3c3470"], {
      below: sea,
      curve: 0.6,
      glows: [{ dir: [5.5, 1.5, -38], color: mixHex(sun, "#ffffff", 0.3), power: 30, strength: 0.8 }],
    }),
  );
  const sunDisc = glow(kit, mixHex(sun, "#fff4c0", 0.35), 2.6, 1, { falloff: 0.3, normal: true });
  sunDisc.position.set(5.5, 1.4, -38);
  root.add(sunDisc);
  // the sea: deep far away, lighter near the shore, with the sun's path glittering on it
  const water = paint(new PlaneGeometry(120, 60, 40, 20), (x, y, _z, out) => {
    const far = Math.min(1, (y + 30) / 60);
    out.set(mixHex(sea, "#ffffff", 0.15)).lerp(new Color(shade(sea, -0.35)), far ** 0.5);
    const path = Math.exp(-(((x - 5.5 * (1 - far * 0)) / (1.2 + 3 * far)) ** 2)) * far;
    out.lerp(new Color(sun), path * 0.55);
  });
  water.rotateX(-Math.PI / 2);
  const waterMesh = kit.mesh(water, kit.basic({ vertexColors: true }));
  waterMesh.position.set(0, FLOOR_Y + 0.02, -36);
  root.add(waterMesh);
  const sparkle = new InstancedMesh(kit.geo(new PlaneGeometry(0.22, 0.035)), kit.glow(sun, 0.9), 60);
  const m = new Matrix4();
  const sparkles: Vector3[] = [];
  for (let i = 0; i < 60; i++) {
    const f = (i * 0.618) % 1;
    const z = -8 - f * 28;
    const x = 5.5 * ((-z - 6) / 32) + (((i * 0.37) % 1) - 0.5) * (0.6 + 2.4 * f);
    sparkles.push(new Vector3(x, FLOOR_Y + 0.03, z));
  }
  root.add(sparkle);
  // sand, and foam lines that slide up and back
  root.add(ground(kit, sand, mixHex(sand, sea, 0.25), FLOOR_Y, 60));
  const foamMat = kit.basic({ color: new Color("#ffffff"), transparent: true, opacity: 0.8 });
  const foams: Mesh[] = [];
  for (let i = 0; i < 3; i++) {
    const f = kit.mesh(new PlaneGeometry(60, 0.12), foamMat);
    f.rotation.x = -Math.PI / 2;
    f.position.set(0, FLOOR_Y + 0.015, -6 - i * 0.7);
    foams.push(f);
    root.add(f);
  }
  // a far island, and a palm at the left of the frame
  const island = kit.mesh(
    new SphereGeometry(3, 16, 8, 0, Math.PI * 2, 0, Math.PI / 2),
    kit.basic({ color: new Color(mixHex(sea, "#2a1f3d", 0.6)) }),
  );
  island.scale.set(2.4, 0.35, 1);
  island.position.set(-12, FLOOR_Y, -44);
  root.add(island);
  const { tree, fronds } = palm(kit, "#8a6440", "#3f8f5a");
  tree.position.set(-1.75, FLOOR_Y, -5.2);
  tree.rotation.y = 0.3;
  tree.scale.setScalar(0.8);
  root.add(tree);
  const umbrellaTop = kit.mesh(
    new SphereGeometry(0.75, 12, 4, 0, Math.PI * 2, 0, 0.55),
    kit.std("#ff6b6b", { roughness: 0.7, side: DoubleSide, flatShading: true }),
  );
  umbrellaTop.position.set(1.35, -0.25, -4.6);
  const pole = kit.mesh(new CylinderGeometry(0.015, 0.015, 1.1, 6), kit.std("#f4f4f4"));
  pole.position.set(1.35, -0.77, -4.6);
  root.add(umbrellaTop, pole);
  const q = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), -Math.PI / 2);
  const one = new Vector3(1, 1, 1);
  return {
    root,
    fog: { color: mixHex(sky, sun, 0.5), near: 20, far: 70 },
    update(time) {
      sparkles.forEach((p, i) => {
        const s = Math.max(0, Math.sin(time * 3 + i * 1.7)) ** 3;
        one.set(s, 1, 1);
        m.compose(p, q, one);
        sparkle.setMatrixAt(i, m);
      });
      sparkle.instanceMatrix.needsUpdate = true;
      foams.forEach((f, i) => {
        const w = (time * 0.12 + i / 3) % 1;
        f.position.z = -6.8 + w * 1.6;
        (f.material as { opacity: number }).opacity = 0.7 * Math.sin(w * Math.PI);
      });
      fronds.rotation.z = 0.04 * Math.sin(time * 0.9);
      fronds.rotation.x = 0.03 * Math.sin(time * 0.7 + 1);
    },
  };
}

function blossomTree(kit: Kit, trunk: string, bloom: string, scale: number): Group {
  const tree = new Group();
  const bark = kit.std(trunk, { roughness: 0.9, flatShading: true });
  const t = kit.mesh(new CylinderGeometry(0.07, 0.11, 1.3, 7), bark);
  t.position.y = 0.65;
  tree.add(t);
  for (const [x, y, rz] of [
    [0.18, 1.25, -0.7],
    [-0.16, 1.2, 0.75],
  ] as const) {
    const b = kit.mesh(new CylinderGeometry(0.035, 0.055, 0.6, 6), bark);
    b.position.set(x, y, 0);
    b.rotation.z = rz;
    tree.add(b);
  }
  const petals = [bloom, mixHex(bloom, "#ffffff", 0.35), shade(bloom, -0.12)].map((c) =>
    kit.std(c, { roughness: 0.85, flatShading: true }),
  );
  const geo = kit.geo(new IcosahedronGeometry(1, 1));
  const clusters: [number, number, number, number][] = [
    [0, 1.75, 0, 0.5],
    [0.45, 1.55, 0.1, 0.38],
    [-0.45, 1.52, 0.05, 0.4],
    [0.2, 2.05, -0.1, 0.36],
    [-0.25, 1.95, 0.15, 0.34],
    [0.05, 1.5, 0.35, 0.33],
  ];
  clusters.forEach(([x, y, z, r], i) => {
    const c = kit.mesh(geo, petals[i % petals.length] as ReturnType<Kit["std"]>);
    c.position.set(x, y, z);
    c.scale.set(r, r * 0.85, r);
    tree.add(c);
  });
  tree.scale.setScalar(scale);
  return tree;
}

export function garden(kit: Kit, scene: Scene): Scenery {
  const root = new Group();
  const [sky = "#cfe9ff", lawn = "#7fb069", bloom = "#ffb7c5", wood = "#6b4f3a"] = scene.colors;
  root.add(
    skyDome(kit, [mixHex(sky, "#ffffff", 0.6), sky, mixHex(sky, "#5aa2f0", 0.55)], {
      below: lawn,
      range: [0, 0.6],
      glows: [{ dir: [-6, 7, -30], color: "#fffbe8", power: 40, strength: 0.9 }],
    }),
  );
  // far hills, then the lawn
  for (const [x, z, r, c] of [
    [-10, -34, 9, 0.25],
    [9, -38, 11, 0.35],
    [0, -44, 12, 0.45],
  ] as const) {
    const hill = kit.mesh(
      new SphereGeometry(r, 18, 6, 0, Math.PI * 2, 0, Math.PI / 2),
      kit.basic({ color: new Color(mixHex(lawn, sky, c)) }),
    );
    hill.scale.y = 0.28;
    hill.position.set(x, FLOOR_Y, z);
    root.add(hill);
  }
  root.add(ground(kit, shade(lawn, 0.05), mixHex(lawn, sky, 0.3)));
  // a hedge and a white fence across the back, trees at the sides
  const hedge = kit.std(shade(lawn, -0.3), { roughness: 0.95, flatShading: true });
  const bush = kit.geo(new IcosahedronGeometry(1, 1));
  for (let i = -7; i <= 7; i++) {
    const b = kit.mesh(bush, hedge);
    b.position.set(i * 0.55, FLOOR_Y + 0.25, -5.2 + Math.abs(i) * 0.04);
    b.scale.set(0.42, 0.4 + ((i * 7 + 20) % 3) * 0.06, 0.35);
    root.add(b);
  }
  const paint_ = kit.std("#fbfbf7", { roughness: 0.6 });
  for (let i = -10; i <= 10; i++) {
    const post = kit.mesh(new PlaneGeometry(0.09, 0.62), paint_);
    post.position.set(i * 0.2, FLOOR_Y + 0.31, -3.9);
    root.add(post);
  }
  for (const y of [0.18, 0.45]) {
    const rail = kit.mesh(new PlaneGeometry(4.2, 0.05), paint_);
    rail.position.set(0, FLOOR_Y + y, -3.89);
    root.add(rail);
  }
  const left = blossomTree(kit, wood, bloom, 1.15);
  left.userData.moves = true;
  left.position.set(-1.75, FLOOR_Y, -5.6);
  const right = blossomTree(kit, wood, bloom, 1.05);
  right.userData.moves = true;
  right.position.set(1.85, FLOOR_Y, -6);
  right.rotation.y = 1.2;
  const far1 = blossomTree(kit, wood, mixHex(bloom, "#ffffff", 0.2), 1.2);
  far1.position.set(-4.2, FLOOR_Y, -9);
  const far2 = blossomTree(kit, wood, bloom, 1.3);
  far2.position.set(4, FLOOR_Y, -10);
  root.add(left, right, far1, far2);
  // stepping stones
  const stone = kit.std("#c9c2b6", { roughness: 0.9, flatShading: true });
  for (let i = 0; i < 5; i++) {
    const s = kit.mesh(new CylinderGeometry(0.18, 0.2, 0.04, 7), stone);
    s.position.set(0.15 * Math.sin(i * 1.3), FLOOR_Y + 0.02, -1.2 - i * 0.55);
    root.add(s);
  }
  // a few petals drifting down past the trees
  const drift = new InstancedMesh(
    kit.geo(new PlaneGeometry(0.035, 0.025)),
    kit.basic({ color: new Color(mixHex(bloom, "#ffffff", 0.2)), side: DoubleSide }),
    24,
  );
  const m = new Matrix4();
  const q = new Quaternion();
  const e = new Euler();
  const one = new Vector3(1, 1, 1);
  const at = new Vector3();
  root.add(drift);
  return {
    root,
    fog: { color: mixHex(sky, "#ffffff", 0.4), near: 8, far: 50 },
    update(time) {
      left.rotation.z = 0.012 * Math.sin(time * 0.8);
      right.rotation.z = 0.012 * Math.sin(time * 0.7 + 1);
      for (let i = 0; i < 24; i++) {
        const f = (((time * 0.06 + i * 0.618) % 1) + 1) % 1;
        const side = i % 2 === 0 ? -1 : 1;
        at.set(
          side * (0.9 + ((i * 0.37) % 1) * 1.3) + 0.3 * Math.sin(time * 0.7 + i),
          1.2 - f * 2.6,
          -2.2 - ((i * 0.53) % 1) * 2.5,
        );
        q.setFromEuler(e.set(time * 1.3 + i, time * 0.9 + i * 2, 0));
        drift.setMatrixAt(i, m.compose(at, q, one));
      }
      drift.instanceMatrix.needsUpdate = true;
    },
  };
}
