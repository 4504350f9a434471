import { describe, expect, it } from "vitest";
import { CATALOGUE, type CatalogueItem } from "../plan/catalogue.ts";
import type { SoundLook } from "../plan/looks.ts";
import { estimatePitch, peak, rms, spectralCentroid } from "./analysis.ts";
import { AUDIO_SAMPLE_RATE, renderCatalogueAudio } from "./index.ts";
import { SOUND_RECIPES, synthSound } from "./sfx.ts";
import { decodeWav } from "./wav.ts";

const sounds = CATALOGUE.filter((i): i is CatalogueItem<"sound"> => i.kind === "sound");
const sr = AUDIO_SAMPLE_RATE;

describe("catalogue sounds", () => {
  it("cover every recipe but the two kept for later", () => {
    const used = new Set(sounds.map((s) => s.look.recipe));
    expect(SOUND_RECIPES.filter((r) => !used.has(r)).sort()).toEqual(["bell", "heartbeat"]);
  });

  it.each(sounds.map((s) => [s.id, s] as const))("%s renders a valid, audible, deterministic WAV", (_id, item) => {
    const bytes = renderCatalogueAudio(item) as Uint8Array;
    const wav = decodeWav(bytes);
    expect(wav).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: sr, bitsPerSample: 16, blockAlign: 2 });
    expect(Math.abs(wav.samples.length / sr - item.look.duration)).toBeLessThan(0.01);
    expect(rms(wav.samples)).toBeGreaterThan(0.03);
    expect(peak(wav.samples)).toBeLessThanOrEqual(0.9);
    expect(peak(wav.samples)).toBeGreaterThan(0.85);
    expect(Buffer.from(renderCatalogueAudio(item) as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe("each recipe sounds like its name", () => {
  const render = (recipe: string, duration: number) => synthSound({ recipe, duration }, sr);
  const window = (x: Float32Array, from: number, to: number) => x.subarray(Math.round(from * sr), Math.round(to * sr));

  it("coin: a B5 blip then a ringing E6", () => {
    const x = render("coin", 0.6);
    const first = estimatePitch(window(x, 0.005, 0.075), sr, { minHz: 500, maxHz: 2000, window: 0.015, hop: 0.01 });
    const second = estimatePitch(window(x, 0.1, 0.3), sr, { minHz: 500, maxHz: 2000, window: 0.015, hop: 0.01 });
    expect(first.f0).toBeCloseTo(987.8, -1);
    expect(second.f0).toBeCloseTo(1318.5, -1);
  });

  it("applause and whoosh are noise, with no pitch", () => {
    for (const [recipe, duration] of [
      ["applause", 2.2],
      ["whoosh", 0.9],
    ] as const) {
      expect(estimatePitch(render(recipe, duration), sr).voicedShare).toBeLessThan(0.1);
    }
  });

  it("whoosh is brightest as it passes the middle", () => {
    const x = render("whoosh", 0.9);
    const middle = spectralCentroid(window(x, 0.33, 0.48), sr);
    expect(middle).toBeGreaterThan(1.5 * spectralCentroid(window(x, 0, 0.15), sr));
    expect(middle).toBeGreaterThan(1.5 * spectralCentroid(window(x, 0.75, 0.9), sr));
  });

  it("drumroll grows louder and ends on a crash", () => {
    const x = render("drumroll", 2);
    const early = rms(window(x, 0.05, 0.35));
    const late = rms(window(x, 1.05, 1.35));
    expect(late).toBeGreaterThan(2 * early);
    expect(peak(window(x, 1.38, 1.5))).toBeGreaterThan(0.85);
  });

  it("laser sweeps downward", () => {
    const x = render("laser", 0.7);
    expect(spectralCentroid(window(x, 0, 0.08), sr)).toBeGreaterThan(3 * spectralCentroid(window(x, 0.3, 0.4), sr));
  });

  it("pop is short: nearly all its energy in the first tenth of a second", () => {
    const x = render("pop", 0.3);
    expect(rms(window(x, 0.15, 0.3))).toBeLessThan(0.05 * rms(window(x, 0, 0.05)));
  });

  it.each<SoundLook>([
    { recipe: "heartbeat", duration: 1.6 },
    { recipe: "bell", duration: 2 },
  ])("renders $recipe too", (look) => {
    const x = render(look.recipe, look.duration);
    expect(x.length).toBe(Math.round(look.duration * sr));
    expect(rms(x)).toBeGreaterThan(0.02);
  });

  it("refuses an unknown recipe", () => {
    expect(() => render("kazoo", 1)).toThrow("unknown sound recipe: kazoo");
  });
});

describe("renderCatalogueAudio", () => {
  it("answers null for items that make no sound", () => {
    const cat = CATALOGUE.find((i) => i.id === "pet.cat") as CatalogueItem;
    expect(renderCatalogueAudio(cat)).toBeNull();
  });
});
