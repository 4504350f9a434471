/**
 * The cloud stream's sound (docs/decisions/041). The render page taps everything it plays (the
 * plan's voice saying the studio's lines and the replies, the interactions' sounds) as 16-bit mono
 * PCM in chunks of a tenth of a second, and hands each one that is not silent to the render worker;
 * the cloud socket relays it to the studio as a binary message beside the JPEG frames:
 *
 *   bytes 0–3   "PCM1"
 *   bytes 4–7   sample rate (uint32, little-endian)
 *   bytes 8–15  the chunk's start on the render page's audio clock (seconds, float64, little-endian)
 *   bytes 16–   the samples (int16, little-endian)
 *
 * A JPEG starts with 0xFF 0xD8, so the studio tells the two apart by their first bytes. Silence is
 * not sent; the start times place each chunk, so the gaps stay gaps.
 */

/** The function the render worker gives the render page for its sound (base64 PCM, start, rate). */
export const CLOUD_AUDIO_BINDING = "__avaliveAudio";
/** The render page's audio clock: enough for speech and the synthesised sounds, half of 48 kHz's bytes. */
export const CLOUD_AUDIO_RATE = 24_000;
/** Samples per chunk: a tenth of a second. */
export const CLOUD_AUDIO_CHUNK = CLOUD_AUDIO_RATE / 10;
/** The longest chunk a render page may hand over (samples): a second. */
export const CLOUD_AUDIO_MAX_SAMPLES = 48_000;

const MAGIC = [0x50, 0x43, 0x4d, 0x31]; // "PCM1"
const HEADER = 16;

export interface CloudAudioChunk {
  rate: number;
  /** Seconds on the render page's audio clock. */
  start: number;
  samples: Int16Array;
}

/** One chunk as the socket carries it. */
export function encodeCloudAudio({ rate, start, samples }: CloudAudioChunk): Uint8Array {
  const out = new Uint8Array(HEADER + samples.length * 2);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, rate, true);
  view.setFloat64(8, start, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(HEADER + i * 2, samples[i] as number, true);
  return out;
}

/** A binary message that is a sound chunk (null for a JPEG frame or anything malformed). */
export function decodeCloudAudio(data: ArrayBuffer | Uint8Array): CloudAudioChunk | null {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.length < HEADER || (bytes.length - HEADER) % 2 !== 0) return null;
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC[i]) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rate = view.getUint32(4, true);
  const start = view.getFloat64(8, true);
  if (rate < 8000 || rate > 96_000 || !Number.isFinite(start) || start < 0) return null;
  const samples = new Int16Array((bytes.length - HEADER) / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(HEADER + i * 2, true);
  return { rate, start, samples };
}

/**
 * What the render page hands the render worker's binding, checked (it is a web page's say): base64
 * int16 samples (at most CLOUD_AUDIO_MAX_SAMPLES), the start and the rate. Null when malformed.
 */
export function readSinkChunk(base64: unknown, start: unknown, rate: unknown): CloudAudioChunk | null {
  if (typeof base64 !== "string" || typeof start !== "number" || typeof rate !== "number") return null;
  if (!Number.isFinite(start) || start < 0 || !Number.isInteger(rate) || rate < 8000 || rate > 96_000) return null;
  if (base64.length === 0 || base64.length > Math.ceil((CLOUD_AUDIO_MAX_SAMPLES * 2) / 3) * 4) return null;
  let text: string;
  try {
    text = atob(base64);
  } catch {
    return null;
  }
  if (text.length % 2 !== 0) return null;
  const samples = new Int16Array(text.length / 2);
  for (let i = 0; i < samples.length; i++) {
    const u = text.charCodeAt(i * 2) | (text.charCodeAt(i * 2 + 1) << 8);
    samples[i] = u >= 0x8000 ? u - 0x10000 : u;
  }
  return { rate, start, samples };
}

/** Float samples (-1..1) as int16, clipped; null when the block is silent (every sample rounds to 0). */
export function toPcm16(block: ArrayLike<number>): Int16Array | null {
  const out = new Int16Array(block.length);
  let loud = false;
  for (let i = 0; i < block.length; i++) {
    const x = Math.max(-1, Math.min(1, block[i] as number));
    const s = Math.round(x * 32767);
    out[i] = s;
    if (s !== 0) loud = true;
  }
  return loud ? out : null;
}

/**
 * Where the studio plays each chunk. The first one after a gap is placed `lead` seconds ahead of
 * now (room for chunks arriving unevenly behind the frames); the rest keep their spacing on the
 * render page's clock, so a line sounds as it was said. A chunk that would start too late (the
 * stream stalled) or too far ahead (the clocks drifted apart) sets a new anchor.
 */
export function createAudioSchedule(options: { lead?: number; minAhead?: number; maxAhead?: number } = {}) {
  const lead = options.lead ?? 0.25;
  const minAhead = options.minAhead ?? 0.02;
  const maxAhead = options.maxAhead ?? 1;
  let offset: number | null = null;
  return {
    /** The studio's time (seconds, its AudioContext's clock) at which to start a chunk made at `start`. */
    at(start: number, now: number): number {
      let when = offset === null ? Number.NaN : start + offset;
      if (!(when >= now + minAhead && when <= now + maxAhead)) {
        offset = now + lead - start;
        when = start + offset;
      }
      return when;
    },
  };
}
