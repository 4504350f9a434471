/**
 * What the plan preview draws: the avatar, what it wears, where it stands, its pets and effects,
 * and the actions an interaction can play on it. Items carry their catalogue `look`
 * (shared/plan/looks.ts) exactly as the plan calls answer it.
 */

import type { AvatarStyle } from "../../../shared/avatar/index.ts";
import type { FaceArms } from "../../../shared/live-face.ts";
import type { Appearance, StoredFaceParams } from "../../../shared/schemas/roles.ts";

export interface PreviewItem {
  id: string;
  look: Record<string, unknown>;
}

export interface PlanLook {
  /** `style`: how the avatar is drawn (a cartoon role is toon); realistic when absent. */
  role: { sex: 1 | 2; faceParams: StoredFaceParams; appearance: Appearance; style?: AvatarStyle };
  /** At most one per outfit slot. */
  outfits: PreviewItem[];
  scene: PreviewItem | null;
  pets: PreviewItem[];
  effects: PreviewItem[];
}

/** An interaction's action, or an expression tried from the menu: played once over the standing look. */
export interface PreviewAction {
  kind: "expression" | "motion" | "effect";
  look: Record<string, unknown>;
}

/**
 * What the webcam capture says (docs/decisions/036): ARKit weights, the head's rotation and, in the
 * half-body mode, the upper body's tilt and sway and where the arms point. Written by the tracker, read every frame.
 */
export interface Capture {
  weights: Record<string, number>;
  /** Radians, as animation.ts's Euler3: x nods down, y turns to the subject's left, z tilts. */
  head: { x: number; y: number; z: number };
  body: { tilt: number; sway: number } | null;
  /** Half-body: where each arm seen points (shared/live-face.ts FaceArms); absent when none is seen. */
  arms?: FaceArms | null;
  /** performance.now() of the camera frame it came from (for the face-to-frame latency). */
  frameAt: number;
  /** Counts the results, so the render loop knows a new one arrived. */
  seq: number;
}

export interface PreviewHandle {
  play(action: PreviewAction): void;
  /** The webcam capture's latest result (a new object each time), or null when it stops. */
  capture(capture: Capture | null): void;
  /**
   * The voice's mouth (web/features/live/lipsync.ts): sampled every drawn frame while set, its
   * weights taken with the capture's by the larger of each; null when the avatar is not speaking.
   */
  mouth(sample: (() => Readonly<Record<string, number>>) | null): void;
}

/** How much of the avatar the preview shows: head and shoulders, or the half-body down to the hips. */
export type Framing = "bust" | "half";
