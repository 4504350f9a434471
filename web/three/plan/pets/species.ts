/**
 * The pets, each built from a few low-poly primitives and listing its moving joints: ears, tails,
 * wings and legs swing by the pose (animation.ts petPose). Smooth soft fur, glossy eyes with a catch
 * light, rosy cheeks.
 */
import { Group } from "three";
import type { Kit } from "../kit.ts";
import type { Pet, PetSpecies } from "../parse.ts";
import { bot, butterfly, chick, fish, slime } from "./critters.ts";
import { bunny, cat, dog, fox, panda } from "./mammals.ts";
import type { Builder, PetRig } from "./parts.ts";

export type { Joint, JointSource, PetRig } from "./parts.ts";

const BUILDERS: Record<PetSpecies, (b: Builder) => PetRig["update"] | undefined> = {
  cat: (b) => void cat(b),
  dog: (b) => void dog(b),
  bunny: (b) => void bunny(b),
  chick: (b) => void chick(b),
  fox: (b) => void fox(b),
  panda: (b) => void panda(b),
  slime,
  bot,
  butterfly,
  fish,
};

export function buildPet(pet: Pet, kit: Kit): PetRig {
  const root = new Group();
  root.name = `pet:${pet.species}`;
  const b: Builder = {
    kit,
    pet,
    root,
    joints: [],
    // smooth, not faceted: a faceted ball read as a blob on the shoulder (issue 47)
    fur: (color = pet.color) => kit.std(color, { roughness: 0.78 }),
  };
  const update = BUILDERS[pet.species](b);
  return { root, joints: b.joints, update };
}
