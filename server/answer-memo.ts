/**
 * The answer memo (docs/decisions/027-hot-reads.md, "Answers kept until the database changes"):
 * what a read endpoint answered one user, kept as the very bytes sent, and sent again to the same
 * user asking the same thing for as long as the database has not changed since.
 *
 * "Not changed" is SQLite's data version (`reads.version()`): it moves on every commit by any
 * connection, of this process or another sharing the file, so a write of any kind (a revocation,
 * a payment, an edit, a seed) empties the memo before the next answer. An answer also depends on
 * the time (a membership expires without a write), so each lives at most ANSWER_TTL_MS, by the wall
 * clock and by the app's (which tests move). On PostgreSQL there is no data version and nothing is
 * kept.
 *
 * The key starts with the user the token names (checked before this runs), then the language, the
 * method, the url as sent and the validated body: a user is only ever handed their own answers,
 * and only what they asked for in the language they asked in. Only success answers (code 200) are
 * kept; errors are made again every time.
 *
 * A route opts in (`route(…, { memo: true })`) when its answer comes from the database, the token's
 * user, the request and the clock alone: nothing from Redis, the job queue or memory.
 */

import type { FastifyReply, FastifyRequest } from "fastify";
import type { SqlReader } from "../infra/sql.ts";

/** How long an answer lives without a write: what the time alone changes shows within this. */
export const ANSWER_TTL_MS = 500;
/** Answers kept at most (the oldest goes first); each is a few kilobytes. */
const MAX_ENTRIES = 5000;
/** An answer larger than this is not kept. */
const MAX_ANSWER_CHARS = 256 * 1024;
const JSON_TYPE = "application/json; charset=utf-8";

/** When an answer was read: by the wall clock and by the app's clock (which tests move). */
interface ReadAt {
  wall: number;
  app: number;
}

interface Pending {
  key: string;
  version: number;
  at: ReadAt;
}

const PENDING = Symbol("answer-memo");
type Tracked = FastifyRequest & { [PENDING]?: Pending };

export interface AnswerMemo {
  /** Sends the kept answer, if there is one, or notes the request so that its answer is kept. */
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** Forgets the note when the answer is an error (a BizError answers HTTP 200 with its code). */
  preSerialization(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /** Keeps the bytes of a noted success answer. */
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /** How many answers are kept now (tests, diagnostics). */
  size(): number;
}

export function createAnswerMemo(deps: { reads: SqlReader; clock: { now(): Date } }): AnswerMemo {
  // Every kept answer was read at this version: a new version empties the memo.
  let version: number | null = null;
  const answers = new Map<string, { payload: string; at: ReadAt }>();
  // Fresh while neither clock has moved ANSWER_TTL_MS from the read, either way.
  const fresh = (then: ReadAt, now: ReadAt) =>
    Math.abs(now.wall - then.wall) < ANSWER_TTL_MS && Math.abs(now.app - then.app) < ANSWER_TTL_MS;

  return {
    async preHandler(request, reply) {
      if (!request.userId) return undefined;
      const now = deps.reads.version();
      if (now === null) return undefined;
      if (now !== version) {
        answers.clear();
        version = now;
      }
      const body = request.body === undefined ? "" : JSON.stringify(request.body);
      const key = `${request.userId}\u0000${request.language}\u0000${request.method}\u0000${request.url}\u0000${body}`;
      const at = { wall: Date.now(), app: deps.clock.now().getTime() };
      const kept = answers.get(key);
      if (kept && fresh(kept.at, at)) return reply.header("content-type", JSON_TYPE).send(kept.payload);
      if (kept) answers.delete(key);
      (request as Tracked)[PENDING] = { key, version: now, at };
      return undefined;
    },

    async preSerialization(request, _reply, payload) {
      if ((payload as { code?: unknown } | null)?.code !== 200) delete (request as Tracked)[PENDING];
      return payload;
    },

    async onSend(request, reply, payload) {
      const pending = (request as Tracked)[PENDING];
      if (!pending) return payload;
      delete (request as Tracked)[PENDING];
      // Read at the version every kept answer shares (a commit since would have moved it).
      if (
        reply.statusCode === 200 &&
        typeof payload === "string" &&
        payload.length <= MAX_ANSWER_CHARS &&
        pending.version === version
      ) {
        if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value as string);
        answers.set(pending.key, { payload, at: pending.at });
      }
      return payload;
    },

    size: () => answers.size,
  };
}
