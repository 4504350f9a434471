import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createIdleTimer,
  FRAME_ACTIVITY,
  forwardActivityToParent,
  IDLE_OPERATIONS,
  idleConfig,
  isFrameActivity,
} from "./idle.ts";

describe("idle notice", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("counts down after the idle time and exits at zero", () => {
    const shown: (number | null)[] = [];
    const onExit = vi.fn();
    const timer = createIdleTimer({ idleMs: 10_000, countdownMs: 3_000, onCountdown: (s) => shown.push(s), onExit });
    vi.advanceTimersByTime(9_999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([3]);
    vi.advanceTimersByTime(2_000);
    expect(shown).toEqual([3, 2, 1]);
    expect(onExit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(shown).toEqual([3, 2, 1, null]);
    expect(onExit).toHaveBeenCalledTimes(1);
    timer.stop();
  });

  it("an operation hides the notice and starts the wait again", () => {
    const shown: (number | null)[] = [];
    const onExit = vi.fn();
    const timer = createIdleTimer({ idleMs: 5_000, countdownMs: 2_000, onCountdown: (s) => shown.push(s), onExit });
    vi.advanceTimersByTime(4_000);
    timer.activity();
    vi.advanceTimersByTime(4_000);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1_500);
    expect(shown).toEqual([2]);
    timer.activity();
    expect(shown).toEqual([2, null]);
    vi.advanceTimersByTime(4_999);
    expect(onExit).not.toHaveBeenCalled();
    timer.stop();
    vi.advanceTimersByTime(60_000);
    expect(onExit).not.toHaveBeenCalled();
  });

  it("defaults to ten minutes; the query or localStorage can shorten it", () => {
    expect(idleConfig("", null)).toEqual({ idleMs: 1_800_000, countdownMs: 60_000 });
    expect(idleConfig("?roleId=x&idle=3&idleCountdown=2", null)).toEqual({ idleMs: 3_000, countdownMs: 2_000 });
    const storage = { getItem: (k: string) => (k === "avalive.idleSeconds" ? "7" : null) };
    expect(idleConfig("", storage)).toEqual({ idleMs: 7_000, countdownMs: 60_000 });
    expect(idleConfig("?idle=-1", null).idleMs).toBe(1_800_000);
    // only ever shorter: a link or a stored value cannot keep a session alive longer
    expect(idleConfig("?idle=99999&idleCountdown=600", null)).toEqual({ idleMs: 1_800_000, countdownMs: 60_000 });
  });
});

describe("a frame's operations", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A window stand-in: its listeners, and what it posted to its parent. */
  function fakeFrame() {
    const listeners = new Map<string, () => void>();
    const posted: [unknown, string][] = [];
    const win = {
      location: { origin: "https://avalive.test" },
      parent: { postMessage: (data: unknown, origin: string) => posted.push([data, origin]) },
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    return { win: win as unknown as Window, listeners, posted };
  }

  it("are passed on to the parent page, at most once a second, to this site's origin only", () => {
    const { win, listeners, posted } = fakeFrame();
    const stop = forwardActivityToParent(win);
    expect([...listeners.keys()]).toEqual([...IDLE_OPERATIONS]);
    listeners.get("pointerdown")?.();
    listeners.get("keydown")?.();
    expect(posted).toEqual([[{ type: FRAME_ACTIVITY }, "https://avalive.test"]]);
    vi.advanceTimersByTime(1000);
    listeners.get("wheel")?.();
    expect(posted).toHaveLength(2);
    stop();
    expect(listeners.size).toBe(0);
  });

  it("count on the parent only from this site", () => {
    const message = (origin: string, data: unknown) => ({ origin, data }) as MessageEvent;
    expect(isFrameActivity(message("https://avalive.test", { type: FRAME_ACTIVITY }), "https://avalive.test")).toBe(
      true,
    );
    expect(isFrameActivity(message("https://evil.test", { type: FRAME_ACTIVITY }), "https://avalive.test")).toBe(false);
    expect(isFrameActivity(message("https://avalive.test", "v1.frame.ready"), "https://avalive.test")).toBe(false);
  });
});
