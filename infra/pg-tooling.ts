/**
 * For the Prisma CLI only (prisma.config.ts): @prisma/adapter-pg 6.19.3 cannot read columns of
 * PostgreSQL's internal `name` and `"char"` types, which the schema engine's catalogue queries
 * return, so every migrate command failed with "Column type 'name' could not be deserialized"
 * (prisma/prisma#27403). Both are text on the wire: report them as text. The app's own queries never
 * return them, and the app never loads this file.
 */

import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

const AS_TEXT: Record<number, number> = { 18: 25, 19: 25, 1002: 1009, 1003: 1009 };

type Fields = { fields?: { dataTypeID: number }[] };
const retype = <T>(result: T): T => {
  for (const field of (result as Fields | undefined)?.fields ?? []) {
    const text = AS_TEXT[field.dataTypeID];
    if (text) field.dataTypeID = text;
  }
  return result;
};

/**
 * The URL as separate settings: the adapter makes the migrate commands' shadow database with
 * `{ ...config, database: "prisma_migrate_shadow_db_…" }`, and a `connectionString` would win over
 * that `database`, so the shadow migrations would run in the URL's own database.
 */
export function pgConfig(url: string): pg.PoolConfig {
  const u = new URL(url);
  return {
    host: decodeURIComponent(u.hostname),
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username) || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || undefined,
  };
}

/**
 * The adapter for the CLI. Its own shadow database drops the database before closing the pool
 * connected to it, which PostgreSQL refuses ("being accessed by other users"), leaving a
 * prisma_migrate_shadow_db_… behind on every diff: here the pool closes first.
 */
export class ToolingPg extends PrismaPg {
  readonly #config: pg.PoolConfig;
  constructor(url: string) {
    const config = pgConfig(url);
    super(config);
    this.#config = config;
  }

  override async connectToShadowDb() {
    const database = `prisma_migrate_shadow_db_${randomUUID()}`;
    const admin = async (sql: string) => {
      const client = new pg.Client(this.#config);
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE "${database}"`);
    const adapter = await new PrismaPg({ ...this.#config, database }).connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    };
    return adapter;
  }
}

let patched = false;
export function readCatalogueTypesAsText() {
  if (patched) return;
  patched = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const last = args.at(-1);
    if (typeof last === "function")
      return query.apply(this, [
        ...args.slice(0, -1),
        (err: unknown, res: unknown) => last(err, err ? res : retype(res)),
      ]);
    const out = query.apply(this, args);
    return out instanceof Promise ? out.then(retype) : out;
  } as typeof pg.Client.prototype.query;
}
