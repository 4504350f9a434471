/**
 * The studio's voice (docs/decisions/040): a plan's voice speaks a line of text through Debian's
 * espeak-ng, run as a child process (no shell; the text goes in on stdin, never on the command
 * line), its parameters taken from the voice item's look. The WAV files are kept in memory by
 * (voice look, text), at most CACHE_BYTES in all, least recently used out first.
 */

import { spawn } from "node:child_process";
import { LRUCache } from "lru-cache";
import type { VoiceLook } from "../../../shared/plan/looks.ts";

/** Everything kept at once: about 3 minutes of speech at espeak-ng's 22050 Hz, 16-bit mono. */
export const CACHE_BYTES = 16 * 1024 * 1024;
/** A run longer than this is killed (200 characters take about 0.1 s here). */
const TIMEOUT_MS = 5000;
/**
 * More output than this is refused. 200 English characters are about 0.5 MB; espeak-ng's Mandarin
 * reads a character a word, so 200 Han characters in the slowest voice (whisper) are 95 s, 4.2 MB.
 */
const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;
/** espeak-ng runs at once on this instance; more requests wait their turn. */
const CONCURRENCY = 2;

export interface EspeakArgs {
  /** espeak-ng's voice: language and variant, `en+f2`. */
  voice: string;
  /** 0..99, 50 the variant's own pitch. */
  pitch: number;
  /** Words per minute, 80..450. */
  speed: number;
}

/** The variant's own middle pitch (Hz), from espeak-ng-data/voices/!v: what -p 50 sounds like. */
const VARIANT_HZ: Record<string, number> = {
  f2: 185,
  f4: 170,
  f5: 195,
  m3: 100,
  m7: 100,
  robosoft: 75,
  whisper: 100,
  whisperf: 190,
};

function variantOf(look: VoiceLook): string {
  if (look.timbre === "whisper") return look.sex === 1 ? "whisper" : "whisperf";
  if (look.timbre === "robot") return "robosoft";
  if (look.sex === 1) return look.timbre === "breathy" ? "m7" : "m3";
  if (look.sex === 2) return look.timbre === "bright" ? "f4" : "f2";
  // neither: a light, young voice
  return "f5";
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Han characters: Mandarin; anything else: English. */
const HAN = /\p{Script=Han}/u;

/**
 * A voice look as espeak-ng's options: sex and timbre pick the variant, the look's pitch sets -p
 * (4 steps a semitone away from the variant's own), its syllables a second set -s (about 1.45
 * syllables a word).
 */
export function espeakArgs(look: VoiceLook, text: string): EspeakArgs {
  const variant = variantOf(look);
  const base = VARIANT_HZ[variant] ?? 150;
  const semitones = 12 * Math.log2(Math.max(40, look.pitch || base) / base);
  const pitch = Math.round(clamp(50 + 4 * semitones, 0, 99));
  const speed = Math.round(clamp(((look.rate || 4) * 60) / 1.45, 80, 450));
  const language = HAN.test(text) ? "cmn" : "en";
  return { voice: `${language}+${variant}`, pitch, speed };
}

/**
 * espeak-ng's --stdout WAV says its lengths are 0x7ffff000 (it cannot seek back): write the real
 * ones, so every decoder knows where the sound ends. Answers null when it is not a WAV.
 */
export function fixWavLengths(bytes: Buffer): Buffer | null {
  if (bytes.length < 44 || bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WAVE") {
    return null;
  }
  bytes.writeUInt32LE(bytes.length - 8, 4);
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString("ascii", at, at + 4);
    if (id === "data") {
      bytes.writeUInt32LE(bytes.length - at - 8, at + 4);
      return bytes;
    }
    at += 8 + bytes.readUInt32LE(at + 4);
  }
  return null;
}

export interface SpeechEngine {
  /** The engine's name once the boot check answered ("espeak-ng"), or null: no speech here. */
  ready: Promise<string | null>;
  /** The line in this voice as a WAV file, and whether it came from the cache. */
  speak(look: VoiceLook, text: string): Promise<{ wav: Buffer; cached: boolean }>;
  /** Bytes and entries held by the cache now. */
  cacheSize(): { bytes: number; entries: number };
}

/** Runs a program with these arguments, the input on stdin; its stdout, or a rejection. */
function run(program: string, args: string[], input: string | null): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { shell: false, stdio: ["pipe", "pipe", "ignore"], windowsHide: true });
    const chunks: Buffer[] = [];
    let size = 0;
    let failed: Error | null = null;
    const fail = (error: Error) => {
      failed ??= error;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => fail(new Error(`${program} timed out`)), TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) fail(new Error(`${program} wrote too much`));
      else chunks.push(chunk);
    });
    child.on("error", (error) => fail(error));
    child.on("close", (code) => {
      clearTimeout(timer);
      if (failed) reject(failed);
      else if (code !== 0) reject(new Error(`${program} exited with ${code}`));
      else resolve(Buffer.concat(chunks));
    });
    // a child gone before reading its input: the close above answers
    child.stdin.on("error", () => undefined);
    child.stdin.end(input ?? "");
  });
}

/** A small queue: at most `limit` of these run at once. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((go) => waiting.push(go));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export function createSpeechEngine(options: { engine: "espeak-ng" | "off"; program: string }): SpeechEngine {
  const ready: Promise<string | null> =
    options.engine === "off"
      ? Promise.resolve(null)
      : run(options.program, ["--version"], null).then(
          (out) => (out.toString("utf8").includes("eSpeak NG") ? "espeak-ng" : null),
          () => null,
        );
  const cache = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (wav) => wav.length });
  const pending = new Map<string, Promise<Buffer>>();
  const queue = limiter(CONCURRENCY);

  async function synthesise(look: VoiceLook, text: string): Promise<Buffer> {
    const a = espeakArgs(look, text);
    // --stdin: the whole text from standard input; -b 1: it is UTF-8; no -m: markup is read as text
    const args = ["--stdin", "--stdout", "-b", "1", "-v", a.voice, "-p", String(a.pitch), "-s", String(a.speed)];
    const wav = fixWavLengths(await queue(() => run(options.program, args, text)));
    if (!wav) throw new Error("espeak-ng answered no WAV");
    return wav;
  }

  return {
    ready,
    async speak(look, text) {
      const key = `${JSON.stringify([look.sex, look.pitch, look.formantScale, look.rate, look.timbre])}\n${text}`;
      const hit = cache.get(key);
      if (hit) return { wav: hit, cached: true };
      // the same line asked twice at once is spoken once
      let job = pending.get(key);
      if (!job) {
        job = synthesise(look, text).finally(() => pending.delete(key));
        pending.set(key, job);
        job.then((wav) => cache.set(key, wav)).catch(() => undefined);
      }
      return { wav: await job, cached: false };
    },
    cacheSize: () => ({ bytes: cache.calculatedSize, entries: cache.size }),
  };
}
