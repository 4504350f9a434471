/**
 * E2E global setup: build the web app if its sources changed, then start the real server the
 * way `npm start` does, with a fresh data folder and a free port, and wait until it answers.
 * Jobs go through BullMQ when Redis answers, as they would for a user.
 */

import type { TestProject } from "vitest/node";
import { startProduct } from "../../scripts/serve.ts";

export default async function setup(project: TestProject) {
  const product = await startProduct("e2e");
  project.provide("baseUrl", product.baseUrl);
  project.provide("dataDir", product.dataDir);
  return () => product.stop();
}
