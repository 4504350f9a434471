import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { Db } from "../infra/db.ts";
import type { AppEnv } from "../infra/env.ts";
import type { SqlReader } from "../infra/sql.ts";
import type { Storage } from "../infra/storage.ts";
import type { AnswerMemo } from "./answer-memo.ts";
import type { Outbox } from "./areas/account/outbox.ts";
import type { LivePush } from "./areas/live/push.ts";
import type { RenderSlots } from "./areas/live/slots.ts";
import type { SpeechEngine } from "./areas/plans/speech.ts";
import type { TokenService } from "./auth.ts";
import type { CloudRenderer } from "./jobs/cloud-render.ts";
import type { JobRunner } from "./jobs/runner.ts";

/** The Fastify instance as the route files see it: TypeBox-typed. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What the areas of the API share; decorated on the app as `app.deps`. */
export interface Clock {
  now(): Date;
}

export interface Deps {
  env: AppEnv;
  clock: Clock;
  outbox: Outbox;
  /** The key codes are hashed with (derived from the token secret). */
  codeKey: Buffer;
  db: Db;
  /** Prepared-statement reads for the hot paths (infra/sql.ts); every write goes through `db`. */
  reads: SqlReader;
  storage: Storage;
  jobs: JobRunner;
  tokens: TokenService;
  /** Interactions to the live studio and the OBS sources, on every instance (areas/live/push.ts). */
  live: LivePush;
  /** Cloud sessions' render slots, site-wide (Redis with REDIS_URL, else in memory; docs/decisions/037). */
  slots: RenderSlots;
  /** This instance's cloud render worker (forked on first use). */
  renderer: CloudRenderer;
  /** The studio's voice: espeak-ng, or none (docs/decisions/040). */
  speech: SpeechEngine;
  /** Read answers kept per user until the database changes (server/answer-memo.ts). */
  answers: AnswerMemo;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
    /** Set when a shutdown begins: readiness answers 503 from then on (server/main.ts `drain`). */
    lifecycle: { draining: boolean };
  }
}
