import sharp from "sharp";
import { PermanentJobError } from "../../shared/job-errors.ts";
import type { Processor } from "./types.ts";

/**
 * Make a square WebP thumbnail of a stored file. The thumbnail key is derived from the
 * file's key and the size, so a retried or re-delivered job rewrites the same file.
 */
export const thumbnail: Processor<"thumbnail"> = async ({ fileId, size }, ctx) => {
  const file = await ctx.db.storedFile.findUnique({ where: { id: fileId } });
  if (!file) throw new PermanentJobError(`file ${fileId} not found`);
  await ctx.progress(10);
  const original = await ctx.storage.read(file.key);
  const { data, info } = await sharp(original, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(size, size, { fit: "cover", position: "attention" })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  await ctx.progress(70);
  const thumbKey = `${file.key.replace(/\.[^.]+$/, "")}.thumb${size}.webp`;
  await ctx.storage.putAt(thumbKey, data);
  await ctx.db.storedFile.update({ where: { id: fileId }, data: { thumbKey } });
  await ctx.progress(100);
  return { fileId, thumbKey, width: info.width, height: info.height };
};
