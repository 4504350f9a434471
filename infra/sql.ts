/**
 * The hot read path (docs/decisions/027-hot-reads.md): a second, read-only-by-use connection to the
 * same SQLite file, with prepared statements kept per SQL text. A read here takes microseconds;
 * the same read through the Prisma client takes about a millisecond. Prisma keeps every write.
 *
 * The database runs in WAL mode, so a reader here never waits for a writer there (and never blocks
 * the event loop on a lock), and each statement sees everything committed before it started:
 * nothing read here is staler than a Prisma read.
 */

import Database, { type Statement } from "better-sqlite3";

export interface SqlReader {
  /** The first row, or undefined. */
  get<T>(sql: string, ...params: unknown[]): T | undefined;
  all<T>(sql: string, ...params: unknown[]): T[];
  /**
   * A value built from tables the app rarely writes (the system avatars, the shop's SKUs), kept
   * until any other connection commits to the database: Prisma's in this process, a seed, or
   * `npm run content` in another (SQLite's `PRAGMA data_version`). Never per-user data.
   */
  cached<T>(key: string, load: (reader: SqlReader) => T): T;
  close(): void;
}

/** The file a `file:` DATABASE_URL names, resolved the way the Prisma adapter resolves it. */
export const sqliteFile = (url: string) => url.replace(/^file:/, "");

/**
 * A date as the Prisma SQLite adapter stores it (ISO 8601 with "+00:00"), so that SQL can compare
 * it with stored ones as text. tests/integration/hot-reads.test.ts holds the adapter to this.
 */
export const sqlDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

export function createSqlReader(url: string): SqlReader {
  // Opened on the first read, as the Prisma client connects on its first query: building the app
  // touches no file (the migrations may not have run yet).
  let db: Database.Database | null = null;
  const statements = new Map<string, Statement>();
  const open = () => {
    if (!db) {
      db = new Database(sqliteFile(url), { fileMustExist: true });
      db.pragma("journal_mode = WAL");
      db.pragma("busy_timeout = 5000");
    }
    return db;
  };
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = open().prepare(sql);
      if (!statement.reader) throw new Error(`not a read: ${sql}`);
      statements.set(sql, statement);
    }
    return statement;
  };
  const memo = new Map<string, { version: number; value: unknown }>();
  let versionStatement: Statement | null = null;
  const dataVersion = () => {
    versionStatement ??= open().prepare("PRAGMA data_version").pluck();
    return versionStatement.get() as number;
  };
  const reader: SqlReader = {
    get: <T>(sql: string, ...params: unknown[]) => prepare(sql).get(...params) as T | undefined,
    all: <T>(sql: string, ...params: unknown[]) => prepare(sql).all(...params) as T[],
    cached<T>(key: string, load: (reader: SqlReader) => T): T {
      // Asked before loading: a commit that lands during the load leaves the entry one version
      // behind, so the next call loads again.
      const version = dataVersion();
      const hit = memo.get(key);
      if (hit && hit.version === version) return hit.value as T;
      const value = load(reader);
      memo.set(key, { version, value });
      return value;
    },
    close: () => {
      memo.clear();
      versionStatement = null;
      statements.clear();
      db?.close();
      db = null;
    },
  };
  return reader;
}
