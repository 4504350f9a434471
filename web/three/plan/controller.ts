/**
 * The preview's actions outside React: `play` (through the page's handle) records what to play and
 * when, on the preview's own clock; the render loop reads it every frame. Effect bursts are also
 * announced to listeners, because a burst of particles mounts a layer (once, not per frame).
 */
import { reportPlayed } from "../probe.ts";
import { BURST_SECONDS, EXPRESSION_SECONDS } from "./animation.ts";
import { type Effect, type MotionStyle, parseEffect, parseExpression, parseMotion } from "./parse.ts";
import type { Capture, PreviewAction, PreviewHandle } from "./types.ts";

export interface Burst {
  id: number;
  effect: Effect;
  start: number;
}

export interface Controller {
  /** Seconds since the preview started (advanced by the render loop). */
  time: number;
  expression: { weights: Record<string, number>; start: number } | null;
  motion: { style: MotionStyle; duration: number; start: number } | null;
  bursts: Burst[];
  /** The live capture driving the avatar, or null (then the avatar's own idle life plays). */
  capture: Capture | null;
  /** The speaking mouth, sampled each frame (lip-sync), or null. */
  mouth: (() => Readonly<Record<string, number>>) | null;
  readonly handle: PreviewHandle;
  play(action: PreviewAction): void;
  /** Something is playing (an expression, a motion, a burst or the voice): the view keeps drawing. */
  busy(): boolean;
  /** Called after each play: the view, drawing on demand, starts its loop again. */
  wake: (() => void) | null;
  /** Drops what has finished by `time`; true when the bursts changed. */
  sweep(): boolean;
  subscribe(listener: () => void): () => void;
}

/** At most this many bursts at once: a burst played while four run replaces the oldest. */
const MAX_BURSTS = 4;

export function createController(): Controller {
  const listeners = new Set<() => void>();
  let nextId = 1;
  const notify = () => {
    for (const l of listeners) l();
  };
  const c: Controller = {
    time: 0,
    expression: null,
    motion: null,
    bursts: [],
    capture: null,
    mouth: null,
    handle: {
      play: (action) => c.play(action),
      capture: (capture) => {
        c.capture = capture;
        c.wake?.();
      },
      mouth: (sample) => {
        c.mouth = sample;
        c.wake?.();
      },
    },
    play(action) {
      const look = action && typeof action.look === "object" && action.look ? action.look : {};
      if (action?.kind) reportPlayed(action.kind);
      switch (action?.kind) {
        case "expression":
          c.expression = { weights: parseExpression(look).weights, start: c.time };
          break;
        case "motion": {
          const m = parseMotion(look);
          c.motion = { style: m.style, duration: m.duration, start: c.time };
          break;
        }
        case "effect":
          c.bursts = [...c.bursts.slice(-(MAX_BURSTS - 1)), { id: nextId++, effect: parseEffect(look), start: c.time }];
          notify();
          break;
      }
      c.wake?.();
    },
    busy: () => c.expression !== null || c.motion !== null || c.bursts.length > 0 || c.mouth !== null,
    wake: null,
    sweep() {
      if (c.expression && c.time - c.expression.start >= EXPRESSION_SECONDS) c.expression = null;
      if (c.motion && c.time - c.motion.start >= c.motion.duration) c.motion = null;
      const left = c.bursts.filter((b) => c.time - b.start < BURST_SECONDS);
      if (left.length === c.bursts.length) return false;
      c.bursts = left;
      notify();
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return c;
}
