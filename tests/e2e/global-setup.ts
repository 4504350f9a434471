/**
 * E2E global setup: build the web app if its sources changed, then start the real server the
 * way `npm start` does, with a fresh data folder and a free port, and wait until it answers.
 * Jobs go through BullMQ when Redis answers, as they would for a user. It lists the host demo's
 * origin as a micro-app host: embedded.test.ts maps http://host.example to the host demo in Chromium.
 */

import type { TestProject } from "vitest/node";
import { startProduct } from "../../scripts/serve.ts";
import { E2E_HOST_ORIGIN } from "./hosts.ts";

export default async function setup(project: TestProject) {
  const product = await startProduct("e2e", { HOST_ORIGINS: E2E_HOST_ORIGIN });
  project.provide("baseUrl", product.baseUrl);
  project.provide("dataDir", product.dataDir);
  return () => product.stop();
}
