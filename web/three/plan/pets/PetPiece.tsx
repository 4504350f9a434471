/** One pet at its place beside the bust, looping its idle motion. */
import { useFrame } from "@react-three/fiber";
import { useMemo } from "react";
import { Group, IcosahedronGeometry } from "three";
import { MAX_STEP, petPose, restPetPose } from "../animation.ts";
import type { Pet } from "../parse.ts";
import { FLIERS, type PetPlace } from "../petLayout.ts";
import { useBuilt } from "../useBuilt.ts";
import { buildPet } from "./species.ts";

export function PetPiece({ pet, place, index }: { pet: Pet; place: PetPlace; index: number }) {
  const key = JSON.stringify(pet);
  const piece = useBuilt(
    (kit) => {
      const rig = buildPet(pet, kit);
      const holder = new Group();
      holder.position.set(...place.position);
      holder.add(rig.root);
      // a sitter placed up in the air gets a little cloud to sit on
      if (place.perch === "air" && !FLIERS.has(pet.species)) {
        const puff = kit.std("#ffffff", { roughness: 1, flatShading: true });
        const geo = kit.geo(new IcosahedronGeometry(1, 1));
        for (const [x, y, r] of [
          [0, -0.004, 0.024],
          [0.024, -0.006, 0.017],
          [-0.024, -0.006, 0.018],
          [0.01, 0.006, 0.016],
        ] as const) {
          const m = kit.mesh(geo, puff);
          m.position.set(x * (place.size / 0.07), y, 0);
          m.scale.set(r, r * 0.7, r);
          holder.add(m);
        }
      }
      return { rig, holder };
    },
    [key, place],
  );
  const pose = useMemo(() => restPetPose(), []);
  const clock = useMemo(() => ({ t: 0 }), []);
  const phase = (index * 0.37 + 0.11) % 1;
  useFrame((_, delta) => {
    clock.t += Math.min(delta, MAX_STEP);
    const { rig } = piece.value;
    petPose(pet.motion, clock.t, phase, place.size, pose);
    const r = rig.root;
    const s = place.size;
    const stretch = pose.stretch;
    const wide = 1 / Math.sqrt(stretch);
    r.position.set(pose.x, pose.y, pose.z);
    r.rotation.set(pose.rx, place.facing + pose.ry, pose.rz);
    r.scale.set(s * wide, s * stretch, s * wide);
    for (const j of rig.joints) j.object.rotation[j.axis] = j.base + j.amp * pose[j.source];
    rig.update?.(clock.t);
  });
  return <primitive object={piece.value.holder} />;
}
