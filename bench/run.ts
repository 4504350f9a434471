/** `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run. */

import pg from "pg";
import { benchFaceEditor } from "./face-editor.bench.ts";
import { benchHotRoutes } from "./hot-routes.bench.ts";
import { benchHttp } from "./http.bench.ts";
import { benchPlanPage } from "./plan-page.bench.ts";
import { benchScaleOut } from "./scale-out.bench.ts";

/** The scale-out bench needs a PostgreSQL server; the embedded setup has none. */
async function postgresAnswers() {
  const client = new pg.Client({
    connectionString: process.env.PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

await benchHttp();
await benchHotRoutes();
if (await postgresAnswers()) await benchScaleOut();
else console.log("\nScale-out: skipped (no PostgreSQL at PG_ADMIN_URL)");
await benchFaceEditor();
await benchPlanPage();
process.exit(0);
