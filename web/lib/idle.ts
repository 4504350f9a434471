/**
 * The idle rule (spec section 4), app-wide for logged-in users (docs/decisions/017): after
 * `idleMs` without an operation a notice counts down `countdownMs` in whole seconds, then the
 * session exits, unless the user acts first.
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

/** What counts as an operation. Any of them cancels a running countdown. */
export const IDLE_OPERATIONS = ["pointerdown", "keydown", "wheel", "touchstart", "input"] as const;

/**
 * A frame of the site (the cartoon creator inside Start design) tells its parent page that the
 * user is working in it: the parent's watcher never sees the frame's own input events.
 */
export const FRAME_ACTIVITY = "avalive.idle.activity";

/** In a frame: pass the user's operations on to the parent page, at most once a second. */
export function forwardActivityToParent(win: Window = window): () => void {
  let last = 0;
  const onOperation = () => {
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    win.parent.postMessage({ type: FRAME_ACTIVITY }, win.location.origin);
  };
  for (const type of IDLE_OPERATIONS) win.addEventListener(type, onOperation, { capture: true, passive: true });
  return () => {
    for (const type of IDLE_OPERATIONS) win.removeEventListener(type, onOperation, { capture: true });
  };
}

/** A frame's activity message, from this site only. */
export const isFrameActivity = (event: MessageEvent, origin: string): boolean =>
  event.origin === origin && (event.data as { type?: unknown } | null)?.type === FRAME_ACTIVITY;

export const IDLE_SECONDS = 30 * 60;
export const IDLE_COUNTDOWN_SECONDS = 60;

/**
 * How long: 30 minutes and a 60 s countdown. The page's query (`idle`, `idleCountdown`, in
 * seconds) or localStorage (`avalive.idleSeconds`, `avalive.idleCountdown`) may shorten them, so
 * tests and kiosks need not wait; nothing can lengthen them.
 */
export function idleConfig(
  search: string,
  storage: Pick<Storage, "getItem"> | null,
): { idleMs: number; countdownMs: number } {
  const query = new URLSearchParams(search);
  const read = (key: string, stored: string, fallback: number) => {
    const value = Number(query.get(key) ?? storage?.getItem(stored) ?? Number.NaN);
    return (Number.isFinite(value) && value > 0 ? Math.min(value, fallback) : fallback) * 1000;
  };
  return {
    idleMs: read("idle", "avalive.idleSeconds", IDLE_SECONDS),
    countdownMs: read("idleCountdown", "avalive.idleCountdown", IDLE_COUNTDOWN_SECONDS),
  };
}

/**
 * Work a page must do before the idle exit drops the token (the live studio ends its session,
 * reason "idle"). Each runs with the token still set; the exit waits at most a second for them.
 */
const beforeExit = new Set<() => Promise<unknown> | undefined>();
export function onIdleExit(work: () => Promise<unknown> | undefined): () => void {
  beforeExit.add(work);
  return () => beforeExit.delete(work);
}
export async function runIdleExitWork(): Promise<void> {
  const pending = [...beforeExit].map((work) => Promise.resolve(work()).catch(() => undefined));
  await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 1000))]);
}
