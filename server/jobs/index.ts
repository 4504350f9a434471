import type { AppEnv } from "../../infra/env.ts";
import { LOCAL_REDIS_URL, redisAnswers, redisOptions } from "../../infra/redis.ts";
import { startWorkers, type WorkerDeps } from "../../worker/workers.ts";
import { createBullRunner } from "./bullmq.ts";
import { createInProcessRunner } from "./in-process.ts";
import type { JobRunner } from "./runner.ts";

/**
 * BullMQ when REDIS_URL is set or a Redis answers on 127.0.0.1:6379, in-process otherwise
 * (JOBS_MODE forces either). With BullMQ the server also runs the workers unless
 * EMBEDDED_WORKER is false (then `npm run worker` runs them).
 */
export async function createJobRunner(env: AppEnv, deps: WorkerDeps): Promise<JobRunner> {
  const url = env.REDIS_URL ?? LOCAL_REDIS_URL;
  const useBull =
    env.JOBS_MODE === "bullmq" ||
    (env.JOBS_MODE === "auto" && (env.REDIS_URL !== undefined || (await redisAnswers(url))));
  if (!useBull) {
    deps.log.info("jobs: in-process (no Redis answered)");
    return createInProcessRunner(deps);
  }
  const connection = redisOptions(url);
  const prefix = env.QUEUE_PREFIX;
  const runner = createBullRunner(connection, prefix, deps.log);
  const workers = env.EMBEDDED_WORKER
    ? startWorkers(deps, { connection, prefix, lockDuration: env.WORKER_LOCK_MS, stalledInterval: env.WORKER_LOCK_MS })
    : [];
  deps.log.info(`jobs: BullMQ on ${url}${workers.length ? " (workers embedded)" : " (external worker)"}`);
  return {
    ...runner,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await runner.close();
    },
  };
}
