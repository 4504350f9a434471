import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, type CatalogueItem } from "../plan/catalogue.ts";
import { estimatePitch, peak, rms, spectralCentroid } from "./analysis.ts";
import { AUDIO_SAMPLE_RATE, renderCatalogueAudio } from "./index.ts";
import { synthVoice, VOICE_TIMBRES } from "./voice.ts";
import { decodeWav } from "./wav.ts";

const voices = CATALOGUE.filter((i): i is CatalogueItem<"voice"> => i.kind === "voice");
const sr = AUDIO_SAMPLE_RATE;
const samples = new Map<string, Float32Array>();
const f0 = (id: string) => estimatePitch(samples.get(id) as Float32Array, sr).f0 as number;

beforeAll(() => {
  for (const v of voices) samples.set(v.id, decodeWav(renderCatalogueAudio(v) as Uint8Array).samples);
});

describe("voice samples", () => {
  it("use only the timbres the synthesiser knows", () => {
    for (const v of voices) expect(VOICE_TIMBRES).toContain(v.look.timbre);
  });

  it.each(voices.map((v) => [v.id, v] as const))("%s is a 2-3 s, audible, unclipped WAV", (id) => {
    const x = samples.get(id) as Float32Array;
    expect(x.length / sr).toBeGreaterThanOrEqual(2);
    expect(x.length / sr).toBeLessThanOrEqual(3);
    expect(rms(x)).toBeGreaterThan(0.05);
    expect(peak(x)).toBeLessThanOrEqual(0.9);
  });

  it.each(voices.filter((v) => v.look.timbre !== "whisper").map((v) => [v.id, v] as const))(
    "%s measures its pitch within 15 %",
    (id, v) => {
      const { f0, voicedShare } = estimatePitch(samples.get(id) as Float32Array, sr);
      expect(voicedShare).toBeGreaterThan(0.5);
      expect(f0).toBeGreaterThan(v.look.pitch * 0.85);
      expect(f0).toBeLessThan(v.look.pitch * 1.15);
    },
  );

  it("male voices measure lower than female ones", () => {
    const male = voices.filter((v) => v.look.sex === 1 && v.look.timbre !== "whisper").map((v) => f0(v.id));
    const female = voices.filter((v) => v.look.sex === 2 && v.look.timbre !== "whisper").map((v) => f0(v.id));
    expect(male.length).toBeGreaterThan(0);
    expect(female.length).toBeGreaterThan(0);
    expect(Math.max(...male)).toBeLessThan(Math.min(...female));
  });

  it("a whisper has no periodic pitch", () => {
    const { f0, voicedShare } = estimatePitch(samples.get("voice.whisper") as Float32Array, sr);
    expect(voicedShare).toBeLessThan(0.05);
    expect(f0).toBeNull();
  });

  it("the bright voice is brighter than the warm one", () => {
    const bright = spectralCentroid(samples.get("voice.bright-female") as Float32Array, sr);
    const warm = spectralCentroid(samples.get("voice.warm-female") as Float32Array, sr);
    expect(bright).toBeGreaterThan(1.3 * warm);
  });

  it("the robot holds its pitch on a semitone grid", () => {
    const frames = estimatePitch(samples.get("voice.robot") as Float32Array, sr).frames.flatMap((f) =>
      f.f0 ? [f.f0] : [],
    );
    const offGrid = frames.filter((hz) => {
      const semitones = 12 * Math.log2(hz / 120);
      return Math.abs(semitones - Math.round(semitones)) > 0.15;
    });
    expect(offGrid.length).toBeLessThan(0.1 * frames.length);
  });

  it("is deterministic, and differs between voices", () => {
    const item = voices[0] as CatalogueItem<"voice">;
    const again = synthVoice(item.look, sr);
    const first = synthVoice(item.look, sr);
    expect(Buffer.from(again.buffer).equals(Buffer.from(first.buffer))).toBe(true);
    const ids = voices.map((v) => v.id);
    for (const a of ids) for (const b of ids) if (a < b) expect(samples.get(a)).not.toEqual(samples.get(b));
  });

  it("refuses an unknown timbre", () => {
    expect(() => synthVoice({ sex: 1, pitch: 100, formantScale: 1, rate: 4, timbre: "kazoo" })).toThrow(
      "unknown voice timbre: kazoo",
    );
  });
});
