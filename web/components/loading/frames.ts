import { LOADING_FPS, LOADING_FRAMES } from "../../../shared/constants.ts";

/** One frame every 1000/15 ms (spec section 9: 23 frames at 15 fps, about 1.53 s a cycle). */
export const FRAME_MS = 1000 / LOADING_FPS;

export const nextFrame = (frame: number): number => (frame + 1) % LOADING_FRAMES;

/**
 * The frame on screen `elapsedMs` after the animation started, and when the next one is due.
 * Integer arithmetic on purpose: browsers truncate timer delays to whole milliseconds, so a plain
 * setInterval(…, 66.67) really runs at 66 ms (15.15 fps) and drifts; scheduling each step at
 * ceil(n * 1000 / 15) keeps exactly 15 frames a second.
 */
export const frameAt = (elapsedMs: number): number => Math.floor((elapsedMs * LOADING_FPS) / 1000) % LOADING_FRAMES;

export function msToNextFrame(elapsedMs: number): number {
  const step = Math.floor((elapsedMs * LOADING_FPS) / 1000);
  return Math.max(1, Math.ceil(((step + 1) * 1000) / LOADING_FPS) - elapsedMs);
}

/**
 * What frame `index` draws: a ring of 23 beads with a bright head and a fading tail that moves one
 * bead a frame, and a scan line that sweeps the avatar's face. Every frame differs from the others.
 */
export function beadOpacity(bead: number, frame: number): number {
  const behind = (frame - bead + LOADING_FRAMES) % LOADING_FRAMES;
  return behind < 8 ? 1 - behind / 8 : 0.08;
}

export function scanY(frame: number): number {
  // Down and back up once per cycle: a triangle wave over the 23 frames.
  const half = (LOADING_FRAMES - 1) / 2;
  const t = frame <= half ? frame / half : (LOADING_FRAMES - 1 - frame) / half;
  return 34 + t * 32;
}
