/**
 * The neon stage: a dark hall, a glossy floor catching the colours, an LED wall rippling with a
 * pattern, neon arches framing the bust and light beams sweeping from above.
 */
import {
  AdditiveBlending,
  Color,
  ConeGeometry,
  DoubleSide,
  Group,
  InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  PlaneGeometry,
  TorusGeometry,
} from "three";
import { mixHex, shade } from "../color.ts";
import type { Kit } from "../kit.ts";
import type { Scene } from "../parse.ts";
import { glowTexture } from "../shapes.ts";
import { FLOOR_Y, glow, paint, type Scenery, skyDome } from "./common.ts";

export function neonStage(kit: Kit, scene: Scene): Scenery {
  const root = new Group();
  const [dark = "#0b0820", pink = "#ff3db8", cyan = "#3dd6ff", violet = "#7a5cff"] = scene.colors;
  root.add(skyDome(kit, [shade(dark, 0.05), dark, shade(dark, -0.5)], { below: dark }));
  // the floor, with soft pools of the neon colours
  const floor = paint(new PlaneGeometry(30, 30, 30, 30), (x, y, _z, out) => {
    const zz = -y;
    out.set(shade(dark, -0.2));
    const p = Math.exp(-((x + 1.3) ** 2 + (zz + 2.4) ** 2) / 1.2);
    const c = Math.exp(-((x - 1.3) ** 2 + (zz + 2.4) ** 2) / 1.2);
    const v = Math.exp(-(x ** 2 + (zz + 3.2) ** 2) / 2.5);
    out
      .lerp(new Color(pink), p * 0.45)
      .lerp(new Color(cyan), c * 0.45)
      .lerp(new Color(violet), v * 0.35);
  });
  floor.rotateX(-Math.PI / 2);
  const floorMesh = kit.mesh(floor, kit.basic({ vertexColors: true }));
  floorMesh.position.y = FLOOR_Y;
  root.add(floorMesh);
  // the LED wall: tiles whose colours ripple
  const cols = 20;
  const rows = 10;
  const tile = 0.26;
  const wall = new InstancedMesh(
    kit.geo(new PlaneGeometry(tile * 0.86, tile * 0.86)),
    kit.basic({ color: new Color("#ffffff") }),
    cols * rows,
  );
  const m = new Matrix4();
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) {
      m.makeTranslation((i - (cols - 1) / 2) * tile, FLOOR_Y + 0.4 + j * tile, -4.2);
      wall.setMatrixAt(j * cols + i, m);
      wall.setColorAt(j * cols + i, new Color(dark));
    }
  root.add(wall);
  const palette = [new Color(pink), new Color(violet), new Color(cyan)];
  const base = new Color(shade(dark, 0.1));
  const tileColor = new Color();
  // neon arches round the bust
  const tubeMat = (c: string) => kit.basic({ color: new Color(mixHex(c, "#ffffff", 0.35)), toneMapped: false });
  const haloMat = (c: string) => kit.glow(c, 0.28);
  const arches = [
    { r: 1.05, c: pink, z: -1.9 },
    { r: 1.3, c: violet, z: -2.3 },
    { r: 1.55, c: cyan, z: -2.7 },
  ];
  const arcGlows: MeshBasicMaterial[] = [];
  for (const a of arches) {
    const core = kit.mesh(new TorusGeometry(a.r, 0.014, 6, 64, Math.PI), tubeMat(a.c));
    const halo = haloMat(a.c);
    arcGlows.push(halo);
    const soft = kit.mesh(new TorusGeometry(a.r, 0.05, 4, 48, Math.PI), halo);
    for (const o of [core, soft]) o.position.set(0, FLOOR_Y + 0.85, a.z);
    root.add(core, soft);
  }
  // beams from above, sweeping
  const beamTex = kit.tex(glowTexture(32, 1.2));
  const beams: Group[] = [];
  [pink, cyan, violet].forEach((c, i) => {
    const cone = new ConeGeometry(0.55, 4.2, 16, 1, true);
    cone.translate(0, -2.1, 0);
    const mat = kit.mat(
      new MeshBasicMaterial({
        color: new Color(c),
        transparent: true,
        opacity: 0.09,
        blending: AdditiveBlending,
        depthWrite: false,
        side: DoubleSide,
        fog: false,
        alphaMap: beamTex,
      }),
    );
    kit.tinted(mat);
    const beam = new Group();
    beam.add(kit.mesh(cone, mat));
    beam.position.set((i - 1) * 1.5, 2.6, -2.8);
    root.add(beam);
    beams.push(beam);
  });
  const spotA = glow(kit, pink, 2.2, 0.45);
  spotA.position.set(-1.3, FLOOR_Y + 0.05, -2.4);
  const spotB = glow(kit, cyan, 2.2, 0.45);
  spotB.position.set(1.3, FLOOR_Y + 0.05, -2.4);
  root.add(spotA, spotB);
  return {
    root,
    fog: { color: dark, near: 5, far: 16 },
    update(time) {
      for (let j = 0; j < rows; j++)
        for (let i = 0; i < cols; i++) {
          const x = i - cols / 2;
          const y = j - rows / 2;
          const wave = Math.sin(Math.hypot(x, y * 1.4) * 0.55 - time * 2.2);
          const k = ((Math.floor((time * 0.25 + (x + y) * 0.02) * 3) % 3) + 3) % 3;
          tileColor.copy(base).lerp(palette[k] as Color, Math.max(0, wave) ** 2 * 0.55);
          wall.setColorAt(j * cols + i, tileColor);
        }
      if (wall.instanceColor) wall.instanceColor.needsUpdate = true;
      beams.forEach((b, i) => {
        b.rotation.z = 0.45 * Math.sin(time * 0.6 + i * 1.7);
        b.rotation.x = 0.25 * Math.sin(time * 0.45 + i);
      });
      arcGlows.forEach((g, i) => {
        g.opacity = 0.22 + 0.1 * Math.sin(time * 2 + i * 2.1);
      });
    },
  };
}
