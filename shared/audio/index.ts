/**
 * Audio for the plan catalogue: every sound and voice item is rendered from its look, in code
 * (docs/decisions/011-synthesised-audio.md). Pure TypeScript, so the server serves it and a page
 * could render it offline alike.
 */

import type { CatalogueItem } from "../plan/catalogue.ts";
import type { SoundLook, VoiceLook } from "../plan/looks.ts";
import { synthSound } from "./sfx.ts";
import { synthVoice } from "./voice.ts";
import { encodeWav } from "./wav.ts";

export { synthSound } from "./sfx.ts";
export { synthVoice } from "./voice.ts";
export { encodeWav } from "./wav.ts";

/** Every rendered item uses this rate: plenty for effects and voice, and half the bytes of 44.1 kHz. */
export const AUDIO_SAMPLE_RATE = 22050;

/** Where a sound or voice item's WAV is served (server/areas/media/routes.ts). */
export const soundUrl = (id: string) => `/web-api/p1/media/sound/${id}.wav`;

/** The item's audio as WAV bytes; null for items that make no sound (outfits, pets, ...). */
export function renderCatalogueAudio(item: CatalogueItem): Uint8Array | null {
  if (item.kind === "sound") return encodeWav(synthSound(item.look as SoundLook, AUDIO_SAMPLE_RATE), AUDIO_SAMPLE_RATE);
  if (item.kind === "voice") return encodeWav(synthVoice(item.look as VoiceLook, AUDIO_SAMPLE_RATE), AUDIO_SAMPLE_RATE);
  return null;
}
