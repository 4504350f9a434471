import { describe, expect, it } from "vitest";
import { decodeWav, encodeWav } from "./wav.ts";

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

describe("encodeWav", () => {
  it("writes a canonical 44-byte RIFF/WAVE header for mono 16-bit PCM", () => {
    const bytes = encodeWav(new Float32Array([0, 0.5, -0.5]), 22050);
    const view = new DataView(bytes.buffer);
    expect(bytes.length).toBe(44 + 6);
    expect(ascii(bytes, 0)).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(ascii(bytes, 8)).toBe("WAVE");
    expect(ascii(bytes, 12)).toBe("fmt ");
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(22050);
    expect(view.getUint32(28, true)).toBe(44100);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(bytes, 36)).toBe("data");
    expect(view.getUint32(40, true)).toBe(6);
  });

  it("normalises to the requested peak by default", () => {
    const { samples } = decodeWav(encodeWav(new Float32Array([0.1, -0.2, 0.05]), 8000));
    expect(Math.max(...samples.map(Math.abs))).toBeCloseTo(0.89, 3);
    expect(samples[0]).toBeCloseTo(0.445, 3);
  });

  it("clips instead of wrapping when asked to keep the level", () => {
    const bytes = encodeWav(new Float32Array([3, -3, 0.25]), 8000, { peak: null });
    const view = new DataView(bytes.buffer);
    expect(view.getInt16(44, true)).toBe(32767);
    expect(view.getInt16(46, true)).toBe(-32767);
    expect(view.getInt16(48, true)).toBe(Math.round(0.25 * 32767));
  });

  it("keeps silence silent (no division by a zero peak)", () => {
    const { samples } = decodeWav(encodeWav(new Float32Array(100), 8000));
    expect(samples.every((x) => x === 0)).toBe(true);
  });
});

describe("decodeWav", () => {
  it("reads back what was written", () => {
    const input = Float32Array.from({ length: 64 }, (_, i) => Math.sin(i / 5) * 0.5);
    const wav = decodeWav(encodeWav(input, 16000, { peak: null }));
    expect(wav).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: 16000, bitsPerSample: 16 });
    for (let i = 0; i < input.length; i++) expect(wav.samples[i]).toBeCloseTo(input[i] as number, 4);
  });

  it("refuses bytes that are not a WAV file", () => {
    expect(() => decodeWav(new TextEncoder().encode("not a wav file, just some text here, long enough"))).toThrow(
      "not a RIFF/WAVE file",
    );
  });
});
