// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOADING_FPS, LOADING_FRAMES } from "../../../shared/constants.ts";
import "../../lib/i18n/index.ts";
import { beadOpacity, FRAME_MS, frameAt, msToNextFrame, nextFrame, scanY } from "./frames.ts";
import { LoadingAnimation, LoadingOverlay } from "./LoadingOverlay.tsx";
import { hideLoading, loadingStore, showLoading, withLoading } from "./loadingStore.ts";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const overlay = () => container.querySelector<HTMLElement>('[data-testid="loading-overlay"]');
const frame = () => Number(overlay()?.dataset.frame);

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<LoadingOverlay />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  loadingStore.setState({ count: 0, label: null });
  vi.useRealTimers();
});

describe("loading frames", () => {
  it("has 23 frames at 15 fps", () => {
    expect(LOADING_FRAMES).toBe(23);
    expect(LOADING_FPS).toBe(15);
    expect(FRAME_MS).toBeCloseTo(66.667, 2);
    expect(nextFrame(0)).toBe(1);
    expect(nextFrame(22)).toBe(0);
  });

  it("schedules frame n at ceil(n * 1000 / 15) ms, without drift", () => {
    expect(frameAt(0)).toBe(0);
    expect(frameAt(66)).toBe(0);
    expect(frameAt(67)).toBe(1);
    expect(frameAt(1000)).toBe(15);
    expect(frameAt(Math.ceil((23 * 1000) / 15))).toBe(0);
    expect(msToNextFrame(0)).toBe(67);
    expect(msToNextFrame(67)).toBe(67);
    expect(msToNextFrame(999)).toBe(1);
    // 15 frames in each second, for a minute: no drift.
    let t = 0;
    let frames = 0;
    while (t < 60_000) {
      t += msToNextFrame(t);
      frames++;
    }
    expect(frames).toBe(15 * 60);
  });

  it("draws 23 different frames", () => {
    const drawings = new Set(
      Array.from({ length: LOADING_FRAMES }, (_, f) => {
        const el = document.createElement("div");
        const r = createRoot(el);
        act(() => r.render(<LoadingAnimation frame={f} />));
        const html = el.innerHTML.replace(/ data-frame="\d+"/, "");
        act(() => r.unmount());
        return html;
      }),
    );
    expect(drawings.size).toBe(LOADING_FRAMES);
    expect(beadOpacity(5, 5)).toBe(1);
    expect(scanY(0)).toBe(scanY(LOADING_FRAMES - 1));
  });
});

describe("loading overlay", () => {
  it("is absent until something loads", () => {
    expect(overlay()).toBeNull();
  });

  it("steps one frame every 1000/15 ms and wraps after 23 frames", () => {
    act(() => showLoading());
    expect(frame()).toBe(0);
    act(() => vi.advanceTimersByTime(66));
    expect(frame()).toBe(0);
    act(() => vi.advanceTimersByTime(1)); // 67 ms
    expect(frame()).toBe(1);
    act(() => vi.advanceTimersByTime(933)); // 1000 ms: 15 frames a second
    expect(frame()).toBe(15);
    act(() => vi.advanceTimersByTime(467)); // 1467 ms = ceil(22 * 1000 / 15)
    expect(frame()).toBe(22);
    act(() => vi.advanceTimersByTime(66)); // 1533 ms: still frame 22
    expect(frame()).toBe(22);
    act(() => vi.advanceTimersByTime(1)); // 1534 ms = ceil(23 * 1000 / 15): the cycle restarts
    expect(frame()).toBe(0);
  });

  it("visits every frame once per cycle", () => {
    const start = Date.now();
    act(() => showLoading());
    const seen: number[] = [frame()];
    for (let i = 1; i < LOADING_FRAMES; i++) {
      act(() => vi.advanceTimersByTime(Math.ceil((i * 1000) / LOADING_FPS) - Date.now() + start));
      seen.push(frame());
    }
    expect(seen).toEqual(Array.from({ length: LOADING_FRAMES }, (_, i) => i));
  });

  it("stays up while any of several operations runs, with its label", async () => {
    act(() => showLoading("Uploading…"));
    act(() => showLoading());
    expect(overlay()?.textContent).toContain("Uploading…");
    act(() => hideLoading());
    expect(overlay()).not.toBeNull();
    act(() => hideLoading());
    expect(overlay()).toBeNull();
  });

  it("comes down when the wrapped work fails", async () => {
    let fail: (e: Error) => void = () => {};
    let work: Promise<unknown> = Promise.resolve();
    await act(async () => {
      work = withLoading(new Promise((_, reject) => (fail = reject)));
    });
    expect(overlay()).not.toBeNull();
    await act(async () => {
      fail(new Error("boom"));
      await work.catch(() => {});
    });
    expect(overlay()).toBeNull();
  });
});
