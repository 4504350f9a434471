/**
 * Face parameters: one number in -1..1 per slider, checked by their TypeBox schema where they enter
 * (the routes), and blended for up to 3 faces. No validator here: this module is on the pages that
 * only call the API, which should not load TypeBox's validator.
 */

import type { Static } from "typebox";
import * as Type from "typebox";
import { FACE_SLIDER_IDS, type FaceSliderId } from "./sliders.ts";

/** The most faces the editor blends at once (spec section 9). */
export const MAX_BLEND = 3;

/**
 * A stored face: every key optional (a missing slider is neutral, so faces saved before a slider
 * existed stay valid), each -1..1, and nothing that is not a slider.
 */
export const FaceParamsSchema = Type.Object(
  Object.fromEntries(FACE_SLIDER_IDS.map((id) => [id, Type.Optional(Type.Number({ minimum: -1, maximum: 1 }))])) as {
    [K in FaceSliderId]: ReturnType<typeof Type.Optional<ReturnType<typeof Type.Number>>>;
  },
  { additionalProperties: false },
);
export type FaceParamsInput = Static<typeof FaceParamsSchema>;
/** A complete face: every slider present. Also a valid morph-weight map. */
export type FaceParams = Record<FaceSliderId, number>;

export function neutralParams(): FaceParams {
  return Object.fromEntries(FACE_SLIDER_IDS.map((id) => [id, 0])) as FaceParams;
}

/**
 * Weighted average of up to three faces; weights are normalised to sum to 1, so the result stays
 * in range. Throws on no faces, more than three, or weights that are negative or sum to zero.
 */
export function blendParams(list: readonly { params: Partial<FaceParams>; weight: number }[]): FaceParams {
  if (list.length === 0 || list.length > MAX_BLEND)
    throw new RangeError(`blend 1 to ${MAX_BLEND} faces, got ${list.length}`);
  const total = list.reduce((s, f) => s + f.weight, 0);
  if (list.some((f) => !(f.weight >= 0)) || !(total > 0))
    throw new RangeError("blend weights must be >= 0 and sum above 0");
  const out = neutralParams();
  for (const id of FACE_SLIDER_IDS) {
    let v = 0;
    for (const f of list) v += (f.params[id] ?? 0) * (f.weight / total);
    out[id] = Math.max(-1, Math.min(1, v));
  }
  return out;
}
