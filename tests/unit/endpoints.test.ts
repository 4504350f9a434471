/** The endpoint table (shared/endpoints.ts) against itself and against the routes the server registers. */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../infra/env.ts";
import { buildApp } from "../../server/app.ts";
import type { App } from "../../server/types.ts";
import { endpoints } from "../../shared/endpoints.ts";

const entries = Object.entries(endpoints);

describe("the endpoint table", () => {
  it("has one entry per method and path", () => {
    const keys = entries.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(entries)("%s: a /web-api path under its access prefix", (_name, entry) => {
    expect(entry.path.startsWith("/web-api/")).toBe(true);
    if (entry.auth !== "none") expect(entry.path.startsWith(`/web-api/${entry.auth}/`)).toBe(true);
    else expect(entry.path).not.toMatch(/^\/web-api\/(p1|v1)\//);
    // every :param of the path has a schema, and every schema property is in the path
    const names = [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const params = "params" in entry ? Object.keys((entry.params as { properties: object }).properties) : [];
    expect(names.sort()).toEqual(params.sort());
  });
});

describe("the built server", () => {
  let app: App;
  let dataDir: string;

  beforeAll(async () => {
    // No request reaches the database: an empty data folder is enough to build the app.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-endpoints-"));
    const env = loadEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "app.db")}`,
      JOBS_MODE: "in-process",
      JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
      LOG_LEVEL: "silent",
    });
    app = await buildApp({ env, webDist: null });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(entries)("registers %s", (_name, entry) => {
    expect(app.hasRoute({ method: entry.method, url: entry.path })).toBe(true);
  });

  it("documents every entry in the OpenAPI document", () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const entry of Object.values(endpoints)) {
      const openApiPath = entry.path.replace(/:(\w+)/g, "{$1}");
      expect(doc.paths[openApiPath]?.[entry.method.toLowerCase()], entry.path).toBeDefined();
    }
  });
});
