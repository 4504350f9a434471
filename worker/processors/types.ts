import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../server/db.ts";
import type { Storage } from "../../server/storage.ts";
import type { CodeName } from "../../shared/codes.ts";
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

/**
 * A failure that retrying cannot fix (bad input): the runner gives up at once. With a code
 * name, the caller answers that business error to the user.
 */
export class PermanentJobError extends Error {
  readonly codeName: CodeName | undefined;
  constructor(message: string, codeName?: CodeName) {
    super(codeName ? `${BIZ_PREFIX}${codeName}: ${message}` : message);
    this.name = "PermanentJobError";
    this.codeName = codeName;
  }
}

/** Failure reasons cross Redis as text: a business code travels as this prefix. */
export const BIZ_PREFIX = "BIZ:";
