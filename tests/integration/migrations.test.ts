/**
 * The two migration sets describe one schema (docs/decisions/032-postgresql.md): the PostgreSQL
 * schema is the SQLite one with another datasource (scripts/pg-schema.ts), and each provider's
 * migrations, applied in order to an empty database, end at the same tables, columns, keys and
 * indexes; PostgreSQL's also end exactly at its schema (`prisma migrate diff`). The database checks
 * run in `npm run test:integration:pg`, which has both migrated templates.
 */

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import {
  migrationNames,
  PG_MIGRATIONS,
  PG_SCHEMA,
  pgAdminUrl,
  pgSchemaOf,
  ROOT,
  SQLITE_MIGRATIONS,
  SQLITE_SCHEMA,
} from "../../scripts/pg-schema.ts";
import { onPostgres, pgUrl } from "../helpers/pg.ts";
import { pgShape, sqliteShape } from "../helpers/schema-shape.ts";

/**
 * `prisma migrate diff --exit-code` from the migrations to the schema: 0 when they match. (With a
 * driver adapter the CLI makes its own shadow database; on SQLite that fails in 6.19.3, so SQLite's
 * migrations are held to PostgreSQL's applied schema instead, below.)
 */
function diff(databaseUrl: string, migrations: string, schema: string) {
  const result = spawnSync(
    path.join(ROOT, "node_modules", ".bin", "prisma"),
    ["migrate", "diff", "--from-migrations", migrations, "--to-schema-datamodel", schema, "--exit-code"],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
  );
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe("migrations", () => {
  it("derives the PostgreSQL schema from the SQLite one (npm run db:pg-migrations)", () => {
    expect(fs.readFileSync(PG_SCHEMA, "utf8")).toBe(pgSchemaOf(fs.readFileSync(SQLITE_SCHEMA, "utf8")));
  });

  it("has a PostgreSQL migration that catches up with the newest SQLite one", () => {
    const sqlite = migrationNames(SQLITE_MIGRATIONS);
    const pg = migrationNames(PG_MIGRATIONS);
    // named after the SQLite migration each catches up with, so the newest names match
    expect(pg.at(-1), "run `npm run db:pg-migrations`").toBe(sqlite.at(-1));
  });

  it.runIf(onPostgres())(
    "PostgreSQL: the migrations end at prisma/postgres/schema.prisma",
    () => {
      // the CLI makes and drops its shadow database on the server
      const { status, output } = diff(pgAdminUrl(), PG_MIGRATIONS, PG_SCHEMA);
      expect(status, output).toBe(0);
    },
    60_000,
  );

  it.runIf(onPostgres())("both migration sets, applied, give the same tables, columns, keys and indexes", async () => {
    // the run's two templates: every migration of each provider applied to an empty database
    const sqlite = sqliteShape(inject("templateDb"));
    const postgres = await pgShape(pgUrl(inject("pgTemplate")));
    expect(Object.keys(sqlite).length).toBeGreaterThan(20);
    expect(postgres).toEqual(sqlite);
  });
});
