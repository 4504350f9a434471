/**
 * Hear the catalogue's audio without the server, and measure it: writes every sound and voice
 * item as WAV plus a spectrogram PNG (0 to 11 kHz, 70 dB, the waveform's envelope underneath)
 * into test-results/audio/ (or the folder given), and prints duration, level, measured pitch
 * and spectral centroid. Run: npx tsx scripts/render-audio.ts [folder]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { estimatePitch, fft, rms, spectralCentroid } from "../shared/audio/analysis.ts";
import { renderCatalogueAudio } from "../shared/audio/index.ts";
import { decodeWav } from "../shared/audio/wav.ts";
import { CATALOGUE } from "../shared/plan/catalogue.ts";

const OUT = resolve(process.argv[2] ?? join(import.meta.dirname, "..", "test-results", "audio"));
mkdirSync(OUT, { recursive: true });

async function spectrogram(x: Float32Array, file: string) {
  const size = 512;
  const hop = Math.max(16, Math.floor(x.length / 900));
  const columns = Math.floor((x.length - size) / hop);
  const height = 256;
  const strip = 60;
  const pixels = Buffer.alloc(columns * (height + strip) * 3);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let c = 0; c < columns; c++) {
    for (let i = 0; i < size; i++) {
      re[i] = (x[c * hop + i] as number) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
      im[i] = 0;
    }
    fft(re, im);
    for (let row = 0; row < height; row++) {
      const k = Math.floor((row * size) / 2 / height);
      const db = 10 * Math.log10((re[k] as number) ** 2 + (im[k] as number) ** 2 + 1e-12);
      const v = Math.max(0, Math.min(255, ((db + 40) * 255) / 70));
      const at = ((height - 1 - row) * columns + c) * 3;
      pixels[at] = v;
      pixels[at + 1] = v * 0.8;
      pixels[at + 2] = 40;
    }
    let loudest = 0;
    for (let i = 0; i < hop; i++) loudest = Math.max(loudest, Math.abs(x[c * hop + i] as number));
    for (let y = 0; y < strip; y++) {
      const at = ((height + y) * columns + c) * 3;
      pixels.fill(Math.abs(y - strip / 2) <= (loudest * strip) / 2 ? 220 : 20, at, at + 3);
    }
  }
  await sharp(pixels, { raw: { width: columns, height: height + strip, channels: 3 } })
    .png()
    .toFile(file);
}

console.log("| item | pitch | measured F0 | voiced | seconds | RMS | centroid Hz |");
console.log("|---|---|---|---|---|---|---|");
for (const item of CATALOGUE) {
  const bytes = renderCatalogueAudio(item);
  if (!bytes) continue;
  writeFileSync(join(OUT, `${item.id}.wav`), bytes);
  const { samples, sampleRate } = decodeWav(bytes);
  await spectrogram(samples, join(OUT, `${item.id}.png`));
  const pitch = estimatePitch(samples, sampleRate);
  const target = item.kind === "voice" ? String((item.look as { pitch: number }).pitch) : "";
  const cells = [
    item.id,
    target,
    pitch.f0 ? pitch.f0.toFixed(1) : "none",
    pitch.voicedShare.toFixed(2),
    (samples.length / sampleRate).toFixed(2),
    rms(samples).toFixed(3),
    spectralCentroid(samples, sampleRate).toFixed(0),
  ];
  console.log(`| ${cells.join(" | ")} |`);
}
console.log(`written to ${OUT}`);
