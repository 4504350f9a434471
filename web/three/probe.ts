/**
 * A tiny window hook for tests and benchmarks: how many frames the 3D view rendered, when the
 * last slider input reached a frame, and when a preview mounted and first drew its avatar.
 * Harmless in production (a few numbers).
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
  /** performance.now() of the first frame that drew the avatar since the last view mounted, or null. */
  firstFrameAt: number | null;
  /** performance.now() when that view mounted, or null. */
  mountedAt: number | null;
  /** The last actions a plan preview played (expression, motion, effect), newest last, at most 20. */
  played: { kind: string; at: number }[];
  /** The morph weights the plan preview's avatar last drew (ARKit names), e.g. `morphs.jawOpen`. */
  morphs: Record<string, number>;
  /** Webcam capture (docs/decisions/036): results applied to the avatar and their latency. */
  capture: {
    applied: number;
    latencies: number[];
    tracked: number;
    faces: number;
    inferMs: number[];
    /**
     * Each result drawn on the avatar: when, the jawOpen it drew, the body's tilt (half-body) and how
     * high the captured left hand was posed (the wrist's height in the mesh's frame, metres; null
     * without captured arms), the last 200.
     */
    drawn: {
      at: number;
      jawOpen: number;
      bodyTilt: number | null;
      leftHandY: number | null;
      /** The head's rotation drawn (radians: x nods down, y turns to the subject's left, z tilts). */
      head: { x: number; y: number; z: number } | null;
      /** The larger of the two eyes' blink drawn (0 open .. 1 shut). */
      blink: number | null;
    }[];
    /**
     * Each tracking result (issue 47): the head as measured (raw) and from the neutral pose, the
     * eyes' openness as measured (lid gap / width) and their blink weights, the last 200.
     */
    rigged: {
      at: number;
      raw: { x: number; y: number; z: number };
      head: { x: number; y: number; z: number };
      eyeOpen: { left: number; right: number };
      /** The nose tip (cheek widths): across from the cheeks' middle, below the cheeks' line. */
      nose: { x: number; y: number };
      blink: number;
      neutral: boolean;
    }[];
    /** How many times the neutral pose was taken (the automatic one at the start counts). */
    recentred: number;
    /** TensorFlow.js's backend the tracker runs on (wasm here). */
    backend: string | null;
  };
  /** The studio's voice (docs/decisions/040): each frame drawn while it speaks, with its jawOpen, the last 400. */
  voice: { drawn: { at: number; jawOpen: number }[] };
  /** A cloud session (docs/decisions/037): each face frame its render page drew, with that jawOpen, the last 200. */
  cloud: { drawn: { at: number; jawOpen: number }[] };
}

const state = { frames: 0, last: null as SliderApplied | null };

declare global {
  interface Window {
    __avalive?: AvaliveProbe;
  }
}

function probe(): AvaliveProbe {
  if (!window.__avalive) {
    window.__avalive = {
      frameCount: () => state.frames,
      lastSliderApplied: () => state.last,
      view: null,
      firstFrameAt: null,
      mountedAt: null,
      played: [],
      morphs: {},
      capture: {
        applied: 0,
        latencies: [],
        tracked: 0,
        faces: 0,
        inferMs: [],
        drawn: [],
        rigged: [],
        recentred: 0,
        backend: null,
      },
      voice: { drawn: [] },
      cloud: { drawn: [] },
    };
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

/** A 3D view mounted: its first drawn frame is still to come. */
export function reportMounted(): void {
  const p = probe();
  p.mountedAt = performance.now();
  p.firstFrameAt = null;
}

/** The avatar reached the screen (only the first call after a mount counts). */
export function reportFirstFrame(): void {
  const p = probe();
  p.firstFrameAt ??= performance.now();
}

/** A plan preview played an action (an interaction, an expression tried). */
export function reportPlayed(kind: string): void {
  if (typeof window === "undefined") return;
  const p = probe();
  p.played = [...p.played.slice(-19), { kind, at: performance.now() }];
}

/** The weights the preview's avatar draws this frame (copied: the loop reuses its map). */
export function reportMorphs(weights: Readonly<Record<string, number>>): void {
  probe().morphs = { ...weights };
}

const drawnListeners = new Set<(frameAt: number, jawOpen: number) => void>();

/** Told each time a capture result reaches a drawn frame, with the result's `frameAt` and the jawOpen drawn (face-link's echo). */
export function onCaptureDrawn(listener: (frameAt: number, jawOpen: number) => void): () => void {
  drawnListeners.add(listener);
  return () => drawnListeners.delete(listener);
}

/** A capture result reached a drawn frame: from its camera frame to now, kept for the last 120. */
export function reportCaptureApplied(
  frameAt: number,
  jawOpen: number,
  bodyTilt: number | null = null,
  leftHandY: number | null = null,
  face: { head: { x: number; y: number; z: number }; blink: number } | null = null,
): void {
  for (const listener of drawnListeners) listener(frameAt, jawOpen);
  const c = probe().capture;
  c.applied++;
  c.latencies = [...c.latencies.slice(-119), performance.now() - frameAt];
  c.drawn = [
    ...c.drawn.slice(-199),
    {
      at: performance.now(),
      jawOpen,
      bodyTilt,
      leftHandY,
      head: face ? { ...face.head } : null,
      blink: face?.blink ?? null,
    },
  ];
}

/** One tracking result's head and eyes, raw and from the neutral pose (issue 47). */
export function reportRigged(entry: Omit<AvaliveProbe["capture"]["rigged"][number], "at">): void {
  const c = probe().capture;
  c.rigged = [...c.rigged.slice(-199), { at: performance.now(), ...entry }];
}

/** The neutral pose was taken (at the start of capture, or the user's Recentre). */
export function reportRecentred(): void {
  probe().capture.recentred++;
}

/** A frame drawn while the voice speaks, with the jawOpen it drew (lip-sync and capture together). */
export function reportVoiceDrawn(jawOpen: number): void {
  const v = probe().voice;
  v.drawn = [...v.drawn.slice(-399), { at: performance.now(), jawOpen }];
}

/** A cloud session's render page drew one of the studio's face frames, its mouth open by `jawOpen`. */
export function reportCloudFaceDrawn(jawOpen: number): void {
  const c = probe().cloud;
  c.drawn = [...c.drawn.slice(-199), { at: performance.now(), jawOpen }];
}

/** The tracker finished a camera frame: how long the model took, and whether it found the face. */
export function reportTracked(ms: number, face: boolean): void {
  const c = probe().capture;
  c.tracked++;
  if (face) c.faces++;
  c.inferMs = [...c.inferMs.slice(-119), ms];
}

/** The tracker's models are loaded, on this backend. */
export function reportTrackerBackend(backend: string): void {
  probe().capture.backend = backend;
}
