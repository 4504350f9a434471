import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";
import { readCatalogueTypesAsText, ToolingPg } from "./infra/pg-tooling.ts";

// DATABASE_URL picks the provider, as at run time (infra/db.ts): a postgres:// URL uses the
// PostgreSQL schema and migrations that scripts/pg-schema.ts derives from the SQLite ones.
const url = process.env.DATABASE_URL ?? "file:./data/app.db";
const postgres = /^postgres(ql)?:\/\//.test(url);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: postgres ? "prisma/postgres/schema.prisma" : "prisma/schema.prisma",
  migrations: { path: postgres ? "prisma/postgres/migrations" : "prisma/migrations" },
  async adapter() {
    if (postgres) readCatalogueTypesAsText();
    return postgres ? new ToolingPg(url) : new PrismaBetterSQLite3({ url });
  },
});
