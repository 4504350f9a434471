import { type AvatarMesh, buildAvatar, type Rgb } from "../../shared/avatar/index.ts";
import type { Appearance } from "../../shared/schemas/roles.ts";

const toRgb = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
};

/** The avatar mesh for a stored look: sex, skin, hair and eye colours (#rrggbb), and an outfit colour. */
export function buildLook(sex: 1 | 2, appearance: Appearance, outfit?: string): AvatarMesh {
  return buildAvatar({
    sex,
    ...(appearance.skinTone === undefined ? {} : { skinTone: appearance.skinTone }),
    ...(appearance.hairColor ? { hairColor: toRgb(appearance.hairColor) } : {}),
    ...(appearance.eyeColor ? { eyeColor: toRgb(appearance.eyeColor) } : {}),
    ...(outfit ? { clothingColor: toRgb(outfit) } : {}),
  });
}
