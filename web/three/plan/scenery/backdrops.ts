/**
 * Backdrops: the neutral studio haze shown with no scene, a colour gradient with drifting bokeh, a
 * photo studio's cyclorama with softboxes, and a retro synthwave grid with its striped sun.
 */
import {
  BufferGeometry,
  Color,
  CylinderGeometry,
  DataTexture,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  LinearFilter,
  LineBasicMaterial,
  LineSegments,
  type MeshBasicMaterial,
  PlaneGeometry,
  RGBAFormat,
  SRGBColorSpace,
} from "three";
import { mixHex, shade } from "../color.ts";
import type { Kit } from "../kit.ts";
import type { Scene } from "../parse.ts";
import { FLOOR_Y, glow, paint, type Scenery, skyDome } from "./common.ts";

export function neutral(kit: Kit): Scenery {
  const root = new Group();
  root.add(
    skyDome(kit, ["#dcd7f3", "#e6e3f6", "#efedf9"], {
      below: "#c9c0ec",
      range: [-0.25, 0.4],
      glows: [
        { dir: [0, 0.02, -1], color: "#ffffff", power: 14, strength: 0.85 },
        { dir: [0, -0.5, -1], color: "#a793ee", power: 6, strength: 0.35 },
      ],
    }),
  );
  return { root, fog: { color: "#e6e3f6", near: 30, far: 60 } };
}

export function gradient(kit: Kit, scene: Scene): Scenery {
  const root = new Group();
  const stops = scene.colors;
  // the palette runs from the bottom of the frame to the top: the dome spans it over the band of
  // elevations the camera sees
  root.add(
    skyDome(kit, stops, {
      below: stops[0],
      range: [-0.22, 0.34],
      glows: [{ dir: [0, -0.02, -1], color: mixHex(stops[0] ?? "#ffffff", "#ffffff", 0.5), power: 10, strength: 0.45 }],
    }),
  );
  // soft out-of-focus discs drifting slowly
  const bokeh: { s: ReturnType<typeof glow>; x: number; y: number; speed: number; phase: number }[] = [];
  for (let i = 0; i < 14; i++) {
    const c = stops[i % stops.length] ?? "#ffffff";
    const s = glow(kit, mixHex(c, "#ffffff", 0.35), 0.22 + ((i * 37) % 10) * 0.035, 0.16, { falloff: 1.1 });
    const x = ((i * 0.618) % 1) * 4 - 2;
    const y = ((i * 0.382 + 0.2) % 1) * 2.4 - 1;
    s.position.set(x, y, -4 - (i % 3));
    root.add(s);
    bokeh.push({ s, x, y, speed: 0.04 + (i % 4) * 0.02, phase: i });
  }
  return {
    root,
    fog: { color: stops[0] ?? "#ffffff", near: 30, far: 60 },
    update(time) {
      for (const b of bokeh) {
        b.s.position.x = b.x + 0.25 * Math.sin(time * b.speed * 3 + b.phase);
        b.s.position.y = b.y + (((time * b.speed + b.phase * 0.1) % 3) - 1.5) * 0.3;
      }
    },
  };
}

export function studio(kit: Kit, scene: Scene): Scenery {
  const root = new Group();
  const [light = "#d9dbe0", dark = "#8b8f99"] = scene.colors;
  // the sweep: floor curving up into the back wall, brightest behind the subject
  const depth = 5;
  const radius = 1.6;
  const rows = 28;
  const width = 16;
  const positions: number[] = [];
  const index: number[] = [];
  const zBack = -depth;
  for (let j = 0; j <= rows; j++) {
    const t = j / rows;
    let y: number;
    let z: number;
    const floorLen = depth - radius + 2;
    const arc = (Math.PI / 2) * radius;
    const wall = 6;
    const s = t * (floorLen + arc + wall);
    if (s < floorLen) {
      y = FLOOR_Y;
      z = 2 - s;
    } else if (s < floorLen + arc) {
      const a = (s - floorLen) / radius;
      y = FLOOR_Y + radius - radius * Math.cos(a);
      z = zBack + radius - radius * Math.sin(a);
    } else {
      y = FLOOR_Y + radius + (s - floorLen - arc);
      z = zBack;
    }
    for (let i = 0; i <= 12; i++) positions.push(-width / 2 + (width * i) / 12, y, z);
  }
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < 12; i++) {
      const a = j * 13 + i;
      index.push(a, a + 13, a + 1, a + 1, a + 13, a + 14);
    }
  const geo = new BufferGeometry();
  geo.setAttribute("position", new Float32BufferAttribute(positions, 3));
  geo.setIndex(index);
  const l = new Color(light);
  const d = new Color(dark);
  paint(geo, (x, y, z, out) => {
    // a pool of light behind the subject, falling off to the darker edges
    const dist = Math.hypot(x / 3.2, (y - 0.1) / 2.2, (z + depth) / 6);
    out.copy(l).lerp(d, Math.min(1, dist ** 1.4));
  });
  root.add(kit.mesh(geo, kit.basic({ vertexColors: true, side: DoubleSide })));
  // two softboxes on stands at the edges of the frame
  const panel = kit.basic({ color: new Color("#fffaf0") });
  const frame = kit.std("#2b2d33", { roughness: 0.5 });
  for (const s of [1, -1]) {
    const box = new Group();
    const face = kit.mesh(new PlaneGeometry(0.5, 0.66), panel);
    face.position.z = 0.051;
    const body = kit.mesh(new CylinderGeometry(0.25, 0.4, 0.1, 4, 1), frame);
    body.rotation.set(Math.PI / 2, Math.PI / 4, 0);
    body.scale.set(1, 1, 1.35);
    box.add(body, face);
    box.position.set(s * 1.95, 0.55, -3.4);
    box.rotation.y = -s * 0.55;
    const stand = kit.mesh(new CylinderGeometry(0.015, 0.015, 1.9, 6), frame);
    stand.position.set(s * 1.95, -0.4, -3.45);
    const bloom = glow(kit, "#fff6e0", 1.4, 0.45);
    bloom.position.set(s * 1.6, 0.7, -3.3);
    root.add(box, stand, bloom);
  }
  return { root, fog: { color: mixHex(light, dark, 0.4), near: 12, far: 40 } };
}

/** The synthwave sun: a vertical gradient cut by horizontal gaps that widen toward the bottom. */
function sunTexture(top: string, bottom: string): DataTexture {
  const size = 128;
  const data = new Uint8Array(size * size * 4);
  const a = new Color(top);
  const b = new Color(bottom);
  const c = new Color();
  for (let y = 0; y < size; y++) {
    const v = y / (size - 1);
    c.copy(b).lerp(a, v);
    const bands = v < 0.55 ? ((v * 14) % 1 < 0.25 + (0.55 - v) * 1.1 ? 0 : 1) : 1;
    for (let x = 0; x < size; x++) {
      const u = x / (size - 1);
      const inside = Math.hypot(u - 0.5, v - 0.5) < 0.5 ? 1 : 0;
      const k = (y * size + x) * 4;
      data[k] = c.r ** (1 / 2.2) * 255;
      data[k + 1] = c.g ** (1 / 2.2) * 255;
      data[k + 2] = c.b ** (1 / 2.2) * 255;
      data[k + 3] = inside * bands * 255;
    }
  }
  const t = new DataTexture(data, size, size, RGBAFormat);
  t.colorSpace = SRGBColorSpace;
  t.magFilter = t.minFilter = LinearFilter;
  t.needsUpdate = true;
  return t;
}

export function grid(kit: Kit, scene: Scene): Scenery {
  const root = new Group();
  const [night = "#140a2e", pink = "#ff2fd0", cyan = "#27e1ff"] = scene.colors;
  root.add(
    skyDome(kit, [mixHex(pink, night, 0.35), mixHex(night, pink, 0.25), night, shade(night, -0.4)], {
      below: night,
      curve: 0.7,
      glows: [{ dir: [0, 0.09, -1], color: pink, power: 18, strength: 0.6 }],
    }),
  );
  const floorY = -0.62;
  // the sun sits on the horizon behind the bust
  const sun = kit.mesh(
    new PlaneGeometry(9, 9),
    kit.basic({ map: kit.tex(sunTexture("#ffe45e", pink)), transparent: true, fog: false, depthWrite: false }),
  );
  sun.position.set(0, 2.6, -30);
  sun.renderOrder = -5;
  root.add(sun);
  // the floor: dark, under a grid of glowing lines that scrolls toward the viewer
  const floor = kit.mesh(new PlaneGeometry(80, 80), kit.basic({ color: new Color(shade(night, -0.3)) }));
  floor.rotation.x = -Math.PI / 2;
  floor.position.y = floorY - 0.002;
  root.add(floor);
  const cell = 0.6;
  const lines: number[] = [];
  for (let i = -30; i <= 30; i++) lines.push(i * cell, 0, 4, i * cell, 0, -40);
  const gridMat = kit.tinted(kit.mat(new LineBasicMaterial({ color: new Color(cyan) })));
  const long = new LineSegments(kit.geo(new BufferGeometry()), gridMat);
  long.geometry.setAttribute("position", new Float32BufferAttribute(lines, 3));
  const across: number[] = [];
  for (let j = 0; j < 74; j++) across.push(-20, 0, 4 - j * cell, 20, 0, 4 - j * cell);
  const cross = new LineSegments(
    kit.geo(new BufferGeometry()),
    kit.tinted(kit.mat(new LineBasicMaterial({ color: new Color(pink) }))),
  );
  cross.geometry.setAttribute("position", new Float32BufferAttribute(across, 3));
  long.position.y = floorY;
  cross.position.y = floorY;
  root.add(long, cross);
  // low mountains on the horizon, left and right of the sun
  const ridge = kit.basic({ color: new Color(shade(night, -0.2)) });
  const edge = kit.tinted(kit.mat(new LineBasicMaterial({ color: new Color(mixHex(pink, cyan, 0.3)) })));
  for (const side of [1, -1]) {
    const pts: number[] = [];
    const peaks = 9;
    for (let i = 0; i <= peaks; i++) {
      const x = side * (3.2 + i * 2.4);
      const h = i % 2 === 0 ? 0 : 1.6 + ((i * 7) % 5) * 0.55;
      pts.push(x, floorY + h, -24);
    }
    const fill: number[] = [];
    const tri: number[] = [];
    for (let i = 0; i < peaks; i++) {
      fill.push(pts[i * 3] as number, floorY, -24, pts[i * 3] as number, pts[i * 3 + 1] as number, -24);
      tri.push(i * 2, i * 2 + 2, i * 2 + 1, i * 2 + 1, i * 2 + 2, i * 2 + 3);
    }
    fill.push(pts[peaks * 3] as number, floorY, -24, pts[peaks * 3] as number, pts[peaks * 3 + 1] as number, -24);
    const g = new BufferGeometry();
    g.setAttribute("position", new Float32BufferAttribute(fill, 3));
    g.setIndex(side > 0 ? tri.map((v, k) => (k % 3 === 1 ? tri[k + 1] : k % 3 === 2 ? tri[k - 1] : v) as number) : tri);
    const m = kit.mesh(g, ridge);
    (m.material as MeshBasicMaterial).side = DoubleSide;
    root.add(m);
    const e = new BufferGeometry();
    const seg: number[] = [];
    for (let i = 0; i < peaks; i++) seg.push(...pts.slice(i * 3, i * 3 + 6));
    e.setAttribute("position", new Float32BufferAttribute(seg, 3));
    root.add(new LineSegments(kit.geo(e), edge));
  }
  return {
    root,
    fog: { color: mixHex(night, pink, 0.35), near: 6, far: 34 },
    update(time) {
      cross.position.z = (time * 0.45) % cell;
    },
  };
}
