/**
 * An avatar's look as colours, the one place for it: each sex's defaults, "#rrggbb" to sRGB and
 * back, and a stored look (appearance, outfit colour) to the bust's colours. Web and worker alike.
 */
import { type Colors, EYE_PRESETS, HAIR_PRESETS, type Rgb } from "./palette.ts";

/** Skin tone (0 very fair .. 1 deep) where a look names none. */
export const DEFAULT_SKIN_TONE = 0.25;

/** Each sex's colours where a look names none (1 male, 2 female). */
export const DEFAULT_COLORS: Readonly<Record<1 | 2, Readonly<Omit<Colors, "skinTone">>>> = {
  1: { hair: [...HAIR_PRESETS.darkBrown], eyes: [...EYE_PRESETS.brown], clothing: [0.16, 0.2, 0.28] },
  2: { hair: [...HAIR_PRESETS.chestnut], eyes: [...EYE_PRESETS.hazel], clothing: [0.86, 0.78, 0.86] },
};

/** "#rrggbb" as sRGB 0..1. */
export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** sRGB 0..1 (the first three values, clamped) as "#rrggbb". */
export function rgbToHex(rgb: readonly number[]): string {
  const h = (v: number) =>
    Math.round(Math.min(1, Math.max(0, v)) * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${h(rgb[0] ?? 0)}${h(rgb[1] ?? 0)}${h(rgb[2] ?? 0)}`;
}

/** The hair styles (appearance.hairStyle): the cartoon creator offers them, photo cloning picks one, both styles wear them. */
export const HAIR_STYLES = ["short", "bob", "long", "ponytail"] as const;
export type HairStyle = (typeof HAIR_STYLES)[number];

/** An avatar's hair style where its look names none: each sex's cut before hair styles existed. */
export const hairStyleOf = (sex: 1 | 2, hairStyle?: HairStyle): HairStyle =>
  hairStyle ?? (sex === 2 ? "long" : "short");

/**
 * Glasses (appearance.glasses): none, a square acetate frame, or a thin round metal one. Photo
 * cloning gives the square frame to a face it finds wearing glasses (decision 046).
 */
export const GLASSES_STYLES = ["none", "square", "round"] as const;
export type GlassesStyle = (typeof GLASSES_STYLES)[number];

/**
 * Facial hair (appearance.beard), in the hair's colour: none, stubble (the skin darkened where a
 * beard grows), a moustache (over the upper lip), a goatee (moustache and chin) or a full beard
 * (moustache, chin, jaw and cheeks up to the sideburns). Photo cloning reads it from the photo
 * (decision 046).
 */
export const BEARD_STYLES = ["none", "stubble", "moustache", "goatee", "full"] as const;
export type BeardStyle = (typeof BEARD_STYLES)[number];

/** What of a look changes the bust's shape, not only its colours: the cut, the glasses and the beard. */
export interface LookShapes {
  hair?: HairStyle;
  glasses?: GlassesStyle;
  beard?: BeardStyle;
}

/**
 * The fields of a stored appearance (shared/schemas/roles.ts): "#rrggbb" colours, skin tone 0..1,
 * hair style, glasses and beard.
 */
export interface LookAppearance {
  skinTone?: number;
  hairColor?: string;
  eyeColor?: string;
  /** The clothing colour it was made in (a cartoon's outfit); an outfit passed to lookColors wins. */
  outfitColor?: string;
  hairStyle?: HairStyle;
  glasses?: GlassesStyle;
  beard?: BeardStyle;
}

/** A stored look's shapes (absent: each sex's cut, no glasses, no beard). */
export const lookShapes = (a: LookAppearance): LookShapes => ({
  ...(a.hairStyle ? { hair: a.hairStyle } : {}),
  ...(a.glasses && a.glasses !== "none" ? { glasses: a.glasses } : {}),
  ...(a.beard && a.beard !== "none" ? { beard: a.beard } : {}),
});

/** The colours of a stored look: its appearance and outfit colour, each sex's defaults for what it leaves out. */
export function lookColors(sex: 1 | 2, appearance: LookAppearance, outfit?: string): Colors {
  const defaults = DEFAULT_COLORS[sex];
  return {
    skinTone: appearance.skinTone ?? DEFAULT_SKIN_TONE,
    hair: appearance.hairColor ? hexToRgb(appearance.hairColor) : [...defaults.hair],
    eyes: appearance.eyeColor ? hexToRgb(appearance.eyeColor) : [...defaults.eyes],
    clothing: outfit
      ? hexToRgb(outfit)
      : appearance.outfitColor
        ? hexToRgb(appearance.outfitColor)
        : [...defaults.clothing],
  };
}
