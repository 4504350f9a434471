/**
 * The idle notice (spec section 4): after `idleMs` without an operation a notice counts down
 * `countdownMs` in whole seconds, then the editor exits, unless the user acts first.
 */
export interface IdleOptions {
  idleMs: number;
  countdownMs: number;
  /** Seconds left, on show and on every tick; null when the notice goes away. */
  onCountdown(secondsLeft: number | null): void;
  onExit(): void;
}

export interface IdleTimer {
  /** Any operation: hides the notice and starts waiting again. */
  activity(): void;
  stop(): void;
}

export function createIdleTimer(options: IdleOptions): IdleTimer {
  let wait: ReturnType<typeof setTimeout> | undefined;
  let tick: ReturnType<typeof setInterval> | undefined;
  let showing = false;

  const clear = () => {
    clearTimeout(wait);
    clearInterval(tick);
  };
  const startCountdown = () => {
    showing = true;
    let left = Math.ceil(options.countdownMs / 1000);
    options.onCountdown(left);
    tick = setInterval(() => {
      left--;
      if (left > 0) return options.onCountdown(left);
      clear();
      showing = false;
      options.onCountdown(null);
      options.onExit();
    }, 1000);
  };
  const arm = () => {
    clear();
    if (showing) {
      showing = false;
      options.onCountdown(null);
    }
    wait = setTimeout(startCountdown, options.idleMs);
  };
  arm();
  return { activity: arm, stop: clear };
}

const DEFAULT_IDLE_S = 600;
const DEFAULT_COUNTDOWN_S = 60;

/**
 * How long: 10 minutes and a 60 s countdown, unless the page's query (`idle`, `idleCountdown`, in
 * seconds) or localStorage (`avalive.idleSeconds`, `avalive.idleCountdown`) says otherwise, so
 * tests need not wait ten minutes.
 */
export function idleConfig(
  search: string,
  storage: Pick<Storage, "getItem"> | null,
): { idleMs: number; countdownMs: number } {
  const query = new URLSearchParams(search);
  const read = (key: string, stored: string, fallback: number) => {
    const value = Number(query.get(key) ?? storage?.getItem(stored) ?? Number.NaN);
    return (Number.isFinite(value) && value > 0 ? value : fallback) * 1000;
  };
  return {
    idleMs: read("idle", "avalive.idleSeconds", DEFAULT_IDLE_S),
    countdownMs: read("idleCountdown", "avalive.idleCountdown", DEFAULT_COUNTDOWN_S),
  };
}
