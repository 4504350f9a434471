/**
 * The blend panel's selection: up to three faces (spec section 4), each with a weight; the result
 * is blendParams of their parameters with weights normalised to sum to 1.
 */
import { blendParams, type FaceParams, MAX_BLEND } from "../../../../shared/avatar/params.ts";

export interface BlendPick {
  id: string;
  weight: number;
  params: Partial<FaceParams>;
}

/** Adds a face (weight 1) or removes it; a fourth face is refused (the list comes back unchanged). */
export function togglePick(picks: readonly BlendPick[], face: Omit<BlendPick, "weight">): BlendPick[] {
  if (picks.some((p) => p.id === face.id)) return picks.filter((p) => p.id !== face.id);
  if (picks.length >= MAX_BLEND) return [...picks];
  return [...picks, { ...face, weight: 1 }];
}

/** The weights as shares of 1 (what the slider labels show); all zero shares evenly. */
export function shares(picks: readonly Pick<BlendPick, "weight">[]): number[] {
  const total = picks.reduce((s, p) => s + Math.max(0, p.weight), 0);
  if (total <= 0) return picks.map(() => 1 / picks.length);
  return picks.map((p) => Math.max(0, p.weight) / total);
}

/** The blended face, or null with nothing picked. */
export function blendedFace(picks: readonly BlendPick[]): FaceParams | null {
  if (picks.length === 0) return null;
  const weights = shares(picks);
  return blendParams(picks.map((p, i) => ({ params: p.params, weight: weights[i] as number })));
}
