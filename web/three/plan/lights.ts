/**
 * The preview's lights as numbers: one fixed set (a hemisphere, key, fill and rim, and one coloured
 * point) whose colours, strengths and places each scene sets and each lighting effect bends.
 * Keeping the set fixed means switching scenes or effects never recompiles a shader; keeping it
 * small keeps software rendering fluid (each light is paid for by every lit pixel).
 * `tint` multiplies the unlit scenery (sky, backdrops), so a spotlight can darken the room.
 */
import type { Rgb } from "../../../shared/avatar/index.ts";
import type { Vec3 } from "../../../shared/avatar/math.ts";
import { hexToRgb, mixRgb, rotateHue } from "./color.ts";
import type { LightingStyle, Scene } from "./parse.ts";

export interface LightSpec {
  color: Rgb;
  intensity: number;
  position: Vec3;
}

export interface Rig {
  hemiSky: Rgb;
  hemiGround: Rgb;
  hemi: number;
  key: LightSpec;
  fill: LightSpec;
  rim: LightSpec;
  /** A coloured point light (a lamp, a neon sign, a moving disco light). */
  accent: LightSpec;
  tint: Rgb;
}

const WHITE: Rgb = [1, 1, 1];
const light = (color: Rgb | string, intensity: number, position: Vec3): LightSpec => ({
  color: typeof color === "string" ? hexToRgb(color) : color,
  intensity,
  position,
});

/** The studio look of the face editor (AvatarStage), the base every scene starts from. */
export function studioRig(): Rig {
  return {
    hemiSky: hexToRgb("#f4f1ff"),
    hemiGround: hexToRgb("#3a3050"),
    hemi: 0.9,
    key: light("#fff4ea", 2.4, [0.6, 0.7, 1.1]),
    fill: light("#dfe8ff", 0.9, [-0.9, 0.2, 0.7]),
    rim: light("#c9d4ff", 1.8, [0.2, 0.9, -1.2]),
    accent: light(WHITE, 0, [-0.55, 0.15, 0.2]),
    tint: [1, 1, 1],
  };
}

const c = (scene: Scene, i: number): Rgb => hexToRgb(scene.colors[i] ?? scene.colors[0] ?? "#ffffff");
const soft = (rgb: Rgb, t = 0.5): Rgb => mixRgb(rgb, WHITE, t);

export function sceneRig(scene: Scene | null): Rig {
  const r = studioRig();
  if (!scene) return r;
  switch (scene.style) {
    case "gradient": {
      const last = scene.colors.length - 1;
      r.hemiSky = soft(c(scene, last), 0.6);
      r.hemiGround = mixRgb(c(scene, 0), [0.2, 0.18, 0.25], 0.5);
      r.fill = light(soft(c(scene, 0), 0.4), 1, [-0.9, 0.1, 0.7]);
      r.rim = light(soft(c(scene, last), 0.3), 2.2, [0.3, 0.9, -1.2]);
      break;
    }
    case "studio":
      r.hemi = 1;
      r.rim = light("#ffffff", 1.6, [-0.3, 0.9, -1.2]);
      break;
    case "grid":
      r.hemiSky = soft(c(scene, 2), 0.5);
      r.hemiGround = c(scene, 0);
      r.hemi = 0.7;
      r.key = light("#f2ecff", 1.9, [0.5, 0.6, 1.1]);
      r.fill = light(soft(c(scene, 2), 0.55), 0.6, [-0.9, 0.1, 0.6]);
      r.rim = light(soft(c(scene, 1), 0.15), 3, [-0.5, 0.6, -1.1]);
      r.accent = light(c(scene, 2), 0.25, [0.5, 0.05, -0.25]);
      break;
    case "neonStage":
      r.hemiSky = soft(c(scene, 3), 0.4);
      r.hemiGround = c(scene, 0);
      r.hemi = 0.6;
      r.key = light("#f4f0ff", 1.9, [0.5, 0.8, 1.1]);
      r.fill = light(soft(c(scene, 2), 0.35), 0.9, [0.9, 0.2, 0.7]);
      r.rim = light(soft(c(scene, 1), 0.2), 3.2, [0.6, 0.7, -1.1]);
      r.accent = light(c(scene, 1), 0.5, [-0.5, 0.1, -0.2]);
      break;
    case "beach":
      r.hemiSky = soft(c(scene, 0), 0.35);
      r.hemiGround = soft(c(scene, 3), 0.2);
      r.hemi = 1;
      r.key = light(soft(c(scene, 1), 0.45), 2.3, [0.7, 0.5, 1]);
      r.fill = light(soft(c(scene, 2), 0.55), 0.7, [-0.9, 0.3, 0.7]);
      r.rim = light(c(scene, 0), 3.2, [-0.4, 0.35, -1.2]);
      break;
    case "nightSky":
      r.hemiSky = mixRgb(c(scene, 1), WHITE, 0.35);
      r.hemiGround = c(scene, 0);
      r.hemi = 0.75;
      r.key = light("#dfe6ff", 1.7, [-0.6, 0.8, 1]);
      r.fill = light("#8fa3ff", 0.6, [0.9, 0.1, 0.6]);
      r.rim = light("#b8c8ff", 2.4, [0.4, 0.8, -1.2]);
      r.accent = light("#ffc27a", 0.12, [0.45, -0.1, 0.4]);
      break;
    case "garden":
      r.hemiSky = soft(c(scene, 0), 0.3);
      r.hemiGround = mixRgb(c(scene, 1), [0.3, 0.25, 0.2], 0.3);
      r.hemi = 1.1;
      r.key = light("#fff6e6", 2.5, [0.7, 0.9, 1]);
      r.rim = light(soft(c(scene, 2), 0.5), 1.8, [-0.3, 0.9, -1.2]);
      break;
    case "livingRoom":
      r.hemiSky = soft(c(scene, 0), 0.3);
      r.hemiGround = mixRgb(c(scene, 1), [0.2, 0.15, 0.1], 0.4);
      r.hemi = 0.95;
      r.key = light("#fff0dc", 2.2, [0.6, 0.7, 1.1]);
      r.fill = light("#ffe4c4", 0.7, [-0.9, 0.2, 0.7]);
      r.rim = light("#ffd9a8", 1.5, [0.4, 0.8, -1.2]);
      r.accent = light(c(scene, 3), 0.3, [0.55, 0.05, -0.2]);
      break;
    case "space":
      r.hemiSky = soft(c(scene, 1), 0.4);
      r.hemiGround = c(scene, 0);
      r.hemi = 0.6;
      r.key = light("#e8f1ff", 2, [0.5, 0.7, 1.1]);
      r.fill = light(c(scene, 2), 0.7, [-0.9, 0.1, 0.6]);
      r.rim = light(soft(c(scene, 3), 0.2), 3, [-0.6, 0.4, -1.1]);
      r.accent = light(c(scene, 2), 0.25, [0.5, 0.1, -0.2]);
      break;
  }
  return r;
}

function lerpSpec(a: LightSpec, b: LightSpec, t: number): LightSpec {
  return {
    color: mixRgb(a.color, b.color, t),
    intensity: a.intensity + (b.intensity - a.intensity) * t,
    position: [
      a.position[0] + (b.position[0] - a.position[0]) * t,
      a.position[1] + (b.position[1] - a.position[1]) * t,
      a.position[2] + (b.position[2] - a.position[2]) * t,
    ],
  };
}

export function lerpRig(a: Rig, b: Rig, t: number): Rig {
  return {
    hemiSky: mixRgb(a.hemiSky, b.hemiSky, t),
    hemiGround: mixRgb(a.hemiGround, b.hemiGround, t),
    hemi: a.hemi + (b.hemi - a.hemi) * t,
    key: lerpSpec(a.key, b.key, t),
    fill: lerpSpec(a.fill, b.fill, t),
    rim: lerpSpec(a.rim, b.rim, t),
    accent: lerpSpec(a.accent, b.accent, t),
    tint: mixRgb(a.tint, b.tint, t),
  };
}

const scaled = (s: LightSpec, k: number): LightSpec => ({ ...s, intensity: s.intensity * k });
const mul = (a: Rgb, b: Rgb): Rgb => [a[0] * b[0], a[1] * b[1], a[2] * b[2]];

/** The rig with a lighting effect fully on; `time` (seconds) moves the disco lights. */
export function lightingTarget(base: Rig, style: LightingStyle, hex: string, time: number): Rig {
  const color = hexToRgb(hex);
  const r: Rig = { ...base };
  switch (style) {
    case "spotlight":
      // one strong light from high in front, the room sinking into the dark
      r.hemi = base.hemi * 0.3;
      r.key = light(color, 3.2, [0.1, 0.85, 1]);
      r.fill = scaled(base.fill, 0.3);
      r.rim = scaled(base.rim, 0.6);
      r.accent = scaled(base.accent, 0.3);
      r.tint = mul(base.tint, [0.32, 0.32, 0.36]);
      break;
    case "neonRim": {
      const other = hexToRgb(rotateHue(hex, 0.62));
      r.key = scaled(base.key, 0.7);
      r.hemi = base.hemi * 0.75;
      r.rim = light(color, 5, [0.5, 0.5, -1]);
      r.fill = light(other, 0.9, [0.9, 0.15, 0.4]);
      r.accent = light(color, 1.1, [-0.42, 0.12, -0.22]);
      r.tint = mul(base.tint, mixRgb(soft(color, 0.55), [0.75, 0.75, 0.8], 0.3));
      break;
    }
    case "sunset":
      r.key = light(soft(color, 0.2), 2.8, [1, 0.22, 0.65]);
      r.hemiSky = soft(color, 0.3);
      r.hemiGround = [0.35, 0.2, 0.35];
      r.fill = light([0.55, 0.5, 0.95], 0.7, [-0.9, 0.2, 0.7]);
      r.rim = light(color, 3, [-0.5, 0.3, -1.1]);
      r.tint = mul(base.tint, soft(color, 0.45));
      break;
    case "disco": {
      const a = hexToRgb(rotateHue(hex, time * 0.25));
      const b = hexToRgb(rotateHue(hex, time * 0.25 + 0.5));
      const s = hexToRgb(rotateHue(hex, time * 0.25 + 0.25));
      r.hemi = base.hemi * 0.55;
      r.fill = scaled(base.fill, 0.5);
      r.accent = light(a, 1.8, [
        0.5 * Math.cos(time * 1.7),
        0.25 + 0.12 * Math.sin(time * 2.3),
        0.5 * Math.sin(time * 1.7),
      ]);
      r.rim = light(b, 3, [-0.6 * Math.cos(time * 1.3), 0.6, -1]);
      r.key = light(mixRgb(s, WHITE, 0.6), base.key.intensity * 0.7, [0.7 * Math.sin(time * 0.9), 0.9, 1]);
      r.tint = mul(base.tint, mixRgb(soft(a, 0.3), [0.5, 0.5, 0.55], 0.5));
      break;
    }
    case "moonlight":
      r.hemiSky = mixRgb(color, [0.1, 0.12, 0.3], 0.5);
      r.hemiGround = [0.04, 0.05, 0.12];
      r.hemi = base.hemi * 0.7;
      r.key = light(soft(color, 0.45), 2.1, [-0.6, 0.8, 0.9]);
      r.fill = light(color, 0.35, [0.9, 0.1, 0.6]);
      r.rim = light(soft(color, 0.5), 3, [0.3, 0.8, -1.2]);
      r.accent = scaled(base.accent, 0.3);
      r.tint = mul(base.tint, [0.42, 0.5, 0.78]);
      break;
  }
  return r;
}

/** Layers lighting effects over a scene's rig, each at an amount 0..1 (bursts fade in and out). */
export function litRig(
  base: Rig,
  layers: readonly { style: LightingStyle; color: string; amount: number }[],
  time: number,
): Rig {
  let rig = base;
  for (const layer of layers) {
    if (layer.amount <= 0) continue;
    rig = lerpRig(rig, lightingTarget(rig, layer.style, layer.color, time), Math.min(1, layer.amount));
  }
  return rig;
}
