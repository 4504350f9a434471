/**
 * Builds a piece of the preview once per input (an outfit, a pet, a scene), frees its GPU resources
 * when the input changes or the piece unmounts, and runs its per-frame update.
 */

import { useFrame } from "@react-three/fiber";
import { type DependencyList, useEffect, useMemo } from "react";
import { MAX_STEP } from "./animation.ts";
import { Kit } from "./kit.ts";

export interface Piece<T> {
  kit: Kit;
  value: T;
}

export function useBuilt<T>(build: (kit: Kit) => T, deps: DependencyList): Piece<T> {
  const make = () => {
    const kit = new Kit();
    return { kit, value: build(kit) };
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what its build reads
  const piece = useMemo(make, deps);
  useEffect(() => () => piece.kit.dispose(), [piece]);
  return piece;
}

/** Runs `update` every frame with a clock of its own (seconds, deltas capped so a stall does not jump). */
export function useTicker(update: ((time: number, dt: number) => void) | undefined): void {
  const clock = useMemo(() => ({ t: 0 }), []);
  useFrame((_, delta) => {
    if (!update) return;
    const dt = Math.min(delta, MAX_STEP);
    clock.t += dt;
    update(clock.t, dt);
  });
}
