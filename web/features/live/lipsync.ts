/**
 * Lip-sync for the studio's voice (docs/decisions/040): the speech plays through Web Audio, an
 * AnalyserNode listens to it, and every drawn frame the render loop asks for the mouth: the RMS of
 * the last 1024 samples, smoothed (quick to open, slower to close), as ARKit weights: mostly
 * jawOpen, a little mouthFunnel while open and a little mouthClose between syllables. The preview
 * takes the max of these and the face capture's for each shape (web/three/plan/PlanBust.tsx).
 */

import { audioOutput, awake, unlockAudio } from "./audio-out.ts";

/** The envelope's tuning: RMS below `floor` is a closed mouth, at `full` wide open. */
export const LIPSYNC = {
  floor: 0.012,
  full: 0.16,
  /** Seconds to get ~63% of the way to a louder level, and to a quieter one. */
  attack: 0.03,
  release: 0.09,
  /** The widest jaw the voice opens (a shout is not needed for speech). */
  maxJaw: 0.75,
  maxFunnel: 0.18,
  maxClose: 0.12,
} as const;

export type MouthWeights = { jawOpen: number; mouthFunnel: number; mouthClose: number };

/** Root mean square of a block of samples (-1..1). */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i] as number;
    sum += x * x;
  }
  return Math.sqrt(sum / samples.length);
}

/** How open the mouth is for this loudness, 0..1: nothing under the floor, a soft curve up to full. */
export function openingOf(level: number): number {
  const x = (level - LIPSYNC.floor) / (LIPSYNC.full - LIPSYNC.floor);
  if (!(x > 0)) return 0;
  if (x >= 1) return 1;
  // quiet consonants still move the lips: a square root lifts the low end
  return Math.sqrt(x);
}

/** One step of the envelope follower: from `previous` toward `target` over `dt` seconds. */
export function follow(previous: number, target: number, dt: number): number {
  const tau = target > previous ? LIPSYNC.attack : LIPSYNC.release;
  const k = 1 - Math.exp(-Math.max(0, dt) / tau);
  return previous + (target - previous) * k;
}

/** The mouth's ARKit weights for an opening 0..1 while speaking. */
export function mouthWeights(open: number): MouthWeights {
  const o = Math.min(1, Math.max(0, open));
  return {
    jawOpen: o * LIPSYNC.maxJaw,
    // rounded lips mid-opening, none at the extremes
    mouthFunnel: 4 * o * (1 - o) * LIPSYNC.maxFunnel,
    // lips meeting between syllables
    mouthClose: o < 0.25 ? (1 - o / 0.25) * LIPSYNC.maxClose : 0,
  };
}

/** Each shape the larger of the two: the capture's face and the voice's mouth together. */
export function maxMouth(weights: Record<string, number>, mouth: Readonly<Record<string, number>>): void {
  for (const [name, w] of Object.entries(mouth)) weights[name] = Math.max(weights[name] ?? 0, w);
}

/** The envelope over time: feed it blocks of samples with their times, read the weights. */
export function createEnvelope() {
  let opening = 0;
  let last: number | null = null;
  return {
    /** A block heard at `now` (ms); answers the smoothed opening. */
    push(samples: ArrayLike<number>, now: number): number {
      // a frame late (a busy machine) still moves at the envelope's speed, not in one jump
      const dt = last === null ? 1 / 60 : Math.min(0.1, (now - last) / 1000);
      last = now;
      opening = follow(opening, openingOf(rms(samples)), dt);
      return opening;
    },
    get opening() {
      return opening;
    },
  };
}

/** What the preview's handle takes: a mouth the render loop samples every frame, or none. */
export interface MouthTarget {
  mouth(sample: (() => Readonly<Record<string, number>>) | null): void;
}

/**
 * Plays WAV files one after another through an AnalyserNode into the page's output (audio-out.ts),
 * the mouth following each. The output is made on first use (after a click: the browser's autoplay
 * rule).
 */
export function createSpeaker(target: () => MouthTarget | null) {
  let context: AudioContext | null = null;
  let analyser: AnalyserNode | null = null;
  let current: AudioBufferSourceNode | null = null;
  let block: Float32Array<ArrayBuffer> | null = null;
  const envelope = createEnvelope();
  let closeTimer: ReturnType<typeof setTimeout> | undefined;

  function graph() {
    if (!context) {
      const out = audioOutput();
      context = out.context;
      analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      analyser.connect(out.bus);
      block = new Float32Array(analyser.fftSize);
    }
    return { context, analyser: analyser as AnalyserNode };
  }

  const sample = () => {
    if (analyser && block) analyser.getFloatTimeDomainData(block);
    // after the end the analyser hears silence: the mouth closes at the envelope's pace
    return mouthWeights(envelope.push(current && block ? block : [], performance.now()));
  };

  return {
    /**
     * Makes (or wakes) the audio output now: call it from a click, so the browser's autoplay rule
     * lets the lines that arrive later sound.
     */
    unlock() {
      graph();
      unlockAudio();
    },
    /**
     * Plays the WAV now (stopping one still playing); `onStart` when its sound starts. Resolves when
     * it has finished or was stopped; rejects when the browser does not let it sound.
     */
    async play(wav: ArrayBuffer, onStart?: () => void): Promise<void> {
      const { context: ctx, analyser: node } = graph();
      // a suspended output that will not wake skips the line (audio-out.ts)
      await awake();
      const buffer = await ctx.decodeAudioData(wav);
      this.stop();
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(node);
      current = source;
      clearTimeout(closeTimer);
      target()?.mouth(sample);
      await new Promise<void>((done) => {
        source.onended = () => done();
        source.start();
        onStart?.();
      });
      if (current === source) {
        current = null;
        // let the mouth close, then the preview may rest
        closeTimer = setTimeout(() => {
          if (!current) target()?.mouth(null);
        }, 400);
      }
    },
    stop() {
      const playing = current;
      current = null;
      try {
        playing?.stop();
      } catch {
        // not started
      }
    },
    get playing() {
      return current !== null;
    },
    close() {
      this.stop();
      clearTimeout(closeTimer);
      target()?.mouth(null);
      // the page's output stays (audio-out.ts): only this voice's part of the graph goes
      analyser?.disconnect();
      context = null;
      analyser = null;
    },
  };
}

export type Speaker = ReturnType<typeof createSpeaker>;
