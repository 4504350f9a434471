import { setTimeout as sleep } from "node:timers/promises";
import { PermanentJobError } from "../../shared/job-errors.ts";
import { JOB_ATTEMPTS, JOB_BACKOFF_MS, type QueueName } from "../../shared/queues.ts";
import { processors } from "../../worker/processors/index.ts";
import type { JobContext } from "../../worker/processors/types.ts";
import { JobFailedError, type JobRunner, KEEP_PROGRESS_MS } from "./runner.ts";

type Deps = Omit<JobContext, "progress" | "attempt">;

/**
 * Runs the same processors as the BullMQ worker, in this process, with the same retry
 * policy (attempts with exponential backoff). Used when no Redis answers.
 */
export function createInProcessRunner(deps: Deps): JobRunner {
  const running = new Map<string, Promise<unknown>>();
  /** Every job under way, with or without an id: close() waits for them all. */
  const inflight = new Set<Promise<unknown>>();
  let closed = false;
  /** Progress of the jobs with an id, kept a while after they end (progress polls). */
  const progressById = new Map<string, { percent: number; at: number }>();
  const note = (key: string, percent: number) => {
    const now = Date.now();
    progressById.set(key, { percent, at: now });
    for (const [k, entry] of progressById) if (now - entry.at > KEEP_PROGRESS_MS) progressById.delete(k);
  };

  async function attemptAll<Q extends QueueName>(
    queue: Q,
    payload: Parameters<(typeof processors)[Q]>[0],
    onProgress?: (p: number) => void,
  ) {
    const processor = processors[queue];
    for (let attempt = 1; ; attempt++) {
      try {
        return await processor(payload, {
          ...deps,
          attempt,
          progress: async (percent) => onProgress?.(percent),
        });
      } catch (error) {
        const permanent = error instanceof PermanentJobError;
        if (permanent || attempt >= JOB_ATTEMPTS || closed) {
          deps.log.warn({ queue, attempt, err: error }, "job failed");
          throw new JobFailedError(error instanceof Error ? error.message : String(error));
        }
        await sleep(JOB_BACKOFF_MS * 2 ** (attempt - 1));
      }
    }
  }

  return {
    mode: "in-process",
    run(queue, payload, options = {}) {
      if (closed) return Promise.reject(new JobFailedError("job runner is closed"));
      const key = options.jobId ? `${queue}:${options.jobId}` : null;
      const existing = key ? running.get(key) : undefined;
      if (existing) return existing as ReturnType<JobRunner["run"]>;
      if (key) note(key, 0);
      const promise = attemptAll(queue, payload, (percent) => {
        if (key) note(key, percent);
        options.onProgress?.(percent);
      });
      if (key)
        void promise.then(
          () => note(key, 100),
          () => undefined,
        );
      inflight.add(promise);
      void promise.then(
        () => inflight.delete(promise),
        () => inflight.delete(promise),
      );
      if (key) {
        running.set(key, promise);
        void promise.then(
          () => running.delete(key),
          () => running.delete(key),
        );
      }
      return promise as ReturnType<JobRunner["run"]>;
    },
    healthy: async () => !closed,
    async progress(queue, jobId) {
      const entry = progressById.get(`${queue}:${jobId}`);
      return entry && Date.now() - entry.at <= KEEP_PROGRESS_MS ? entry.percent : null;
    },
    async close() {
      closed = true;
      await Promise.allSettled(inflight);
    },
  };
}
