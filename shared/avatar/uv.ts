/**
 * The head's texture layout (decision 049): a cylinder about the head's vertical axis, unrolled.
 * u runs round the head (0.5 straight ahead, the back of the head clamped at the edges, where the
 * hair covers it), v down from the crown to the neck. The face, the ears, the lips, the eyes and
 * the brows are laid out in it without overlaps between what the camera sees from the front: each
 * texel is the outermost surface at its angle and height, and a part underneath (an eyeball under
 * its lid) reads the colour of the part over it, which is what hides it. The UVs come from the rest
 * positions, so the sliders and expressions carry the texture with the surface.
 */
import type { AvatarMesh, AvatarTexture, PartId } from "./mesh.ts";

/** The parts that read the face texture. */
export const TEXTURED_PARTS: readonly PartId[] = ["skin", "lips", "ears", "sclera", "iris", "pupil", "brows"];

/** The cylinder's axis (x = 0, z = CENTRE_Z), the angle either side of straight ahead the texture spans, and its heights. */
const CENTRE_Z = -0.005;
const SPAN = (2 * Math.PI) / 3;
const TOP = 0.15;
const BOTTOM = -0.22;

/** Where a rest position falls in the head's layout, u right and v down, 0..1. */
export function headUv(x: number, y: number, z: number): [number, number] {
  const theta = Math.atan2(x, z - CENTRE_Z);
  const u = Math.min(1, Math.max(0, 0.5 + theta / (2 * SPAN)));
  const v = Math.min(1, Math.max(0, (TOP - y) / (TOP - BOTTOM)));
  return [u, v];
}

/** Each textured part's UVs from its rest positions. */
export function headUvs(positions: Float32Array): Float32Array {
  const uv = new Float32Array((positions.length / 3) * 2);
  for (let i = 0, j = 0; i < positions.length; i += 3, j += 2) {
    const [u, v] = headUv(positions[i] as number, positions[i + 1] as number, positions[i + 2] as number);
    uv[j] = u;
    uv[j + 1] = v;
  }
  return uv;
}

/** The mesh with `texture` on its textured parts, read through the head's layout. */
export function withFaceTexture(mesh: AvatarMesh, texture: AvatarTexture): AvatarMesh {
  return {
    ...mesh,
    primitives: mesh.primitives.map((p) =>
      TEXTURED_PARTS.includes(p.name) ? { ...p, uvs: p.uvs ?? headUvs(p.positions), texture } : p,
    ),
  };
}

/** Bilinear sample of a texture at (u, v), as linear RGB into `out`. */
export function sampleTexture(t: AvatarTexture, u: number, v: number, out: [number, number, number]): void {
  const x = Math.min(t.width - 1, Math.max(0, u * t.width - 0.5));
  const y = Math.min(t.height - 1, Math.max(0, v * t.height - 0.5));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(t.width - 1, x0 + 1);
  const y1 = Math.min(t.height - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const d = t.rgb;
  for (let k = 0; k < 3; k++) {
    const a = (d[(y0 * t.width + x0) * 3 + k] as number) * (1 - fx) + (d[(y0 * t.width + x1) * 3 + k] as number) * fx;
    const b = (d[(y1 * t.width + x0) * 3 + k] as number) * (1 - fx) + (d[(y1 * t.width + x1) * 3 + k] as number) * fx;
    out[k] = SRGB_TO_LINEAR[Math.round(a * (1 - fy) + b * fy)] as number;
  }
}

/** 8-bit sRGB to linear, by table. */
export const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
