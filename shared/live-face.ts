/**
 * A face frame: what the studio's webcam capture sends to the user's OBS sources and to a cloud
 * session's render page (docs/decisions/036, "Face relay"). ARKit's blendshape weights (at most its
 * 52 names, each 0..1), the head's rotation in radians and, in the half-body mode, the shoulders.
 * The same checks run on the server (every frame from the network) and in tests.
 */

/** Apple ARKit's 52 blendshape names: the only names a face frame may carry. */
export const ARKIT_BLENDSHAPES = [
  "eyeBlinkLeft",
  "eyeLookDownLeft",
  "eyeLookInLeft",
  "eyeLookOutLeft",
  "eyeLookUpLeft",
  "eyeSquintLeft",
  "eyeWideLeft",
  "eyeBlinkRight",
  "eyeLookDownRight",
  "eyeLookInRight",
  "eyeLookOutRight",
  "eyeLookUpRight",
  "eyeSquintRight",
  "eyeWideRight",
  "jawForward",
  "jawLeft",
  "jawRight",
  "jawOpen",
  "mouthClose",
  "mouthFunnel",
  "mouthPucker",
  "mouthLeft",
  "mouthRight",
  "mouthSmileLeft",
  "mouthSmileRight",
  "mouthFrownLeft",
  "mouthFrownRight",
  "mouthDimpleLeft",
  "mouthDimpleRight",
  "mouthStretchLeft",
  "mouthStretchRight",
  "mouthRollLower",
  "mouthRollUpper",
  "mouthShrugLower",
  "mouthShrugUpper",
  "mouthPressLeft",
  "mouthPressRight",
  "mouthLowerDownLeft",
  "mouthLowerDownRight",
  "mouthUpperUpLeft",
  "mouthUpperUpRight",
  "browDownLeft",
  "browDownRight",
  "browInnerUp",
  "browOuterUpLeft",
  "browOuterUpRight",
  "cheekPuff",
  "cheekSquintLeft",
  "cheekSquintRight",
  "noseSneerLeft",
  "noseSneerRight",
  "tongueOut",
] as const;
export type ArkitBlendshape = (typeof ARKIT_BLENDSHAPES)[number];
const ARKIT_SET: ReadonlySet<string> = new Set(ARKIT_BLENDSHAPES);

/** Head rotation in radians (pitch nods down, yaw turns to the subject's left, roll tilts to the right shoulder). */
export interface FaceHead {
  pitch: number;
  yaw: number;
  roll: number;
}

/** Half-body: the shoulders' line (radians) and the body's sideways place, -1..1 across the picture. */
export interface FaceShoulders {
  tilt: number;
  sway: number;
}

/**
 * Half-body: where an arm points, as unit vectors in the avatar's frame (y up, +z toward the
 * viewer, the subject's left = +x): the upper arm from shoulder to elbow, the forearm from elbow
 * to wrist (decision 043).
 */
export interface FaceArm {
  upper: [number, number, number];
  fore: [number, number, number];
}

export interface FaceArms {
  left?: FaceArm;
  right?: FaceArm;
}

export interface FaceFrame {
  type: "face";
  /** The capture's time in ms on the sender's clock (performance.now()); echoed back to measure latency. */
  t: number;
  blendshapes: Partial<Record<ArkitBlendshape, number>>;
  head?: FaceHead;
  shoulders?: FaceShoulders;
  arms?: FaceArms;
}

/** A frame on the wire is a few hundred bytes (52 weights at most about 2 KB); more is refused unread. */
export const FACE_FRAME_MAX_BYTES = 4096;
/** Frames per second a sender sends and a relay forwards, at most. */
export const FACE_FRAMES_PER_SECOND = 30;
/** Angles beyond half a turn are not a head's. */
const MAX_ANGLE = Math.PI;

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const FRAME_KEYS: ReadonlySet<string> = new Set(["type", "t", "blendshapes", "head", "shoulders", "arms"]);

/** A direction from the network: three finite numbers of about unit length (0.5..1.5), made exactly unit. */
function direction(v: unknown): [number, number, number] | null {
  if (!Array.isArray(v) || v.length !== 3 || !v.every(finite)) return null;
  const [x, y, z] = v as [number, number, number];
  const length = Math.hypot(x, y, z);
  if (length < 0.5 || length > 1.5) return null;
  return [x / length, y / length, z / length];
}

function parseArms(value: unknown): FaceArms | null {
  if (!isObject(value)) return null;
  const arms: FaceArms = {};
  for (const [side, arm] of Object.entries(value)) {
    if (side !== "left" && side !== "right") return null;
    if (!isObject(arm) || Object.keys(arm).length !== 2) return null;
    const upper = direction(arm.upper);
    const fore = direction(arm.fore);
    if (!upper || !fore) return null;
    arms[side] = { upper, fore };
  }
  return arms;
}

/**
 * A face frame from the network, or null: unknown names, weights outside 0..1, angles that are
 * not finite or beyond ±π, a sway outside -1..1, arm directions that are not about unit length, extra fields, or a text longer than
 * FACE_FRAME_MAX_BYTES (when the raw text is given) are refused whole, never trimmed.
 */
export function parseFaceFrame(value: unknown, rawLength?: number): FaceFrame | null {
  if (rawLength !== undefined && rawLength > FACE_FRAME_MAX_BYTES) return null;
  if (!isObject(value) || value.type !== "face" || !finite(value.t)) return null;
  for (const key of Object.keys(value)) {
    if (!FRAME_KEYS.has(key)) return null;
  }
  if (!isObject(value.blendshapes)) return null;
  const entries = Object.entries(value.blendshapes);
  if (entries.length > ARKIT_BLENDSHAPES.length) return null;
  const blendshapes: FaceFrame["blendshapes"] = {};
  for (const [name, weight] of entries) {
    if (!ARKIT_SET.has(name) || !finite(weight) || weight < 0 || weight > 1) return null;
    blendshapes[name as ArkitBlendshape] = weight;
  }
  const frame: FaceFrame = { type: "face", t: value.t, blendshapes };
  if (value.head !== undefined) {
    const h = value.head;
    const angle = (x: unknown): x is number => finite(x) && Math.abs(x) <= MAX_ANGLE;
    if (!isObject(h) || Object.keys(h).length !== 3 || !angle(h.pitch) || !angle(h.yaw) || !angle(h.roll)) return null;
    frame.head = { pitch: h.pitch, yaw: h.yaw, roll: h.roll };
  }
  if (value.shoulders !== undefined) {
    const s = value.shoulders;
    if (!isObject(s) || Object.keys(s).length !== 2 || !finite(s.tilt) || !finite(s.sway)) return null;
    if (Math.abs(s.tilt) > MAX_ANGLE || Math.abs(s.sway) > 1) return null;
    frame.shoulders = { tilt: s.tilt, sway: s.sway };
  }
  if (value.arms !== undefined) {
    const arms = parseArms(value.arms);
    if (!arms) return null;
    frame.arms = arms;
  }
  return frame;
}

/** Parses a frame's JSON text (refused unread beyond FACE_FRAME_MAX_BYTES). */
export function parseFaceFrameText(text: string): FaceFrame | null {
  if (text.length > FACE_FRAME_MAX_BYTES) return null;
  try {
    return parseFaceFrame(JSON.parse(text) as unknown, text.length);
  } catch {
    return null;
  }
}

export interface FaceThrottle<F> {
  /** The newest frame: sent now if the last one went long enough ago, else kept (replacing any kept one). */
  push(frame: F): void;
  /** Drops a kept frame and the pending timer. */
  stop(): void;
}

/**
 * Latest wins, at most `perSecond` frames a second: a frame arriving too soon after the last one
 * sent waits, and is replaced by any newer one before its turn; nothing queues. The clock and the
 * timer are injectable for tests.
 */
export function createFaceThrottle<F>(
  send: (frame: F) => void,
  options: {
    perSecond?: number;
    now?: () => number;
    setTimer?: (fn: () => void, ms: number) => unknown;
    clearTimer?: (timer: unknown) => void;
  } = {},
): FaceThrottle<F> {
  const perSecond = Math.min(FACE_FRAMES_PER_SECOND, Math.max(1, options.perSecond ?? FACE_FRAMES_PER_SECOND));
  const gap = 1000 / perSecond;
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let last = Number.NEGATIVE_INFINITY;
  let kept: { frame: F } | null = null;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    if (!kept) return;
    const { frame } = kept;
    kept = null;
    last = now();
    send(frame);
  };
  return {
    push(frame) {
      const wait = last + gap - now();
      if (wait <= 0 && timer === null) {
        last = now();
        send(frame);
        return;
      }
      kept = { frame };
      if (timer === null) timer = setTimer(flush, Math.max(0, wait));
    },
    stop() {
      kept = null;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
