/**
 * `npm run db:reset`: delete the SQLite database (on PostgreSQL: drop and recreate the public
 * schema), apply the migrations and seed again.
 */

import fs from "node:fs";
import pg from "pg";
import { createDb } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";
import { isPostgresUrl } from "../infra/sql.ts";
import { seed } from "../prisma/seed.ts";
import { migrate } from "./lib.ts";

const env = loadEnv();
if (isPostgresUrl(env.DATABASE_URL)) {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS "public" CASCADE; CREATE SCHEMA "public"');
  await client.end();
} else {
  const file = env.DATABASE_URL.replace(/^file:/, "");
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(`${file}${suffix}`, { force: true });
}
migrate(env.DATABASE_URL);
const db = createDb(env.DATABASE_URL);
await seed(db);
await db.$disconnect();
console.log(`database reset: ${env.DATABASE_URL}`);
