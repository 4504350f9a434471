/**
 * Photo cloning: the upload is checked by its bytes (error_1..error_4), kept only until the
 * job has made the normalised photo, and cloned by the photoClone job; the call answers with
 * the new role id once the job is done. Progress is kept per request for the client to poll.
 */

import { randomUUID } from "node:crypto";
import { PHOTO } from "../../../shared/constants.ts";
import { BizError } from "../../errors.ts";
import { inspectImage } from "../../images.ts";
import type { Deps } from "../../types.ts";
import { createRoleService } from "./service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEEP_PROGRESS_MS = 10 * 60_000;

export function createPhotoCloneService(deps: Pick<Deps, "db" | "reads" | "clock" | "storage" | "jobs">) {
  const roles = createRoleService(deps);
  const progress = new Map<string, { userId: string; percent: number; at: number }>();

  function report(userId: string, requestId: string, percent: number) {
    progress.set(requestId, { userId, percent, at: Date.now() });
    for (const [key, entry] of progress) if (Date.now() - entry.at > KEEP_PROGRESS_MS) progress.delete(key);
  }

  return {
    /** The request's progress, 0..100, for its owner only; unknown requests are not found. */
    progressOf(userId: string, requestId: string) {
      const entry = progress.get(requestId);
      if (!entry || entry.userId !== userId) throw new BizError("NOT_FOUND");
      return { percent: entry.percent };
    },

    async clone(userId: string, sex: 1 | 2, bytes: Buffer, requestIdField: string | undefined, name: string) {
      const image = await inspectImage(bytes, { minWidth: PHOTO.minWidth, minHeight: PHOTO.minHeight });
      await roles.checkDiyLimit(userId);
      const requestId = requestIdField && UUID.test(requestIdField) ? requestIdField.toLowerCase() : randomUUID();
      const photoKey = `upload-${requestId}.${image.format === "jpeg" ? "jpg" : "png"}`;
      await deps.storage.putAt(photoKey, bytes);
      report(userId, requestId, 0);
      try {
        const result = await deps.jobs.run(
          "photoClone",
          { userId, sex, photoKey, requestId, name },
          { jobId: `photo-${requestId}`, onProgress: (percent) => report(userId, requestId, percent) },
        );
        report(userId, requestId, 100);
        return result.roleId;
      } finally {
        // The original may carry location and camera metadata: only the normalised copy is kept.
        await deps.storage.remove(photoKey);
      }
    },
  };
}
