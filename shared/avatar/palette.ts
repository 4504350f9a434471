/** Colours and materials: skin tone as a 0..1 scale over a realistic palette, sRGB in, linear out. */

import type { AvatarStyle } from "./anatomy.ts";
import { clamp, lerp, srgbToLinear } from "./math.ts";
import type { AvatarMaterial, PartId } from "./mesh.ts";

export type Rgb = [number, number, number];

/**
 * Light wrapped past the terminator on skin, a cheap stand-in for the light that scatters under it:
 * the diffuse term is (n·l + w) / (1 + w) instead of n·l, so the shadow side of a face is soft, not
 * a hard line (issue 17, "subsurface-like wrap lighting"). The 3D view (web/three/skin.ts) and the
 * portraits (worker/render/rasterise.ts) both use it; other parts keep plain lighting.
 */
export const SKIN_WRAP = 0.25;
export const WRAPPED_PARTS: readonly PartId[] = ["skin", "lips", "ears", "hands"];

/** From very fair (0) to deep (1), sRGB; sampled from common skin swatches. */
export const SKIN_PALETTE: readonly Rgb[] = [
  [0.98, 0.85, 0.77],
  [0.95, 0.78, 0.67],
  [0.89, 0.69, 0.56],
  [0.78, 0.57, 0.43],
  [0.62, 0.43, 0.3],
  [0.45, 0.3, 0.2],
  [0.3, 0.2, 0.14],
];

export const HAIR_PRESETS = {
  black: [0.05, 0.045, 0.045],
  darkBrown: [0.17, 0.11, 0.08],
  chestnut: [0.36, 0.2, 0.12],
  lightBrown: [0.55, 0.4, 0.25],
  blonde: [0.78, 0.62, 0.4],
  auburn: [0.5, 0.2, 0.1],
  silver: [0.72, 0.72, 0.74],
} as const satisfies Record<string, Rgb>;

export const EYE_PRESETS = {
  brown: [0.36, 0.22, 0.12],
  hazel: [0.45, 0.36, 0.18],
  blue: [0.3, 0.48, 0.68],
  green: [0.3, 0.5, 0.32],
  grey: [0.5, 0.55, 0.58],
} as const satisfies Record<string, Rgb>;

/**
 * Colours no photo has (the cartoon creator's), kept apart from the presets above so photo cloning
 * never reads a photo's hair as pink. The creator and the face editor offer presets and these alike
 * (issue 47): an avatar made in one opens in the other with its colour chosen.
 */
export const FANTASY_HAIR = {
  pink: [242 / 255, 138 / 255, 184 / 255],
  blue: [61 / 255, 123 / 255, 217 / 255],
} as const satisfies Record<string, Rgb>;
export const FANTASY_EYES = {
  violet: [122 / 255, 85 / 255, 201 / 255],
} as const satisfies Record<string, Rgb>;
/** Every hair and eye colour the product offers: the creator's swatches and the face editor's. */
export const HAIR_PALETTE: Readonly<Record<string, Rgb>> = { ...HAIR_PRESETS, ...FANTASY_HAIR };
export const EYE_PALETTE: Readonly<Record<string, Rgb>> = { ...EYE_PRESETS, ...FANTASY_EYES };

/** The frames' colours (sRGB): black acetate, and gold wire (drawn without a metal's reflections: no scene has an environment). */
export const GLASSES_COLOR = {
  square: [0.045, 0.04, 0.045],
  round: [0.72, 0.56, 0.3],
} as const satisfies Record<string, Rgb>;

export function skinColor(tone: number): Rgb {
  const t = clamp(tone, 0, 1) * (SKIN_PALETTE.length - 1);
  const i = Math.min(Math.floor(t), SKIN_PALETTE.length - 2);
  const a = SKIN_PALETTE[i] as Rgb;
  const b = SKIN_PALETTE[i + 1] as Rgb;
  const f = t - i;
  return [lerp(a[0], b[0], f), lerp(a[1], b[1], f), lerp(a[2], b[2], f)];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];

function material(name: PartId, srgb: Rgb, roughness: number, doubleSided = false, opacity = 1): AvatarMaterial {
  const m: AvatarMaterial = {
    name,
    baseColor: [srgbToLinear(srgb[0]), srgbToLinear(srgb[1]), srgbToLinear(srgb[2]), opacity],
    roughness,
    metallic: 0,
  };
  if (doubleSided) m.doubleSided = true;
  return m;
}

/**
 * The lenses (decision 046, "Lenses"): clear glass with a faint cool tint, seen from both sides.
 * Realistic: smooth, so the lights glint on it, and mostly clear. Toon: a pale blue wash a little
 * stronger, as anime draws a lens, with no glint (the toon light has none).
 */
const LENS: Record<"realistic" | "toon", [Rgb, number, boolean, number]> = {
  realistic: [[0.86, 0.92, 0.97], 0.06, true, 0.12],
  toon: [[0.8, 0.9, 1], 1, true, 0.22],
};

export interface Colors {
  skinTone: number;
  hair: Rgb;
  eyes: Rgb;
  clothing: Rgb;
}

/**
 * Every part's material. A bust's glasses and beard (decision 046) choose the frame's material and,
 * on the toon, stubble's colour: `shapes` is the bust's (AvatarMesh.glasses, .beard).
 */
export function materialsFor(
  c: Colors,
  style: AvatarStyle = "realistic",
  shapes: { glasses?: string; beard?: string } = {},
): Record<PartId, AvatarMaterial> {
  const frame = shapes.glasses === "round" ? "round" : "square";
  if (style === "toon") return toonMaterials(c, frame, shapes.beard === "stubble");
  const skin = skinColor(c.skinTone);
  const lips = mix(mix(skin, [0.8, 0.36, 0.38], 0.38), [0, 0, 0], 0.06 + 0.1 * c.skinTone);
  const brows = mix(c.hair, [0.06, 0.04, 0.035], 0.35);
  return {
    skin: material("skin", skin, 0.55),
    ears: material("ears", skin, 0.55),
    hands: material("hands", skin, 0.6),
    lips: material("lips", lips, 0.48),
    sclera: material("sclera", [0.94, 0.93, 0.91], 0.2),
    iris: material("iris", c.eyes, 0.15),
    pupil: material("pupil", [0.02, 0.02, 0.025], 0.1),
    lashes: material("lashes", [0.04, 0.03, 0.03], 0.6, true),
    brows: material("brows", brows, 0.8),
    teeth: material("teeth", [0.93, 0.91, 0.86], 0.3),
    tongue: material("tongue", [0.75, 0.36, 0.38], 0.45),
    mouth: material("mouth", [0.28, 0.08, 0.09], 0.8),
    hair: material("hair", c.hair, 0.58, true),
    glasses: material("glasses", [...GLASSES_COLOR[frame]], frame === "round" ? 0.3 : 0.25),
    lenses: material("lenses", ...LENS.realistic),
    // a beard is sparser than the hair on the head: a little of the skin shows through it
    beard: material("beard", mix(c.hair, skin, 0.14), 0.75),
    clothing: material("clothing", c.clothing, 0.85),
  };
}

/** Toon colours: the same choices, drawn flat. Lips barely darker than the skin (a mouth is a line). */
function toonMaterials(c: Colors, frame: keyof typeof GLASSES_COLOR, stubble: boolean): Record<PartId, AvatarMaterial> {
  const skin = mix(skinColor(c.skinTone), [1, 0.86, 0.8], 0.18);
  const lips = mix(skin, [0.9, 0.5, 0.52], 0.2);
  const brows = mix(c.hair, [0.1, 0.06, 0.05], 0.45);
  return {
    skin: material("skin", skin, 1),
    ears: material("ears", skin, 1),
    hands: material("hands", skin, 1),
    lips: material("lips", lips, 1),
    sclera: material("sclera", [1, 1, 1], 1),
    iris: material("iris", c.eyes, 1),
    pupil: material("pupil", mix(c.eyes, [0.02, 0.015, 0.03], 0.62), 1),
    lashes: material("lashes", [0.1, 0.06, 0.07], 1, true),
    brows: material("brows", brows, 1),
    teeth: material("teeth", [1, 1, 0.98], 1),
    tongue: material("tongue", [0.85, 0.42, 0.45], 1),
    mouth: material("mouth", [0.42, 0.12, 0.15], 1),
    hair: material("hair", c.hair, 1, true),
    glasses: material("glasses", [...GLASSES_COLOR[frame]], 1),
    lenses: material("lenses", ...LENS.toon),
    // stubble drawn flat: the skin a fifth of the way to the hair's shade, as anime draws a shadow
    beard: material(
      "beard",
      stubble ? mix(skin, mix(c.hair, [0.3, 0.34, 0.46], 0.7), 0.16) : mix(c.hair, [0.1, 0.06, 0.05], 0.2),
      1,
    ),
    clothing: material("clothing", c.clothing, 1),
  };
}
