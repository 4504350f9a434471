/**
 * A voice sample: a short babbled phrase "in that voice", by formant synthesis after Klatt
 * (docs/decisions/011-synthesised-audio.md). A band-limited glottal source (a sum of harmonics
 * with the timbre's spectral tilt) and a noise source excite a cascade of five formant resonators
 * whose frequencies follow the phrase's vowels and consonants, scaled by the vocal tract length;
 * fricatives and stop bursts add band-passed noise in parallel.
 */

import type { VoiceLook } from "../plan/looks.ts";
import {
  Biquad,
  between,
  clamp,
  finish,
  harmonicCount,
  harmonicSum,
  hashString,
  mulberry32,
  Resonator,
  TWO_PI,
  white,
} from "./dsp.ts";
import { planPhrase, type Segment } from "./phrase.ts";

/** The fixed fifth formant (adult male, Hz): scaled like the others, it carries a voice's top end. */
const F5 = 4500;

/** The robot's notes, in semitones from its pitch: mostly the pitch itself. */
const ROBOT_STEPS = [0, 0, 0, 2, -2, 3, -3];

interface Timbre {
  /** false: noise only (whisper). */
  voiced: boolean;
  /** Harmonic k of the source has amplitude k^-tilt: higher is darker. */
  tilt: number;
  /** Level of the even harmonics: below 1 sounds hollow and buzzy. */
  even: number;
  /** Aspiration noise mixed with the voicing. */
  breath: number;
  /** Random period-to-period change of F0 and of amplitude (fractions). */
  jitter: number;
  shimmer: number;
  /** Semitones. */
  vibrato: number;
  /** How far the intonation moves (1 = a lively reading voice). */
  melody: number;
  /** Pitch held per syllable on a semitone grid, formants snapping: the robot. */
  steps: boolean;
  /** Share of the output ring-modulated at F0. */
  ring: number;
  /** High shelf at 2.5 kHz, dB. */
  shelfDb: number;
  /** Formant bandwidth factor. */
  bandwidth: number;
}

const TIMBRES: Record<string, Timbre> = {
  warm: {
    voiced: true,
    tilt: 1.25,
    even: 1,
    breath: 0.06,
    jitter: 0.005,
    shimmer: 0.04,
    vibrato: 0.15,
    melody: 1,
    steps: false,
    ring: 0,
    shelfDb: -6,
    bandwidth: 1.15,
  },
  bright: {
    voiced: true,
    tilt: 0.85,
    even: 1,
    breath: 0.03,
    jitter: 0.004,
    shimmer: 0.03,
    vibrato: 0.15,
    melody: 1.35,
    steps: false,
    ring: 0,
    shelfDb: 6,
    bandwidth: 0.8,
  },
  breathy: {
    voiced: true,
    tilt: 1.55,
    even: 1,
    breath: 0.5,
    jitter: 0.008,
    shimmer: 0.06,
    vibrato: 0.1,
    melody: 0.8,
    steps: false,
    ring: 0,
    shelfDb: -2,
    bandwidth: 1.3,
  },
  robot: {
    voiced: true,
    tilt: 0.75,
    even: 0.25,
    breath: 0,
    jitter: 0,
    shimmer: 0,
    vibrato: 0,
    melody: 0,
    steps: true,
    ring: 0.5,
    shelfDb: 2,
    bandwidth: 0.9,
  },
  whisper: {
    voiced: false,
    tilt: 1,
    even: 1,
    breath: 1,
    jitter: 0,
    shimmer: 0,
    vibrato: 0,
    melody: 0,
    steps: false,
    ring: 0,
    shelfDb: 2,
    bandwidth: 2.2,
  },
};

export const VOICE_TIMBRES = Object.keys(TIMBRES);

/** Render a voice look to mono samples: about 2.5 s of babble, peak-normalised. */
export function synthVoice(look: VoiceLook, sampleRate = 22050): Float32Array {
  const timbre = TIMBRES[look.timbre];
  if (!timbre) throw new Error(`unknown voice timbre: ${look.timbre}`);
  const rng = mulberry32(
    hashString(`voice:${look.sex}:${look.pitch}:${look.formantScale}:${look.rate}:${look.timbre}`),
  );
  const phrase = planPhrase(look, timbre.bandwidth, rng);
  const sr = sampleRate;
  const n = Math.round(phrase.total * sr);
  const out = new Float32Array(n);

  // The intonation: a rise early in the phrase, a fall to its end, a small rise where a word
  // ends mid-phrase; then shifted so the voiced part averages the look's pitch.
  const span = phrase.speakingTo - phrase.speakingFrom;
  const contour = new Float32Array(n);
  const drift = [between(rng, 0, TWO_PI), between(rng, 0, TWO_PI)];
  let sum = 0;
  let voicedSamples = 0;
  let seg = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const s = clamp((t - phrase.speakingFrom) / span, 0, 1);
    let st = 2.2 * Math.exp(-(((s - 0.22) / 0.2) ** 2)) - 2.6 * s;
    for (const end of phrase.wordEnds) st += 1.6 * Math.exp(-(((t - end) / (0.05 * span)) ** 2));
    st =
      st * timbre.melody +
      0.25 *
        timbre.melody *
        (Math.sin(TWO_PI * 0.7 * t + (drift[0] as number)) + Math.sin(TWO_PI * 1.3 * t + (drift[1] as number)));
    contour[i] = st;
    while (seg < phrase.segments.length - 1 && (phrase.segments[seg] as Segment).end <= t) seg++;
    const here = phrase.segments[seg] as Segment;
    if (here.av >= 0.5) {
      sum += st + here.accent * timbre.melody;
      voicedSamples++;
    }
  }
  const mean = voicedSamples ? sum / voicedSamples : 0;

  // The robot holds one quantised pitch per syllable instead of gliding.
  const stepOf = new Map<Segment, number>();
  if (timbre.steps) {
    for (const s of phrase.segments) {
      if (s.nucleus) stepOf.set(s, ROBOT_STEPS[Math.floor(rng() * ROBOT_STEPS.length)] as number);
    }
  }

  const maxHarmonics = harmonicCount(look.pitch * 0.6, sr, 400);
  const amps = new Float64Array(maxHarmonics + 1);
  for (let k = 1; k <= maxHarmonics; k++) amps[k] = k ** -timbre.tilt * (k % 2 === 0 ? timbre.even : 1);

  const resonators = [0, 1, 2, 3, 4].map(() => new Resonator(sr));
  // Two band-passes in series: a fricative's noise is a band with steep sides, not a hump.
  const fric = [new Biquad(sr), new Biquad(sr)];
  const aspirationTilt = new Biquad(sr).highpass(400);
  const dcBlock = new Biquad(sr).highpass(50);
  const shelf = new Biquad(sr).highShelf(2500, timbre.shelfDb);
  const step = (tau: number) => (tau <= 0 ? 1 : 1 - Math.exp(-1 / (tau * sr)));
  const kAmp = step(0.004);
  const kFormant = step(timbre.steps ? 0.003 : 0.014);
  const kAccent = step(0.04);
  const first = phrase.segments[0] as Segment;
  const formants = [...first.formants];
  const bandwidths = [...first.bandwidths];
  let av = 0;
  let ah = 0;
  let af = 0;
  let accent = 0;
  let phase = 0;
  let jitter = 1;
  let shimmer = 1;
  let robotPitch = 0;
  let fricHz = 1000;
  let fricQ = 1;
  const f5 = Math.min(F5 * look.formantScale, 0.42 * sr);
  seg = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    while (seg < phrase.segments.length - 1 && (phrase.segments[seg] as Segment).end <= t) seg++;
    const target = phrase.segments[seg] as Segment;
    const progress = clamp((t - target.start) / Math.max(1e-6, target.end - target.start), 0, 1);
    av += (target.av + (target.avEnd - target.av) * progress - av) * kAmp;
    ah += (target.ah - ah) * kAmp;
    af += (target.af - af) * (target.af > af ? 0.2 : kAmp);
    accent += (target.accent - accent) * kAccent;
    for (let j = 0; j < 4; j++) {
      formants[j] = (formants[j] as number) + ((target.formants[j] as number) - (formants[j] as number)) * kFormant;
      bandwidths[j] =
        (bandwidths[j] as number) + ((target.bandwidths[j] as number) - (bandwidths[j] as number)) * kFormant;
    }
    if (timbre.steps && target.nucleus) robotPitch = stepOf.get(target) ?? 0;
    if (target.af > 0) {
      fricHz = target.fricHz;
      fricQ = target.fricQ;
    }

    const semitones = timbre.steps
      ? robotPitch
      : (contour[i] as number) - mean + accent * timbre.melody + timbre.vibrato * Math.sin(TWO_PI * 5.2 * t);
    const f0 = look.pitch * 2 ** (semitones / 12) * jitter;
    phase += f0 / sr;
    if (phase >= 1) {
      phase -= 1;
      // A new glottal period: a little random change of period and strength, as a real voice has.
      jitter = 1 + timbre.jitter * (white(rng) + white(rng));
      shimmer = 1 + timbre.shimmer * (white(rng) + white(rng));
    }

    const noise = aspirationTilt.process(white(rng));
    let excitation = 0;
    if (timbre.voiced) {
      const source = harmonicSum(TWO_PI * phase, amps, harmonicCount(f0, sr, maxHarmonics)) * shimmer;
      // Breath noise is strongest while the glottis is open.
      const breath = timbre.breath * av * noise * (0.6 + 0.4 * Math.cos(TWO_PI * phase));
      excitation = av * source + 2.5 * breath + 2.5 * ah * noise;
    } else {
      excitation = 2.5 * Math.max(av, ah) * noise;
    }
    let y = excitation;
    for (let j = 0; j < 4; j++) {
      const f = timbre.voiced
        ? (formants[j] as number)
        : (formants[j] as number) + (j === 0 ? 120 * look.formantScale : 0);
      const r = resonators[j] as Resonator;
      r.set(f, bandwidths[j] as number);
      y = r.process(y);
    }
    const r5 = resonators[4] as Resonator;
    r5.set(f5, 300 * timbre.bandwidth);
    y = r5.process(y);
    if (timbre.ring > 0) y *= 1 - timbre.ring + timbre.ring * Math.sin(TWO_PI * phase);
    let hiss = 0;
    if (af > 1e-4) {
      hiss = white(rng);
      for (const band of fric) hiss = band.bandpass(fricHz, fricQ).process(hiss);
    }
    out[i] = shelf.process(dcBlock.process(y + 4 * af * hiss));
  }
  return finish(out, sr, 0.89, 5, 20);
}
