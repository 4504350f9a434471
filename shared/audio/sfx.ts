/**
 * Short sound effects, each built from a recipe in code (docs/decisions/011-synthesised-audio.md).
 * Every recipe draws its randomness from a PRNG seeded by the recipe and duration, so a look
 * always renders to the same samples.
 */

import type { SoundLook } from "../plan/looks.ts";
import {
  addRoom,
  Biquad,
  between,
  finish,
  harmonicCount,
  harmonicSum,
  hashString,
  midiHz,
  mulberry32,
  type Rng,
  smoothstep,
  TWO_PI,
  white,
} from "./dsp.ts";

interface Canvas {
  out: Float32Array;
  sr: number;
  rng: Rng;
  /** seconds */
  duration: number;
}

/** Add `fn(i)` for i in [0, length) at `start` seconds, clipped to the buffer. */
function paint(c: Canvas, start: number, length: number, fn: (i: number, t: number) => number) {
  const first = Math.round(start * c.sr);
  const last = Math.min(c.out.length, first + length);
  for (let at = Math.max(0, first); at < last; at++) {
    const i = at - first;
    c.out[at] = (c.out[at] as number) + fn(i, i / c.sr);
  }
}

/** A hand clap: a noise burst through a band-pass, a millisecond rise and a few ms of decay. */
function clap(c: Canvas, start: number, gain: number, centre: number, q: number, decay: number) {
  const filter = new Biquad(c.sr).bandpass(centre, q);
  const length = Math.round(decay * 7 * c.sr);
  paint(
    c,
    start,
    length,
    (_i, t) => gain * filter.process(white(c.rng) * Math.min(1, t / 0.0007) * Math.exp(-t / decay)),
  );
}

function applause(c: Canvas) {
  const { duration: d, rng } = c;
  // The crowd swells in over the first half-second and thins out over the last second.
  const swell = (t: number) => smoothstep(0, 0.45, t) * (1 - smoothstep(d - 1.1, d, t) * 0.85);
  for (let person = 0; person < 26; person++) {
    const period = between(rng, 0.17, 0.3);
    const gain = between(rng, 0.45, 1);
    const centre = between(rng, 700, 2600);
    const q = between(rng, 0.9, 2.2);
    const stop = d - between(rng, 0.05, 0.9);
    for (let t = between(rng, 0, 0.4); t < stop; t += period * between(rng, 0.88, 1.12)) {
      clap(
        c,
        t,
        gain * swell(t) * between(rng, 0.7, 1),
        centre * between(rng, 0.92, 1.08),
        q,
        between(rng, 0.004, 0.009),
      );
    }
  }
  addRoom(c.out, c.sr, 0.35, 0.7);
}

/** Struck metal: inharmonic partials, the higher ones dying sooner; a short noise tick for the strike. */
function strike(
  c: Canvas,
  start: number,
  hz: number,
  partials: readonly (readonly [ratio: number, amp: number, decay: number])[],
  gain: number,
) {
  const ceiling = 0.45 * c.sr;
  const tick = new Biquad(c.sr).highpass(3000);
  paint(c, start, Math.round(0.004 * c.sr), (_i, t) => 0.08 * gain * tick.process(white(c.rng)) * (1 - t / 0.004));
  for (const [ratio, amp, decay] of partials) {
    // Each partial is a slightly mistuned pair: the slow beating is what makes metal shimmer.
    for (const [detune, share] of [
      [1, 1],
      [1.0012, 0.45],
    ] as const) {
      const f = hz * ratio * detune;
      if (f >= ceiling) continue;
      const length = Math.round(Math.min(decay * 7, c.duration) * c.sr);
      paint(
        c,
        start,
        length,
        (_i, t) => gain * amp * share * Math.sin(TWO_PI * f * t) * Math.min(1, t / 0.0015) * Math.exp(-t / decay),
      );
    }
  }
}

// Ratios of a free bar (a tubular chime) and of a church bell (hum, prime, tierce, quint, nominal...).
const CHIME_PARTIALS = [
  [1, 1, 0.55],
  [2.756, 0.45, 0.25],
  [5.404, 0.22, 0.12],
  [8.933, 0.1, 0.07],
] as const;
const BELL_PARTIALS = [
  [0.5, 0.35, 1.6],
  [1, 0.55, 1.0],
  [1.183, 0.4, 0.8],
  [1.506, 0.25, 0.6],
  [2, 0.7, 0.7],
  [2.514, 0.22, 0.4],
  [2.662, 0.2, 0.35],
  [3.011, 0.15, 0.3],
  [4.166, 0.08, 0.2],
] as const;

function chime(c: Canvas) {
  strike(c, 0, midiHz(84), CHIME_PARTIALS, 1); // C6
  strike(c, 0.13, midiHz(91), CHIME_PARTIALS, 0.85); // G6
  addRoom(c.out, c.sr, 0.2, 0.8);
}

function bell(c: Canvas) {
  strike(c, 0, midiHz(67), BELL_PARTIALS, 1); // prime G4, nominal G5
  addRoom(c.out, c.sr, 0.25, 1.2);
}

/** A band-limited square-ish wave: odd harmonics at 1/k, softened above a few kHz. */
function squareAmps(hz: number, sr: number) {
  const count = harmonicCount(hz, sr, 64);
  const amps = new Float64Array(count + 1);
  for (let k = 1; k <= count; k += 2) amps[k] = 1 / k / Math.sqrt(1 + ((k * hz) / 6000) ** 2);
  return { amps, count };
}

function coin(c: Canvas) {
  const notes = [
    { start: 0, hz: midiHz(83), length: 0.075, ring: false }, // B5
    { start: 0.075, hz: midiHz(88), length: c.duration - 0.075, ring: true }, // E6
  ];
  for (const note of notes) {
    const { amps, count } = squareAmps(note.hz, c.sr);
    paint(c, note.start, Math.round(note.length * c.sr), (_i, t) => {
      const env = Math.min(1, t / 0.002) * (note.ring ? 0.35 + 0.65 * Math.exp(-t / 0.16) : 1);
      const tail = Math.min(1, (note.length - t) / 0.01);
      return 0.5 * env * Math.max(0, tail) * harmonicSum(TWO_PI * note.hz * t, amps, count);
    });
  }
  // The sustained note fades out over its last part instead of stopping.
  const fadeFrom = Math.round(0.3 * c.sr);
  for (let i = fadeFrom; i < c.out.length; i++)
    c.out[i] = (c.out[i] as number) * Math.exp(-(i - fadeFrom) / (0.08 * c.sr));
}

function pop(c: Canvas) {
  let phase = 0;
  paint(c, 0, c.out.length, (_i, t) => {
    const hz = 230 + 850 * Math.exp(-t / 0.016);
    phase += (TWO_PI * hz) / c.sr;
    return Math.sin(phase) * Math.min(1, t / 0.0008) * Math.exp(-t / 0.035);
  });
  const click = new Biquad(c.sr).highpass(2500);
  paint(c, 0, Math.round(0.002 * c.sr), (_i, t) => 0.9 * click.process(white(c.rng)) * (1 - t / 0.002));
}

function whoosh(c: Canvas) {
  const d = c.duration;
  // Something rushes past: louder and brighter as it passes, duller as it leaves.
  const pass = (t: number) => Math.exp(-(((t / d - 0.45) / 0.22) ** 2));
  const bands = [new Biquad(c.sr), new Biquad(c.sr)];
  const body = new Biquad(c.sr).lowpass(500);
  paint(c, 0, c.out.length, (_i, t) => {
    const p = pass(t);
    const centre = 280 * 11 ** p;
    let x = white(c.rng);
    const dull = body.process(x);
    for (const band of bands) x = band.bandpass(centre, 1.4).process(x);
    return p * (1.8 * x + 0.35 * dull);
  });
}

/** A snare: a falling drum-head tone plus band-limited wire noise. */
function snare(c: Canvas, start: number, gain: number, wires: number) {
  const noise = new Biquad(c.sr).highpass(1500);
  const top = new Biquad(c.sr).lowpass(8000);
  let phase = 0;
  paint(c, start, Math.round(0.25 * c.sr), (_i, t) => {
    phase += (TWO_PI * (175 + 40 * Math.exp(-t / 0.01))) / c.sr;
    const head = (Math.sin(phase) * 0.7 + Math.sin(phase * 1.88) * 0.3) * Math.exp(-t / 0.022);
    const hiss = top.process(noise.process(white(c.rng))) * Math.exp(-t / wires);
    return gain * Math.min(1, t / 0.0006) * (0.55 * head + 1.1 * hiss);
  });
}

/** A crash: six detuned square waves (the 808 recipe) high-passed, with noise, decaying slowly. */
function cymbal(c: Canvas, start: number, gain: number) {
  const bands = [new Biquad(c.sr).highpass(4500), new Biquad(c.sr).highpass(4500)];
  const freqs = [205.3, 304.4, 369.6, 522.7, 540, 800].map((f) => f * 1.9);
  paint(c, start, c.out.length, (_i, t) => {
    let metal = 0;
    for (const f of freqs) metal += (f * t) % 1 < 0.5 ? 1 : -1;
    let x = metal / 6 + 0.6 * white(c.rng);
    for (const b of bands) x = b.process(x);
    return gain * x * Math.min(1, t / 0.001) * (0.6 * Math.exp(-t / 0.05) + 0.4 * Math.exp(-t / 0.45));
  });
}

function drumroll(c: Canvas) {
  const end = c.duration - 0.6;
  let hand = 0;
  for (let t = 0; t < end - 0.03; t += (1 / 17) * between(c.rng, 0.93, 1.07)) {
    const crescendo = 0.18 + 0.82 * (t / end) ** 1.6;
    snare(c, t, crescendo * (hand++ % 2 ? 0.8 : 1) * between(c.rng, 0.85, 1), 0.045);
  }
  snare(c, end, 1.5, 0.12);
  cymbal(c, end, 1.1);
  addRoom(c.out, c.sr, 0.25, 0.8);
}

/** A brass note: two detuned sawtooths whose brightness follows their loudness, as brass does. */
function brass(c: Canvas, start: number, length: number, note: number, gain: number, vibrato: boolean) {
  const hz = midiHz(note);
  const count = harmonicCount(hz * 1.02, c.sr, 48);
  const amps = new Float64Array(count + 1);
  const phases = [0, 0];
  const detunes = [2 ** (-4 / 1200), 2 ** (4 / 1200)];
  const release = 0.06;
  paint(c, start, Math.round((length + release) * c.sr), (i, t) => {
    const attack = t < 0.045 ? t / 0.045 : 1 + 0.18 * Math.exp(-(t - 0.045) / 0.05) - 0.18;
    const env = t < length ? attack : attack * Math.max(0, 1 - (t - length) / release);
    if (i % 64 === 0) {
      const cutoff = Math.min(hz * (1.5 + 7 * env), 4500);
      for (let k = 1; k <= count; k++) amps[k] = 1 / k / Math.sqrt(1 + ((k * hz) / cutoff) ** 4);
    }
    const scoop = 2 ** ((-35 * Math.exp(-t / 0.03)) / 1200);
    const wobble = vibrato ? 2 ** ((14 * smoothstep(0.25, 0.6, t) * Math.sin(TWO_PI * 5.5 * t)) / 1200) : 1;
    let sum = 0;
    for (let v = 0; v < 2; v++) {
      const p = ((phases[v] as number) + (hz * scoop * wobble * (detunes[v] as number)) / c.sr) % 1;
      phases[v] = p;
      sum += harmonicSum(TWO_PI * p, amps, count);
    }
    return gain * env * sum;
  });
}

function fanfare(c: Canvas) {
  // C major: C5 E5 G5 in quick succession, then C6 held over the full chord.
  const step = 0.15;
  for (const [i, note] of [72, 76, 79].entries()) brass(c, i * step, step - 0.03, note, 0.5, false);
  const hold = c.duration - 3 * step - 0.12;
  brass(c, 3 * step, hold, 84, 0.5, true);
  for (const note of [72, 76, 79]) brass(c, 3 * step, hold, note, 0.22, true);
  addRoom(c.out, c.sr, 0.3, 1.1);
}

function laser(c: Canvas) {
  const d = c.duration;
  const sweep = d * 0.65;
  const amps = new Float64Array(8);
  for (let k = 1; k < 8; k += 2) amps[k] = 1 / k;
  let phase = 0;
  paint(c, 0, Math.round(sweep * c.sr), (_i, t) => {
    const s = t / sweep;
    const hz = 2600 * (160 / 2600) ** (s ** 0.6) * (1 + 0.07 * Math.sin(TWO_PI * 32 * t));
    phase = (phase + hz / c.sr) % 1;
    const count = harmonicCount(hz, c.sr, 7);
    return Math.min(1, t / 0.002) * (1 - s) ** 1.5 * harmonicSum(TWO_PI * phase, amps, count);
  });
  // A quick echo makes it read as a ray gun rather than a siren.
  const delay = Math.round(0.085 * c.sr);
  for (let i = delay; i < c.out.length; i++) c.out[i] = (c.out[i] as number) + 0.4 * (c.out[i - delay] as number);
}

function heartbeat(c: Canvas) {
  const thump = (start: number, from: number, to: number, decay: number, gain: number) => {
    let phase = 0;
    const muffle = new Biquad(c.sr).lowpass(180);
    paint(c, start, Math.round(decay * 8 * c.sr), (_i, t) => {
      phase += (TWO_PI * (to + (from - to) * Math.exp(-t / 0.03))) / c.sr;
      const body = Math.sin(phase) + 0.4 * muffle.process(white(c.rng));
      return gain * body * Math.min(1, t / 0.004) * Math.exp(-t / decay);
    });
  };
  for (let t = 0.02; t < c.duration - 0.3; t += 0.8) {
    thump(t, 75, 45, 0.06, 1); // lub
    thump(t + 0.28, 85, 55, 0.045, 0.7); // dub
  }
}

const RECIPES: Record<string, (c: Canvas) => void> = {
  applause,
  chime,
  coin,
  pop,
  whoosh,
  drumroll,
  fanfare,
  laser,
  heartbeat,
  bell,
};

export const SOUND_RECIPES = Object.keys(RECIPES);

/** Render a sound look to mono samples, peak-normalised; the length is the look's duration. */
export function synthSound(look: SoundLook, sampleRate = 22050): Float32Array {
  const recipe = RECIPES[look.recipe];
  if (!recipe) throw new Error(`unknown sound recipe: ${look.recipe}`);
  const out = new Float32Array(Math.max(1, Math.round(look.duration * sampleRate)));
  recipe({
    out,
    sr: sampleRate,
    rng: mulberry32(hashString(`${look.recipe}@${look.duration}`)),
    duration: look.duration,
  });
  return finish(out, sampleRate, 0.89, look.recipe === "pop" ? 0.3 : 1, 15);
}
