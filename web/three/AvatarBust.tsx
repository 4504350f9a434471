import { useFrame } from "@react-three/fiber";
import { useEffect, useMemo, useRef } from "react";
import {
  Color,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  Matrix4,
  Mesh,
  type MeshBasicMaterial,
  MeshStandardMaterial,
  type MeshStandardMaterialParameters,
  type MeshToonMaterial,
  type Skeleton,
  SkinnedMesh,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
} from "three";
import type { AvatarMesh, PartId, Rgb } from "../../shared/avatar/index.ts";
import { seeThrough } from "../../shared/avatar/mesh.ts";
import { materialsFor, WRAPPED_PARTS } from "../../shared/avatar/palette.ts";
import { toonFace } from "../../shared/avatar/toon-look.ts";
import { headUvs, TEXTURED_PARTS } from "../../shared/avatar/uv.ts";
import { avatarGeometry, skeletonOf } from "./avatarGeometry.ts";
import type { FaceState } from "./faceState.ts";
import { useInvalidate } from "./pacing.ts";
import { countFrame, reportApplied } from "./probe.ts";
import { skinMaterial } from "./skin.ts";
import { outlineColor, outlineMesh, outlineWidth, toonMaterial } from "./toon.ts";

export interface BustColors {
  skinTone: number;
  hair: Rgb;
  eyes: Rgb;
  clothing: Rgb;
}

interface Part {
  mesh: Mesh;
  material: MeshStandardMaterial | MeshToonMaterial;
  /** The toon style's outline hull (toon.ts), sharing the mesh's geometry and morph weights. */
  outline: Mesh<Mesh["geometry"], MeshBasicMaterial> | null;
  /** [slider id, morph index, +1 delta] triples: the loop walks a flat list, no lookups per frame. */
  morphs: [string, number, Float32Array][];
  /** Slider values already added into the position attribute (by morph index). */
  baked: Float32Array;
}

/**
 * Time without a slider input after which the moved sliders are baked into the positions. A timer,
 * not a count of frames: the bake does not change the picture, so it needs no frame of its own
 * (counting twelve frames drew eleven identical ones after every drag, 2 s of a core in software
 * rendering).
 */
const SETTLE_MS = 250;

/**
 * Adds the current morph influences into the positions and zeroes them. The shape on screen does
 * not change, but the vertex shader skips zero influences: with every slider of a face baked in,
 * it fetches no morph data at all, which keeps software rendering (and weak GPUs) fluid.
 */
function bake(part: Part): void {
  const influences = part.mesh.morphTargetInfluences;
  if (!influences) return;
  const position = part.mesh.geometry.getAttribute("position");
  const array = position.array as Float32Array;
  let moved = false;
  for (const [, index, delta] of part.morphs) {
    const w = influences[index] ?? 0;
    if (w === 0) continue;
    for (let i = 0; i < array.length; i++) array[i] = (array[i] as number) + (delta[i] as number) * w;
    part.baked[index] = (part.baked[index] as number) + w;
    influences[index] = 0;
    moved = true;
  }
  if (moved) position.needsUpdate = true;
}

const line = new Color();

/**
 * The avatar's bust: one mesh per primitive with its own material, built once per AvatarMesh.
 * Realistic avatars get standard (PBR) materials; toon avatars (`avatar.style`) toon materials
 * and outlines (toon.ts, decision 039). Each frame, if the face changed, the morph influences are
 * written in place.
 */
export function AvatarBust({
  avatar,
  face,
  targets,
  colors,
  onSkeleton,
  faceTexture,
}: {
  avatar: AvatarMesh;
  face: FaceState;
  /** The morph targets to carry (the editor's sliders). */
  targets: readonly string[];
  colors: BustColors;
  /**
   * A bust whose arms move (the plan's preview): its arms and hands are skinned to the rig's
   * bones, handed over here to be posed (null when they go). Without it nothing is skinned.
   */
  onSkeleton?: (skeleton: Skeleton | null) => void;
  /**
   * A photo clone's face texture (its URL, decision 049): on a realistic bust the skin, lips, ears,
   * eyes and brows read it through the head's layout (shared/avatar/uv.ts) as the exports do.
   */
  faceTexture?: string | undefined;
}) {
  const posable = onSkeleton !== undefined;
  const built = useMemo(() => {
    const group = new Group();
    const features = toonFace(avatar);
    const skeleton = posable && avatar.rig ? skeletonOf(avatar.rig, group) : null;
    const parts: Part[] = avatar.primitives.map((primitive) => {
      const skinned = skeleton !== null && primitive.skin !== undefined;
      const { geometry, targetIndex } = avatarGeometry(primitive, targets, { skinned });
      const m = primitive.material;
      const toon = avatar.style === "toon";
      const lit: MeshStandardMaterialParameters = {
        roughness: m.roughness,
        metalness: m.metallic,
        vertexColors: primitive.colors !== undefined,
      };
      // skin, lips, ears and hands with their light wrapped past the terminator (skin.ts)
      const material = toon
        ? toonMaterial(primitive.name, features)
        : WRAPPED_PARTS.includes(primitive.name)
          ? skinMaterial(lit, { shine: primitive.roughness !== undefined })
          : new MeshStandardMaterial(lit);
      if (m.doubleSided) material.side = DoubleSide;
      // a see-through part (the lenses): drawn after the opaque ones, over them, leaving the depth alone
      if (seeThrough(m)) {
        material.transparent = true;
        material.opacity = m.baseColor[3];
        material.depthWrite = false;
      }
      material.color.setRGB(m.baseColor[0], m.baseColor[1], m.baseColor[2]);
      material.name = m.name;
      const mesh = skinned ? new SkinnedMesh(geometry, material) : new Mesh(geometry, material);
      if (skeleton && mesh instanceof SkinnedMesh) mesh.bind(skeleton, new Matrix4());
      mesh.name = primitive.name;
      // The face changes shape in the shader: the rest shape's bounds say little.
      mesh.frustumCulled = false;
      mesh.updateMorphTargets();
      group.add(mesh);
      const width = toon ? outlineWidth(avatar, primitive.name) : undefined;
      const outline = width ? outlineMesh(mesh, width) : null;
      if (outline) {
        outlineColor(outline.material.color, m.baseColor[0], m.baseColor[1], m.baseColor[2]);
        group.add(outline);
      }
      const morphs = [...targetIndex].map(([id, index]): [string, number, Float32Array] => [
        id,
        index,
        primitive.targets[id] as Float32Array,
      ]);
      return { mesh, material, outline, morphs, baked: new Float32Array(targetIndex.size) };
    });
    return { group, parts, skeleton };
  }, [avatar, targets, posable]);

  // The pending bake after a slider input: restarted by each input, so a drag bakes once it stops.
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(settle.current);
      for (const part of built.parts) {
        part.mesh.geometry.dispose();
        part.material.dispose();
        part.outline?.material.dispose();
      }
      built.skeleton?.dispose();
    },
    [built],
  );

  useEffect(() => {
    if (!onSkeleton) return;
    onSkeleton(built.skeleton);
    return () => onSkeleton(null);
  }, [built, onSkeleton]);

  // The view draws on demand (pacing.ts): a face change or a new mesh asks for a frame.
  const invalidate = useInvalidate();
  useEffect(() => {
    face.changed = invalidate;
    invalidate();
    return () => {
      if (face.changed === invalidate) face.changed = undefined;
    };
  }, [face, invalidate]);

  // Colours change on a click, not per frame: set them in place.
  useEffect(() => {
    const materials = materialsFor(colors, avatar.style, avatar);
    for (const part of built.parts) {
      const c = materials[part.mesh.name as PartId]?.baseColor;
      if (!c) continue;
      // a textured part's colour is the texture's (its factor stays white)
      if (part.material.map) continue;
      part.material.color.setRGB(c[0], c[1], c[2]);
      if (part.outline) part.outline.material.color.copy(outlineColor(line, c[0], c[1], c[2]));
    }
    invalidate();
  }, [built, colors, invalidate, avatar]);

  // The face texture, loaded once the bust is up; until then (or if it fails) the look's colours show.
  useEffect(() => {
    if (!faceTexture || avatar.style !== "realistic") return;
    let texture: Texture | null = null;
    let cancelled = false;
    new TextureLoader().load(faceTexture, (loaded) => {
      if (cancelled) return loaded.dispose();
      texture = loaded;
      // glTF's convention, which the layout follows: v runs down from the image's top row
      loaded.flipY = false;
      loaded.colorSpace = SRGBColorSpace;
      for (const part of built.parts) {
        if (!TEXTURED_PARTS.includes(part.mesh.name as PartId)) continue;
        const geometry = part.mesh.geometry;
        const primitive = avatar.primitives.find((p) => p.name === part.mesh.name);
        if (!primitive) continue;
        if (!geometry.getAttribute("uv"))
          geometry.setAttribute("uv", new Float32BufferAttribute(primitive.uvs ?? headUvs(primitive.positions), 2));
        part.material.map = loaded;
        part.material.vertexColors = false;
        part.material.color.setRGB(1, 1, 1);
        part.material.needsUpdate = true;
      }
      invalidate();
    });
    return () => {
      cancelled = true;
      for (const part of built.parts) {
        if (!texture || part.material.map !== texture) continue;
        part.material.map = null;
        part.material.vertexColors = part.mesh.geometry.getAttribute("color") !== undefined;
        part.material.needsUpdate = true;
      }
      texture?.dispose();
    };
  }, [built, faceTexture, avatar, invalidate]);

  const applied = useRef(-1);
  useFrame(() => {
    const frame = countFrame();
    if (applied.current === face.version) return;
    applied.current = face.version;
    clearTimeout(settle.current);
    if (face.lastInput) {
      settle.current = setTimeout(() => {
        settle.current = undefined;
        for (const part of built.parts) bake(part);
      }, SETTLE_MS);
    }
    const params = face.params;
    // A slider input moves morph influences in place (value minus what is baked);
    // a whole new face (load, undo, reset, blend) is baked at once.
    for (const part of built.parts) {
      const influences = part.mesh.morphTargetInfluences;
      if (!influences) continue;
      for (const [id, index] of part.morphs) influences[index] = (params[id] ?? 0) - (part.baked[index] as number);
      if (!face.lastInput) bake(part);
    }
    reportApplied({
      id: face.lastInput?.id ?? null,
      value: face.lastInput?.value ?? null,
      inputAt: face.inputAt,
      frameAt: performance.now(),
      frame,
    });
  });

  return <primitive object={built.group} />;
}
