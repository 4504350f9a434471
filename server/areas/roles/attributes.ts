/** loadSysAttr: what the face editor offers, from the one catalogue in shared/avatar. */

import {
  EYE_PALETTE,
  FACE_GROUPS,
  FACE_SLIDERS,
  HAIR_PALETTE,
  type Rgb,
  SKIN_PALETTE,
} from "../../../shared/avatar/index.ts";
import type { Language } from "../../../shared/constants.ts";
import type { SysAttrData } from "../../../shared/schemas/roles.ts";

const hex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

export function loadSysAttr(language: Language): SysAttrData {
  return {
    groups: FACE_GROUPS.map((g) => ({ id: g.id, name: g.labels[language] })),
    sliders: FACE_SLIDERS.map((s) => ({ id: s.id, group: s.group, name: s.labels[language], min: -1, max: 1 })),
    skinTones: SKIN_PALETTE.map((rgb, i) => ({ value: i / (SKIN_PALETTE.length - 1), color: hex(rgb) })),
    hairColors: Object.entries(HAIR_PALETTE).map(([id, rgb]) => ({ id, color: hex(rgb) })),
    eyeColors: Object.entries(EYE_PALETTE).map(([id, rgb]) => ({ id, color: hex(rgb) })),
  };
}
