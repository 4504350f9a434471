import { CODES, type CodeName } from "../../shared/codes.ts";
import { BIZ_PREFIX } from "../../shared/job-errors.ts";
import type { JobPayload, JobResult, QueueName } from "../../shared/queues.ts";

export type JobsMode = "bullmq" | "in-process";

export interface RunOptions {
  /** A stable id makes the job idempotent: the same id is never run twice at once. */
  jobId?: string;
  timeoutMs?: number;
  onProgress?: (percent: number) => void;
}

/** Runs a job and waits for its result, through BullMQ or in this process. */
export interface JobRunner {
  readonly mode: JobsMode;
  run<Q extends QueueName>(queue: Q, payload: JobPayload<Q>, options?: RunOptions): Promise<JobResult<Q>>;
  healthy(): Promise<boolean>;
  /**
   * A job's progress by its id, 0..100, read where every instance can read it (the BullMQ job in
   * Redis; this process's own jobs in-process); null when no such job is known (never added, or
   * finished more than 10 minutes ago).
   */
  progress?(queue: QueueName, jobId: string): Promise<number | null>;
  close(): Promise<void>;
}

/** How long a finished job's progress can still be read. */
export const KEEP_PROGRESS_MS = 10 * 60_000;

/** A job that ended in failure; `codeName` is set when the processor named a business error. */
export class JobFailedError extends Error {
  readonly codeName: CodeName | undefined;
  constructor(reason: string) {
    super(reason);
    this.name = "JobFailedError";
    const match = reason.match(new RegExp(`${BIZ_PREFIX}(\\w+)`));
    const name = match?.[1];
    this.codeName = name && name in CODES ? (name as CodeName) : undefined;
  }
}

export const DEFAULT_JOB_TIMEOUT_MS = 55_000;
