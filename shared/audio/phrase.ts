/**
 * The babbled phrase a voice sample says: words of consonant-vowel syllables, planned as
 * segments of formant, voicing and noise targets that voice.ts renders (smoothing makes the glides).
 */

import type { VoiceLook } from "../plan/looks.ts";
import { between, clamp, type Rng } from "./dsp.ts";

export type Quad = readonly [number, number, number, number];

/** Adult male F1..F4 in Hz (after Peterson & Barney and Hillenbrand); scaled by formantScale. */
const VOWELS: Record<string, Quad> = {
  a: [730, 1090, 2440, 3400],
  e: [480, 1900, 2550, 3500],
  i: [280, 2250, 3000, 3650],
  o: [500, 880, 2450, 3350],
  u: [320, 870, 2250, 3300],
};
const VOWEL_NAMES = Object.keys(VOWELS);
const BANDWIDTHS: Quad = [80, 100, 140, 220];

type Manner = "stop" | "voicedStop" | "fricative" | "aspirate" | "nasal" | "liquid" | "glide";

interface Consonant {
  manner: Manner;
  /** Where the formants are during the consonant (the vowel's own for "h"). */
  locus: Quad | null;
  /** Frication or burst noise: band centre, Q and level. */
  noise?: { hz: number; q: number; gain: number };
  weight: number;
}

const CONSONANTS: Record<string, Consonant> = {
  m: { manner: "nasal", locus: [280, 1000, 2200, 3300], weight: 3 },
  n: { manner: "nasal", locus: [280, 1550, 2600, 3400], weight: 3 },
  l: { manner: "liquid", locus: [360, 1150, 2800, 3400], weight: 3 },
  t: { manner: "stop", locus: [250, 1750, 2700, 3500], noise: { hz: 4200, q: 1.2, gain: 1 }, weight: 3 },
  k: { manner: "stop", locus: [250, 1600, 2050, 3300], noise: { hz: 2200, q: 2, gain: 1 }, weight: 3 },
  p: { manner: "stop", locus: [250, 800, 2200, 3300], noise: { hz: 900, q: 0.8, gain: 0.8 }, weight: 2 },
  s: { manner: "fricative", locus: [300, 1700, 2700, 3500], noise: { hz: 6200, q: 2.5, gain: 0.7 }, weight: 2 },
  d: { manner: "voicedStop", locus: [220, 1750, 2700, 3500], noise: { hz: 3800, q: 1.2, gain: 0.5 }, weight: 2 },
  b: { manner: "voicedStop", locus: [220, 800, 2200, 3300], noise: { hz: 900, q: 0.8, gain: 0.4 }, weight: 2 },
  sh: { manner: "fricative", locus: [300, 1900, 2500, 3400], noise: { hz: 2900, q: 2, gain: 0.8 }, weight: 1.5 },
  h: { manner: "aspirate", locus: null, weight: 1.5 },
  r: { manner: "liquid", locus: [420, 1250, 1750, 3200], weight: 1.5 },
  y: { manner: "glide", locus: [270, 2150, 2950, 3600], weight: 1 },
  w: { manner: "glide", locus: [300, 700, 2300, 3300], weight: 1 },
  g: { manner: "voicedStop", locus: [220, 1600, 2050, 3300], noise: { hz: 2000, q: 2, gain: 0.5 }, weight: 1 },
  f: { manner: "fricative", locus: [300, 900, 2300, 3300], noise: { hz: 4500, q: 0.6, gain: 0.3 }, weight: 1 },
};
const CONSONANT_NAMES = Object.keys(CONSONANTS);

/** A consonant's share of its syllable, and the bounds in seconds. */
const CONSONANT_SPAN: Record<Manner, readonly [share: number, min: number, max: number]> = {
  stop: [0.3, 0.045, 0.09],
  voicedStop: [0.22, 0.035, 0.07],
  fricative: [0.36, 0.06, 0.12],
  aspirate: [0.22, 0.04, 0.08],
  nasal: [0.25, 0.04, 0.08],
  liquid: [0.2, 0.035, 0.07],
  glide: [0.18, 0.03, 0.06],
};
/** What the synthesiser aims for during one stretch of the phrase; smoothing makes the glides. */
export interface Segment {
  start: number;
  end: number;
  /** Voicing at the start and at the end of the segment. */
  av: number;
  avEnd: number;
  /** Aspiration through the formants, frication in parallel. */
  ah: number;
  af: number;
  fricHz: number;
  fricQ: number;
  formants: Quad;
  bandwidths: Quad;
  /** Pitch accent, semitones. */
  accent: number;
  /** The syllable's vowel (where the robot picks its next note). */
  nucleus?: boolean;
}

const pick = <T>(rng: Rng, list: readonly T[], weight: (item: T) => number): T => {
  const total = list.reduce((sum, item) => sum + weight(item), 0);
  let r = rng() * total;
  for (const item of list) {
    r -= weight(item);
    if (r < 0) return item;
  }
  return list[list.length - 1] as T;
};

const scale = (q: Quad, by: number): Quad => [q[0] * by, q[1] * by, q[2] * by, q[3] * by];

/** The babbled phrase: words of two to four consonant-vowel syllables, with short pauses between. */
export function planPhrase(look: VoiceLook, bandwidth: number, rng: Rng) {
  const segments: Segment[] = [];
  const fs = look.formantScale;
  const widths = scale(BANDWIDTHS, bandwidth * (look.sex === 2 ? 1.1 : 1));
  let t = 0.12;
  const silence = (seconds: number) => {
    const last = segments[segments.length - 1];
    const formants = last?.formants ?? scale(VOWELS.a as Quad, fs);
    segments.push({
      start: t,
      end: t + seconds,
      av: 0,
      avEnd: 0,
      ah: 0,
      af: 0,
      fricHz: 1000,
      fricQ: 1,
      formants,
      bandwidths: widths,
      accent: 0,
    });
    t += seconds;
  };
  silence(0);
  const add = (
    seconds: number,
    s: Omit<Segment, "start" | "end" | "bandwidths" | "fricHz" | "fricQ"> & Partial<Segment>,
  ) => {
    segments.push({ fricHz: 1000, fricQ: 1, bandwidths: widths, ...s, start: t, end: t + seconds });
    t += seconds;
  };

  const count = Math.max(5, Math.round(look.rate * 1.9));
  const words: number[] = [];
  for (let left = count; left > 0; ) {
    let size = Math.min(left, 2 + Math.floor(rng() * 3));
    if (left - size === 1) size++;
    words.push(size);
    left -= size;
  }
  const wordEnds: number[] = [];
  let previousVowel = "";
  let syllable = 0;
  const speakingFrom = t;
  for (const [w, size] of words.entries()) {
    for (let s = 0; s < size; s++, syllable++) {
      const stressed = s === 0 || rng() < 0.2;
      const final = syllable === count - 1;
      const duration = (1 / look.rate) * between(rng, 0.85, 1.15) * (stressed ? 1.12 : 0.95) * (final ? 1.35 : 1);
      const vowelName = pick(rng, VOWEL_NAMES, (v) => (v === previousVowel ? 0.2 : v === "a" ? 1.6 : 1));
      previousVowel = vowelName;
      const vowel = scale(VOWELS[vowelName] as Quad, fs * between(rng, 0.97, 1.03));
      const consonant =
        rng() < 0.85 ? (CONSONANTS[pick(rng, CONSONANT_NAMES, (c) => CONSONANTS[c]?.weight ?? 0)] ?? null) : null;
      let consonantTime = 0;
      if (consonant) {
        const [share, min, max] = CONSONANT_SPAN[consonant.manner];
        consonantTime = clamp(share * duration, min, max);
        const locus = consonant.locus ? scale(consonant.locus, fs) : vowel;
        const noise = consonant.noise ?? { hz: 1000, q: 1, gain: 0 };
        const fric = { fricHz: Math.min(noise.hz * Math.sqrt(fs), 9000), fricQ: noise.q };
        const base = { avEnd: 0, ah: 0, af: 0, accent: 0, ...fric };
        switch (consonant.manner) {
          case "stop":
            add(consonantTime * 0.6, { ...base, av: 0, formants: locus });
            add(0.012, { ...base, av: 0, af: noise.gain, formants: locus });
            add(consonantTime * 0.4 - 0.012, { ...base, av: 0, ah: 0.35, formants: vowel });
            break;
          case "voicedStop":
            add(consonantTime * 0.75, {
              ...base,
              av: 0.08,
              avEnd: 0.08,
              formants: [200 * fs, locus[1], locus[2], locus[3]],
            });
            add(0.008, { ...base, av: 0.2, avEnd: 0.2, af: noise.gain, formants: locus });
            add(consonantTime * 0.25 - 0.008, { ...base, av: 0.5, avEnd: 0.8, formants: vowel });
            break;
          case "fricative":
            add(consonantTime, { ...base, av: 0, af: noise.gain, formants: locus });
            break;
          case "aspirate":
            add(consonantTime, { ...base, av: 0, ah: 0.55, formants: vowel, bandwidths: scale(widths, 1.5) });
            break;
          case "nasal":
            add(consonantTime, { ...base, av: 0.4, avEnd: 0.45, formants: locus, bandwidths: [90, 250, 350, 400] });
            break;
          default:
            add(consonantTime, { ...base, av: 0.65, avEnd: 0.7, formants: locus });
        }
      }
      const level = stressed ? 1 : 0.78;
      add(Math.max(0.06, duration - consonantTime), {
        av: level,
        avEnd: level * (final ? 0.35 : 0.7),
        ah: 0,
        af: 0,
        formants: vowel,
        accent: stressed ? 1.2 : 0,
        nucleus: true,
      });
    }
    wordEnds.push(t);
    if (w < words.length - 1) silence(between(rng, 0.09, 0.15));
  }
  const speakingTo = t;
  silence(0.3);
  return { segments, total: t, speakingFrom, speakingTo, wordEnds: wordEnds.slice(0, -1) };
}
