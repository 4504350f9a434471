/**
 * Global setup: apply the migrations once to a template database; each test file copies it
 * (tests/helpers/app.ts), so every file has its own SQLite database and none shares data.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "../../scripts/lib.ts";

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
    baseUrl: string;
    /** The E2E server's DATA_DIR: an operator command (npm run custom) works on its database. */
    dataDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-template-"));
  const file = path.join(dir, "template.db");
  migrate(`file:${file}`);
  project.provide("templateDb", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
