import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../infra/db.ts";
import type { Storage } from "../../infra/storage.ts";
import type { JobPayload, JobResult, QueueName } from "../../shared/queues.ts";

/** What every processor may use. Processors are plain functions: tests call them directly. */
export interface JobContext {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Report progress, 0 to 100. */
  progress(percent: number): Promise<void>;
  /** 1 on the first try, 2 on the first retry, and so on. */
  attempt: number;
}

export type Processor<Q extends QueueName> = (payload: JobPayload<Q>, ctx: JobContext) => Promise<JobResult<Q>>;
