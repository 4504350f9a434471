/**
 * The half-body's bones (issue 17: "a half-body rig: shoulders, upper arms, hands resting or
 * gesturing"). The chest carries the body; each arm hangs from it in three bones named as VRM's
 * humanoid ones. The mesh is built in its rest pose (arms hanging, forearms forward, hands resting
 * in front of the waist) and that pose is the bind pose: every bone at rest is the identity, so a
 * renderer that ignores the rig draws the avatar as built.
 *
 * A pose is a rotation per bone, relative to rest and about the bone's pivot, in its parent's
 * frame (which at rest is the mesh's own: y up, face toward +z, left = +x).
 */
import type { Anatomy } from "./anatomy.ts";
import { add, cross, dot, normalize, perpendicular, scale, sub, type Vec3 } from "./math.ts";

export const BONES = [
  "chest",
  "leftUpperArm",
  "leftLowerArm",
  "leftHand",
  "rightUpperArm",
  "rightLowerArm",
  "rightHand",
] as const;
export type BoneName = (typeof BONES)[number];
export const BONE = Object.fromEntries(BONES.map((name, i) => [name, i])) as Record<BoneName, number>;

/** The left arm's bone index for a left-side one, mirrored to the right. */
export const MIRROR_BONE: readonly number[] = [0, 4, 5, 6, 1, 2, 3];

export interface RigBone {
  name: BoneName;
  /** Index of the parent bone, -1 for the root. */
  parent: number;
  /** Where it turns, in the mesh's rest pose (metres). */
  pivot: Vec3;
}

export interface Rig {
  bones: RigBone[];
  /** The left arm's rest pose, which the joint angles of `ArmPose` are measured from. */
  arm: ArmFrame;
}

/**
 * The left arm's rest pose (the right one is its mirror image): joints, and the hand's axes at the
 * wrist: `forward` toward the fingertips, `palm` out of the palm, `thumb` toward the thumb's side.
 */
export interface ArmFrame {
  shoulder: Vec3;
  elbow: Vec3;
  wrist: Vec3;
  forward: Vec3;
  palm: Vec3;
  thumb: Vec3;
  /** Upper arm and forearm thickness at their widest (metres). */
  upperRadius: number;
  foreRadius: number;
  /** Hand size: 1 is an average woman's (palm 0.095 m long). */
  handScale: number;
}

/**
 * The left arm for an anatomy: it hangs from under the shoulder's rounding, a little out and back,
 * bends about 80 degrees at the elbow so the forearm comes forward past the waist, and the hand
 * rests palm down, turned a little thumb up, its fingers toward the middle (as on a desk).
 */
export function armFrame(A: Anatomy): ArmFrame {
  const male = A.sex === 1;
  const T = A.torso;
  const cz = (A.neck.top[2] + A.neck.bottom[2]) / 2;
  const upperRadius = male ? 0.05 : 0.045;
  const shoulder: Vec3 = [T.shoulderHalf - 0.024, T.top - (male ? 0.078 : 0.083), cz - 0.006];
  const upper = male ? 0.285 : 0.265;
  const fore = male ? 0.245 : 0.225;
  const elbow = add(shoulder, scale(normalize([0.1, -1, -0.06]), upper));
  const wrist = add(elbow, scale(normalize([male ? -0.25 : -0.2, -0.2, 0.95]), fore));
  const forward = normalize([-0.34, -0.1, 0.93]);
  const palm = perpendicular([-0.42, -0.9, 0.05], forward);
  const thumb = cross(palm, forward);
  return {
    shoulder,
    elbow,
    wrist,
    forward,
    palm,
    thumb,
    upperRadius,
    foreRadius: male ? 0.041 : 0.037,
    handScale: male ? 1 : 0.92,
  };
}

/** The rig for an anatomy: the chest at the body's centre, each arm's joints from `armFrame`. */
export function rigOf(A: Anatomy): Rig {
  const f = armFrame(A);
  const cz = (A.neck.top[2] + A.neck.bottom[2]) / 2;
  const m = (p: Vec3): Vec3 => [-p[0], p[1], p[2]];
  return {
    bones: [
      { name: "chest", parent: -1, pivot: [0, (A.torso.top + A.torso.bottom) / 2, cz] },
      { name: "leftUpperArm", parent: 0, pivot: f.shoulder },
      { name: "leftLowerArm", parent: 1, pivot: f.elbow },
      { name: "leftHand", parent: 2, pivot: f.wrist },
      { name: "rightUpperArm", parent: 0, pivot: m(f.shoulder) },
      { name: "rightLowerArm", parent: 4, pivot: m(f.elbow) },
      { name: "rightHand", parent: 5, pivot: m(f.wrist) },
    ],
    arm: f,
  };
}

/** A rotation as a unit quaternion [x, y, z, w]. */
export type Quat = [number, number, number, number];

/** A pose: a rotation per bone index (absent = rest). */
export type RigPose = Partial<Record<number, Quat>>;

/** The rotation b, then a (Hamilton product). */
export const qmul = (a: Quat, b: Quat): Quat => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];

/** v rotated by the unit quaternion q. */
export function rotate(q: Quat, v: Vec3): Vec3 {
  const [x, y, z, w] = q;
  // t = 2 q.xyz x v; v' = v + w t + q.xyz x t
  const tx = 2 * (y * v[2] - z * v[1]);
  const ty = 2 * (z * v[0] - x * v[2]);
  const tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

/** A rotation from Euler angles (radians) applied z first, then y, then x (three.js's "XYZ" order). */
export function quatXYZ(x: number, y: number, z: number): Quat {
  const h = (a: number) => [Math.sin(a / 2), Math.cos(a / 2)] as const;
  const [sx, cx] = h(x);
  const [sy, cy] = h(y);
  const [sz, cz] = h(z);
  return qmul(qmul([sx, 0, 0, cx], [0, sy, 0, cy]), [0, 0, sz, cz]);
}

/** Each bone's world transform for a pose: rotation and where its pivot went. */
export function boneWorld(rig: Rig, pose: RigPose): { rotation: Quat; pivot: Vec3 }[] {
  const out: { rotation: Quat; pivot: Vec3 }[] = [];
  rig.bones.forEach((bone, i) => {
    const local = pose[i] ?? [0, 0, 0, 1];
    const parent = bone.parent >= 0 ? out[bone.parent] : undefined;
    if (!parent) {
      out.push({ rotation: local, pivot: bone.pivot });
      return;
    }
    const from = rig.bones[bone.parent]?.pivot as Vec3;
    const offset = sub(bone.pivot, from);
    out.push({ rotation: qmul(parent.rotation, local), pivot: add(parent.pivot, rotate(parent.rotation, offset)) });
  });
  return out;
}

/**
 * A primitive's positions in a pose (linear blend skinning, as three.js and glTF do it): for tests,
 * and for anything that draws a posed avatar without a GPU.
 */
export function posePositions(
  rig: Rig,
  pose: RigPose,
  positions: Float32Array,
  skin: { joints: Uint8Array; weights: Float32Array } | undefined,
): Float32Array {
  if (!skin) return positions;
  const world = boneWorld(rig, pose);
  const out = new Float32Array(positions.length);
  for (let v = 0; v < positions.length / 3; v++) {
    const p: Vec3 = [positions[v * 3] as number, positions[v * 3 + 1] as number, positions[v * 3 + 2] as number];
    let x = 0;
    let y = 0;
    let z = 0;
    for (let k = 0; k < 4; k++) {
      const w = skin.weights[v * 4 + k] as number;
      if (w === 0) continue;
      const j = skin.joints[v * 4 + k] as number;
      const b = world[j] as { rotation: Quat; pivot: Vec3 };
      const rest = rig.bones[j]?.pivot as Vec3;
      const q = rotate(b.rotation, sub(p, rest));
      x += w * (b.pivot[0] + q[0]);
      y += w * (b.pivot[1] + q[1]);
      z += w * (b.pivot[2] + q[2]);
    }
    out[v * 3] = x;
    out[v * 3 + 1] = y;
    out[v * 3 + 2] = z;
  }
  return out;
}

/** The arm's rest directions: shoulder to elbow, elbow to wrist. */
function restDirections(frame: ArmFrame): { upperDir: Vec3; foreDir: Vec3 } {
  return {
    upperDir: normalize(sub(frame.elbow, frame.shoulder)),
    foreDir: normalize(sub(frame.wrist, frame.elbow)),
  };
}

/** A rotation of `angle` radians about the unit axis `k`. */
export function quatAxis(k: Vec3, angle: number): Quat {
  const s = Math.sin(angle / 2);
  return [k[0] * s, k[1] * s, k[2] * s, Math.cos(angle / 2)];
}

/** The same rotation seen in the mirror across x = 0 (the left arm's turn, for the right arm). */
export const mirrorQuat = (q: Quat): Quat => [q[0], -q[1], -q[2], q[3]];

/**
 * An arm's pose as a few joint angles (radians) from its rest, written for the left arm (+x) and
 * mirrored for the right one, so one gesture reads the same on either side:
 * - `lift` raises the arm out to the side, `swing` brings it forward;
 * - `roll` turns the upper arm about its own length (negative turns the forearm outward);
 * - `bend` bends the elbow further (negative straightens it);
 * - `twist` turns the hand about the forearm (positive turns the palm up); `flex` bends the wrist.
 */
export interface ArmPose {
  lift: number;
  swing: number;
  roll: number;
  bend: number;
  twist: number;
  flex: number;
}

export const restArm = (): ArmPose => ({ lift: 0, swing: 0, roll: 0, bend: 0, twist: 0, flex: 0 });

/** The three bones' rotations (upper arm, forearm, hand) for an arm pose, left-arm convention. */
export function armQuats(frame: ArmFrame, pose: ArmPose): [Quat, Quat, Quat] {
  const { upperDir, foreDir } = restDirections(frame);
  const hinge = normalize(cross(upperDir, foreDir));
  const upper = qmul(quatXYZ(-pose.swing, 0, pose.lift), quatAxis(upperDir, pose.roll));
  const lower = quatAxis(hinge, pose.bend);
  const hand = qmul(quatAxis(foreDir, -pose.twist), quatAxis(frame.thumb, pose.flex));
  return [upper, lower, hand];
}

/** Both arms' bone rotations as a pose of the rig (indices as BONES). */
export function armsPose(frame: ArmFrame, left: ArmPose, right: ArmPose, out: RigPose = {}): RigPose {
  const [lu, ll, lh] = armQuats(frame, left);
  const [ru, rl, rh] = armQuats(frame, right);
  out[BONE.leftUpperArm] = lu;
  out[BONE.leftLowerArm] = ll;
  out[BONE.leftHand] = lh;
  out[BONE.rightUpperArm] = mirrorQuat(ru);
  out[BONE.rightLowerArm] = mirrorQuat(rl);
  out[BONE.rightHand] = mirrorQuat(rh);
  return out;
}

const conj = (q: Quat): Quat => [-q[0], -q[1], -q[2], q[3]];

/** The shortest rotation taking unit vector a to unit vector b. */
function fromTo(a: Vec3, b: Vec3): Quat {
  const d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  if (d < -0.999999) {
    const axis = normalize(Math.abs(a[0]) < 0.9 ? cross([1, 0, 0], a) : cross([0, 1, 0], a));
    return quatAxis(axis, Math.PI);
  }
  const c = cross(a, b);
  const q: Quat = [c[0], c[1], c[2], 1 + d];
  const l = Math.hypot(q[0], q[1], q[2], q[3]);
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}

/**
 * The left arm's bones pointed along world directions: the upper arm along `upper`, the forearm
 * along `fore`, the hand turned about the forearm so its palm faces `palm` as nearly as it can.
 */
export function aimArm(frame: ArmFrame, upper: Vec3, fore: Vec3, palm: Vec3): [Quat, Quat, Quat] {
  const { upperDir: upperRest, foreDir: foreRest } = restDirections(frame);
  const u = normalize(upper);
  const f = normalize(fore);
  const qUpper = fromTo(upperRest, u);
  const d = fromTo(rotate(qUpper, foreRest), f);
  const world = qmul(d, qUpper);
  const qLower = qmul(conj(qUpper), world);
  // the palm where the arm put it, and where it should face, both across the forearm
  const now = perpendicular(rotate(world, frame.palm), f);
  const want = perpendicular(palm, f);
  const angle = Math.atan2(dot(cross(now, want), f), dot(now, want));
  return [qUpper, qLower, quatAxis(foreRest, angle)];
}

/** Both arms aimed alike (the right one mirrored), as a pose of the rig. */
export function aimArms(frame: ArmFrame, upper: Vec3, fore: Vec3, palm: Vec3): RigPose {
  const [u, l, h] = aimArm(frame, upper, fore, palm);
  return {
    [BONE.leftUpperArm]: u,
    [BONE.leftLowerArm]: l,
    [BONE.leftHand]: h,
    [BONE.rightUpperArm]: mirrorQuat(u),
    [BONE.rightLowerArm]: mirrorQuat(l),
    [BONE.rightHand]: mirrorQuat(h),
  };
}

/** Where a captured arm points (live-face.ts FaceArm): unit vectors in the mesh's frame. */
export interface ArmAim {
  upper: Vec3;
  fore: Vec3;
}

/** The palm a captured arm's hand shows: toward the middle and a little down and forward (left arm). */
const CAPTURED_PALM: Vec3 = [-0.6, -0.55, 0.5];

/**
 * Captured arms onto the rig: each arm given is aimed along its directions (the right one through
 * the mirror, so `aimArm`'s left-arm frame serves both), overriding that arm's bones in `out`.
 */
export function aimCapturedArms(frame: ArmFrame, arms: { left?: ArmAim; right?: ArmAim }, out: RigPose): RigPose {
  if (arms.left) {
    const [u, l, h] = aimArm(frame, arms.left.upper, arms.left.fore, CAPTURED_PALM);
    out[BONE.leftUpperArm] = u;
    out[BONE.leftLowerArm] = l;
    out[BONE.leftHand] = h;
  }
  if (arms.right) {
    const m = (v: Vec3): Vec3 => [-v[0], v[1], v[2]];
    const [u, l, h] = aimArm(frame, m(arms.right.upper), m(arms.right.fore), CAPTURED_PALM);
    out[BONE.rightUpperArm] = mirrorQuat(u);
    out[BONE.rightLowerArm] = mirrorQuat(l);
    out[BONE.rightHand] = mirrorQuat(h);
  }
  return out;
}
