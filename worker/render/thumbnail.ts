import sharp from "sharp";
import { type AvatarStyle, buildLook } from "../../shared/avatar/index.ts";
import type { Appearance, StoredFaceParams } from "../../shared/schemas/roles.ts";
import { render, SS } from "./rasterise.ts";

/**
 * A square WebP portrait of an avatar: its face, a little turned, as the role lists show it, in
 * the avatar's style (a cartoon is toon, as its 3D view draws it).
 */
export async function avatarThumbnail(
  input: { sex: 1 | 2; faceParams: StoredFaceParams; appearance: Appearance; style?: AvatarStyle },
  size = 256,
): Promise<Buffer> {
  const { appearance } = input;
  const mesh = buildLook(input.sex, appearance, undefined, input.style ?? "realistic");
  const raw = render(
    mesh,
    { file: "", sex: input.sex, yaw: 18, framing: "face", weights: input.faceParams as Record<string, number> },
    size,
    size,
  );
  return sharp(raw, { raw: { width: size * SS, height: size * SS, channels: 3 } })
    .resize(size, size, { kernel: "lanczos3" })
    .webp({ quality: 85 })
    .toBuffer();
}
