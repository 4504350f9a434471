/**
 * Mono 16-bit PCM WAV (RIFF) encoding and decoding. Decoding exists for the tests and the
 * measurement tools; it reads only what encodeWav writes (plain PCM, no extra chunks expected
 * before "data", though unknown chunks are skipped).
 */

export interface EncodeOptions {
  /** Scale so the loudest sample reaches this level (0..1); null keeps the level and only clips. */
  peak?: number | null;
}

const HEADER_BYTES = 44;

/** Mono float samples (nominally -1..1) to a 16-bit PCM WAV file. Out-of-range samples are clipped. */
export function encodeWav(samples: Float32Array, sampleRate: number, options: EncodeOptions = {}): Uint8Array {
  const peak = options.peak === undefined ? 0.89 : options.peak;
  let scale = 1;
  if (peak !== null) {
    let max = 0;
    for (const x of samples) if (Math.abs(x) > max) max = Math.abs(x);
    if (max > 0) scale = peak / max;
  }
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const x = Math.max(-1, Math.min(1, (samples[i] as number) * scale));
    // Symmetric scaling: +1 maps to 32767 and -1 to -32767, so a clip is the same both ways.
    view.setInt16(HEADER_BYTES + i * 2, Math.round(x * 32767), true);
  }
  return bytes;
}

export interface DecodedWav {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  /** The first channel, scaled to -1..1. */
  samples: Float32Array;
}

/** Read a PCM WAV file; throws on anything that is not RIFF/WAVE with fmt and data chunks. */
export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < HEADER_BYTES || text(0) !== "RIFF" || text(8) !== "WAVE") throw new Error("not a RIFF/WAVE file");
  let at = 12;
  let format: Omit<DecodedWav, "samples"> | null = null;
  while (at + 8 <= bytes.length) {
    const id = text(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt ") {
      format = {
        audioFormat: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        byteRate: view.getUint32(body + 8, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (format?.audioFormat !== 1 || format.bitsPerSample !== 16) throw new Error("not 16-bit PCM");
      const frames = Math.floor(Math.min(size, bytes.length - body) / format.blockAlign);
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = view.getInt16(body + i * format.blockAlign, true) / 32768;
      return { ...format, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error("no data chunk");
}
