/**
 * Avalive's parametric digital-human bust: build it, move its sliders and expressions, export it.
 * Pure TypeScript (no DOM, no Node) so web, server and worker share the same model. The export as
 * GLB / VRM (./export.ts, ./vrm.ts) is imported from its own files: it reads GLBs back (typebox),
 * which pages that only draw the bust need not load.
 */
import type { AvatarStyle } from "./anatomy.ts";
import { assemble } from "./build.ts";
import {
  type BeardStyle,
  DEFAULT_COLORS,
  DEFAULT_SKIN_TONE,
  type GlassesStyle,
  type HairStyle,
  type LookAppearance,
  lookColors,
  lookShapes,
} from "./look.ts";
import type { AvatarMesh } from "./mesh.ts";
import type { Rgb } from "./palette.ts";

export type { AvatarStyle } from "./anatomy.ts";
export { ARKIT_REQUIRED, EXPRESSION_NAMES, VISEME_NAMES, VISEMES } from "./expressions.ts";
export { exportGlb, type GlbOptions } from "./gltf.ts";
export {
  BEARD_STYLES,
  type BeardStyle,
  DEFAULT_COLORS,
  DEFAULT_SKIN_TONE,
  GLASSES_STYLES,
  type GlassesStyle,
  HAIR_STYLES,
  type HairStyle,
  hairStyleOf,
  hexToRgb,
  type LookAppearance,
  type LookShapes,
  lookColors,
  lookShapes,
  rgbToHex,
} from "./look.ts";
export type { AvatarMaterial, AvatarMesh, AvatarPrimitive, AvatarTexture, PartId } from "./mesh.ts";
export {
  type Colors,
  EYE_PALETTE,
  EYE_PRESETS,
  HAIR_PALETTE,
  HAIR_PRESETS,
  type Rgb,
  SKIN_PALETTE,
  skinColor,
} from "./palette.ts";
export { blendParams, type FaceParams, FaceParamsSchema, neutralParams } from "./params.ts";
export { applyPose } from "./pose.ts";
export {
  FACE_GROUPS,
  FACE_SLIDER_IDS,
  FACE_SLIDERS,
  type FaceGroupId,
  type FaceSlider,
  type FaceSliderId,
} from "./sliders.ts";
export { type ToonAtlas, toonAtlas } from "./toon.ts";

export interface AvatarOptions {
  /** 1 male, 2 female (the product's sex codes). */
  sex: 1 | 2;
  /** 0 very fair .. 1 deep, over SKIN_PALETTE. Default DEFAULT_SKIN_TONE. */
  skinTone?: number;
  /** sRGB 0..1. Defaults: DEFAULT_COLORS of the sex. */
  hairColor?: Rgb;
  eyeColor?: Rgb;
  clothingColor?: Rgb;
  /** Realistic (the default) or toon (decision 039). */
  style?: AvatarStyle;
  /** The hair's cut (each sex's own where none is named). */
  hairStyle?: HairStyle;
  /** Glasses and facial hair (none where none is named; decision 046). */
  glasses?: GlassesStyle;
  beard?: BeardStyle;
}

export function buildAvatar(options: AvatarOptions): AvatarMesh {
  const defaults = DEFAULT_COLORS[options.sex];
  return assemble(
    options.sex,
    {
      skinTone: options.skinTone ?? DEFAULT_SKIN_TONE,
      hair: options.hairColor ?? [...defaults.hair],
      eyes: options.eyeColor ?? [...defaults.eyes],
      clothing: options.clothingColor ?? [...defaults.clothing],
    },
    options.style,
    lookShapes({ hairStyle: options.hairStyle, glasses: options.glasses, beard: options.beard }),
  );
}

/** The avatar of a stored look: a role's appearance ("#rrggbb" colours) and an outfit colour (lookColors). */
export function buildLook(
  sex: 1 | 2,
  appearance: LookAppearance,
  outfit?: string,
  style: AvatarStyle = "realistic",
): AvatarMesh {
  return assemble(sex, lookColors(sex, appearance, outfit), style, lookShapes(appearance));
}

/** A role's kind as the style it is drawn in: cartoons (kind "cartoon") are toon, everything else realistic. */
export const styleOfKind = (kind: string | null | undefined): AvatarStyle =>
  kind === "cartoon" ? "toon" : "realistic";

/**
 * Positions of every primitive with the given morph weights applied (CPU evaluation for tests,
 * exports and thumbnails). Weights are by target name: slider ids, ARKit names, visemes.
 */
export function applyMorphs(mesh: AvatarMesh, weights: Readonly<Record<string, number>>): Float32Array[] {
  const active = Object.entries(weights).filter(([, w]) => w !== 0 && Number.isFinite(w));
  return mesh.primitives.map((prim) => {
    const out = new Float32Array(prim.positions);
    for (const [name, w] of active) {
      const d = prim.targets[name];
      if (!d) continue;
      for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (d[i] as number) * w;
    }
    return out;
  });
}
