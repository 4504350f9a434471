/**
 * Global setup: apply the migrations once to a template database; each test file copies it
 * (tests/helpers/app.ts), so every file has its own database and none shares data. SQLite by
 * default; for a project whose env has TEST_DATABASE=postgres also a PostgreSQL template (tests/helpers/pg.ts).
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "../../scripts/lib.ts";
import { createDatabase, dropDatabases, onPostgres, pgUrl } from "../helpers/pg.ts";

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
    /** With TEST_DATABASE=postgres: the migrated template database's name ("" otherwise). */
    pgTemplate: string;
    baseUrl: string;
    /** The E2E server's DATA_DIR: an operator command (npm run custom) works on its database. */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-template-"));
  const file = path.join(dir, "template.db");
  migrate(`file:${file}`);
  project.provide("templateDb", file);
  let pgTemplate = "";
  // `npm run test:integration:pg` runs the integration-pg project, whose env says postgres
  if (onPostgres() || project.config.env?.TEST_DATABASE === "postgres") {
    pgTemplate = `avalive_t${process.pid}_${Date.now().toString(36)}`;
    await createDatabase(pgTemplate);
    migrate(pgUrl(pgTemplate));
  }
  project.provide("pgTemplate", pgTemplate);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (pgTemplate) await dropDatabases(pgTemplate);
  };
}
