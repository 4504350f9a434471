/**
 * Photo cloning: the upload is checked by its bytes (error_1..error_4), kept only until the
 * job has made the normalised photo, and cloned by the photoClone job; the call answers with
 * the new role id once the job is done.
 *
 * The client's request id is not secret (it rides in the avatar's id and image URL), so the role
 * id, the storage keys and the job id are derived from the user and the request id together
 * (photoCloneId): another user sending the same request id gets a different role, files, job and
 * progress (issue 45, defect 2). The progress is read from the job (in Redis with BullMQ), so a
 * poll answers through any instance.
 */

import { randomBytes, randomUUID } from "node:crypto";
import { photoCloneId } from "../../../infra/photo-clone-id.ts";
import { PHOTO } from "../../../shared/constants.ts";
import { BizError } from "../../errors.ts";
import { inspectImage } from "../../images.ts";
import type { Deps } from "../../types.ts";
import { createRoleService } from "./service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const photoJobId = (userId: string, requestId: string) => `photo-${photoCloneId(userId, requestId)}`;

export function createPhotoCloneService(deps: Pick<Deps, "db" | "reads" | "clock" | "storage" | "jobs">) {
  const roles = createRoleService(deps);

  return {
    /** The request's progress, 0..100, for its owner only (the job id is theirs); unknown requests are not found. */
    async progressOf(userId: string, requestId: string) {
      const percent = (await deps.jobs.progress?.("photoClone", photoJobId(userId, requestId))) ?? null;
      if (percent === null) throw new BizError("NOT_FOUND");
      return { percent };
    },

    async clone(userId: string, sex: 1 | 2, bytes: Buffer, requestIdField: string | undefined, name: string) {
      const image = await inspectImage(bytes, { minWidth: PHOTO.minWidth, minHeight: PHOTO.minHeight });
      await roles.checkDiyLimit(userId);
      const requestId = requestIdField && UUID.test(requestIdField) ? requestIdField.toLowerCase() : randomUUID();
      // the original under a key of its own: two uploads never share (or delete) each other's
      const photoKey = `upload-${randomBytes(12).toString("hex")}.${image.format === "jpeg" ? "jpg" : "png"}`;
      await deps.storage.putAt(photoKey, bytes);
      try {
        const result = await deps.jobs.run(
          "photoClone",
          { userId, sex, photoKey, requestId, name },
          { jobId: photoJobId(userId, requestId) },
        );
        return result.roleId;
      } finally {
        // The original may carry location and camera metadata: only the normalised copy is kept.
        await deps.storage.remove(photoKey);
      }
    },
  };
}
