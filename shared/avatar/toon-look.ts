/**
 * The toon style's look as numbers (docs/decisions/039-art-direction.md), read by both places that
 * draw a toon avatar: the 3D view's materials (web/three/toon.ts, as GLSL) and the worker's software
 * rasteriser (worker/render/rasterise.ts, portraits). One source, so a card never looks different
 * from the editor. Pure TypeScript: no DOM, no three.js.
 */
import type { AvatarMesh, PartId } from "./mesh.ts";

type V3 = readonly [number, number, number];

const unit = (v: V3): V3 => {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
};

/** The key light, fixed to the view (x right, y up, z toward the viewer): up, left, in front. */
export const TOON_KEY: V3 = unit([-0.34, 0.42, 0.84]);

/** Band edges on n·key: lit above LIT, deep shade below DEEP (its colour DEEP_FACTOR of the shade). */
export const TOON_BANDS = { lit: 0.08, deep: -0.5, deepFactor: 0.82 } as const;

/** The rim: where 1 - |n·view| passes EDGE, the part's colour x its rim strength is added (weaker in shade). */
export const TOON_RIM = { edge: 0.7, inShade: 0.35 } as const;

/** Per part: the shade tint, the rim's strength, and the part's special touches. */
export interface ToonPartLook {
  shade: V3;
  rim: number;
  /** An iris: darker toward its top, like a drawn anime eye. */
  iris?: boolean;
  /** Shade the head as if it were rounder (normals bent toward a squashed sphere): one clean shadow line. */
  round?: number;
  /** Pink on the cheeks. */
  blush?: number;
  /** The V-shaped shadow the chin casts on the neck. */
  neck?: boolean;
}

export const TOON_PARTS: Partial<Record<PartId, ToonPartLook>> = {
  skin: { shade: [0.88, 0.72, 0.74], rim: 0.22, round: 0.8, blush: 0.32, neck: true },
  ears: { shade: [0.88, 0.72, 0.74], rim: 0.22 },
  hands: { shade: [0.88, 0.72, 0.74], rim: 0.22 },
  lips: { shade: [0.86, 0.72, 0.74], rim: 0 },
  hair: { shade: [0.62, 0.6, 0.72], rim: 0.3, round: 0.45 },
  beard: { shade: [0.62, 0.6, 0.72], rim: 0.2 },
  clothing: { shade: [0.66, 0.64, 0.78], rim: 0.2 },
  iris: { shade: [0.8, 0.8, 0.85], rim: 0, iris: true },
  pupil: { shade: [0.8, 0.8, 0.85], rim: 0 },
  sclera: { shade: [0.86, 0.86, 0.94], rim: 0 },
};
/** Parts not listed above. */
export const TOON_PLAIN: ToonPartLook = { shade: [0.78, 0.76, 0.84], rim: 0 };

export const toonPartLook = (part: PartId): ToonPartLook => TOON_PARTS[part] ?? TOON_PLAIN;

/**
 * Rounded normals: toward (p - CENTER) * SCALE, by the part's `round`, fading in from FROM to TO
 * in height (above the neck only).
 */
export const TOON_ROUND = { center: [0, -0.01, -0.02] as V3, scale: [1, 0.55, 1] as V3, from: -0.11, to: -0.06 };

/** The blush: a soft ellipse under the outer half of each eye, on the front of the face. */
export const TOON_BLUSH = {
  color: [0.95, 0.36, 0.4] as V3,
  /** Its centre from the pupils: x times this, y this far below. */
  xScale: 1.12,
  yBelow: 0.026,
  radius: [0.013, 0.0065] as const,
  minZ: 0.03,
};

/** The iris: its colour times BOTTOM below the eyes' centre, TOP above, blended over +-HALF. */
export const TOON_IRIS = { bottom: 1.3, top: 0.42, half: 0.012 };

/** The chin's shadow on the neck: below chinY + OFFSET + SLOPE * |x|, the skin is in shade. */
export const TOON_NECK = { offset: -0.006, slope: 0.3 };

/** Outline width (metres) by part; parts not listed get none (eyes, lashes, brows, lips, the mouth inside). */
export const OUTLINE_WIDTH: Partial<Record<PartId, number>> = {
  skin: 0.0015,
  ears: 0.0012,
  hands: 0.0012,
  hair: 0.0014,
  beard: 0.0012,
  clothing: 0.0019,
};

/** A bust's part's outline width: none on the toon's stubble, a shade on the skin rather than a shape (decision 046). */
export const outlineWidth = (bust: { beard?: string }, part: PartId): number | undefined =>
  part === "beard" && bust.beard === "stubble" ? undefined : OUTLINE_WIDTH[part];

/** The line colour for a part's colour (linear RGB): much darker, a little warmer. */
export function outlineRgb(r: number, g: number, b: number): [number, number, number] {
  return [r * 0.22 + 0.012, g * 0.2 + 0.006, b * 0.22 + 0.008];
}

const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/**
 * The toon light on one point (view space, linear RGB), as the 3D view's shader computes it:
 * `aa` is how soft the band edges are (the shader's fwidth; the rasteriser uses a small constant).
 */
export function toonShade(
  base: V3,
  shade: V3,
  rimStrength: number,
  n: V3,
  view: V3,
  aa = 1e-4,
  out: [number, number, number] = [0, 0, 0],
): [number, number, number] {
  const nl = n[0] * TOON_KEY[0] + n[1] * TOON_KEY[1] + n[2] * TOON_KEY[2];
  const lit = smooth(TOON_BANDS.lit - aa, TOON_BANDS.lit + aa, nl);
  const deep = 1 - smooth(TOON_BANDS.deep - aa, TOON_BANDS.deep + aa, nl);
  const facing = Math.abs(n[0] * view[0] + n[1] * view[1] + n[2] * view[2]);
  const rim =
    smooth(TOON_RIM.edge - aa, TOON_RIM.edge + aa, 1 - facing) * (TOON_RIM.inShade + (1 - TOON_RIM.inShade) * lit);
  for (let i = 0; i < 3; i++) {
    const b = base[i] as number;
    const s = b * (shade[i] as number);
    const shaded = s + (s * TOON_BANDS.deepFactor - s) * deep;
    out[i] = shaded + (b - shaded) * lit + b * rimStrength * rim;
  }
  return out;
}

/** Where the face's features are (object space): the pupils' middle and the chin's underside. */
export interface ToonFace {
  eyeY: number;
  eyeX: number;
  chinY: number;
}

/** The face's features of a built bust (its rest positions). */
export function toonFace(avatar: AvatarMesh, positions?: readonly Float32Array[]): ToonFace {
  const face: ToonFace = { eyeY: 0, eyeX: 0.03, chinY: -0.07 };
  const at = (name: PartId) => {
    const i = avatar.primitives.findIndex((q) => q.name === name);
    return i < 0 ? null : { prim: avatar.primitives[i], pos: positions?.[i] ?? avatar.primitives[i]?.positions };
  };
  const p = at("pupil")?.pos;
  if (p && p.length > 0) {
    let y = 0;
    let x = 0;
    for (let i = 0; i < p.length; i += 3) {
      x += Math.abs(p[i] as number);
      y += p[i + 1] as number;
    }
    face.eyeY = y / (p.length / 3);
    face.eyeX = x / (p.length / 3);
  }
  // the chin: where the skin on the middle line below the mouth faces most downward (its underside)
  const skin = at("skin");
  let down = 0;
  if (skin?.prim && skin.pos)
    for (let i = 0; i < skin.pos.length; i += 3) {
      const y = skin.pos[i + 1] as number;
      const ny = skin.prim.normals[i + 1] as number;
      const front = (skin.pos[i + 2] as number) > 0;
      if (front && Math.abs(skin.pos[i] as number) < 0.004 && y < face.eyeY - 0.05 && y > -0.12 && ny < down) {
        down = ny;
        face.chinY = y;
      }
    }
  return face;
}
