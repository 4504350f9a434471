/**
 * An avatar as a file to take elsewhere: glTF 2.0 binary (GLB) or VRM 1.0
 * (docs/decisions/034-avatar-export.md). The face sliders are baked into the positions (other
 * tools need not know them); the 52 ARKit expressions and the 15 visemes stay as named morph
 * targets, in both styles. A cartoon is posed and textured as toonify made it, from the same
 * look, so an edited face exports as it is now.
 */

import { assemble } from "./build.ts";
import { EXPRESSION_NAMES, VISEME_NAMES } from "./expressions.ts";
import { exportGlb } from "./gltf.ts";
import { type LookAppearance, lookColors, lookShapes } from "./look.ts";
import { applyPose } from "./pose.ts";
import { toonAtlas } from "./toon.ts";
import { headUvs, TEXTURED_PARTS } from "./uv.ts";
import { toVrm, type VrmMeta } from "./vrm.ts";

export const EXPORT_FORMATS = ["glb", "vrm"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The morph targets an export keeps: expressions, then visemes. */
export const EXPORT_TARGETS: readonly string[] = [...EXPRESSION_NAMES, ...VISEME_NAMES];

export interface ExportLook {
  sex: 1 | 2;
  faceParams: Readonly<Record<string, number>>;
  appearance: LookAppearance;
  outfit?: string;
  /** A cartoon: its pose and texture atlas size (spec section 9: 1024). */
  toon?: { pose: "T" | "A"; textureSize: number };
  /**
   * A photo clone's face texture as the clone job stored it (PNG, decision 049): the realistic
   * skin, lips, ears, eyes and brows read it through the head's layout (uv.ts). A cartoon has none.
   */
  faceTexture?: Uint8Array;
}

/** Encodes size x size RGBA as PNG (sharp on the server, a canvas in a browser). */
export type PngEncoder = (rgba: Uint8Array, size: number) => Promise<Uint8Array>;

export async function exportAvatar(
  look: ExportLook,
  format: ExportFormat,
  meta: VrmMeta,
  encodePng: PngEncoder,
): Promise<Uint8Array> {
  const built = assemble(
    look.sex,
    lookColors(look.sex, look.appearance, look.outfit),
    look.toon ? "toon" : "realistic",
    lookShapes(look.appearance),
  );
  // a cartoon keeps the pose it was made in; a VRM stands in the T-pose VRM 1.0 expects, so the
  // humanoid's arm bones move its arms (decision 043); a realistic GLB keeps its arms resting
  const pose = format === "vrm" ? "T" : look.toon?.pose;
  const mesh = pose ? applyPose(built, pose) : built;
  let atlas: { png: Uint8Array; uvs: Float32Array[] } | undefined;
  if (look.toon) {
    const { rgba, size, uvs } = toonAtlas(mesh, look.toon.textureSize);
    atlas = { png: await encodePng(rgba, size), uvs };
  }
  // the face texture's UVs from the rest positions, before any pose, as the clone job laid it out
  const faceTexture =
    look.faceTexture && !look.toon
      ? {
          png: look.faceTexture,
          uvs: built.primitives.map((p) =>
            TEXTURED_PARTS.includes(p.name) ? (p.uvs ?? headUvs(p.positions)) : undefined,
          ),
        }
      : undefined;
  const glb = exportGlb(mesh, {
    weights: look.faceParams,
    targets: EXPORT_TARGETS,
    ...(atlas ? { atlas } : {}),
    ...(faceTexture ? { faceTexture } : {}),
    extras: { avatar: { name: meta.name, sex: look.sex }, ...(look.toon ? { toon: look.toon } : {}) },
  });
  if (format !== "vrm") return glb;
  const arms = mesh.rig ? { rig: mesh.rig, skins: mesh.primitives.map((p) => p.skin) } : undefined;
  return toVrm(glb, { meta, toon: Boolean(look.toon), ...(arms ? { arms } : {}) });
}
