import { type ConnectionOptions, Job, Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { JOB_ATTEMPTS, JOB_BACKOFF_MS, QUEUE_NAMES, type QueueName } from "../../shared/queues.ts";
import { DEFAULT_JOB_TIMEOUT_MS, JobFailedError, type JobRunner, KEEP_PROGRESS_MS } from "./runner.ts";

type WarnLog = { warn(obj: object, msg: string): void };

/**
 * Enqueues through BullMQ and waits for the worker's answer. Producers fail fast when
 * Redis is down (a ping first, no offline queue), so a request never hangs on a dead connection.
 */
export function createBullRunner(
  connection: ConnectionOptions,
  prefix?: string,
  log: WarnLog = { warn() {} },
): JobRunner {
  const queues = new Map<QueueName, Queue>();
  const events = new Map<QueueName, QueueEvents>();
  const probe = new Redis({
    ...(connection as object),
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  // Connection errors surface through healthy() and the failing call; log each distinct one once.
  let lastError = "";
  const onError = (error: Error) => {
    if (error.message !== lastError) log.warn({ err: error.message }, "redis connection error");
    lastError = error.message;
  };
  probe.on("error", () => {});
  for (const name of QUEUE_NAMES) {
    const queue = new Queue(name, {
      connection: { ...connection, enableOfflineQueue: false } as ConnectionOptions,
      prefix,
    });
    const queueEvents = new QueueEvents(name, { connection, prefix });
    queue.on("error", onError);
    queueEvents.on("error", onError);
    queues.set(name, queue);
    events.set(name, queueEvents);
  }

  // One connect at a time: jobs asked for together before the first connect (a busy boot) share it
  // (a second `connect()` while connecting rejects, and a ping without the offline queue fails).
  let connecting: Promise<void> | null = null;
  async function healthy() {
    try {
      if (!connecting && (probe.status === "wait" || probe.status === "end"))
        connecting = probe.connect().finally(() => {
          connecting = null;
        });
      if (connecting) await connecting;
      return (await probe.ping()) === "PONG";
    } catch {
      return false;
    }
  }

  return {
    mode: "bullmq",
    healthy,
    async run(queue, payload, options = {}) {
      const q = queues.get(queue);
      const qe = events.get(queue);
      if (!q || !qe) throw new Error(`unknown queue ${queue}`);
      let job: Awaited<ReturnType<Queue["add"]>>;
      try {
        if (!(await healthy())) throw new Error("Redis does not answer");
        await withTimeout(qe.waitUntilReady(), 5000);
        job = await q.add(queue, payload, {
          jobId: options.jobId,
          attempts: JOB_ATTEMPTS,
          backoff: { type: "exponential", delay: JOB_BACKOFF_MS },
          removeOnComplete: { age: 3600, count: 1000 },
          removeOnFail: { age: 24 * 3600 },
        });
      } catch (error) {
        throw new JobFailedError(`queue unavailable: ${error instanceof Error ? error.message : String(error)}`);
      }
      const onProgress = options.onProgress;
      const listener = onProgress
        ? ({ jobId, data }: { jobId: string; data: unknown }) => {
            if (jobId === job.id && typeof data === "number") onProgress(data);
          }
        : undefined;
      if (listener) qe.on("progress", listener);
      try {
        return await job.waitUntilFinished(qe, options.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS);
      } catch (error) {
        throw new JobFailedError(error instanceof Error ? error.message : String(error));
      } finally {
        if (listener) qe.off("progress", listener);
      }
    },
    async progress(queue, jobId) {
      const q = queues.get(queue);
      if (!q || !(await healthy())) return null;
      const job = await Job.fromId(q, jobId).catch(() => undefined);
      if (!job) return null;
      if (job.finishedOn) return Date.now() - job.finishedOn <= KEEP_PROGRESS_MS && !job.failedReason ? 100 : null;
      return typeof job.progress === "number" ? job.progress : 0;
    },
    async close() {
      const all = [...events.values(), ...queues.values()];
      // A graceful close waits for Redis; when Redis is gone, cut the connections instead of hanging.
      await withTimeout(Promise.all(all.map((c) => c.close())), 3000).catch(() => {
        for (const c of all) c.disconnect().catch(() => {});
      });
      probe.disconnect();
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
