/**
 * Where an avatar's portrait is stored: the worker renders it there, the server tells a stale one
 * by it. Node only (node:crypto): the web never imports this file.
 */
import { createHash } from "node:crypto";

/**
 * Bump when the model or the renderer changes how avatars look: every portrait is made again.
 * 2: toon avatars (cartoons) drawn in the toon style (decision 039), the ears' winding fixed.
 * 3: the realistic head's lower cheeks filled (decision 039, "Full cheeks").
 * 4: the toon head's cheek one convex curve to the chin, long locks falling straight from the
 *    head's widest point, the toon bob's side locks further back, the realistic eyes at rest and
 *    a softer nose, upper arms, softer lips and hair (decision 039).
 * 5: the toon's lower face tapered to the chin, the "V line" (decision 039).
 * 6: the realistic skin's colour zones: flushed cheeks, shaded eye sockets, a man's beard shadow,
 *    a smoother T-zone; the realistic hair darker under its locks (decision 039).
 * 7: the realistic brows 11 mm lower, where photos put brows (decision 039).
 * 8: the toon's jaw over its neck: a 10 mm blend between them, not 35 (decision 039).
 * 9: the realistic brows start 16 mm from the middle, not 11, and a man's is flatter (decision 010,
 *    "Brows apart").
 * 10: the toon's slim neck and its outer face tapered to the chin (decision 039, "A face over a slim
 *     neck").
 * 11: the toon's mouth and chin set back under the nose, and a smaller chin (the same section).
 * 12: the neck faded into the head's sculpt, so no line crosses the side of the face (decision
 *     039, "No line across the cheek").
 * 13: the toon's smaller ear, further forward (decision 039, "A smaller ear").
 * 14: the realistic lids a little lower (decision 039, "Lids a little lower").
 * 15: the toon's cheek lower and further forward, and a man's smaller jaw angle (decision 039, "One
 *     line from cheek to chin").
 * 16: the realistic mouth as wide as faces' (decision 039, "A mouth as wide as faces'").
 * 17: the realistic short cut's fringe off the forehead, in narrower locks, its nape in tips;
 *     the long cut and the bob in narrower locks that fall without a kink; the ponytail's top
 *     drawn back in locks (decision 039, "A short cut, not a bowl").
 * 18: `chin.width` reaching half as far again (every system avatar sets it) and the jaw's taper
 *     (decision 010, "A jaw that tapers, and the mean face"); stubble as one shadow with a smooth
 *     edge, and the glasses' lenses (decision 046, "Stubble's edge" and "Lenses").
 * 19: the toon ponytail drawn back without a fringe (decision 039, "The toon ponytail").
 * 20: the realistic ponytail combed back in fine locks (decision 039, "A ponytail combed back").
 * 21: the realistic ponytail's crown lower, under its locks (the same section).
 */
export const RENDER_VERSION = "21";

/** The style a portrait is drawn in (shared/avatar's AvatarStyle). */
export type PortraitStyle = "realistic" | "toon";

/**
 * Portraits are addressed by what they show, so the same face is rendered once and shared: the
 * same face as a cartoon (toon) and as a DIY avatar (realistic) are two portraits.
 */
export function portraitKey(
  sex: number,
  faceParams: string,
  appearance: string,
  style: PortraitStyle = "realistic",
): string {
  const hash = createHash("sha256")
    .update(`${RENDER_VERSION}\n${style}\n${sex}\n${faceParams}\n${appearance}`)
    .digest("hex")
    .slice(0, 24);
  return `avatar-${hash}.webp`;
}
