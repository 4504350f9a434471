import { useEffect, useLayoutEffect } from "react";
import { type Location, useLocation, useNavigationType } from "react-router";

/** Where each history entry was scrolled to, by its location key, for Back and Forward. */
const positions = new Map<string, number>();
/** Inputs by which the user scrolls: the page stops restoring the position once one comes. */
const USER_MOVES = ["wheel", "touchstart", "keydown", "mousedown"] as const;

/**
 * Note how far the page being left was scrolled. The history calls it as the address changes,
 * before the next page renders (guards.ts), so the position is the old page's, never one the
 * browser clamped or anchored while the pages swapped.
 */
export function rememberScroll(leaving: Location): void {
  if (typeof window !== "undefined") positions.set(leaving.key, window.scrollY);
}

/**
 * Scroll like a multi-page site: a new page starts at its top (or at its #hash), Back and Forward
 * return to where the page was left. The browser's own restoration is off, since it would scroll
 * before the next page has rendered. The scroll is set as the page commits and once more on the
 * next frame: the browser's scroll anchoring may move it while the old page's content is replaced.
 */
export function ScrollRestoration(): null {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  useLayoutEffect(() => {
    const saved = type === "POP" ? positions.get(key) : undefined;
    const apply = () => {
      if (saved !== undefined) window.scrollTo(0, saved);
      else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      else window.scrollTo(0, 0);
    };
    apply();
    const frame = requestAnimationFrame(apply);
    // Back to a long page whose content is still arriving (its code, texts or images on a slow
    // machine): the browser clamps the scroll to what is there, so set it again as the page grows,
    // until it reaches the position, for at most 3 s, and never once the user has moved.
    if (saved === undefined || saved === 0) return () => cancelAnimationFrame(frame);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of USER_MOVES) window.removeEventListener(type, stop, true);
    };
    const observer = new ResizeObserver(() => {
      if (Math.abs(window.scrollY - saved) < 1) return stop();
      window.scrollTo(0, saved);
    });
    observer.observe(document.documentElement);
    const timer = setTimeout(stop, 3000);
    for (const type of USER_MOVES) window.addEventListener(type, stop, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [key, hash, type]);

  return null;
}
