import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_MS } from "../../../shared/constants.ts";
import { dismissToast, hasToast, showToast, toast, toastStore } from "./toastStore.ts";

const messages = () => toastStore.getState().toasts.map((t) => t.message);

describe("toast queue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of toastStore.getState().toasts) dismissToast(t.id);
    vi.useRealTimers();
  });

  it.each([
    ["info", 1500, () => toast.info("hello")],
    ["success", 1500, () => toast.success("hello")],
    ["error", 3000, () => toast.error("hello")],
    ["network", 5000, () => toast.network("hello")],
  ] as const)("a %s toast stays exactly %i ms", (_kind, ms, show) => {
    show();
    vi.advanceTimersByTime(ms - 1);
    expect(messages()).toEqual(["hello"]);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it("uses the spec's durations: 1.5 s default, 3 s errors, 5 s network", () => {
    expect(TOAST_MS).toEqual({ default: 1500, error: 3000, network: 5000 });
    toast.info("a");
    toast.error("b");
    toast.network("c");
    expect(toastStore.getState().toasts.map((t) => t.durationMs)).toEqual([1500, 3000, 5000]);
  });

  it("queues toasts in arrival order and removes each after its own duration", () => {
    toast.network("network");
    toast.info("info");
    toast.error("error");
    expect(messages()).toEqual(["network", "info", "error"]);
    vi.advanceTimersByTime(1500);
    expect(messages()).toEqual(["network", "error"]);
    vi.advanceTimersByTime(1500);
    expect(messages()).toEqual(["network"]);
    vi.advanceTimersByTime(2000);
    expect(hasToast()).toBe(false);
  });

  it("shows the same text once, restarting its time", () => {
    toast.error("same");
    vi.advanceTimersByTime(2000);
    toast.error("same");
    expect(messages()).toEqual(["same"]);
    vi.advanceTimersByTime(2999);
    expect(messages()).toEqual(["same"]);
    vi.advanceTimersByTime(1);
    expect(hasToast()).toBe(false);
  });

  it("can be dismissed early and takes a custom duration", () => {
    const id = showToast("custom", "info", 10_000);
    vi.advanceTimersByTime(9_000);
    expect(messages()).toEqual(["custom"]);
    dismissToast(id);
    expect(hasToast()).toBe(false);
  });
});
