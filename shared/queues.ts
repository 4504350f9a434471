/**
 * The typed map of job queues: what each job takes and what it gives back.
 * The server enqueues, worker/ processes; in-process mode calls the same processors.
 */

export interface QueueMap {
  /** Make a square WebP thumbnail of a stored image. */
  thumbnail: {
    payload: { fileId: string; size: number };
    result: { fileId: string; thumbKey: string; width: number; height: number };
  };
  /** Render an avatar's portrait for the role lists (a system role or a custom role). */
  avatarThumbnail: {
    payload: { kind: "role" | "custom"; id: string };
    result: { imgKey: string };
  };
  /** Turn a creator-page cartoon into a posed, textured avatar with its first plan. */
  toonify: {
    payload: {
      userId: string;
      sourceId: string;
      textureSize: number;
      pose: "T" | "A";
      requestId: string;
      planName: string;
    };
    result: { planId: string; roleId: string; sex: number };
  };
  /** Fit a new avatar to a photographed face. `requestId` makes it idempotent. */
  photoClone: {
    payload: { userId: string; sex: 1 | 2; photoKey: string; requestId: string; name: string };
    /** Landmark errors (RMS over inter-ocular distance); null when the job had already run. */
    result: { roleId: string; errorNeutral: number | null; errorFitted: number | null };
  };
}

export type QueueName = keyof QueueMap;
export type JobPayload<Q extends QueueName> = QueueMap[Q]["payload"];
export type JobResult<Q extends QueueName> = QueueMap[Q]["result"];

export const QUEUE_NAMES = [
  "thumbnail",
  "avatarThumbnail",
  "photoClone",
  "toonify",
] as const satisfies readonly QueueName[];

/** Retry policy shared by BullMQ and the in-process runner. */
export const JOB_ATTEMPTS = 3;
export const JOB_BACKOFF_MS = 500;
