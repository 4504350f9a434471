/**
 * A photo clone as the clone job makes it (worker/processors/photo-clone.ts): the photo normalised,
 * its face found, the sliders fitted and the look read; and the clone's bust in either style, as the
 * portraits draw it. The contact sheet (scripts/screenshot-sheet.ts) and the likeness judge
 * (scripts/likeness.ts, decision 049) use it, so they judge what the job stores.
 */

import {
  type AvatarMesh,
  type AvatarStyle,
  type AvatarTexture,
  buildAvatar,
  lookColors,
} from "../../shared/avatar/index.ts";
import { materialsFor } from "../../shared/avatar/palette.ts";
import { withFaceTexture } from "../../shared/avatar/uv.ts";
import { analysedPhoto, type DetectedFace, detectFace, normalisePhoto } from "./detect.ts";
import { type FitResult, fitFace } from "./fit.ts";
import { type ModelLandmark, modelLandmarks } from "./landmarks.ts";
import { type PhotoLook, photoLook } from "./look.ts";
import { photoTexture } from "./texture.ts";

const neutral = new Map<1 | 2, { mesh: AvatarMesh; landmarks: ModelLandmark[] }>();
export function neutralHead(sex: 1 | 2): { mesh: AvatarMesh; landmarks: ModelLandmark[] } {
  let model = neutral.get(sex);
  if (!model) {
    const mesh = buildAvatar({ sex });
    model = { mesh, landmarks: modelLandmarks(mesh) };
    neutral.set(sex, model);
  }
  return model;
}

export interface PhotoClone {
  sex: 1 | 2;
  /** The photo as the job stores it (normalised JPEG). */
  photo: Buffer;
  /** The photo at the size the detector saw it (landmarks are its pixels). */
  analysed: Buffer;
  face: DetectedFace;
  points: [number, number][];
  fit: FitResult;
  look: PhotoLook;
  /** The face texture projected from the photo (decision 049), where it was made. */
  texture?: AvatarTexture;
}

/**
 * The clone of the largest face in `raw`, or null where there is none; with `texture: false`, the
 * look alone, untextured (the clone before decision 049).
 */
export async function clonePhoto(
  raw: Buffer,
  sex: 1 | 2,
  { texture = true }: { texture?: boolean } = {},
): Promise<PhotoClone | null> {
  const photo = await normalisePhoto(raw);
  const face = await detectFace(photo);
  if (!face) return null;
  const points = face.landmarks.map((p) => [p.x, p.y] as [number, number]);
  const model = neutralHead(sex);
  const fit = fitFace(model.mesh, model.landmarks, points);
  const analysed = await analysedPhoto(photo, face);
  const look = await photoLook(analysed, points, sex);
  const clone: PhotoClone = { sex, photo, analysed, face, points, fit, look };
  if (texture) clone.texture = (await photoTexture(clone, cloneBust(clone, "realistic"), model.landmarks)).texture;
  return clone;
}

/** One bust per sex, style, hair, glasses and beard, built once; colours are swapped in by `dressed`. */
const busts = new Map<string, AvatarMesh>();
export function bust(
  sex: 1 | 2,
  style: AvatarStyle,
  options: { hairStyle?: string; glasses?: string; beard?: string } = {},
): AvatarMesh {
  const key = `${sex}:${style}:${options.hairStyle ?? ""}:${options.glasses ?? ""}:${options.beard ?? ""}`;
  let mesh = busts.get(key);
  if (!mesh) {
    mesh = buildAvatar({ sex, style, ...options } as Parameters<typeof buildAvatar>[0]);
    busts.set(key, mesh);
  }
  return mesh;
}

/** The mesh with a look's colours as its materials. */
export function dressed(mesh: AvatarMesh, colors: ReturnType<typeof lookColors>): AvatarMesh {
  const materials = materialsFor(colors, mesh.style, mesh);
  return { ...mesh, primitives: mesh.primitives.map((p) => ({ ...p, material: materials[p.name] })) };
}

/** The clone's bust in a style, dressed in the look read from its photo. */
export function cloneBust(clone: PhotoClone, style: AvatarStyle): AvatarMesh {
  const a = clone.look.appearance;
  const mesh = dressed(
    bust(clone.sex, style, { hairStyle: a.hairStyle, glasses: a.glasses, beard: a.beard }),
    lookColors(clone.sex, a),
  );
  return clone.texture && style === "realistic" ? withFaceTexture(mesh, clone.texture) : mesh;
}
