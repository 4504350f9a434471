/**
 * The toon texture atlas: one cell per part of the avatar, each a three-band ramp of the part's
 * colour (lit, mid, shade). Every vertex samples its part's cell at a height given by how much
 * its normal faces up, so the bands read as cel shading lit from above, with no shader needed.
 * Raw RGBA here (no DOM, no Node); whoever writes the file encodes it as PNG.
 */
import type { AvatarMesh } from "./mesh.ts";

const BANDS = [1, 0.82, 0.62] as const;

const toSrgb = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

export interface ToonAtlas {
  /** size x size RGBA, rows top-down (glTF's UV origin is the top-left). */
  rgba: Uint8Array;
  size: number;
  /** Each primitive's UVs, 2 floats a vertex. */
  uvs: Float32Array[];
}

export function toonAtlas(mesh: AvatarMesh, size: number): ToonAtlas {
  const count = mesh.primitives.length;
  const grid = Math.ceil(Math.sqrt(count));
  const cell = Math.floor(size / grid);
  const rgba = new Uint8Array(size * size * 4);
  mesh.primitives.forEach((prim, i) => {
    const cx = (i % grid) * cell;
    const cy = Math.floor(i / grid) * cell;
    const [r, g, b, a] = prim.material.baseColor;
    for (let y = 0; y < cell; y++) {
      const shade = BANDS[Math.min(BANDS.length - 1, Math.floor((y / cell) * BANDS.length))] as number;
      for (let x = 0; x < cell; x++) {
        const o = ((cy + y) * size + cx + x) * 4;
        rgba[o] = Math.round(toSrgb(r * shade) * 255);
        rgba[o + 1] = Math.round(toSrgb(g * shade) * 255);
        rgba[o + 2] = Math.round(toSrgb(b * shade) * 255);
        rgba[o + 3] = Math.round(a * 255);
      }
    }
  });

  // Stay a few pixels inside each cell so filtering never reaches the neighbour.
  const inset = 4 / size;
  const uvs = mesh.primitives.map((prim, i) => {
    const u0 = ((i % grid) * cell) / size;
    const v0 = (Math.floor(i / grid) * cell) / size;
    const span = cell / size - inset * 2;
    const n = prim.positions.length / 3;
    const uv = new Float32Array(n * 2);
    for (let k = 0; k < n; k++) {
      const up = prim.normals[k * 3 + 1] as number;
      uv[k * 2] = u0 + cell / size / 2;
      uv[k * 2 + 1] = v0 + inset + ((1 - up) / 2) * span;
    }
    return uv;
  });
  return { rgba, size, uvs };
}
