import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    return new PrismaBetterSQLite3({ url: process.env.DATABASE_URL ?? "file:./data/app.db" });
  },
});
