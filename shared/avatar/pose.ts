/**
 * The cartoon export's pose (the toonify call's T or A option): the half-body's arms (rig.ts) held
 * straight out to the sides, level (T) or 40° below level (A), palms down. The posed mesh becomes
 * the exported one's rest.
 */

import type { Vec3 } from "./math.ts";
import { type AvatarMesh, computeNormals } from "./mesh.ts";
import {
  type ArmFrame,
  aimArms,
  BONE,
  type BoneName,
  boneWorld,
  posePositions,
  type Quat,
  type RigPose,
  rotate,
} from "./rig.ts";

const A_DEGREES = 40;

export function applyPose(mesh: AvatarMesh, pose: "T" | "A"): AvatarMesh {
  if (!mesh.rig) return mesh;
  const down = pose === "T" ? 0 : (A_DEGREES * Math.PI) / 180;
  const along: [number, number, number] = [Math.cos(down), -Math.sin(down), 0];
  const palm: [number, number, number] = [-Math.sin(down), -Math.cos(down), 0];
  return poseMesh(mesh, aimArms(mesh.rig.arm, along, along, palm));
}

/**
 * The mesh in a pose, as its new rest: positions skinned, morph deltas turned with their vertices,
 * normals recomputed, and the rig's pivots moved to where the pose put them.
 */
export function poseMesh(mesh: AvatarMesh, pose: RigPose): AvatarMesh {
  const rig = mesh.rig;
  if (!rig) return mesh;
  const world = boneWorld(rig, pose);
  const primitives = mesh.primitives.map((prim) => {
    const skin = prim.skin;
    if (!skin) return prim;
    const positions = posePositions(rig, pose, prim.positions, skin);
    const targets: Record<string, Float32Array> = {};
    for (const [name, delta] of Object.entries(prim.targets)) {
      const out = new Float32Array(delta.length);
      for (let v = 0; v < delta.length / 3; v++) {
        const d: Vec3 = [delta[v * 3] as number, delta[v * 3 + 1] as number, delta[v * 3 + 2] as number];
        if (d[0] === 0 && d[1] === 0 && d[2] === 0) continue;
        for (let k = 0; k < 4; k++) {
          const w = skin.weights[v * 4 + k] as number;
          if (w === 0) continue;
          const r = rotate((world[skin.joints[v * 4 + k] as number] as { rotation: Quat }).rotation, d);
          out[v * 3] = (out[v * 3] as number) + w * r[0];
          out[v * 3 + 1] = (out[v * 3 + 1] as number) + w * r[1];
          out[v * 3 + 2] = (out[v * 3 + 2] as number) + w * r[2];
        }
      }
      targets[name] = out;
    }
    return { ...prim, positions, targets, normals: computeNormals(positions, prim.indices) };
  });
  const bones = rig.bones.map((b, i) => ({ ...b, pivot: (world[i] as { pivot: Vec3 }).pivot }));
  const at = (name: BoneName) => world[BONE[name]] as { rotation: Quat; pivot: Vec3 };
  const hand = at("leftHand").rotation;
  const arm: ArmFrame = {
    ...rig.arm,
    shoulder: at("leftUpperArm").pivot,
    elbow: at("leftLowerArm").pivot,
    wrist: at("leftHand").pivot,
    forward: rotate(hand, rig.arm.forward),
    palm: rotate(hand, rig.arm.palm),
    thumb: rotate(hand, rig.arm.thumb),
  };
  return { ...mesh, primitives, rig: { bones, arm } };
}
