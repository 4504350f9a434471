/**
 * The one place a Prisma client is made. DATABASE_URL picks the provider: a `file:` URL is SQLite
 * (the embedded default), a `postgres://` URL is PostgreSQL through its pg driver adapter
 * (docs/decisions/032-postgresql.md). Both clients come from the same models (prisma/schema.prisma
 * and the prisma/postgres/schema.prisma derived from it), so the app sees one type.
 */

import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { type Prisma, PrismaClient } from "./generated/prisma/client.ts";
import { PrismaClient as PgPrismaClient } from "./generated/prisma-pg/client.ts";
import { endReadSnapshots, isPostgresUrl } from "./sql.ts";

export type Db = PrismaClient;

export function createDb(url: string): Db {
  if (isPostgresUrl(url)) {
    const adapter = new PrismaPg({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // The same models and queries; only the generated provider differs.
    const db = new PgPrismaClient({ adapter }) as unknown as Db;
    onPostgres.add(db);
    return db;
  }
  return new PrismaClient({ adapter: endingReadSnapshots(new PrismaBetterSQLite3({ url }), url) });
}

type SqliteFactory = InstanceType<typeof PrismaBetterSQLite3>;
type Queryable = Awaited<ReturnType<SqliteFactory["connect"]>>;
const STATEMENTS = new Set<PropertyKey>(["queryRaw", "executeRaw", "executeScript"]);

/**
 * The SQLite adapter, ending the hot reader's snapshot on the same file (infra/sql.ts) before and
 * after each statement the Prisma client runs: a read that follows this process's write, however
 * soon, sees it.
 */
function endingReadSnapshots(factory: SqliteFactory, url: string): SqliteFactory {
  const end = () => endReadSnapshots(url);
  const wrap = <Q extends object>(target: Q): Q =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object);
        if (typeof value !== "function") return value;
        if (STATEMENTS.has(property))
          return (...args: unknown[]) => {
            end();
            return (value.apply(object, args) as Promise<unknown>).finally(end);
          };
        if (property === "startTransaction")
          return async (...args: unknown[]) => wrap((await value.apply(object, args)) as object);
        return value.bind(object);
      },
    });
  return new Proxy(factory, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (property === "connect") return async () => wrap((await factory.connect()) as Queryable);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

const onPostgres = new WeakSet<object>();

/** Whether this client is on PostgreSQL. */
export const isPostgresDb = (db: Db) => onPostgres.has(db);

type Tx = Prisma.TransactionClient;

/** How often a serializable transaction is tried before its conflict is the caller's error. */
const ATTEMPTS = 12;

/**
 * A read-check-write transaction that must behave as if it ran alone (a payment notification, an
 * order, a one-time code or claim; docs/decisions/032-postgresql.md). SQLite runs one write
 * transaction at a time, so it always does. On PostgreSQL it runs at SERIALIZABLE and is tried
 * again when PostgreSQL refuses it for a conflict with a concurrent one (40001, P2034) or when a
 * concurrent one committed the unique key it was about to insert (P2002): the next try sees what
 * that one committed and answers as the serial order would ("already used", "duplicate").
 * `fn` must only touch the database (it may run more than once).
 */
export function serializable<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return retrying(db, fn, "Serializable");
}

/**
 * A transaction that begins by taking its rows' locks (`lockRow`), in a fixed order (Order, then
 * User). On PostgreSQL it runs at READ COMMITTED: every statement after a lock sees what the
 * lock's previous holder committed, so concurrent transactions about the same rows run one after
 * the other, each seeing the one before, with no serialization failures to retry (at SERIALIZABLE
 * the snapshot is taken before the lock is granted, and 50 copies of one notification would retry
 * in waves). Retried like `serializable` on a unique-key race with a transaction that took
 * other locks. SQLite: one write transaction at a time, as always.
 */
export function locked<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return retrying(db, fn, "ReadCommitted");
}

async function retrying<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  isolationLevel: "Serializable" | "ReadCommitted",
): Promise<T> {
  if (!onPostgres.has(db)) return db.$transaction(fn);
  for (let attempt = 1; ; attempt++) {
    try {
      // (the SQLite client's type knows only Serializable; this is the PostgreSQL client)
      return await db.$transaction(fn, {
        isolationLevel: isolationLevel as "Serializable",
        maxWait: 10_000,
        timeout: 15_000,
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || (code !== "P2034" && code !== "P2002")) throw error;
      // Back off a little, at random, so the conflicting transactions do not meet again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/**
 * First thing in a `locked` transaction on PostgreSQL: take the row's lock, so concurrent
 * transactions about the same row (50 copies of one notification) queue on it. Nothing on SQLite,
 * whose write transactions are serial already.
 */
export async function lockRow(db: Db, tx: Tx, table: "Order" | "User", id: string) {
  if (onPostgres.has(db)) await tx.$queryRawUnsafe(`SELECT 1 FROM "${table}" WHERE "id" = $1 FOR UPDATE`, id);
}
