/** `npm run db:migrate`: apply the migrations to DATABASE_URL (default data/app.db). */

import { loadEnv } from "../infra/env.ts";
import { migrate } from "./lib.ts";

const env = loadEnv();
migrate(env.DATABASE_URL);
console.log(`migrations applied: ${env.DATABASE_URL}`);
