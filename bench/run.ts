/** `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run. */

import { benchFaceEditor } from "./face-editor.bench.ts";
import { benchHotRoutes } from "./hot-routes.bench.ts";
import { benchHttp } from "./http.bench.ts";
import { benchPlanPage } from "./plan-page.bench.ts";

await benchHttp();
await benchHotRoutes();
await benchFaceEditor();
await benchPlanPage();
process.exit(0);
