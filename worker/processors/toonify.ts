import validator from "gltf-validator";
import { buildLook, exportGlb } from "../../shared/avatar/index.ts";
import { applyPose } from "../../shared/avatar/pose.ts";
import { readCartoonSpec } from "../../shared/avatar/read-glb.ts";
import { PermanentJobError } from "../../shared/job-errors.ts";
import { appearanceColumn, faceParamsColumn } from "../../shared/json-column.ts";
import { portraitKey } from "../../shared/portraits.ts";
import type { CartoonSpec } from "../../shared/schemas/cartoon.ts";
import { avatarThumbnail } from "../render/thumbnail.ts";
import { buildToonAtlas } from "../toonify/atlas.ts";
import type { Processor } from "./types.ts";

/**
 * Toonify: read the creator's GLB from the server's own storage, take the avatar it describes,
 * rebuild it from the head model (only parameters are trusted, never foreign geometry), pose it,
 * bake a toon texture atlas, write a GLB that the Khronos validator passes, and create the
 * cartoon role and its first plan. Ids derive from the request id: a retry makes nothing twice.
 */
export const toonify: Processor<"toonify"> = async (
  { userId, sourceId, textureSize, pose, requestId, planName },
  ctx,
) => {
  const roleId = `cartoon-${requestId}`;
  const planId = `plan-cartoon-${requestId}`;
  const existing = await ctx.db.customRole.findUnique({ where: { id: roleId }, select: { userId: true, sex: true } });
  const existingPlan = await ctx.db.plan.findUnique({ where: { id: planId }, select: { id: true } });
  if (existing?.userId === userId && existingPlan) return { planId, roleId, sex: existing.sex };

  const source = await ctx.db.cartoonSource.findFirst({ where: { id: sourceId, userId } });
  if (!source) throw new PermanentJobError("cartoon source not found", "NOT_FOUND");
  let spec: CartoonSpec;
  try {
    spec = readCartoonSpec(await ctx.storage.read(source.key));
  } catch (error) {
    throw new PermanentJobError(`unreadable cartoon: ${(error as Error).message}`, "CARTOON_INVALID");
  }
  await ctx.progress(20);

  const mesh = applyPose(buildLook(spec.sex, spec.appearance, spec.outfit, "toon"), pose);
  const atlas = await buildToonAtlas(mesh, textureSize);
  await ctx.progress(50);
  const glb = exportGlb(mesh, {
    weights: spec.faceParams as Record<string, number>,
    atlas,
    extras: { avatar: spec, pose, textureSize, toonified: true },
  });
  const report = await validator.validateBytes(glb, { maxIssues: 20 });
  if (report.issues.numErrors > 0) {
    throw new Error(`toonified GLB failed validation: ${report.issues.messages.map((m) => m.code).join(", ")}`);
  }
  await ctx.progress(70);

  const modelKey = `cartoon-${requestId}.glb`;
  await ctx.storage.putAt(modelKey, Buffer.from(glb));
  await ctx.storage.putAt(`cartoon-${requestId}.atlas.png`, Buffer.from(atlas.png));
  const faceParams = faceParamsColumn.encode(spec.faceParams);
  // the creator's outfit colour stays with the avatar, so its plans wear what the creator showed (issue 47)
  const look = spec.outfit ? { ...spec.appearance, outfitColor: spec.outfit } : spec.appearance;
  const appearance = appearanceColumn.encode(look);
  // its portrait in the toon style, where the portrait job would put it (so a face edit re-renders it)
  const imgKey = portraitKey(spec.sex, faceParams, appearance, "toon");
  await ctx.storage.putAt(
    imgKey,
    await avatarThumbnail({ sex: spec.sex, faceParams: spec.faceParams, appearance: look, style: "toon" }),
  );
  await ctx.progress(90);

  const name = spec.name?.trim() || "Cartoon";
  await ctx.db.$transaction([
    ctx.db.customRole.upsert({
      where: { id: roleId },
      update: {},
      create: {
        id: roleId,
        userId,
        name,
        sex: spec.sex,
        kind: "cartoon",
        faceParams,
        initParams: faceParams,
        appearance,
        imgKey,
        modelKey,
      },
    }),
    ctx.db.plan.upsert({
      where: { id: planId },
      update: {},
      create: { id: planId, userId, name: planName, roleId, roleKind: "2", roleType: String(spec.sex) },
    }),
  ]);
  await ctx.progress(100);
  return { planId, roleId, sex: spec.sex };
};
