/**
 * The One Euro filter (Casiez, Roussel and Vogel, CHI 2012): a low-pass filter whose cut-off rises
 * with the signal's speed. At rest it smooths hard (the tracker's jitter disappears); in a quick
 * move it follows with little lag (a blink or a turn of the head is not smeared).
 *
 *   cutoff = minCutoff + beta * |filtered derivative|,  alpha(cutoff, dt) = 1 / (1 + 1 / (2 pi cutoff dt))
 *
 * `minCutoff` (Hz) sets the smoothing at rest, `beta` how fast the cut-off opens with speed,
 * `dCutoff` (Hz) smooths the derivative itself. Times are in seconds.
 */

export interface OneEuroOptions {
  minCutoff: number;
  beta: number;
  dCutoff?: number;
}

const alpha = (cutoff: number, dt: number) => 1 / (1 + 1 / (2 * Math.PI * cutoff * dt));

export class OneEuro {
  private x: number | null = null;
  private dx = 0;
  private t = 0;
  constructor(private readonly options: OneEuroOptions) {}

  /** The filtered value of `value` sampled at time `t` (seconds). */
  filter(value: number, t: number): number {
    if (this.x === null || t <= this.t) {
      if (this.x === null) {
        this.x = value;
        this.t = t;
      }
      return this.x;
    }
    const dt = t - this.t;
    this.t = t;
    const rawDx = (value - this.x) / dt;
    this.dx += alpha(this.options.dCutoff ?? 1, dt) * (rawDx - this.dx);
    const cutoff = this.options.minCutoff + this.options.beta * Math.abs(this.dx);
    this.x += alpha(cutoff, dt) * (value - this.x);
    return this.x;
  }

  reset(): void {
    this.x = null;
    this.dx = 0;
  }
}

/** One filter per named channel, created on first use. */
export class OneEuroBank {
  private readonly filters = new Map<string, OneEuro>();
  constructor(private readonly options: (name: string) => OneEuroOptions) {}

  filter(name: string, value: number, t: number): number {
    let f = this.filters.get(name);
    if (!f) {
      f = new OneEuro(this.options(name));
      this.filters.set(name, f);
    }
    return f.filter(value, t);
  }

  reset(): void {
    this.filters.clear();
  }
}
