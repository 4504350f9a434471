/**
 * A cosy living room: a warm wall with a window of soft daylight and two framed pictures, a wooden
 * floor with a rug, a sofa with cushions behind the bust, a glowing floor lamp, a plant and a shelf.
 */
import {
  BoxGeometry,
  Color,
  CylinderGeometry,
  DoubleSide,
  Group,
  IcosahedronGeometry,
  PlaneGeometry,
  SphereGeometry,
} from "three";
import { mixHex, shade } from "../color.ts";
import type { Kit } from "../kit.ts";
import type { Scene } from "../parse.ts";
import { FLOOR_Y, glow, paint, type Scenery } from "./common.ts";

const WALL_Z = -2.7;

function box(kit: Kit, color: string, size: [number, number, number], at: [number, number, number], rough = 0.85) {
  const m = kit.mesh(new BoxGeometry(...size), kit.std(color, { roughness: rough }));
  m.position.set(...at);
  return m;
}

export function livingRoom(kit: Kit, scene: Scene): Scenery {
  const root = new Group();
  const [wall = "#f3e6d3", wood = "#b07d52", sofa = "#6b8f71", lamp = "#e9c46a"] = scene.colors;
  // the wall: lit warm in the middle, darker toward the corners; a darker panel below a rail
  const wallGeo = paint(new PlaneGeometry(12, 6, 24, 12), (x, y, _z, out) => {
    const lit = Math.exp(-((x / 3.5) ** 2 + ((y - 0.3) / 2.5) ** 2));
    out.set(shade(wall, -0.28)).lerp(new Color(wall), lit);
    if (y < -1.05) out.multiplyScalar(0.86);
  });
  const wallMesh = kit.mesh(wallGeo, kit.basic({ vertexColors: true }));
  wallMesh.position.set(0, FLOOR_Y + 3, WALL_Z);
  root.add(wallMesh);
  root.add(box(kit, shade(wall, -0.35), [12, 0.04, 0.03], [0, FLOOR_Y + 0.95, WALL_Z + 0.02]));
  root.add(box(kit, shade(wood, -0.2), [12, 0.12, 0.03], [0, FLOOR_Y + 0.06, WALL_Z + 0.02]));
  // floor boards
  const floor = paint(new PlaneGeometry(12, 8, 48, 1), (x, _y, _z, out) => {
    const board = Math.floor((x + 6) / 0.25);
    out.set(wood).multiplyScalar(0.82 + (0.18 * ((board * 7) % 5)) / 4);
  });
  floor.rotateX(-Math.PI / 2);
  const floorMesh = kit.mesh(floor, kit.basic({ vertexColors: true }));
  floorMesh.position.set(0, FLOOR_Y, 0);
  root.add(floorMesh);
  const rug = kit.mesh(new CylinderGeometry(1.3, 1.3, 0.01, 40), kit.std(mixHex(lamp, wall, 0.5), { roughness: 1 }));
  rug.scale.z = 0.6;
  rug.position.set(0, FLOOR_Y + 0.005, -1.3);
  root.add(rug);
  // the window: frame, daylight glass, a soft glow through it
  const win = new Group();
  const glass = paint(new PlaneGeometry(1.1, 1.25, 1, 6), (_x, y, _z, out) => {
    out.set("#bfe3ff").lerp(new Color("#fff6e0"), (0.6 - y) / 1.25);
  });
  win.add(kit.mesh(glass, kit.basic({ vertexColors: true })));
  const frameMat = "#fbf7f0";
  win.add(box(kit, frameMat, [1.22, 0.06, 0.05], [0, 0.64, 0.02]));
  win.add(box(kit, frameMat, [1.22, 0.06, 0.05], [0, -0.64, 0.02]));
  win.add(box(kit, frameMat, [0.06, 1.3, 0.05], [0.58, 0, 0.02]));
  win.add(box(kit, frameMat, [0.06, 1.3, 0.05], [-0.58, 0, 0.02]));
  win.add(box(kit, frameMat, [0.035, 1.25, 0.04], [0, 0, 0.02]));
  win.add(box(kit, frameMat, [1.1, 0.035, 0.04], [0, 0.1, 0.02]));
  win.add(box(kit, frameMat, [1.35, 0.05, 0.14], [0, -0.68, 0.06]));
  win.position.set(-1.05, 0.42, WALL_Z + 0.01);
  const daylight = glow(kit, "#fff4d6", 2.6, 0.3, { falloff: 1.6 });
  daylight.position.set(-1.05, 0.42, WALL_Z + 0.2);
  root.add(win, daylight);
  // pictures
  for (const [x, y, w, h, c] of [
    [0.55, 0.6, 0.34, 0.26, "#7aa6c2"],
    [1.35, 0.45, 0.26, 0.36, sofa],
  ] as const) {
    root.add(box(kit, shade(wood, -0.3), [w + 0.06, h + 0.06, 0.03], [x, y, WALL_Z + 0.02]));
    const art = paint(new PlaneGeometry(w, h, 1, 4), (_x, yy, _z, out) =>
      out.set(c).lerp(new Color("#fff3e0"), (yy / h + 0.5) * 0.6),
    );
    const a = kit.mesh(art, kit.basic({ vertexColors: true }));
    a.position.set(x, y, WALL_Z + 0.04);
    root.add(a);
  }
  // the sofa behind the bust
  const seatY = FLOOR_Y + 0.42;
  const sofaZ = -2.15;
  const fabric = shade(sofa, -0.05);
  root.add(box(kit, fabric, [2.4, 0.34, 0.8], [0, seatY - 0.12, sofaZ]));
  root.add(box(kit, shade(sofa, -0.15), [2.4, 0.62, 0.22], [0, seatY + 0.3, sofaZ - 0.3]));
  for (const s of [1, -1]) root.add(box(kit, shade(sofa, -0.12), [0.22, 0.5, 0.82], [s * 1.2, seatY + 0.05, sofaZ]));
  const cushion = kit.std(lamp, { roughness: 0.95 });
  for (const [x, rz] of [
    [-0.88, 0.18],
    [0.9, -0.22],
  ] as const) {
    // a pillow: a sphere squared off toward a rounded square, thin front to back
    const g = new SphereGeometry(1, 18, 14);
    const pos = g.getAttribute("position");
    for (let i = 0; i < pos.count; i++) {
      const sq = (v: number) => Math.sign(v) * Math.abs(v) ** 0.45;
      pos.setXYZ(i, sq(pos.getX(i)) * 0.17, sq(pos.getY(i)) * 0.15, pos.getZ(i) * 0.065);
    }
    g.computeVertexNormals();
    const c = kit.mesh(g, cushion);
    c.position.set(x, seatY + 0.2, sofaZ - 0.12);
    c.rotation.set(-0.2, 0, rz);
    root.add(c);
  }
  // floor lamp with a glowing shade
  const metal = kit.std("#3b3530", { roughness: 0.4, metalness: 0.5 });
  const pole = kit.mesh(new CylinderGeometry(0.018, 0.018, 1.6, 8), metal);
  pole.position.set(0.9, FLOOR_Y + 0.8, -2.5);
  const foot = kit.mesh(new CylinderGeometry(0.16, 0.18, 0.03, 16), metal);
  foot.position.set(0.9, FLOOR_Y + 0.015, -2.5);
  const shadeMesh = kit.mesh(
    new CylinderGeometry(0.17, 0.27, 0.3, 20, 1, true),
    kit.basic({ color: new Color(mixHex(lamp, "#ffffff", 0.45)), side: DoubleSide }),
  );
  shadeMesh.position.set(0.9, FLOOR_Y + 1.62, -2.5);
  const bulb = glow(kit, mixHex(lamp, "#ffffff", 0.3), 1.9, 0.6, { falloff: 1.7 });
  bulb.position.set(0.9, FLOOR_Y + 1.55, -2.4);
  root.add(pole, foot, shadeMesh, bulb);
  // a plant in a pot, and a low shelf with books
  const pot = kit.mesh(new CylinderGeometry(0.16, 0.12, 0.3, 12), kit.std("#d9d2c5", { roughness: 0.8 }));
  pot.position.set(-1.5, FLOOR_Y + 0.15, -2.35);
  root.add(pot);
  const leaf = kit.std("#4f8a5b", { roughness: 0.8, flatShading: true });
  const leafGeo = kit.geo(new IcosahedronGeometry(1, 0));
  for (let i = 0; i < 9; i++) {
    const l = kit.mesh(leafGeo, leaf);
    const a = i * 2.4;
    l.position.set(-1.5 + Math.cos(a) * 0.14, FLOOR_Y + 0.45 + (i % 3) * 0.16, -2.35 + Math.sin(a) * 0.12);
    l.scale.set(0.09, 0.2, 0.05);
    l.rotation.set(0.3 * Math.sin(a), a, 0.5 * Math.cos(a));
    root.add(l);
  }
  root.add(box(kit, shade(wood, -0.15), [0.9, 0.05, 0.25], [-1.3, FLOOR_Y + 1.35, WALL_Z + 0.13]));
  ["#c8553d", "#2d6a8f", "#e9c46a", "#6b8f71", "#8e6c8a"].forEach((c, i) => {
    root.add(
      box(
        kit,
        c,
        [0.06, 0.2 + (i % 2) * 0.04, 0.17],
        [-1.62 + i * 0.075, FLOOR_Y + 1.48 + (i % 2) * 0.02, WALL_Z + 0.13],
        0.7,
      ),
    );
  });
  return { root, fog: { color: shade(wall, -0.2), near: 8, far: 30 } };
}
