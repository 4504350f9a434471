/**
 * Where up to three pets go around the bust: walkers and sitters on the shoulders, fliers floating
 * beside the head. A pet takes a place of its kind while one is free, else any free place (a sitter
 * up in the air gets a cloud to sit on).
 */
import type { Vec3 } from "../../../shared/avatar/math.ts";
import type { BustFit } from "./fit.ts";
import type { PetSpecies } from "./parse.ts";

export const FLIERS: ReadonlySet<PetSpecies> = new Set<PetSpecies>(["butterfly", "fish", "bot"]);

export type Perch = "shoulder" | "air";

export interface PetPlace {
  position: Vec3;
  perch: Perch;
  /** Heading (radians about y): 0 faces the camera. */
  facing: number;
  /** Height of the pet in metres. */
  size: number;
  /** Which side of the bust (+1 the subject's left, +x). */
  side: 1 | -1;
}

interface Slot {
  perch: Perch;
  side: 1 | -1;
}

// The viewer's left shoulder first (the subject's right, -x), then the other; fliers start on the right.
const SLOTS: readonly Slot[] = [
  { perch: "shoulder", side: -1 },
  { perch: "shoulder", side: 1 },
  { perch: "air", side: 1 },
  { perch: "air", side: -1 },
];

/** Fliers shown side-on (a fish reads by its profile), turned to swim toward the head. */
const PROFILE: ReadonlySet<PetSpecies> = new Set<PetSpecies>(["fish"]);

export function placeFor(slot: Slot, fit: BustFit, flier: boolean, profile = false): PetPlace {
  const size = flier ? 0.07 : 0.082;
  if (slot.perch === "shoulder") {
    const s = fit.shoulders[slot.side > 0 ? 0 : 1];
    // a little forward of the shoulder's ridge, so it reads in front of long hair
    return {
      position: [s[0] + slot.side * 0.012, s[1] - 0.004, s[2] + 0.022],
      perch: "shoulder",
      facing: slot.side * 0.35,
      size,
      side: slot.side,
    };
  }
  const x = slot.side * (fit.templeX + 0.09);
  return {
    position: [x, fit.crownY - 0.05, 0.03],
    perch: "air",
    facing: -slot.side * (profile ? 1.25 : 0.45),
    size,
    side: slot.side,
  };
}

/** Places for the pets, in the order given (at most four; the plan allows three). */
export function layoutPets(species: readonly PetSpecies[], fit: BustFit): PetPlace[] {
  const free = [...SLOTS];
  return species.slice(0, SLOTS.length).map((kind) => {
    const flier = FLIERS.has(kind);
    const want: Perch = flier ? "air" : "shoulder";
    const index = Math.max(
      0,
      free.findIndex((s) => s.perch === want),
    );
    const [slot] = free.splice(index, 1) as [Slot];
    return placeFor(slot, fit, flier, PROFILE.has(kind));
  });
}
