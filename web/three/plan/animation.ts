/**
 * Animation curves of the preview, as pure functions of time (seconds): expression envelopes, the
 * bust's motions, its idle life (breathing, blinking, a slow sway), the pets' loops and effect bursts.
 * The render loop samples them; nothing here keeps state.
 */
import { type ArmPose, restArm } from "../../../shared/avatar/rig.ts";
import type { MotionStyle, PetMotion } from "./parse.ts";

const TAU = Math.PI * 2;

/**
 * The longest step (seconds) a frame may advance the preview's clocks: slow software rendering
 * (5-10 frames a second) still plays in real time, while a tab coming back from the background
 * does not jump.
 */
export const MAX_STEP = 0.25;

export const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
export const smoothstep = (a: number, b: number, x: number) => {
  const t = clamp01((x - a) / (b - a));
  return t * t * (3 - 2 * t);
};
export const easeInOutCubic = (t: number) => {
  const x = clamp01(t);
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
};
export const easeOutBack = (t: number) => {
  const x = clamp01(t);
  const c = 1.70158;
  return 1 + (c + 1) * (x - 1) ** 3 + c * (x - 1) ** 2;
};

/** 0 before start, eases to 1 over `rise`, holds, eases back to 0 over `fall`, ending at `total`. */
export function envelope(t: number, rise: number, total: number, fall: number): number {
  if (t <= 0 || t >= total) return 0;
  const up = rise > 0 ? easeInOutCubic(t / rise) : 1;
  const down = fall > 0 ? easeInOutCubic((total - t) / fall) : 1;
  return Math.min(up, down);
}

/** How an expression plays: ease in, hold about 1.5 s, ease out. */
export const EXPRESSION_TIMING = { rise: 0.35, hold: 1.5, fall: 0.5 } as const;
export const EXPRESSION_SECONDS = EXPRESSION_TIMING.rise + EXPRESSION_TIMING.hold + EXPRESSION_TIMING.fall;

/** The share (0..1) of an expression's weights shown `t` seconds after it started. */
export function expressionAmount(t: number): number {
  const { rise, fall } = EXPRESSION_TIMING;
  return envelope(t, rise, EXPRESSION_SECONDS, fall);
}

export interface Euler3 {
  x: number;
  y: number;
  z: number;
}

/** What a motion does at one moment: the head turns on the neck, the arms gesture, the whole body moves. */
export interface BustPose {
  /** Head rotation about the neck pivot, radians (x nods down, y turns to the subject's left, z tilts). */
  head: Euler3;
  /** Whole-bust offset (metres) and rotation (radians). */
  offset: Euler3;
  turn: Euler3;
  /** Each arm's joint angles from its rest (shared/avatar/rig.ts, ArmPose: written as for the left arm). */
  left: ArmPose;
  right: ArmPose;
}

export const restPose = (): BustPose => ({
  head: { x: 0, y: 0, z: 0 },
  offset: { x: 0, y: 0, z: 0 },
  turn: { x: 0, y: 0, z: 0 },
  left: restArm(),
  right: restArm(),
});

const ARM_KEYS = ["lift", "swing", "roll", "bend", "twist", "flex"] as const;
const resetArm = (a: ArmPose) => {
  for (const k of ARM_KEYS) a[k] = 0;
};
/** Sets both arms to the same joint angles (each mirrored to its own side when drawn). */
const bothArms = (out: BustPose, pose: Partial<ArmPose>) => {
  Object.assign(out.left, pose);
  Object.assign(out.right, pose);
};

/**
 * A motion `t` seconds into a play of `duration` seconds. Every motion starts and ends at rest, so
 * a motion can be cut in or out at any time without a jump.
 */
export function motionPose(style: MotionStyle, duration: number, t: number, out: BustPose = restPose()): BustPose {
  const p = clamp01(t / duration);
  // soft start and end: the amplitude envelope
  const env = smoothstep(0, 0.12, p) * smoothstep(1, 0.82, p);
  out.head.x = out.head.y = out.head.z = 0;
  out.offset.x = out.offset.y = out.offset.z = 0;
  out.turn.x = out.turn.y = out.turn.z = 0;
  resetArm(out.left);
  resetArm(out.right);
  if (t <= 0 || t >= duration) return out;
  switch (style) {
    case "nod":
      // two nods, the first deeper
      out.head.x = 0.24 * env * Math.max(0, Math.sin(p * TAU * 2)) ** 0.8 * (1 - 0.3 * p);
      out.head.x -= 0.04 * env * Math.max(0, -Math.sin(p * TAU * 2));
      // the hands lift a little with each nod
      bothArms(out, { bend: 0.8 * out.head.x });
      break;
    case "shake":
      out.head.y = 0.38 * env * Math.sin(p * TAU * 2.5);
      out.head.x = 0.03 * env;
      break;
    case "tilt": {
      const hold = smoothstep(0, 0.3, p) * smoothstep(1, 0.72, p);
      out.head.z = 0.3 * hold;
      out.head.y = -0.08 * hold;
      out.head.x = 0.05 * hold + 0.02 * Math.sin(p * TAU) * hold;
      break;
    }
    case "bounce": {
      const hops = Math.abs(Math.sin(p * Math.PI * 3));
      out.offset.y = 0.035 * env * hops;
      out.head.x = -0.08 * env * (hops - 0.5);
      out.head.z = 0.06 * env * Math.sin(p * Math.PI * 3);
      // fists up and pumping with the hops
      bothArms(out, {
        lift: 0.35 * env,
        swing: 0.25 * env,
        roll: -0.2 * env,
        bend: env * (0.95 + 0.2 * hops),
        flex: 0.3 * env,
      });
      break;
    }
    case "lean": {
      const hold = smoothstep(0, 0.35, p) * smoothstep(1, 0.7, p);
      out.offset.z = 0.09 * hold;
      out.offset.y = -0.01 * hold;
      out.turn.x = 0.12 * hold;
      out.head.x = -0.1 * hold;
      out.head.z = 0.08 * hold * Math.sin(p * TAU);
      // the hands reach toward the viewer
      bothArms(out, { swing: 0.6 * hold, bend: -0.2 * hold, twist: 0.4 * hold });
      break;
    }
    case "spin": {
      out.turn.y = TAU * easeInOutCubic(p);
      out.offset.y = 0.02 * Math.sin(p * Math.PI);
      // the arms float out as it turns
      bothArms(out, { lift: 0.55 * Math.sin(p * Math.PI), bend: -0.2 * Math.sin(p * Math.PI) });
      break;
    }
    case "wave": {
      // the left hand up beside the head, palm to the viewer, the forearm rocking from the elbow
      const hold = smoothstep(0, 0.2, p) * smoothstep(1, 0.8, p);
      Object.assign(out.left, {
        lift: 0.85 * hold,
        swing: 0.15 * hold,
        roll: -1.45 * hold,
        bend: hold * (0.8 + 0.3 * Math.sin(p * TAU * 3)),
        twist: 0.2 * hold,
      });
      out.head.z = -0.06 * hold;
      out.head.y = 0.08 * hold;
      break;
    }
    case "clap": {
      // hands together in front of the chest, three claps
      const hold = smoothstep(0, 0.2, p) * smoothstep(1, 0.8, p);
      const claps = 0.5 + 0.5 * Math.cos(p * TAU * 3);
      bothArms(out, {
        swing: 0.35 * hold,
        roll: hold * (0.2 - 0.2 * (1 - claps)),
        bend: 0.7 * hold,
        twist: -1.2 * hold,
      });
      out.head.x = 0.04 * hold * claps;
      break;
    }
  }
  return out;
}

/** A light, deterministic pseudo-random number for integer n (0..1). */
export function hash01(n: number): number {
  const x = Math.sin(n * 127.1 + 311.7) * 43758.5453;
  return x - Math.floor(x);
}

/** Blink weight at time t: a quick close and open every 2.5-5.5 s (deterministic, never periodic-looking). */
export function blinkAt(t: number): number {
  let start = 1.2;
  for (let i = 0; start <= t; i++) {
    const length = 0.17;
    if (t < start + length) {
      const x = (t - start) / length;
      return x < 0.4 ? smoothstep(0, 0.4, x) : 1 - smoothstep(0.4, 1, x);
    }
    start += 2.5 + 3 * hash01(i);
    if (i > 10_000) break;
  }
  return 0;
}

/** Idle life: slow breathing and a gentle, wandering sway of the head. */
export function idlePose(t: number, out: BustPose = restPose()): BustPose {
  out.head.x = 0.02 * Math.sin(t * 0.53) + 0.012 * Math.sin(t * 1.31 + 1);
  out.head.y = 0.05 * Math.sin(t * 0.37 + 0.5) + 0.015 * Math.sin(t * 0.91);
  out.head.z = 0.025 * Math.sin(t * 0.43 + 2);
  out.offset.x = 0;
  out.offset.y = 0.0025 * Math.sin(t * 1.7);
  out.offset.z = 0;
  out.turn.x = out.turn.y = out.turn.z = 0;
  // the arms breathe too: a slow, slight lift of the forearms, each on its own beat
  resetArm(out.left);
  resetArm(out.right);
  out.left.bend = 0.035 * Math.sin(t * 0.9 + 0.4) + 0.02 * Math.sin(t * 1.7);
  out.right.bend = 0.035 * Math.sin(t * 0.8 + 2.1) + 0.02 * Math.sin(t * 1.7 + 0.5);
  out.left.twist = 0.05 * Math.sin(t * 0.31);
  out.right.twist = 0.05 * Math.sin(t * 0.27 + 1);
  return out;
}

/** Adds b into a (for layering an idle pose and a motion). */
export function addPose(a: BustPose, b: BustPose): BustPose {
  a.head.x += b.head.x;
  a.head.y += b.head.y;
  a.head.z += b.head.z;
  a.offset.x += b.offset.x;
  a.offset.y += b.offset.y;
  a.offset.z += b.offset.z;
  a.turn.x += b.turn.x;
  a.turn.y += b.turn.y;
  a.turn.z += b.turn.z;
  for (const k of ARM_KEYS) {
    a.left[k] += b.left[k];
    a.right[k] += b.right[k];
  }
  return a;
}

/** A pet's pose at one moment, relative to where it sits. */
export interface PetPose {
  x: number;
  y: number;
  z: number;
  /** Rotations (radians): pitch, heading, roll. */
  rx: number;
  ry: number;
  rz: number;
  /** Vertical stretch (1 rest; < 1 squashed, > 1 stretched); the width keeps the volume. */
  stretch: number;
  /** -1..1 swings for the parts that move: wings, tail, ears, legs. */
  wing: number;
  tail: number;
  ear: number;
  legs: number;
}

export const restPetPose = (): PetPose => ({
  x: 0,
  y: 0,
  z: 0,
  rx: 0,
  ry: 0,
  rz: 0,
  stretch: 1,
  wing: 0,
  tail: 0,
  ear: 0,
  legs: 0,
});

/**
 * A pet's looping idle motion. `phase` (0..1) desynchronises pets of the same kind; `size` is the
 * pet's height in metres, so a hop is about its own height.
 */
export function petPose(
  motion: PetMotion,
  t: number,
  phase: number,
  size: number,
  out: PetPose = restPetPose(),
): PetPose {
  const time = t + phase * 7.3;
  Object.assign(out, restPetPose());
  // ears twitch now and then, tails always move a little
  out.ear = 0.25 * Math.sin(time * 2.1) + 0.75 * twitch(time * 0.6);
  out.tail = Math.sin(time * 2.4);
  switch (motion) {
    case "hop": {
      const cycle = 1.25;
      const c = (time % cycle) / cycle;
      // crouch, leap, land with a squash, rest
      const air = c < 0.5 ? Math.sin((c / 0.5) * Math.PI) : 0;
      out.y = size * 0.55 * air;
      const land = c >= 0.5 && c < 0.7 ? Math.sin(((c - 0.5) / 0.2) * Math.PI) : 0;
      const crouch = c > 0.85 ? Math.sin(((c - 0.85) / 0.15) * Math.PI) : 0;
      out.stretch = 1 + 0.14 * air - 0.16 * land - 0.08 * crouch;
      out.rx = -0.15 * Math.sin((c / 0.5) * Math.PI * 2) * (c < 0.5 ? 1 : 0);
      out.ry = 0.25 * Math.sin(time * 0.4);
      out.ear = -0.6 * air + 0.5 * land + 0.2 * out.ear;
      out.tail = Math.sin(time * 9) * 0.8;
      out.legs = air;
      out.wing = air * Math.sin(time * 30);
      break;
    }
    case "sway":
      out.rz = 0.09 * Math.sin(time * 1.6);
      out.ry = 0.2 * Math.sin(time * 0.5);
      out.y = size * 0.03 * Math.abs(Math.sin(time * 1.6));
      out.stretch = 1 + 0.03 * Math.sin(time * 3.2);
      out.tail = Math.sin(time * 1.6 + 1.2);
      out.wing = 0.3 * Math.sin(time * 3);
      break;
    case "float":
      out.y = size * 0.22 * Math.sin(time * 1.5);
      out.x = size * 0.12 * Math.sin(time * 0.6);
      out.rz = 0.08 * Math.sin(time * 1.5 + 0.8);
      out.ry = 0.35 * Math.sin(time * 0.45);
      out.rx = 0.06 * Math.cos(time * 1.5);
      out.tail = Math.sin(time * 4);
      out.wing = Math.sin(time * 5);
      break;
    case "flutter":
      out.wing = Math.sin(time * 22);
      out.y = size * (0.35 * Math.sin(time * 1.9) + 0.12 * Math.sin(time * 5.3));
      out.x = size * 0.5 * Math.sin(time * 0.8);
      out.z = size * 0.3 * Math.sin(time * 1.6);
      out.ry = 0.5 * Math.cos(time * 0.8);
      out.rz = 0.15 * Math.sin(time * 1.9);
      out.tail = Math.sin(time * 6);
      break;
    case "walk": {
      // pace a little to and fro, turning at each end
      const span = size * 0.5;
      const w = Math.sin(time * 0.7);
      out.x = span * w;
      out.ry =
        (Math.cos(time * 0.7) >= 0 ? 1 : -1) * (Math.PI / 2) * smoothstep(0, 0.25, Math.abs(Math.cos(time * 0.7)));
      out.legs = Math.sin(time * 9);
      out.y = size * 0.03 * Math.abs(Math.sin(time * 9));
      out.rz = 0.04 * Math.sin(time * 9);
      out.tail = Math.sin(time * 4.5);
      break;
    }
  }
  return out;
}

/** Mostly 0, with a quick 0-1-0 blip roughly once per unit of x. */
function twitch(x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const at = 0.2 + 0.6 * hash01(i + 91);
  const d = Math.abs(f - at);
  return d < 0.06 ? 1 - d / 0.06 : 0;
}

/** An effect burst: how strongly it shows `t` seconds in (0..1), and how long it lasts. */
export const BURST_SECONDS = 2.6;
export function burstAmount(t: number): number {
  return envelope(t, 0.3, BURST_SECONDS, 0.7);
}
