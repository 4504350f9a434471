/** The worker as its own process: `npm run worker`. Needs Redis (REDIS_URL or 127.0.0.1:6379). */

import pino from "pino";
import { createDb } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";
import { derivedQueuePrefix } from "../infra/queue-prefix.ts";
import { LOCAL_REDIS_URL, redisAnswers, redisOptions } from "../infra/redis.ts";
import { createStorage } from "../infra/storage.ts";
import { startWorkers } from "./workers.ts";

const env = loadEnv();
const log = pino({ level: env.LOG_LEVEL, name: "worker" });
const url = env.REDIS_URL ?? LOCAL_REDIS_URL;

if (!(await redisAnswers(url, 2000))) {
  log.error(`no Redis answers at ${url}: the worker needs one (npm start runs jobs in-process without it)`);
  process.exit(1);
}

const db = createDb(env.DATABASE_URL);
const storage = createStorage(env);
await storage.ready();
const workers = startWorkers(
  { db, storage, log },
  {
    connection: redisOptions(url),
    prefix: env.queuePrefixGiven ? env.QUEUE_PREFIX : await derivedQueuePrefix(db, env.DATABASE_URL),
    lockDuration: env.WORKER_LOCK_MS,
    stalledInterval: env.WORKER_LOCK_MS,
  },
);
log.info(`worker: processing ${workers.map((w) => w.name).join(", ")} on ${url}`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info(`${signal} received, finishing the current jobs`);
  await Promise.all(workers.map((w) => w.close()));
  await db.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
