import { describe, expect, it } from "vitest";
import { estimatePitch, rms, spectralCentroid } from "./analysis.ts";
import { mulberry32, white } from "./dsp.ts";

const sr = 22050;
const tone = (hz: number, seconds: number, harmonics = 10) =>
  Float32Array.from({ length: seconds * sr }, (_, i) => {
    let x = 0;
    for (let k = 1; k <= harmonics; k++) x += Math.sin((2 * Math.PI * hz * k * i) / sr) / k;
    return x * 0.3;
  });

describe("the measurements the audio tests rely on", () => {
  it.each([85, 150, 320])("finds the pitch of a %i Hz harmonic tone", (hz) => {
    const { f0, voicedShare } = estimatePitch(tone(hz, 0.5), sr);
    expect(f0).toBeGreaterThan(hz * 0.99);
    expect(f0).toBeLessThan(hz * 1.01);
    expect(voicedShare).toBe(1);
  });

  it("finds no pitch in white noise", () => {
    const rng = mulberry32(7);
    const noise = Float32Array.from({ length: sr / 2 }, () => white(rng));
    const { f0, voicedShare } = estimatePitch(noise, sr);
    expect(f0).toBeNull();
    expect(voicedShare).toBe(0);
  });

  it("measures level and spectral centroid", () => {
    expect(rms(Float32Array.from({ length: 1000 }, (_, i) => (i % 2 ? 0.5 : -0.5)))).toBeCloseTo(0.5, 6);
    const pure = Float32Array.from({ length: sr }, (_, i) => Math.sin((2 * Math.PI * 1000 * i) / sr));
    expect(Math.abs(spectralCentroid(pure, sr) - 1000)).toBeLessThan(30);
  });
});
