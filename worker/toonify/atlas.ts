/** The toon texture atlas (shared/avatar/toon.ts) as a PNG, for the toonified GLB. */

import sharp from "sharp";
import { type AvatarMesh, toonAtlas } from "../../shared/avatar/index.ts";

export async function buildToonAtlas(
  mesh: AvatarMesh,
  size: number,
): Promise<{ png: Uint8Array; uvs: Float32Array[] }> {
  const { rgba, uvs } = toonAtlas(mesh, size);
  const png = await sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png: new Uint8Array(png), uvs };
}
