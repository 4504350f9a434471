/** loadSysAttr: what the face editor offers, from the one catalogue in shared/avatar. */

import Type from "typebox";
import {
  EYE_PRESETS,
  FACE_GROUPS,
  FACE_SLIDERS,
  HAIR_PRESETS,
  type Rgb,
  SKIN_PALETTE,
} from "../../../shared/avatar/index.ts";
import type { Language } from "../../../shared/constants.ts";

const hex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

const Option = Type.Object({ id: Type.String(), color: Type.String() });

export const SysAttrData = Type.Object({
  groups: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  sliders: Type.Array(
    Type.Object({
      id: Type.String(),
      group: Type.String(),
      name: Type.String(),
      min: Type.Number(),
      max: Type.Number(),
    }),
  ),
  skinTones: Type.Array(Type.Object({ value: Type.Number(), color: Type.String() })),
  hairColors: Type.Array(Option),
  eyeColors: Type.Array(Option),
});

export function loadSysAttr(language: Language) {
  return {
    groups: FACE_GROUPS.map((g) => ({ id: g.id, name: g.labels[language] })),
    sliders: FACE_SLIDERS.map((s) => ({ id: s.id, group: s.group, name: s.labels[language], min: -1, max: 1 })),
    skinTones: SKIN_PALETTE.map((rgb, i) => ({ value: i / (SKIN_PALETTE.length - 1), color: hex(rgb) })),
    hairColors: Object.entries(HAIR_PRESETS).map(([id, rgb]) => ({ id, color: hex(rgb) })),
    eyeColors: Object.entries(EYE_PRESETS).map(([id, rgb]) => ({ id, color: hex(rgb) })),
  };
}
