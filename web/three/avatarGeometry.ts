/**
 * An AvatarMesh primitive (shared/avatar) as a three.js geometry: positions, normals, indices and
 * one relative morph attribute (a delta) per target, so a slider at -1..1 is a morph influence of
 * the same value (negative influences work for relative morphs).
 */
import {
  Bone,
  BufferAttribute,
  BufferGeometry,
  Float32BufferAttribute,
  type Group,
  Matrix4,
  Skeleton,
  Uint16BufferAttribute,
} from "three";
import type { AvatarPrimitive } from "../../shared/avatar/index.ts";
import type { Rig } from "../../shared/avatar/rig.ts";

export interface AvatarGeometry {
  geometry: BufferGeometry;
  /** Target name to its index in morphAttributes.position (and in morphTargetInfluences). */
  targetIndex: Map<string, number>;
}

/**
 * `only` limits the targets to a list (the editor needs the face sliders, not the expressions);
 * targets the primitive does not move are left out, so each mesh carries only what moves it.
 */
export function avatarGeometry(
  primitive: AvatarPrimitive,
  only?: readonly string[],
  { skinned = false }: { skinned?: boolean } = {},
): AvatarGeometry {
  const geometry = new BufferGeometry();
  // the arm bones' joints and weights (shared/avatar/rig.ts), for a bust the plan poses
  if (skinned && primitive.skin) {
    geometry.setAttribute("skinIndex", new Uint16BufferAttribute(Uint16Array.from(primitive.skin.joints), 4));
    geometry.setAttribute("skinWeight", new Float32BufferAttribute(primitive.skin.weights, 4));
  }
  geometry.setAttribute("position", new Float32BufferAttribute(primitive.positions, 3));
  geometry.setAttribute("normal", new Float32BufferAttribute(primitive.normals, 3));
  // the realistic skin's colour zones (shared/avatar/zones.ts): the material's colour times these
  if (primitive.colors) geometry.setAttribute("color", new Float32BufferAttribute(primitive.colors, 3));
  // where the realistic skin shines: its roughness times this (web/three/skin.ts)
  if (primitive.roughness) geometry.setAttribute("roughnessScale", new Float32BufferAttribute(primitive.roughness, 1));
  geometry.setIndex(new BufferAttribute(primitive.indices, 1));
  const names = (only ?? Object.keys(primitive.targets)).filter((name) => primitive.targets[name]);
  const targetIndex = new Map<string, number>();
  // A geometry with an empty morph list would still compile the morph shader path, without a count.
  if (names.length > 0) {
    geometry.morphAttributes.position = names.map((name, i) => {
      targetIndex.set(name, i);
      const attribute = new Float32BufferAttribute(primitive.targets[name] as Float32Array, 3);
      attribute.name = name;
      return attribute;
    });
    geometry.morphTargetsRelative = true;
  }
  geometry.name = primitive.name;
  geometry.computeBoundingSphere();
  return { geometry, targetIndex };
}

/**
 * The rig's bones (shared/avatar/rig.ts) as a three.js skeleton under `group`: each bone at its
 * pivot, at rest the identity, so the skinned parts draw exactly as built until they are posed.
 */
export function skeletonOf(rig: Rig, group: Group): Skeleton {
  const bones = rig.bones.map((b) => {
    const bone = new Bone();
    bone.name = b.name;
    return bone;
  });
  rig.bones.forEach((b, i) => {
    const bone = bones[i] as Bone;
    const parent = rig.bones[b.parent];
    if (parent) {
      bone.position.set(b.pivot[0] - parent.pivot[0], b.pivot[1] - parent.pivot[1], b.pivot[2] - parent.pivot[2]);
      bones[b.parent]?.add(bone);
    } else {
      bone.position.set(b.pivot[0], b.pivot[1], b.pivot[2]);
      group.add(bone);
    }
  });
  const inverses = rig.bones.map((b) => new Matrix4().makeTranslation(-b.pivot[0], -b.pivot[1], -b.pivot[2]));
  return new Skeleton(bones, inverses);
}
