/**
 * Where an avatar's portrait is stored: the worker renders it there, the server tells a stale one
 * by it. Node only (node:crypto): the web never imports this file.
 */
import { createHash } from "node:crypto";

/** Bump when the model or the renderer changes how avatars look: every portrait is made again. */
export const RENDER_VERSION = "1";

/** Portraits are addressed by what they show, so the same face is rendered once and shared. */
export function portraitKey(sex: number, faceParams: string, appearance: string): string {
  const hash = createHash("sha256")
    .update(`${RENDER_VERSION}\n${sex}\n${faceParams}\n${appearance}`)
    .digest("hex")
    .slice(0, 24);
  return `avatar-${hash}.webp`;
}
