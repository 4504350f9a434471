/**
 * A tiny window hook for tests and benchmarks: how many frames the 3D view rendered, and when the
 * last slider input reached a frame. Harmless in production (a few numbers).
 */
export interface SliderApplied {
  id: string | null;
  value: number | null;
  inputAt: number;
  frameAt: number;
  frame: number;
}

export interface ViewControl {
  /** Azimuth in degrees (0 front, 35 three-quarter). */
  orbit(azimuthDeg: number, polarDeg?: number): void;
}

interface AvaliveProbe {
  frameCount(): number;
  lastSliderApplied(): SliderApplied | null;
  view: ViewControl | null;
}

const state = { frames: 0, last: null as SliderApplied | null };

declare global {
  interface Window {
    __avalive?: AvaliveProbe;
  }
}

function probe(): AvaliveProbe {
  if (!window.__avalive) {
    window.__avalive = { frameCount: () => state.frames, lastSliderApplied: () => state.last, view: null };
  }
  return window.__avalive;
}

export function countFrame(): number {
  probe();
  return ++state.frames;
}

export function reportApplied(applied: SliderApplied): void {
  state.last = applied;
}

export function registerView(view: ViewControl | null): void {
  probe().view = view;
}
