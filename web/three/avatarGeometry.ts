/**
 * An AvatarMesh primitive (shared/avatar) as a three.js geometry: positions, normals, indices and
 * one relative morph attribute (a delta) per target, so a slider at -1..1 is a morph influence of
 * the same value (negative influences work for relative morphs).
 */
import { BufferAttribute, BufferGeometry, Float32BufferAttribute } from "three";
import type { AvatarPrimitive } from "../../shared/avatar/index.ts";

export interface AvatarGeometry {
  geometry: BufferGeometry;
  /** Target name to its index in morphAttributes.position (and in morphTargetInfluences). */
  targetIndex: Map<string, number>;
}

/**
 * `only` limits the targets to a list (the editor needs the face sliders, not the expressions);
 * targets the primitive does not move are left out, so each mesh carries only what moves it.
 */
export function avatarGeometry(primitive: AvatarPrimitive, only?: readonly string[]): AvatarGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new Float32BufferAttribute(primitive.positions, 3));
  geometry.setAttribute("normal", new Float32BufferAttribute(primitive.normals, 3));
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
