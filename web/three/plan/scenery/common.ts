/**
 * Pieces every scene uses: a sky dome painted by elevation, glow sprites (sun, lamps, light pools),
 * flat grounds and the scene description the preview consumes (its root, fog and motion).
 * Units are metres around the bust (its chest at the origin, the camera ~1.2 m in front, looking
 * along -z); a seated person's floor is 1.25 m below.
 */
import {
  AdditiveBlending,
  BackSide,
  type BufferGeometry,
  Color,
  Float32BufferAttribute,
  type Group,
  NormalBlending,
  PlaneGeometry,
  SphereGeometry,
  Sprite,
  SpriteMaterial,
} from "three";
import type { Kit } from "../kit.ts";
import { glowTexture } from "../shapes.ts";

export const FLOOR_Y = -1.25;

export interface Scenery {
  root: Group;
  fog: { color: string; near: number; far: number };
  update?(time: number, dt: number): void;
}

/** A soft glow painted into the sky toward a direction (a sun's haze, a light behind the subject). */
export interface SkyGlow {
  dir: [number, number, number];
  color: string;
  /** Sharpness: larger is a smaller glow. */
  power: number;
  strength: number;
}

/**
 * A dome around everything, coloured from the horizon (stops[0]) to the zenith (last stop), with
 * glows painted in. Painting them costs nothing per frame, where a big transparent sprite would
 * blend over most of the screen. It is drawn after the opaque scenery, so pixels hidden behind the
 * bust and the props are skipped.
 */
export function skyDome(
  kit: Kit,
  stops: readonly string[],
  options: { below?: string; radius?: number; curve?: number; range?: [number, number]; glows?: SkyGlow[] } = {},
) {
  const { radius = 40, curve = 1, below, range = [0, 1], glows = [] } = options;
  const geo = new SphereGeometry(radius, 64, 32);
  const lights = glows.map((g) => {
    const len = Math.hypot(...g.dir);
    return { d: g.dir.map((v) => v / len), c: new Color(g.color), power: g.power, strength: g.strength };
  });
  const pos = geo.getAttribute("position");
  const colors = new Float32Array(pos.count * 3);
  const cs = stops.map((s) => new Color(s));
  const under = new Color(below ?? stops[0] ?? "#ffffff");
  const c = new Color();
  for (let i = 0; i < pos.count; i++) {
    const e = (pos.getY(i) / radius - range[0]) / (range[1] - range[0]);
    if (e < 0) c.copy(cs[0] as Color).lerp(under, Math.min(1, -e * 4));
    else {
      const t = Math.min(1, e) ** curve * (cs.length - 1);
      const k = Math.min(Math.floor(t), cs.length - 2);
      c.copy(cs[k] as Color).lerp(cs[k + 1] as Color, t - k);
    }
    for (const l of lights) {
      const dot =
        (pos.getX(i) * (l.d[0] as number) + pos.getY(i) * (l.d[1] as number) + pos.getZ(i) * (l.d[2] as number)) /
        radius;
      if (dot > 0) c.lerp(l.c, Math.min(1, l.strength * dot ** l.power));
    }
    colors.set([c.r, c.g, c.b], i * 3);
  }
  geo.setAttribute("color", new Float32BufferAttribute(colors, 3));
  const mat = kit.basic({ vertexColors: true, side: BackSide, fog: false, depthWrite: false });
  const dome = kit.mesh(geo, mat, "sky");
  dome.renderOrder = 10;
  return dome;
}

/** A soft glow facing the camera (sun, lamp, light pool). Additive unless `normal`. */
export function glow(
  kit: Kit,
  color: string,
  size: number,
  opacity = 1,
  options: { normal?: boolean; fog?: boolean; falloff?: number } = {},
) {
  const map = kit.tex(options.falloff ? glowTexture(64, options.falloff) : glowTexture(64, 2));
  const mat = kit.tinted(
    kit.mat(
      new SpriteMaterial({
        map,
        color: new Color(color),
        transparent: true,
        opacity,
        depthWrite: false,
        blending: options.normal ? NormalBlending : AdditiveBlending,
        fog: options.fog ?? false,
      }),
    ),
  );
  const s = new Sprite(mat);
  s.scale.set(size, size, 1);
  return s;
}

/** A flat ground at `y`, coloured from near (z = +2) to far, fading into the fog. */
export function ground(kit: Kit, near: string, far: string, y = FLOOR_Y, size = 80) {
  const geo = new PlaneGeometry(size, size, 1, 24);
  geo.rotateX(-Math.PI / 2);
  const pos = geo.getAttribute("position");
  const colors = new Float32Array(pos.count * 3);
  const a = new Color(near);
  const b = new Color(far);
  const c = new Color();
  for (let i = 0; i < pos.count; i++) {
    const t = Math.min(1, Math.max(0, (2 - pos.getZ(i)) / (size / 2)));
    c.copy(a).lerp(b, t ** 0.6);
    colors.set([c.r, c.g, c.b], i * 3);
  }
  geo.setAttribute("color", new Float32BufferAttribute(colors, 3));
  const m = kit.mesh(geo, kit.basic({ vertexColors: true }), "ground");
  m.position.y = y;
  return m;
}

/** Vertex colours for any geometry from a function of position. */
export function paint<T extends BufferGeometry>(
  geo: T,
  color: (x: number, y: number, z: number, out: Color) => void,
): T {
  const pos = geo.getAttribute("position");
  const colors = new Float32Array(pos.count * 3);
  const c = new Color();
  for (let i = 0; i < pos.count; i++) {
    color(pos.getX(i), pos.getY(i), pos.getZ(i), c);
    colors.set([c.r, c.g, c.b], i * 3);
  }
  geo.setAttribute("color", new Float32BufferAttribute(colors, 3));
  return geo;
}
