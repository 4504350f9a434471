/**
 * The small signal-processing pieces the sound and voice synthesisers share. Pure arithmetic on
 * Float32Arrays: no DOM, no Node, so the same code renders on the server, in a worker or a page.
 */

export type Rng = () => number;

/** mulberry32: a tiny seeded PRNG, so the same look renders the same bytes on every run. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a seed from a name, so each recipe or voice gets its own stream of randomness. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const TWO_PI = 2 * Math.PI;

/** Uniform in [lo, hi). */
export const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();

/** White noise in [-1, 1). */
export const white = (rng: Rng) => 2 * rng() - 1;

export const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

export const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
};

export const midiHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/**
 * A second-order filter (Robert Bristow-Johnson's cookbook). Coefficients may be reset every
 * sample for sweeps: the state carries over, so a moving filter does not click.
 */
export class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(private readonly sampleRate: number) {}

  private set(b0: number, b1: number, b2: number, a0: number, a1: number, a2: number) {
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = a1 / a0;
    this.a2 = a2 / a0;
    return this;
  }

  private omega(hz: number) {
    const w = (TWO_PI * clamp(hz, 10, this.sampleRate * 0.49)) / this.sampleRate;
    return { cos: Math.cos(w), sin: Math.sin(w) };
  }

  lowpass(hz: number, q = Math.SQRT1_2) {
    const { cos, sin } = this.omega(hz);
    const alpha = sin / (2 * q);
    return this.set((1 - cos) / 2, 1 - cos, (1 - cos) / 2, 1 + alpha, -2 * cos, 1 - alpha);
  }

  highpass(hz: number, q = Math.SQRT1_2) {
    const { cos, sin } = this.omega(hz);
    const alpha = sin / (2 * q);
    return this.set((1 + cos) / 2, -(1 + cos), (1 + cos) / 2, 1 + alpha, -2 * cos, 1 - alpha);
  }

  /** Band-pass with 0 dB gain at the centre. */
  bandpass(hz: number, q: number) {
    const { cos, sin } = this.omega(hz);
    const alpha = sin / (2 * q);
    return this.set(alpha, 0, -alpha, 1 + alpha, -2 * cos, 1 - alpha);
  }

  highShelf(hz: number, gainDb: number) {
    const { cos, sin } = this.omega(hz);
    const a = 10 ** (gainDb / 40);
    const alpha = (sin / 2) * Math.SQRT2;
    const k = 2 * Math.sqrt(a) * alpha;
    return this.set(
      a * (a + 1 + (a - 1) * cos + k),
      -2 * a * (a - 1 + (a + 1) * cos),
      a * (a + 1 + (a - 1) * cos - k),
      a + 1 - (a - 1) * cos + k,
      2 * (a - 1 - (a + 1) * cos),
      a + 1 - (a - 1) * cos - k,
    );
  }

  process(x: number) {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/**
 * A formant resonator after Klatt (1980): unity gain at 0 Hz, a peak of about f/bandwidth at f.
 * In cascade they give vowels their natural relative formant levels without hand tuning.
 */
export class Resonator {
  private a = 1;
  private b = 0;
  private c = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(private readonly sampleRate: number) {}

  set(hz: number, bandwidth: number) {
    const r = Math.exp((-Math.PI * bandwidth) / this.sampleRate);
    this.c = -r * r;
    this.b = 2 * r * Math.cos((TWO_PI * hz) / this.sampleRate);
    this.a = 1 - this.b - this.c;
  }

  process(x: number) {
    const y = this.a * x + this.b * this.y1 + this.c * this.y2;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/**
 * Sum of sines `Σ amps[k] sin(kθ)` for k = 1..count, by the Chebyshev recurrence
 * sin(kθ) = 2cosθ·sin((k-1)θ) − sin((k-2)θ): one multiply-add per harmonic instead of a sin call.
 */
export function harmonicSum(theta: number, amps: Float64Array, count: number): number {
  const c2 = 2 * Math.cos(theta);
  let prev = 0;
  let cur = Math.sin(theta);
  let sum = 0;
  for (let k = 1; k <= count; k++) {
    sum += (amps[k] ?? 0) * cur;
    const next = c2 * cur - prev;
    prev = cur;
    cur = next;
  }
  return sum;
}

/** Harmonics of `hz` below 45 % of the sample rate: a band-limited oscillator never aliases. */
export const harmonicCount = (hz: number, sampleRate: number, max: number) =>
  Math.max(0, Math.min(max, Math.floor((0.45 * sampleRate) / Math.max(hz, 1))));

/**
 * A small Schroeder reverb (four combs, two all-passes), mixed in place: enough room to stop
 * synthetic sounds feeling pasted onto silence.
 */
export function addRoom(buffer: Float32Array, sampleRate: number, mix: number, seconds = 0.6) {
  const combs = [0.0297, 0.0371, 0.0411, 0.0437].map((d) => Math.round(d * sampleRate));
  const wet = new Float32Array(buffer.length);
  for (const delay of combs) {
    const gain = 10 ** ((-3 * delay) / (seconds * sampleRate));
    const line = new Float32Array(delay);
    let at = 0;
    for (let i = 0; i < buffer.length; i++) {
      const out = line[at] as number;
      line[at] = (buffer[i] as number) + out * gain;
      at = (at + 1) % delay;
      wet[i] = (wet[i] as number) + out / combs.length;
    }
  }
  for (const [d, g] of [
    [0.005, 0.7],
    [0.0017, 0.7],
  ] as const) {
    const delay = Math.round(d * sampleRate);
    const line = new Float32Array(delay);
    let at = 0;
    for (let i = 0; i < wet.length; i++) {
      const delayed = line[at] as number;
      const x = wet[i] as number;
      const y = -g * x + delayed;
      line[at] = x + g * y;
      at = (at + 1) % delay;
      wet[i] = y;
    }
  }
  for (let i = 0; i < buffer.length; i++) buffer[i] = (buffer[i] as number) + mix * (wet[i] as number);
}

/**
 * The last step of every render: remove DC, fade the ends so playback never starts or stops
 * on a click, and scale to a common peak so every item plays at a similar level.
 */
export function finish(buffer: Float32Array, sampleRate: number, peak = 0.89, fadeInMs = 1, fadeOutMs = 12) {
  let mean = 0;
  for (const x of buffer) mean += x;
  mean /= buffer.length || 1;
  let max = 0;
  for (let i = 0; i < buffer.length; i++) {
    const x = (buffer[i] as number) - mean;
    buffer[i] = x;
    if (Math.abs(x) > max) max = Math.abs(x);
  }
  const scale = max > 0 ? peak / max : 0;
  const fadeIn = Math.max(1, Math.round((fadeInMs / 1000) * sampleRate));
  const fadeOut = Math.max(1, Math.round((fadeOutMs / 1000) * sampleRate));
  for (let i = 0; i < buffer.length; i++) {
    const edge = Math.min(1, i / fadeIn, (buffer.length - 1 - i) / fadeOut);
    buffer[i] = (buffer[i] as number) * scale * edge;
  }
  return buffer;
}
