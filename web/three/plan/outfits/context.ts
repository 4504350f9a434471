/** What an outfit builder gets besides its look and kit: where the body and head are. */
import type { Object3D } from "three";
import { anatomyFor } from "../../../../shared/avatar/anatomy.ts";
import type { AvatarMesh } from "../../../../shared/avatar/index.ts";
import type { Vec3 } from "../../../../shared/avatar/math.ts";
import { type Torso, torsoOf } from "../../../../shared/avatar/parts/body.ts";
import type { BustFit } from "../fit.ts";
import type { Bend } from "../headBend.ts";
import { BodySurface } from "../shapes.ts";

export interface OutfitContext {
  fit: BustFit;
  torso: Torso;
  body: BodySurface;
  bend: Bend;
}

/** What an outfit adds: things on the body (they stay with the shoulders) and on the head (they turn with it). */
export interface OutfitParts {
  body: Object3D | null;
  head: Object3D | null;
  update?(time: number, dt: number): void;
  /** A snug hat hides the hair above its rim (see setHairClip). */
  hairClip?: { front: Vec3; back: Vec3; lift: number };
}

/** The context for one shaped avatar; `body.dispose()` when the avatar goes. */
export function createContext(avatar: AvatarMesh, fit: BustFit, bend: Bend): OutfitContext {
  const torso = torsoOf(anatomyFor(avatar.sex));
  return { fit, torso, body: new BodySurface(avatar, torso.cz), bend };
}
