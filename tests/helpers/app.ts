import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Stream } from "node:stream";
import supertest from "supertest";
import { inject } from "vitest";
import { createDb, type Db } from "../../infra/db.ts";
import { loadEnv } from "../../infra/env.ts";
import { createStorage, type Storage } from "../../infra/storage.ts";
import { createUser, type UserInput } from "../../prisma/factories.ts";
import { type BuildOptions, buildApp } from "../../server/app.ts";
import type { JobRunner } from "../../server/jobs/runner.ts";
import type { App } from "../../server/types.ts";
import { createDatabase, dropDatabase, pgUrl } from "./pg.ts";

export const TEST_SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";

/** A fresh data folder with its own copy of the migrated template database. */
export function freshDataDir(): { dataDir: string; databaseUrl: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-test-"));
  const file = path.join(dataDir, "app.db");
  fs.copyFileSync(inject("templateDb"), file);
  return { dataDir, databaseUrl: `file:${file}` };
}

/**
 * A fresh data folder and database: a copy of the SQLite template, or with TEST_DATABASE=postgres
 * a PostgreSQL database made from the migrated template (tests/helpers/pg.ts). `drop` removes both.
 */
export async function freshDatabase(): Promise<{ dataDir: string; databaseUrl: string; drop: () => Promise<void> }> {
  const template = inject("pgTemplate");
  if (!template) {
    const { dataDir, databaseUrl } = freshDataDir();
    return { dataDir, databaseUrl, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-test-"));
  const name = `${template}_${Math.random().toString(36).slice(2, 10)}`;
  await createDatabase(name, template);
  return {
    dataDir,
    databaseUrl: pgUrl(name),
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase(name);
    },
  };
}

/**
 * The real app on its own database, jobs in-process unless the test passes a runner.
 * Extra env entries override the defaults (e.g. RATE_LIMIT_MAX).
 */
export async function makeTestApp(
  extraEnv: Record<string, string> = {},
  options: Partial<BuildOptions> & {
    beforeReady?: (app: App) => void;
    /** Make the job runner from the app's own database and storage. */
    makeJobs?: (deps: { db: Db; storage: Storage }) => JobRunner;
  } = {},
) {
  const { dataDir, databaseUrl, drop } = await freshDatabase();
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JOBS_MODE: "in-process",
    JWT_SECRET: TEST_SECRET,
    LOG_LEVEL: "silent",
    SEND_RATE_LIMIT: "1000",
    LOGIN_RATE_LIMIT: "1000",
    CODES_PER_IP_HOUR: "1000",
    CONTACT_RATE_LIMIT: "1000",
    IP_RATE_LIMIT: "1000",
    ...extraEnv,
  });
  const db = options.db ?? createDb(env.DATABASE_URL);
  const jobs = options.makeJobs?.({ db, storage: createStorage(env) }) ?? options.jobs;
  const app = await buildApp({ env, webDist: null, ...options, db, jobs });
  options.beforeReady?.(app);
  await app.ready();
  const request = supertest(app.server);

  async function user(input: UserInput = {}) {
    const row = await createUser(db, input);
    const token = await app.deps.tokens.issue(row.id);
    return { ...row, token };
  }

  async function close() {
    await app.close();
    await db.$disconnect();
    await drop();
  }

  return { app, env, db, request, user, close, dataDir };
}

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

/**
 * supertest's `.buffer(true).parse(asBytes)`: any answer's body as the bytes themselves (a WAV, a
 * zip, an image, or a refusal's JSON envelope to read with `JSON.parse`).
 */
export function asBytes(res: Stream, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}
