import type { Static } from "typebox";
import * as Type from "typebox";

/** `/media/sound/{id}`: a catalogue item id with `.wav` after it, e.g. `sound.applause.wav`. */
export const SoundFileParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type SoundFileParams = Static<typeof SoundFileParams>;

/** A WAV file's bytes, for the OpenAPI document; the type provider then accepts a Buffer. */
export const WavFile = Type.Unsafe<Uint8Array>({ type: "string", format: "binary" });
