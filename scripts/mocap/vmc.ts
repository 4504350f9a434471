/**
 * The VMC protocol (Virtual Motion Capture, https://protocol.vmc.info), which professional capture
 * apps send over UDP as OSC, read into the studio's face frames (docs/decisions/042). Only what a
 * face frame carries is read:
 * - `/VMC/Ext/Blend/Val <name> <value>`: a blendshape. ARKit's 52 names (the "perfect sync"
 *   senders: iPhone face-capture apps, any case) are taken as they are; VRM 0's presets (A, I, U,
 *   E, O, Blink, Blink_L, Blink_R, Joy, Angry, Sorrow, Fun) become the ARKit shapes they mean.
 * - `/VMC/Ext/Blend/Apply`: the frame is complete; one face frame is made.
 * - `/VMC/Ext/Bone/Pos "Head" px py pz qx qy qz qw`: the head's rotation (Unity's axes: left-handed,
 *   y up, the avatar facing +z), as the frame's pitch, yaw and roll.
 * - the same for "Spine", "Chest" and "UpperChest" (their rolls summed) and "Hips" (its place
 *   across): the frame's shoulders, the upper body's tilt and sway, as the half-body mode's webcam
 *   gives them.
 * - the arms' chains ("Spine" … "LeftShoulder", "LeftUpperArm", "LeftLowerArm", "LeftHand", and the
 *   right's): their local poses composed from the hips up into where the shoulder, elbow and wrist
 *   are, and so the frame's arm directions (decision 043).
 * Everything else (other bones, the root, cameras, trackers) is ignored.
 *
 * OSC is read here rather than with osc.js: that package brings serialport, a native module, as an
 * optional dependency, for a format of a few dozen lines (decision 042).
 */
import { add, length, normalize, sub, type Vec3 } from "../../shared/avatar/math.ts";
import { type Quat, qmul, rotate } from "../../shared/avatar/rig.ts";
import {
  ARKIT_BLENDSHAPES,
  type ArkitBlendshape,
  type FaceArm,
  type FaceArms,
  type FaceFrame,
  type FaceHead,
} from "../../shared/live-face.ts";

export type OscArg = string | number | boolean | Buffer | null;
export interface OscMessage {
  address: string;
  args: OscArg[];
}

/** Reads an OSC string (NUL-terminated, padded to 4 bytes) at `at`; answers it and the next offset. */
function readString(data: Buffer, at: number): [string, number] {
  const end = data.indexOf(0, at);
  if (end < 0) throw new Error("unterminated OSC string");
  return [data.toString("utf8", at, end), (end + 4) & ~3];
}

/** The messages of an OSC packet (a message, or a bundle of them, nested). Throws on malformed data. */
export function readOsc(data: Buffer): OscMessage[] {
  if (data.length >= 16 && data.toString("ascii", 0, 8) === "#bundle\0") {
    const messages: OscMessage[] = [];
    let at = 16; // "#bundle\0" and the 8-byte time tag
    while (at + 4 <= data.length) {
      const size = data.readInt32BE(at);
      at += 4;
      if (size < 0 || at + size > data.length) throw new Error("OSC bundle element out of bounds");
      messages.push(...readOsc(data.subarray(at, at + size)));
      at += size;
    }
    return messages;
  }
  const [address, afterAddress] = readString(data, 0);
  if (!address.startsWith("/")) throw new Error("not an OSC message");
  if (afterAddress >= data.length) return [{ address, args: [] }];
  const [tags, afterTags] = readString(data, afterAddress);
  if (!tags.startsWith(",")) throw new Error("OSC type tags missing");
  const args: OscArg[] = [];
  let at = afterTags;
  for (const tag of tags.slice(1)) {
    switch (tag) {
      case "i":
        args.push(data.readInt32BE(at));
        at += 4;
        break;
      case "f":
        args.push(data.readFloatBE(at));
        at += 4;
        break;
      case "d":
        args.push(data.readDoubleBE(at));
        at += 8;
        break;
      case "h":
        args.push(Number(data.readBigInt64BE(at)));
        at += 8;
        break;
      case "s": {
        const [text, next] = readString(data, at);
        args.push(text);
        at = next;
        break;
      }
      case "b": {
        const size = data.readInt32BE(at);
        args.push(data.subarray(at + 4, at + 4 + size));
        at = (at + 4 + size + 3) & ~3;
        break;
      }
      case "T":
        args.push(true);
        break;
      case "F":
        args.push(false);
        break;
      case "N":
        args.push(null);
        break;
      default:
        throw new Error(`OSC type '${tag}' is not read`);
    }
    if (at > data.length) throw new Error("OSC arguments out of bounds");
  }
  return [{ address, args }];
}

const ARKIT_BY_LOWER = new Map(ARKIT_BLENDSHAPES.map((name) => [name.toLowerCase(), name]));

/** VRM 0's preset expressions as the ARKit shapes they stand for. */
const VRM_PRESETS: Record<string, Partial<Record<ArkitBlendshape, number>>> = {
  a: { jawOpen: 1 },
  i: { jawOpen: 0.25, mouthStretchLeft: 0.6, mouthStretchRight: 0.6 },
  u: { jawOpen: 0.2, mouthPucker: 1 },
  e: { jawOpen: 0.4, mouthStretchLeft: 0.4, mouthStretchRight: 0.4 },
  o: { jawOpen: 0.5, mouthFunnel: 1 },
  blink: { eyeBlinkLeft: 1, eyeBlinkRight: 1 },
  blink_l: { eyeBlinkLeft: 1 },
  blink_r: { eyeBlinkRight: 1 },
  joy: { mouthSmileLeft: 1, mouthSmileRight: 1, cheekSquintLeft: 0.5, cheekSquintRight: 0.5 },
  fun: { mouthSmileLeft: 0.6, mouthSmileRight: 0.6 },
  sorrow: { mouthFrownLeft: 1, mouthFrownRight: 1, browInnerUp: 1 },
  angry: { browDownLeft: 1, browDownRight: 1, mouthFrownLeft: 0.4, mouthFrownRight: 0.4 },
};

/**
 * A rotation quaternion in Unity's axes (left-handed, y up, facing +z) as the face frame's head:
 * pitch nods down, yaw turns to the subject's left, roll tilts to the right shoulder (radians).
 * Unity's Euler order is Z, then X, then Y.
 */
export function headOfUnityQuaternion(x: number, y: number, z: number, w: number): FaceHead {
  const n = Math.hypot(x, y, z, w) || 1;
  const [qx, qy, qz, qw] = [x / n, y / n, z / n, w / n];
  const pitch = Math.asin(Math.max(-1, Math.min(1, 2 * (qw * qx - qy * qz))));
  const yaw = Math.atan2(2 * (qw * qy + qx * qz), 1 - 2 * (qx * qx + qy * qy));
  const roll = Math.atan2(2 * (qw * qz + qx * qy), 1 - 2 * (qx * qx + qz * qz));
  // Unity: +x nods down (as ours), +y turns to the subject's right and +z tilts to the left shoulder
  return { pitch, yaw: -yaw, roll: -roll };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** A bone's local pose as VMC sends it: its place in its parent's frame and its turn (Unity's axes). */
interface BonePose {
  p: Vec3;
  q: Quat;
}

/**
 * Each arm's chain from the hips, parent first. UpperChest and the shoulders are optional humanoid
 * bones: one a model lacks is never sent, and the chain skips it, as Unity's hierarchy does.
 */
const ARM_CHAINS = {
  left: ["Spine", "Chest", "UpperChest", "LeftShoulder", "LeftUpperArm", "LeftLowerArm", "LeftHand"],
  right: ["Spine", "Chest", "UpperChest", "RightShoulder", "RightUpperArm", "RightLowerArm", "RightHand"],
} as const;
const ARM_BONES: ReadonlySet<string> = new Set(Object.values(ARM_CHAINS).flat());

/**
 * Where an arm points, from its chain's local poses: composed from the hips (whose own turn is left
 * out: the avatar faces the camera whatever the performer's hips do) into the shoulder's, elbow's
 * and wrist's places, so a model whose bones are not normalised reads as well as one whose are.
 * Unity's x (the subject's right) becomes the frame's (the subject's left). Undefined while the
 * upper arm, forearm or hand has not been sent, or two of them coincide.
 */
export function armOfChain(bones: ReadonlyMap<string, BonePose>, chain: readonly string[]): FaceArm | undefined {
  const joints: Vec3[] = [];
  let place: Vec3 = [0, 0, 0];
  let turn: Quat = [0, 0, 0, 1];
  for (const name of chain) {
    const bone = bones.get(name);
    if (!bone) continue;
    place = add(place, rotate(turn, bone.p));
    turn = qmul(turn, bone.q);
    if (/(UpperArm|LowerArm|Hand)$/.test(name)) joints.push(place);
  }
  const [shoulder, elbow, wrist] = joints;
  if (!shoulder || !elbow || !wrist) return undefined;
  const upper = sub(elbow, shoulder);
  const fore = sub(wrist, elbow);
  if (length(upper) < 1e-6 || length(fore) < 1e-6) return undefined;
  const ours = (v: Vec3): [number, number, number] => {
    const [x, y, z] = normalize(v);
    return [-x, y, z];
  };
  return { upper: ours(upper), fore: ours(fore) };
}

/**
 * Reads VMC packets and makes a face frame at each `/VMC/Ext/Blend/Apply`, stamped with `now()`.
 * Blend values last until a sender changes them, as the protocol has it.
 */
/** How far the hips move across (metres) for the body's sway to reach the picture's edge (±1). */
const SWAY_METRES = 0.25;
const SPINE_BONES = new Set(["Spine", "Chest", "UpperChest"]);

export function createVmcReader(onFrame: (frame: FaceFrame) => void, now: () => number = () => performance.now()) {
  const raw = new Map<string, number>();
  let head: FaceFrame["head"] | undefined;
  const spineRoll = new Map<string, number>();
  let hipsX: number | null = null;
  const armBones = new Map<string, BonePose>();
  let packets = 0;
  let refused = 0;

  const frame = (): FaceFrame => {
    const blendshapes: FaceFrame["blendshapes"] = {};
    const add = (name: ArkitBlendshape, w: number) => {
      blendshapes[name] = clamp01(Math.max(blendshapes[name] ?? 0, w));
    };
    for (const [name, value] of raw) {
      const lower = name.toLowerCase();
      const arkit = ARKIT_BY_LOWER.get(lower);
      if (arkit) add(arkit, value);
      else for (const [shape, w] of Object.entries(VRM_PRESETS[lower] ?? {})) add(shape as ArkitBlendshape, w * value);
    }
    const frame: FaceFrame = { type: "face", t: now(), blendshapes, ...(head ? { head } : {}) };
    if (spineRoll.size > 0 || hipsX !== null) {
      const roll = [...spineRoll.values()].reduce((sum, r) => sum + r, 0);
      frame.shoulders = {
        tilt: Math.max(-Math.PI, Math.min(Math.PI, roll)),
        // Unity's +x is the subject's right; the frame's sway is + to the subject's left
        sway: Math.max(-1, Math.min(1, -(hipsX ?? 0) / SWAY_METRES)),
      };
    }
    const arms: FaceArms = {};
    for (const side of ["left", "right"] as const) {
      const arm = armOfChain(armBones, ARM_CHAINS[side]);
      if (arm) arms[side] = arm;
    }
    if (arms.left || arms.right) frame.arms = arms;
    return frame;
  };

  return {
    /** One UDP datagram. A malformed one is counted and dropped. */
    read(data: Buffer) {
      packets++;
      let messages: OscMessage[];
      try {
        messages = readOsc(data);
      } catch {
        refused++;
        return;
      }
      for (const { address, args } of messages) {
        if (address === "/VMC/Ext/Blend/Val") {
          const [name, value] = args;
          if (typeof name === "string" && typeof value === "number" && Number.isFinite(value)) raw.set(name, value);
        } else if (address === "/VMC/Ext/Blend/Apply") {
          onFrame(frame());
        } else if (address === "/VMC/Ext/Bone/Pos" && typeof args[0] === "string") {
          const [bone, px, py, pz, qx, qy, qz, qw] = args;
          if (![px, py, pz, qx, qy, qz, qw].every((v) => typeof v === "number" && Number.isFinite(v))) continue;
          const q = [qx, qy, qz, qw] as Quat;
          const norm = Math.hypot(...q);
          if (norm < 1e-6) continue;
          if (bone === "Head") head = headOfUnityQuaternion(...q);
          else if (bone === "Hips") hipsX = px as number;
          if (SPINE_BONES.has(bone)) spineRoll.set(bone, headOfUnityQuaternion(...q).roll);
          if (ARM_BONES.has(bone)) {
            armBones.set(bone, { p: [px, py, pz] as Vec3, q: q.map((v) => v / norm) as Quat });
          }
        }
      }
    },
    stats: () => ({ packets, refused }),
  };
}
