/**
 * Measurements of rendered audio, for the tests and for tuning by numbers rather than by ear:
 * level, pitch (normalised autocorrelation) and spectral centroid.
 */

export function rms(x: Float32Array, from = 0, to = x.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (x[i] as number) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

export function peak(x: Float32Array): number {
  let max = 0;
  for (const v of x) if (Math.abs(v) > max) max = Math.abs(v);
  return max;
}

export interface PitchFrame {
  /** seconds, the frame's start */
  time: number;
  /** Hz, null when the frame is unvoiced */
  f0: number | null;
  /** The normalised autocorrelation at the chosen lag: 1 is perfectly periodic. */
  clarity: number;
}

export interface PitchEstimate {
  /** The median F0 of the voiced frames, null if there are none. */
  f0: number | null;
  /** Share of the loud frames that are voiced. */
  voicedShare: number;
  frames: PitchFrame[];
}

export interface PitchOptions {
  minHz?: number;
  maxHz?: number;
  /** seconds */
  window?: number;
  hop?: number;
  /** A frame is voiced when its clarity reaches this. */
  threshold?: number;
}

/**
 * F0 by normalised cross-correlation of a window with its lagged copy (as in RAPT's first pass).
 * Frames quieter than a tenth of the loudest are skipped. Of the lags whose correlation comes
 * within 10 % of the best, the shortest wins, which avoids reporting an octave too low.
 */
export function estimatePitch(x: Float32Array, sampleRate: number, options: PitchOptions = {}): PitchEstimate {
  const { minHz = 60, maxHz = 450, window = 0.03, hop = 0.02, threshold = 0.6 } = options;
  const w = Math.round(window * sampleRate);
  const minLag = Math.floor(sampleRate / maxHz);
  const maxLag = Math.ceil(sampleRate / minHz);
  const hopSamples = Math.round(hop * sampleRate);
  const starts: number[] = [];
  for (let s = 0; s + w + maxLag + 1 < x.length; s += hopSamples) starts.push(s);
  const energies = starts.map((s) => rms(x, s, s + w));
  const loud = Math.max(0, ...energies) * 0.1;
  const frames: PitchFrame[] = [];
  const corr = new Float64Array(maxLag + 2);
  for (const [index, s] of starts.entries()) {
    if ((energies[index] as number) < loud) continue;
    let e0 = 0;
    for (let i = s; i < s + w; i++) e0 += (x[i] as number) ** 2;
    let eLag = 0;
    for (let i = s + minLag - 1; i < s + minLag - 1 + w; i++) eLag += (x[i] as number) ** 2;
    let best = 0;
    for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
      if (lag > minLag - 1) eLag += (x[s + lag + w - 1] as number) ** 2 - (x[s + lag - 1] as number) ** 2;
      let dot = 0;
      for (let i = s; i < s + w; i++) dot += (x[i] as number) * (x[i + lag] as number);
      const c = dot / Math.sqrt(e0 * eLag + 1e-12);
      corr[lag] = c;
      if (lag >= minLag && lag <= maxLag && c > best) best = c;
    }
    let chosen = -1;
    for (let lag = minLag; lag <= maxLag; lag++) {
      const c = corr[lag] as number;
      const isPeak = c >= (corr[lag - 1] as number) && c >= (corr[lag + 1] as number);
      if (isPeak && c >= 0.9 * best) {
        chosen = lag;
        break;
      }
    }
    if (chosen < 0 || best < threshold) {
      frames.push({ time: s / sampleRate, f0: null, clarity: best });
      continue;
    }
    // Parabolic interpolation between the neighbouring lags for a sub-sample period.
    const a = corr[chosen - 1] as number;
    const b = corr[chosen] as number;
    const c = corr[chosen + 1] as number;
    const denominator = a - 2 * b + c;
    const offset = denominator === 0 ? 0 : (0.5 * (a - c)) / denominator;
    frames.push({ time: s / sampleRate, f0: sampleRate / (chosen + offset), clarity: b });
  }
  const voiced = frames.flatMap((f) => (f.f0 === null ? [] : [f.f0])).sort((p, q) => p - q);
  return {
    f0: voiced.length ? (voiced[Math.floor(voiced.length / 2)] as number) : null,
    voicedShare: frames.length ? voiced.length / frames.length : 0,
    frames,
  };
}

/** In-place radix-2 FFT; re and im have a power-of-two length. */
export function fft(re: Float64Array, im: Float64Array) {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] as number, re[i] as number];
      [im[i], im[j]] = [im[j] as number, im[i] as number];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const p = start + k;
        const q = p + size / 2;
        const tr = wr * (re[q] as number) - wi * (im[q] as number);
        const ti = wr * (im[q] as number) + wi * (re[q] as number);
        re[q] = (re[p] as number) - tr;
        im[q] = (im[p] as number) - ti;
        re[p] = (re[p] as number) + tr;
        im[p] = (im[p] as number) + ti;
      }
    }
  }
}

/** The power-weighted mean frequency over the whole signal (Hann windows of 1024, half overlap). */
export function spectralCentroid(x: Float32Array, sampleRate: number, size = 1024): number {
  const power = new Float64Array(size / 2);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let s = 0; s + size <= x.length; s += size / 2) {
    for (let i = 0; i < size; i++) {
      re[i] = (x[s + i] as number) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1)));
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 0; k < size / 2; k++)
      power[k] = (power[k] as number) + (re[k] as number) ** 2 + (im[k] as number) ** 2;
  }
  let weighted = 0;
  let total = 0;
  for (let k = 0; k < size / 2; k++) {
    weighted += ((k * sampleRate) / size) * (power[k] as number);
    total += power[k] as number;
  }
  return total > 0 ? weighted / total : 0;
}
