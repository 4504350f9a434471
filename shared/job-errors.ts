/**
 * How a job's failure crosses from worker to server (docs/decisions/004-jobs.md): failure
 * reasons travel as text (through Redis, or in-process), a business code as a prefix.
 */
import type { CodeName } from "./codes.ts";

/** Failure reasons cross Redis as text: a business code travels as this prefix. */
export const BIZ_PREFIX = "BIZ:";

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
