/**
 * On-demand rendering (docs/decisions/031-on-demand-rendering.md). Every canvas runs r3f's
 * `frameloop="demand"`: a frame is drawn only when something asked for one. The editor's stage asks
 * on a slider input, an orbit drag or its damping, a colour or a new mesh; the plan preview asks
 * every frame while something moves on it (its idle life, an action, a burst) and stops when the
 * visitor asked for reduced motion, or when it is off screen or in a hidden tab.
 */

import { useFrame, useThree } from "@react-three/fiber";
import { type RefObject, useEffect, useState, useSyncExternalStore } from "react";

const REDUCED = "(prefers-reduced-motion: reduce)";

function subscribeReduced(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The visitor's "reduce motion" setting (the OS's, or the browser's emulation of it). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReduced,
    () => window.matchMedia(REDUCED).matches,
    () => false,
  );
}

/** Whether the element is (partly) inside the viewport. True until the observer says otherwise. */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

/** Inside a canvas: the function that asks for one more frame. */
export function useInvalidate(): () => void {
  return useThree((s) => s.invalidate);
}

/**
 * Inside a demand-mode canvas: keeps asking for the next frame for as long as `moving()` says
 * something on the canvas is in motion. It is asked once per drawn frame, so it must be cheap.
 */
export function useKeepDrawing(moving: () => boolean): void {
  const invalidate = useInvalidate();
  // Priority 0: after the clock (-2) and the pose (-1). A positive priority would take over r3f's
  // own render call.
  useFrame(() => {
    if (moving()) invalidate();
  });
  // A new `moving` (its inputs changed, e.g. motion turned back on): start the loop again.
  useEffect(() => {
    if (moving()) invalidate();
  }, [moving, invalidate]);
}
