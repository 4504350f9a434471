/**
 * Avalive's parametric digital-human bust: build it, move its sliders and expressions, export it.
 * Pure TypeScript (no DOM, no Node) so web, server and worker share the same model.
 */
import { assemble } from "./build.ts";
import type { AvatarMesh } from "./mesh.ts";
import { EYE_PRESETS, HAIR_PRESETS, type Rgb } from "./palette.ts";

export { ARKIT_REQUIRED, EXPRESSION_NAMES, VISEME_NAMES, VISEMES } from "./expressions.ts";
export { exportGlb, type GlbOptions } from "./gltf.ts";
export type { AvatarMaterial, AvatarMesh, AvatarPrimitive, PartId } from "./mesh.ts";
export { EYE_PRESETS, HAIR_PRESETS, type Rgb, SKIN_PALETTE, skinColor } from "./palette.ts";
export { blendParams, type FaceParams, FaceParamsSchema, neutralParams, validateFaceParams } from "./params.ts";
export {
  FACE_GROUPS,
  FACE_SLIDER_IDS,
  FACE_SLIDERS,
  type FaceGroupId,
  type FaceSlider,
  type FaceSliderId,
} from "./sliders.ts";

export interface AvatarOptions {
  /** 1 male, 2 female (the product's sex codes). */
  sex: 1 | 2;
  /** 0 very fair .. 1 deep, over SKIN_PALETTE. Default 0.25. */
  skinTone?: number;
  /** sRGB 0..1. Defaults: dark brown (male), chestnut (female). */
  hairColor?: Rgb;
  eyeColor?: Rgb;
  clothingColor?: Rgb;
}

export function buildAvatar(options: AvatarOptions): AvatarMesh {
  const male = options.sex === 1;
  return assemble(options.sex, {
    skinTone: options.skinTone ?? 0.25,
    hair: options.hairColor ?? (male ? HAIR_PRESETS.darkBrown : HAIR_PRESETS.chestnut),
    eyes: options.eyeColor ?? (male ? EYE_PRESETS.brown : EYE_PRESETS.hazel),
    clothing: options.clothingColor ?? (male ? [0.16, 0.2, 0.28] : [0.86, 0.78, 0.86]),
  });
}

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
