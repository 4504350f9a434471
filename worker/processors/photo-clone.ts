import sharp from "sharp";
import { photoCloneId } from "../../infra/photo-clone-id.ts";
import type { AvatarMesh } from "../../shared/avatar/index.ts";
import { buildAvatar } from "../../shared/avatar/index.ts";
import { PermanentJobError } from "../../shared/job-errors.ts";
import { appearanceColumn, faceParamsColumn } from "../../shared/json-column.ts";
import { portraitKey } from "../../shared/portraits.ts";
import { cloneBust, type PhotoClone } from "../face/clone.ts";
import { analysedPhoto, detectFace, normalisePhoto } from "../face/detect.ts";
import { fitFace } from "../face/fit.ts";
import { type ModelLandmark, modelLandmarks } from "../face/landmarks.ts";
import { photoLook } from "../face/look.ts";
import { photoTexture } from "../face/texture.ts";
import { avatarThumbnail as renderPortrait } from "../render/thumbnail.ts";
import type { Processor } from "./types.ts";

/** The neutral meshes and their landmarks, built once per process and sex. */
const models = new Map<1 | 2, { mesh: AvatarMesh; landmarks: ModelLandmark[] }>();
function modelFor(sex: 1 | 2) {
  let model = models.get(sex);
  if (!model) {
    const mesh = buildAvatar({ sex });
    model = { mesh, landmarks: modelLandmarks(mesh) };
    models.set(sex, model);
  }
  return model;
}

/**
 * Photo cloning: normalise the photo (auto-orient, strip metadata), find the face and its 68
 * landmarks, fit the face sliders to them, take the skin tone, the hair's colour and length and
 * the eyes' colour (worker/face/look.ts), and store the avatar with a
 * thumbnail. The role id is derived from the user and the request id, so a retried or re-delivered job
 * finds its role instead of making a second one.
 */
export const photoClone: Processor<"photoClone"> = async ({ userId, sex, photoKey, requestId, name }, ctx) => {
  const cloneId = photoCloneId(userId, requestId);
  const roleId = `photo-${cloneId}`;
  const done = await ctx.db.customRole.findUnique({
    where: { id: roleId },
    select: { userId: true, faceParams: true },
  });
  if (done && done.userId === userId) {
    await ctx.progress(100);
    return { roleId, errorNeutral: null, errorFitted: null };
  }

  const raw = await ctx.storage.read(photoKey);
  const photo = await normalisePhoto(raw);
  const normalKey = `photo-${cloneId}.jpg`;
  await ctx.storage.putAt(normalKey, photo);
  await ctx.progress(15);

  const face = await detectFace(photo);
  if (!face) throw new PermanentJobError("no face found", "PHOTO_NO_FACE");
  await ctx.progress(55);

  // The detector saw the photo scaled to at most 640 px; landmarks are in those pixels.
  const points = face.landmarks.map((p) => [p.x, p.y] as [number, number]);
  const model = modelFor(sex);
  const fit = fitFace(model.mesh, model.landmarks, points);
  const analysed = await analysedPhoto(photo, face);
  const look = await photoLook(analysed, points, sex);
  await ctx.progress(75);

  // the face texture projected from the photo (decision 049): personal data, stored beside the
  // normalised photo and removed with the avatar (server/areas/roles/files.ts)
  const clone: PhotoClone = { sex, photo, analysed, face, points, fit, look };
  const { texture, seen } = await photoTexture(clone, cloneBust(clone, "realistic"), model.landmarks);
  const facePng = await sharp(Buffer.from(texture.rgb), {
    raw: { width: texture.width, height: texture.height, channels: 3 },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await ctx.storage.putAt(`photo-${cloneId}.face.png`, facePng);

  const pad = face.box.width * 0.35;
  const left = Math.max(0, Math.round(face.box.x - pad));
  const top = Math.max(0, Math.round(face.box.y - pad));
  const width = Math.min(face.imageWidth - left, Math.round(face.box.width + pad * 2));
  const height = Math.min(face.imageHeight - top, Math.round(face.box.height + pad * 2));
  const thumb = await sharp(analysed)
    .extract({ left, top, width, height })
    .resize(256, 256, { fit: "cover" })
    .webp({ quality: 82 })
    .toBuffer();
  const thumbKey = `photo-${cloneId}.thumb256.webp`;
  await ctx.storage.putAt(thumbKey, thumb);

  const faceParams = faceParamsColumn.encode(fit.params);
  const appearance = appearanceColumn.encode(look.appearance);
  // The card shows the 3D avatar, as the editor does, not the photo (issue 47, item 5): the portrait
  // is rendered here, as the avatarThumbnail job would, so the avatar never shows without a picture.
  const imgKey = portraitKey(sex, faceParams, appearance, "realistic");
  if (!(await ctx.storage.exists(imgKey)))
    await ctx.storage.putAt(
      imgKey,
      await renderPortrait({ sex, faceParams: fit.params, appearance: look.appearance, style: "realistic" }),
    );
  await ctx.db.customRole.upsert({
    where: { id: roleId },
    update: {},
    create: {
      id: roleId,
      userId,
      name,
      sex,
      kind: "photo",
      faceParams,
      initParams: faceParams,
      appearance,
      imgKey,
    },
  });
  ctx.log.info(
    {
      roleId,
      errorNeutral: fit.errorNeutral,
      errorFitted: fit.errorFitted,
      // the head's pose in the photo, degrees (decision 010, "The nod")
      yaw: fit.yaw,
      pitch: fit.pitch,
      skinTone: look.skinTone,
      hairColor: look.hairColor,
      hairStyle: look.hairStyle,
      // eye spans above the brows (decision 010, "Hair drawn back")
      hairline: look.measured.hairline,
      eyeColor: look.eyeColor,
      // decision 046: what was read and the measures it was read from
      glasses: look.glasses,
      glassesScore: look.measured.glassesScore,
      beard: look.beard,
      beardShade: look.measured.beard,
      // decision 049: the face texture's resolution and bytes, and how much of the face the photo gave
      texture: `${texture.width}x${texture.height}`,
      textureBytes: facePng.length,
      textureSeen: Math.round(seen * 100) / 100,
    },
    "photo cloned",
  );
  await ctx.progress(100);
  return { roleId, errorNeutral: fit.errorNeutral, errorFitted: fit.errorFitted };
};
