import { styleOfKind } from "../../shared/avatar/index.ts";
import { PermanentJobError } from "../../shared/job-errors.ts";
import { appearanceColumn, faceParamsColumn } from "../../shared/json-column.ts";
import { portraitKey } from "../../shared/portraits.ts";
import { avatarThumbnail as renderThumbnail } from "../render/thumbnail.ts";
import type { Processor } from "./types.ts";

export const avatarThumbnail: Processor<"avatarThumbnail"> = async ({ kind, id }, ctx) => {
  const row =
    kind === "role"
      ? await ctx.db.role.findUnique({ where: { id }, select: { sex: true, faceParams: true, appearance: true } })
      : await ctx.db.customRole.findUnique({
          where: { id },
          select: { sex: true, faceParams: true, appearance: true, kind: true },
        });
  if (!row) throw new PermanentJobError(`${kind} ${id} not found`);
  // a cartoon's portrait is toon, as its 3D view (decision 039)
  const style = styleOfKind("kind" in row ? (row.kind as string) : null);
  const key = portraitKey(row.sex, row.faceParams, row.appearance, style);
  if (!(await ctx.storage.exists(key))) {
    const image = await renderThumbnail({
      sex: row.sex as 1 | 2,
      faceParams: faceParamsColumn.decode(row.faceParams),
      appearance: appearanceColumn.decode(row.appearance),
      style,
    });
    await ctx.storage.putAt(key, image);
  }
  await ctx.progress(90);
  // Only if the avatar still shows what was rendered (its face, its look and, for a custom avatar,
  // its kind, which picks the style): a newer save or a change of kind has its own portrait.
  const where = { id, faceParams: row.faceParams, appearance: row.appearance };
  if (kind === "role") await ctx.db.role.updateMany({ where, data: { imgKey: key } });
  else
    await ctx.db.customRole.updateMany({
      where: { ...where, ...("kind" in row ? { kind: row.kind as string } : {}) },
      data: { imgKey: key },
    });
  return { imgKey: key };
};
