import { createHash } from "node:crypto";

/**
 * A photo clone's own id, from the user and the client's request id together (decision 048): the
 * request id is not secret (it rides in the avatar's id and image URL), so it alone must never name
 * a role, a file or a job another user could reach. Shared by the server (the job id, progress
 * polls) and the worker (the role id and storage keys).
 */
export function photoCloneId(userId: string, requestId: string): string {
  return createHash("sha256").update(`photo-clone\n${userId}\n${requestId}`).digest("hex").slice(0, 32);
}
