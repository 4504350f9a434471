/** `npm run db:reset`: delete the SQLite database, apply the migrations and seed again. */

import fs from "node:fs";
import { createDb } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";
import { seed } from "../prisma/seed.ts";
import { migrate } from "./lib.ts";

const env = loadEnv();
const file = env.DATABASE_URL.replace(/^file:/, "");
for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(`${file}${suffix}`, { force: true });
migrate(env.DATABASE_URL);
const db = createDb(env.DATABASE_URL);
await seed(db);
await db.$disconnect();
console.log(`database reset: ${env.DATABASE_URL}`);
