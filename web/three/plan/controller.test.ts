import { describe, expect, it, vi } from "vitest";
import { BURST_SECONDS, EXPRESSION_SECONDS } from "./animation.ts";
import { createController } from "./controller.ts";

describe("preview controller", () => {
  it("records an expression and a motion on its clock, then drops them when done", () => {
    const c = createController();
    c.time = 10;
    c.handle.play({ kind: "expression", look: { weights: { jawOpen: 0.5, notAShape: 1 } } });
    c.handle.play({ kind: "motion", look: { style: "spin", duration: 1.8 } });
    expect(c.expression).toEqual({ weights: { jawOpen: 0.5 }, start: 10 });
    expect(c.motion).toEqual({ style: "spin", duration: 1.8, start: 10 });
    c.time = 10 + 1.9;
    c.sweep();
    expect(c.motion).toBeNull();
    expect(c.expression).not.toBeNull();
    c.time = 10 + EXPRESSION_SECONDS + 0.001;
    c.sweep();
    expect(c.expression).toBeNull();
  });

  it("announces effect bursts when they start and when they end", () => {
    const c = createController();
    const listener = vi.fn();
    const stop = c.subscribe(listener);
    c.play({ kind: "effect", look: { category: "particles", style: "hearts", color: "#ff4f8b" } });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(c.bursts).toHaveLength(1);
    expect(c.bursts[0]?.effect).toEqual({ category: "particles", style: "hearts", color: "#ff4f8b" });
    c.time = BURST_SECONDS / 2;
    expect(c.sweep()).toBe(false);
    c.time = BURST_SECONDS + 0.01;
    expect(c.sweep()).toBe(true);
    expect(c.bursts).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it("keeps at most four bursts, and ignores what it cannot play", () => {
    const c = createController();
    for (let i = 0; i < 6; i++) c.play({ kind: "effect", look: { style: "snow" } });
    expect(c.bursts).toHaveLength(4);
    expect(c.bursts.map((b) => b.id)).toEqual([3, 4, 5, 6]);
    c.play({ kind: "sound" as never, look: {} });
    c.play({ kind: "motion", look: null as never });
    expect(c.motion?.style).toBe("nod");
  });

  it("is busy while something plays, and wakes the view on each play (on-demand rendering)", () => {
    const c = createController();
    const wake = vi.fn();
    c.wake = wake;
    expect(c.busy()).toBe(false);
    c.play({ kind: "motion", look: { style: "nod", duration: 1 } });
    expect(wake).toHaveBeenCalledTimes(1);
    expect(c.busy()).toBe(true);
    c.time = 1.01;
    c.sweep();
    expect(c.busy()).toBe(false);
    c.play({ kind: "effect", look: { category: "particles", style: "hearts", color: "#ff4f8b" } });
    expect(c.busy()).toBe(true);
    expect(wake).toHaveBeenCalledTimes(2);
  });
});
