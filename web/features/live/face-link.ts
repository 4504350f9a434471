/**
 * Face frames between the studio's capture and the avatars that follow it elsewhere (docs/decisions/036,
 * "Face relay"): the OBS source and a cloud session's render page.
 * - Sending: a capture result becomes a face frame (shared/live-face.ts: ARKit weights, head pose,
 *   shoulders, arms), at most 30 a second, newest first.
 * - Receiving: the one place a received frame is applied to an avatar, through the same
 *   `PreviewHandle.capture` the studio's own capture drives, so the avatar looks the same everywhere.
 *   A frame that does not pass the shared validator is ignored. No frame for LOST_MS gives the
 *   avatar its own idle life back (the sender stopped, or lost the face).
 * - The render page says when it drew a frame (`faceDrawn`), so the studio can measure the round trip.
 */
import {
  ARKIT_BLENDSHAPES,
  type ArkitBlendshape,
  createFaceThrottle,
  type FaceFrame,
  parseFaceFrame,
} from "../../../shared/live-face.ts";
import type { Capture, PreviewHandle } from "../../three/plan/types.ts";
import { onCaptureDrawn } from "../../three/probe.ts";

/** Without a frame for this long the avatar goes back to its own life (as the tracker does, decision 036). */
export const LOST_MS = 1000;

const ARKIT: ReadonlySet<string> = new Set(ARKIT_BLENDSHAPES);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A capture result as a face frame, stamped with `t` (ms, the sender's clock). Non-ARKit names are left out. */
export function frameOfCapture(capture: Capture, t: number): FaceFrame {
  const blendshapes: FaceFrame["blendshapes"] = {};
  for (const [name, w] of Object.entries(capture.weights)) {
    if (ARKIT.has(name) && Number.isFinite(w)) blendshapes[name as ArkitBlendshape] = clamp(w, 0, 1);
  }
  const angle = (v: number) => clamp(Number.isFinite(v) ? v : 0, -Math.PI, Math.PI);
  const frame: FaceFrame = {
    type: "face",
    t,
    blendshapes,
    head: { pitch: angle(capture.head.x), yaw: angle(capture.head.y), roll: angle(capture.head.z) },
  };
  if (capture.body) frame.shoulders = { tilt: angle(capture.body.tilt), sway: clamp(capture.body.sway, -1, 1) };
  if (capture.arms && (capture.arms.left || capture.arms.right)) frame.arms = capture.arms;
  return frame;
}

/** A face frame as the preview's capture; `frameAt` is when it arrived here (this page's clock). */
export function captureOfFrame(frame: FaceFrame, seq: number, frameAt: number): Capture {
  return {
    weights: { ...frame.blendshapes },
    head: { x: frame.head?.pitch ?? 0, y: frame.head?.yaw ?? 0, z: frame.head?.roll ?? 0 },
    body: frame.shoulders ? { tilt: frame.shoulders.tilt, sway: frame.shoulders.sway } : null,
    arms: frame.arms ?? null,
    frameAt,
    seq,
  };
}

export interface FaceLink {
  /** A frame from the network (checked again here); ignored when it does not pass. */
  apply(frame: unknown): void;
  /** Frames applied so far. */
  readonly count: number;
  stop(): void;
}

/**
 * Applies received frames to `preview()`'s avatar. With `onDrawn`, says the sender's `t` of each
 * frame once the avatar drew it, with the jawOpen it drew (frames replaced before a draw are not
 * reported).
 */
export function createFaceLink(
  preview: () => PreviewHandle | null,
  options: { onDrawn?(t: number, jawOpen: number): void } = {},
) {
  let seq = 0;
  let count = 0;
  let lost: ReturnType<typeof setTimeout> | undefined;
  let waiting: { frameAt: number; t: number } | null = null;
  const offDrawn = options.onDrawn
    ? onCaptureDrawn((frameAt, jawOpen) => {
        if (waiting?.frameAt !== frameAt) return;
        const { t } = waiting;
        waiting = null;
        options.onDrawn?.(t, jawOpen);
      })
    : () => undefined;

  const link: FaceLink = {
    apply(value) {
      const frame = parseFaceFrame(value);
      if (!frame) return;
      count++;
      const frameAt = performance.now();
      waiting = { frameAt, t: frame.t };
      preview()?.capture(captureOfFrame(frame, ++seq, frameAt));
      clearTimeout(lost);
      lost = setTimeout(() => preview()?.capture(null), LOST_MS);
    },
    get count() {
      return count;
    },
    stop() {
      clearTimeout(lost);
      offDrawn();
      waiting = null;
    },
  };
  return link;
}

/**
 * The studio's side: capture results in, face frames out through `send` (the studio socket, or
 * the cloud stream), at most 30 a second, the newest winning. A null result (no face, stopped)
 * sends nothing: the receivers let go after LOST_MS.
 */
export function createFaceSender(send: (frame: FaceFrame) => void) {
  const throttle = createFaceThrottle<FaceFrame>(send, { now: () => performance.now() });
  return {
    capture(capture: Capture | null) {
      // stamped with the camera frame's time: the echo measures camera to drawn
      if (capture) throttle.push(frameOfCapture(capture, capture.frameAt));
    },
    stop: () => throttle.stop(),
  };
}
