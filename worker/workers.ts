/**
 * BullMQ workers for every queue, running the shared processors. Used by worker/main.ts
 * (its own process) and by the server when it embeds the worker.
 */

import { type ConnectionOptions, UnrecoverableError, Worker } from "bullmq";
import { PermanentJobError } from "../shared/job-errors.ts";
import { QUEUE_NAMES, type QueueName } from "../shared/queues.ts";
import { processors } from "./processors/index.ts";
import type { JobContext } from "./processors/types.ts";

export type WorkerDeps = Omit<JobContext, "progress" | "attempt">;

export interface WorkerOptions {
  connection: ConnectionOptions;
  prefix?: string;
  concurrency?: number;
  /** How long a job's lock lives; a killed worker's job is taken up again after it lapses. */
  lockDuration?: number;
  stalledInterval?: number;
}

export function startWorkers(deps: WorkerDeps, options: WorkerOptions): Worker[] {
  return QUEUE_NAMES.map((queue: QueueName) => {
    const processor = processors[queue];
    const worker = new Worker(
      queue,
      async (job) => {
        try {
          return await processor(job.data, {
            ...deps,
            attempt: job.attemptsMade + 1,
            progress: (percent) => job.updateProgress(percent),
          });
        } catch (error) {
          if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
      {
        connection: { ...options.connection, maxRetriesPerRequest: null } as ConnectionOptions,
        prefix: options.prefix,
        concurrency: options.concurrency ?? 2,
        lockDuration: options.lockDuration ?? 30_000,
        stalledInterval: options.stalledInterval ?? 30_000,
      },
    );
    worker.on("failed", (job, error) =>
      deps.log.warn({ queue, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, "job attempt failed"),
    );
    worker.on("error", (error) => deps.log.error({ queue, err: error.message }, "worker error"));
    return worker;
  });
}
