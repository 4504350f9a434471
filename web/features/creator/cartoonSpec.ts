/**
 * The creator's choices and what they become: face-slider values (a cartoon look over the
 * parametric head), colours, and the CartoonSpec the exported GLB carries in asset.extras.avatar.
 * Pure data, no three.js.
 */
import {
  BEARD_STYLES,
  type BeardStyle,
  EYE_PALETTE,
  GLASSES_STYLES,
  type GlassesStyle,
  HAIR_PALETTE,
  HAIR_STYLES,
  type HairStyle,
  hairStyleOf,
  rgbToHex,
  SKIN_PALETTE,
} from "../../../shared/avatar/index.ts";

export { BEARD_STYLES, GLASSES_STYLES, HAIR_STYLES, type HairStyle };

import type { CartoonSpec } from "../../../shared/schemas/cartoon.ts";

export const FACE_SHAPES = ["round", "oval", "heart", "square"] as const;
export type FaceShape = (typeof FACE_SHAPES)[number];
export const EYE_SHAPES = ["big", "almond", "round"] as const;
export type EyeShape = (typeof EYE_SHAPES)[number];

type Sliders = Readonly<Record<string, number>>;

/** The cartoon look every face starts from: a larger head and eyes, a small nose and mouth. */
export const CARTOON_BASE: Sliders = {
  "head.size": 0.3,
  "eye.size": 0.35,
  "eye.spacing": 0.15,
  "nose.scale": -0.55,
  "nose.wings": -0.3,
  "mouth.width": -0.25,
  "ears.size": -0.2,
  "chin.protrusion": -0.2,
};

export const FACE_PRESETS: Record<FaceShape, Sliders> = {
  round: { "face.cheeks": 0.7, "mandible.width": 0.45, "chin.length": -0.55, "head.width": 0.45, "face.length": -0.45 },
  oval: { "face.length": 0.3, "chin.length": 0.15, "mandible.width": -0.25, "head.width": -0.1, "face.cheeks": 0.1 },
  heart: {
    "face.cheeks": 0.45,
    "mandible.width": -0.65,
    "chin.width": -0.55,
    "chin.length": 0.2,
    "head.upperWidth": 0.45,
    "face.forehead": 0.35,
  },
  square: {
    "mandible.width": 0.8,
    "mandible.angle": 0.45,
    "chin.width": 0.65,
    "chin.length": -0.2,
    "head.lowerWidth": 0.5,
    "face.cheeks": -0.1,
  },
};

export const EYE_SHAPE_PRESETS: Record<EyeShape, Sliders> = {
  big: { "eye.size": 0.55, "eye.lids": 0.45 },
  almond: { "eye.size": 0.25, "eye.outer": 0.6, "eye.droop": -0.45, "eye.inner": 0.3, "eye.lids": -0.1 },
  round: { "eye.size": 0.4, "eye.lids": 0.8, "eye.outer": -0.3, "eye.droop": 0.1 },
};

/** Every slider a choice can move: the 3D preview carries these morphs only. */
export const PREVIEW_TARGETS: readonly string[] = [
  ...new Set([CARTOON_BASE, ...Object.values(FACE_PRESETS), ...Object.values(EYE_SHAPE_PRESETS)].flatMap(Object.keys)),
].sort();

export interface Swatch {
  id: string;
  color: string;
}

export const SKIN_SWATCHES: readonly Swatch[] = SKIN_PALETTE.map((rgb, i) => ({ id: String(i), color: rgbToHex(rgb) }));
// the same palettes as the face editor's (loadSysAttr), so a pick opens there chosen
export const HAIR_SWATCHES: readonly Swatch[] = Object.entries(HAIR_PALETTE).map(([id, rgb]) => ({
  id,
  color: rgbToHex(rgb),
}));
export const EYE_SWATCHES: readonly Swatch[] = Object.entries(EYE_PALETTE).map(([id, rgb]) => ({
  id,
  color: rgbToHex(rgb),
}));
export const OUTFIT_SWATCHES: readonly Swatch[] = [
  { id: "violet", color: "#6d4aff" },
  { id: "sky", color: "#3fa9f5" },
  { id: "mint", color: "#3ccf9a" },
  { id: "coral", color: "#ff6b6b" },
  { id: "sun", color: "#ffc93c" },
  { id: "ink", color: "#2b2d42" },
];

export interface CartoonChoice {
  sex: 1 | 2;
  face: FaceShape;
  eyes: EyeShape;
  /** Index into SKIN_PALETTE. */
  skin: number;
  hair: string;
  /** The anime cut (toon hair shapes, decision 039). */
  hairStyle: HairStyle;
  /** Glasses and facial hair (decision 046). */
  glasses: GlassesStyle;
  beard: BeardStyle;
  eyeColor: string;
  outfit: string;
  name: string;
}

const colorOf = (list: readonly Swatch[], id: string) => (list.find((s) => s.id === id) as Swatch).color;

export function defaultChoice(sex: 1 | 2 = 2): CartoonChoice {
  return {
    sex,
    face: sex === 2 ? "heart" : "square",
    eyes: "big",
    skin: 1,
    hair: colorOf(HAIR_SWATCHES, sex === 2 ? "chestnut" : "darkBrown"),
    hairStyle: hairStyleOf(sex),
    glasses: "none",
    beard: "none",
    eyeColor: colorOf(EYE_SWATCHES, sex === 2 ? "hazel" : "brown"),
    outfit: colorOf(OUTFIT_SWATCHES, sex === 2 ? "violet" : "sky"),
    name: "",
  };
}

export function randomChoice(sex: 1 | 2, name: string, random: () => number = Math.random): CartoonChoice {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return {
    sex,
    face: pick(FACE_SHAPES),
    eyes: pick(EYE_SHAPES),
    skin: Math.floor(random() * SKIN_SWATCHES.length),
    hair: pick(HAIR_SWATCHES).color,
    hairStyle: pick(HAIR_STYLES),
    // one in three wears glasses; a man one in two has facial hair
    glasses: random() < 1 / 3 ? pick(GLASSES_STYLES.slice(1)) : "none",
    beard: sex === 1 && random() < 0.5 ? pick(BEARD_STYLES.slice(1)) : "none",
    eyeColor: pick(EYE_SWATCHES).color,
    outfit: pick(OUTFIT_SWATCHES).color,
    name,
  };
}

/** The slider values of a choice: the cartoon base, the face shape and the eyes, summed and kept in -1..1. */
export function faceParamsOf(choice: Pick<CartoonChoice, "face" | "eyes">): Record<string, number> {
  const out: Record<string, number> = {};
  for (const layer of [CARTOON_BASE, FACE_PRESETS[choice.face], EYE_SHAPE_PRESETS[choice.eyes]]) {
    for (const [id, v] of Object.entries(layer)) out[id] = (out[id] ?? 0) + v;
  }
  for (const id of Object.keys(out)) out[id] = Math.round(Math.max(-1, Math.min(1, out[id] as number)) * 1000) / 1000;
  return out;
}

export const skinToneOf = (skin: number) => Math.max(0, Math.min(1, skin / (SKIN_PALETTE.length - 1)));

/** What the exported GLB describes (shared/schemas/cartoon.ts). */
export function specOf(choice: CartoonChoice, fallbackName: string): CartoonSpec {
  const name = (choice.name.trim() || fallbackName).slice(0, 40);
  return {
    sex: choice.sex,
    faceParams: faceParamsOf(choice) as CartoonSpec["faceParams"],
    appearance: {
      skinTone: skinToneOf(choice.skin),
      hairColor: choice.hair,
      eyeColor: choice.eyeColor,
      hairStyle: choice.hairStyle,
      ...(choice.glasses !== "none" ? { glasses: choice.glasses } : {}),
      ...(choice.beard !== "none" ? { beard: choice.beard } : {}),
    },
    outfit: choice.outfit,
    name,
  };
}
