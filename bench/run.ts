/** `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run. */

import { adminQuery } from "../tests/helpers/pg.ts";
import { benchCloudSession } from "./cloud-session.bench.ts";
import { benchFaceEditor } from "./face-editor.bench.ts";
import { benchFaceModels } from "./face-models.bench.ts";
import { benchHotRoutes } from "./hot-routes.bench.ts";
import { benchHttp } from "./http.bench.ts";
import { benchJobs } from "./jobs.bench.ts";
import { benchLiveTracking } from "./live-tracking.bench.ts";
import { benchPlanPage } from "./plan-page.bench.ts";
import { benchScaleOut } from "./scale-out.bench.ts";

/** The scale-out bench needs a PostgreSQL server; the embedded setup has none. */
const postgresAnswers = () =>
  adminQuery("SELECT 1").then(
    () => true,
    () => false,
  );

await benchHttp();
await benchHotRoutes();
if (await postgresAnswers()) await benchScaleOut();
else console.log("\nScale-out: skipped (no PostgreSQL at PG_ADMIN_URL)");
// jobs per minute for one worker and two; it says so and skips when no Redis answers
await benchJobs();
await benchFaceEditor();
await benchPlanPage();
await benchCloudSession();
await benchFaceModels();
await benchLiveTracking();
process.exit(0);
