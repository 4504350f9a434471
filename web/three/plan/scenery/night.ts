/**
 * Night scenes. Starry night: a deep sky full of twinkling stars, a glowing moon, layered hills and
 * a few fireflies, now and then a shooting star. Space station: a porthole in a panelled wall
 * looking out on a ringed planet, with blinking status lights.
 */
import {
  AdditiveBlending,
  BufferGeometry,
  Color,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  InstancedMesh,
  Matrix4,
  Path,
  PlaneGeometry,
  Points,
  PointsMaterial,
  RingGeometry,
  Shape,
  ShapeGeometry,
  SphereGeometry,
  TorusGeometry,
} from "three";
import { mixHex, shade } from "../color.ts";
import type { Kit } from "../kit.ts";
import type { Scene } from "../parse.ts";
import { random } from "../particles.ts";
import { glowTexture } from "../shapes.ts";
import { FLOOR_Y, glow, paint, type Scenery, skyDome } from "./common.ts";

/** Stars on a dome (above `minElevation`), their brightness twinkling by a per-star phase. */
function stars(kit: Kit, count: number, radius: number, color: string, minElevation: number, size = 2.2) {
  const rng = { seed: 7 };
  const pos = new Float32Array(count * 3);
  const base = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const u = random(rng) * Math.PI * 2;
    const e = minElevation + (1 - minElevation) * random(rng) ** 1.4;
    const r = Math.sqrt(1 - e * e);
    pos.set([Math.cos(u) * r * radius, e * radius, Math.sin(u) * r * radius], i * 3);
    base[i] = 0.45 + 0.55 * random(rng) ** 2;
  }
  const geo = new BufferGeometry();
  geo.setAttribute("position", new Float32BufferAttribute(pos, 3));
  const colors = new Float32Array(count * 3);
  geo.setAttribute("color", new Float32BufferAttribute(colors, 3));
  const mat = kit.tinted(
    kit.mat(
      new PointsMaterial({
        color: new Color(color),
        size,
        sizeAttenuation: false,
        vertexColors: true,
        map: kit.tex(glowTexture(16, 1.2)),
        transparent: true,
        depthWrite: false,
        blending: AdditiveBlending,
        fog: false,
      }),
    ),
  );
  const points = new Points(kit.geo(geo), mat);
  points.renderOrder = -8;
  const attr = geo.getAttribute("color");
  return {
    points,
    twinkle(time: number) {
      for (let i = 0; i < count; i++) {
        const b = (base[i] as number) * (0.75 + 0.25 * Math.sin(time * (1.3 + (i % 7) * 0.4) + i));
        attr.setXYZ(i, b, b, b);
      }
      attr.needsUpdate = true;
    },
  };
}

export function nightSky(kit: Kit, scene: Scene): Scenery {
  const root = new Group();
  const [deep = "#050a1f", dusk = "#1b2a5a", star = "#ffffff"] = scene.colors;
  root.add(
    skyDome(kit, [mixHex(dusk, "#5a4a8a", 0.35), dusk, deep, shade(deep, -0.4)], {
      below: deep,
      curve: 0.6,
      glows: [
        { dir: [-5.5, 5.2, -28], color: "#8ea2e0", power: 60, strength: 0.6 },
        // a faint band of the galaxy
        { dir: [0.55, 0.6, -0.58], color: mixHex(dusk, "#9aa8ff", 0.45), power: 6, strength: 0.25 },
      ],
    }),
  );
  const sky = stars(kit, 520, 36, star, 0.02, 3);
  sky.points.rotation.y = 0.3;
  root.add(sky.points);
  const moon = kit.mesh(new SphereGeometry(1.1, 24, 16), kit.basic({ color: new Color("#f3f0e2"), fog: false }));
  moon.position.set(-5.5, 5.2, -28);
  const crater = kit.basic({ color: new Color("#d8d3c0"), fog: false });
  for (const [x, y, r] of [
    [0.3, 0.25, 0.22],
    [-0.35, -0.1, 0.16],
    [0.05, -0.45, 0.12],
    [-0.1, 0.5, 0.09],
  ] as const) {
    const c = kit.mesh(new SphereGeometry(r, 10, 8), crater);
    c.position.set(-5.5 + x, 5.2 + y, -28 + 1.05);
    c.scale.z = 0.2;
    root.add(c);
  }
  const moonGlow = glow(kit, "#c9d6ff", 4.5, 0.4, { falloff: 1.8 });
  moonGlow.position.set(-5.5, 5.2, -29);
  root.add(moonGlow, moon);
  // hills in layers, darkest nearest
  const hillColors = [mixHex(deep, dusk, 0.55), mixHex(deep, dusk, 0.3), shade(deep, -0.2)];
  [
    [-26, 3.2, 0],
    [-16, 2.2, 1],
    [-8, 1.1, 2],
  ].forEach(([z, h, k]) => {
    const pts: number[] = [];
    const idx: number[] = [];
    const n = 40;
    for (let i = 0; i <= n; i++) {
      const x = -40 + (80 * i) / n;
      const y =
        FLOOR_Y +
        (h as number) * (0.55 + 0.45 * Math.sin(i * 0.7 + (k as number) * 2) * Math.sin(i * 0.23 + (k as number)));
      pts.push(x, FLOOR_Y - 1, z as number, x, y, z as number);
      if (i < n) idx.push(i * 2, i * 2 + 2, i * 2 + 1, i * 2 + 1, i * 2 + 2, i * 2 + 3);
    }
    const g = new BufferGeometry();
    g.setAttribute("position", new Float32BufferAttribute(pts, 3));
    g.setIndex(idx);
    root.add(kit.mesh(g, kit.basic({ color: new Color(hillColors[k as number] ?? deep), side: DoubleSide })));
  });
  const floor = kit.mesh(new PlaneGeometry(80, 40), kit.basic({ color: new Color(shade(deep, -0.1)) }));
  floor.rotation.x = -Math.PI / 2;
  floor.position.set(0, FLOOR_Y, -8);
  root.add(floor);
  // fireflies drifting near the ground
  const flies = Array.from({ length: 10 }, (_, i) => {
    const s = glow(kit, "#ffe9a0", 0.12, 0.9);
    s.position.set(((i * 0.618) % 1) * 4 - 2, -0.9 + ((i * 0.37) % 1) * 0.6, -1.8 - (i % 3) * 0.6);
    root.add(s);
    return { s, x: s.position.x, y: s.position.y, p: i * 1.3 };
  });
  const shooting = kit.mesh(new PlaneGeometry(2.2, 0.03), kit.glow("#ffffff", 0.9, kit.tex(glowTexture(32, 1))));
  shooting.position.set(0, 7, -28);
  shooting.rotation.z = -0.35;
  root.add(shooting);
  const m = shooting.material as { opacity: number };
  return {
    root,
    fog: { color: mixHex(deep, dusk, 0.5), near: 6, far: 34 },
    update(time) {
      sky.twinkle(time);
      for (const f of flies) {
        f.s.position.x = f.x + 0.25 * Math.sin(time * 0.4 + f.p);
        f.s.position.y = f.y + 0.12 * Math.sin(time * 0.7 + f.p * 2);
        (f.s.material as { opacity: number }).opacity = 0.45 + 0.45 * Math.sin(time * 2.2 + f.p) ** 2;
      }
      const cycle = time % 9;
      const k = Math.min(1, cycle / 1.1);
      shooting.position.set(6 - k * 12, 9 - k * 4.2, -28);
      m.opacity = cycle < 1.1 ? Math.sin(k * Math.PI) * 0.9 : 0;
    },
  };
}

export function space(kit: Kit, scene: Scene): Scenery {
  const root = new Group();
  const [black = "#02030a", hull = "#2b3a67", light = "#9ad1ff", planet = "#ff8c42"] = scene.colors;
  root.add(skyDome(kit, [black, black], { below: black }));
  const sky = stars(kit, 600, 34, "#ffffff", -0.6, 2);
  root.add(sky.points);
  // the planet outside, banded, with a ring and a thin atmosphere
  const world = new Group();
  const bands = paint(new SphereGeometry(6, 36, 24), (x, y, z, out) => {
    const t = y / 6;
    out.set(planet).lerp(new Color(shade(planet, -0.3)), 0.5 + 0.5 * Math.sin(t * 9 + Math.sin(t * 23) * 0.6));
    // lit from the upper left, night side to the lower right
    const lit = Math.max(0, (-x * 0.5 + y * 0.6 + z * 0.6) / 6);
    out.multiplyScalar(0.35 + 1.05 * lit);
    out.lerp(new Color(mixHex(planet, "#ffe3c2", 0.5)), Math.max(0, Math.sin(t * 17)) ** 6 * 0.5);
  });
  const globe = kit.mesh(bands, kit.basic({ vertexColors: true }));
  world.add(globe);
  const ring = paint(new RingGeometry(7.6, 11.5, 64, 4), (x, y, _z, out) => {
    const r = Math.hypot(x, y);
    out.set(mixHex(planet, "#fff1d6", 0.4)).multiplyScalar(0.55 + 0.45 * Math.sin(r * 5.5) ** 2);
  });
  const ringMesh = kit.mesh(
    ring,
    kit.basic({ vertexColors: true, side: DoubleSide, transparent: true, opacity: 0.75 }),
  );
  ringMesh.rotation.x = Math.PI / 2 - 0.3;
  world.add(ringMesh);
  const atmosphere = glow(kit, mixHex(planet, "#ffffff", 0.3), 17, 0.35, { falloff: 1.5 });
  world.add(atmosphere);
  world.position.set(4.5, 3.2, -30);
  world.scale.setScalar(0.55);
  world.rotation.z = 0.35;
  root.add(world);
  const moon = kit.mesh(new SphereGeometry(0.8, 16, 12), kit.std("#9aa3b5", { roughness: 1, flatShading: true }));
  moon.position.set(-6, 4, -26);
  root.add(moon);
  // the wall: panels round a big porthole
  const wall = new Shape();
  wall.moveTo(-6, -4);
  wall.lineTo(6, -4);
  wall.lineTo(6, 5);
  wall.lineTo(-6, 5);
  wall.lineTo(-6, -4);
  const hole = new Path();
  hole.absellipse(0, 0.15, 1.05, 0.95, 0, Math.PI * 2, true, 0);
  wall.holes.push(hole);
  const panel = kit.std(hull, { roughness: 0.55, metalness: 0.3, side: DoubleSide });
  const wallMesh = kit.mesh(new ShapeGeometry(wall, 48), panel);
  wallMesh.position.z = -2.8;
  root.add(wallMesh);
  const frame = kit.mesh(
    new TorusGeometry(1, 0.09, 10, 64),
    kit.std(mixHex(hull, "#c8d2e8", 0.45), { roughness: 0.35, metalness: 0.6 }),
  );
  frame.scale.set(1.05, 0.95, 1);
  frame.position.set(0, 0.15, -2.78);
  root.add(frame);
  const trim = kit.basic({ color: new Color(light), toneMapped: false });
  const trimRing = kit.mesh(new TorusGeometry(1, 0.012, 4, 80), trim);
  trimRing.scale.set(1.2, 1.1, 1);
  trimRing.position.set(0, 0.15, -2.76);
  root.add(trimRing);
  // panel seams and status lights
  const seam = kit.basic({ color: new Color(shade(hull, -0.45)) });
  for (const x of [-2.2, -1.45, 1.45, 2.2]) {
    const s = kit.mesh(new PlaneGeometry(0.025, 9), seam);
    s.position.set(x, 0.5, -2.77);
    root.add(s);
  }
  for (const y of [-1.05, 1.4]) {
    const s = kit.mesh(new PlaneGeometry(12, 0.025), seam);
    s.position.set(0, y, -2.77);
    root.add(s);
  }
  const leds = new InstancedMesh(
    kit.geo(new PlaneGeometry(0.06, 0.03)),
    kit.basic({ color: new Color("#ffffff"), toneMapped: false }),
    24,
  );
  const mm = new Matrix4();
  for (let i = 0; i < 24; i++) {
    const side = i < 12 ? -1 : 1;
    const k = i % 12;
    mm.makeTranslation(side * (1.62 + (k % 3) * 0.1), -0.55 + Math.floor(k / 3) * 0.1, -2.76);
    leds.setMatrixAt(i, mm);
    leds.setColorAt(i, new Color(k % 4 === 0 ? planet : light));
  }
  root.add(leds);
  const floor = kit.mesh(new PlaneGeometry(12, 6), kit.std(shade(hull, -0.3), { roughness: 0.6, metalness: 0.4 }));
  floor.rotation.x = -Math.PI / 2;
  floor.position.set(0, FLOOR_Y, -0.5);
  root.add(floor);
  const off = new Color("#000000");
  const on = [new Color(light), new Color(planet)];
  return {
    root,
    fog: { color: shade(hull, -0.6), near: 10, far: 40 },
    update(time, dt) {
      world.rotation.z = 0.35 + 0.01 * Math.sin(time * 0.1);
      sky.points.rotation.y += dt * 0.004;
      for (let i = 0; i < 24; i++) {
        const lit = Math.sin(time * (0.8 + (i % 5) * 0.5) + i * 2.3) > -0.2;
        leds.setColorAt(i, lit ? (on[i % 4 === 0 ? 1 : 0] as Color) : off);
      }
      if (leds.instanceColor) leds.instanceColor.needsUpdate = true;
    },
  };
}
