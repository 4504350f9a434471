import { createHash } from "node:crypto";
import { appearanceColumn, faceParamsColumn } from "../../shared/json-column.ts";
import { avatarThumbnail as renderThumbnail } from "../render/thumbnail.ts";
import { PermanentJobError, type Processor } from "./types.ts";

/** Bump when the model or the renderer changes how avatars look: every portrait is made again. */
export const RENDER_VERSION = "1";

/** Portraits are addressed by what they show, so the same face is rendered once and shared. */
export function portraitKey(sex: number, faceParams: string, appearance: string): string {
  const hash = createHash("sha256")
    .update(`${RENDER_VERSION}\n${sex}\n${faceParams}\n${appearance}`)
    .digest("hex")
    .slice(0, 24);
  return `avatar-${hash}.webp`;
}

export const avatarThumbnail: Processor<"avatarThumbnail"> = async ({ kind, id }, ctx) => {
  const row =
    kind === "role"
      ? await ctx.db.role.findUnique({ where: { id }, select: { sex: true, faceParams: true, appearance: true } })
      : await ctx.db.customRole.findUnique({
          where: { id },
          select: { sex: true, faceParams: true, appearance: true },
        });
  if (!row) throw new PermanentJobError(`${kind} ${id} not found`);
  const key = portraitKey(row.sex, row.faceParams, row.appearance);
  const exists = await ctx.storage.read(key).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const image = await renderThumbnail({
      sex: row.sex as 1 | 2,
      faceParams: faceParamsColumn.decode(row.faceParams),
      appearance: appearanceColumn.decode(row.appearance),
    });
    await ctx.storage.putAt(key, image);
  }
  await ctx.progress(90);
  // Only if the avatar still shows what was rendered: a newer save has its own job.
  const where = { id, faceParams: row.faceParams, appearance: row.appearance };
  if (kind === "role") await ctx.db.role.updateMany({ where, data: { imgKey: key } });
  else await ctx.db.customRole.updateMany({ where, data: { imgKey: key } });
  return { imgKey: key };
};
