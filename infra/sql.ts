/**
 * The hot read path (docs/decisions/027-hot-reads.md, 032-postgresql.md): prepared statements on a
 * connection of our own, kept per SQL text, beside the Prisma client. On SQLite a read takes
 * microseconds (a second better-sqlite3 connection to the same file); on PostgreSQL it is one round
 * trip on a `pg` pool with named prepared statements. Prisma keeps every write.
 *
 * The SQL is written once for both: double-quoted names, `?` placeholders (numbered for
 * PostgreSQL here), a parameter tested with `IS NULL` cast to its type, no SQLite- or
 * PostgreSQL-only functions. Rows come in SQLite's shapes on both: dates as the ISO text the
 * SQLite adapter stores (`sqlDate`), counts as numbers.
 *
 * On SQLite the database runs in WAL mode, so a reader here never waits for a writer there. The
 * reads of one turn of the event loop share one read transaction (a snapshot): a statement outside
 * a transaction takes and drops a WAL read lock (two `fcntl` calls), and a plan page's nine
 * statements made eighteen. The snapshot ends at the turn's end (`setImmediate`) and whenever this
 * process's Prisma client touches the same file (infra/db.ts calls `endReadSnapshots`), so a
 * request reading right after its own write, or after another request's in the same turn, sees
 * it. A commit by another process is seen from the next turn: microseconds, not more. On
 * PostgreSQL each statement runs in READ COMMITTED and sees everything committed before it began.
 */

import path from "node:path";
import Database, { type Statement } from "better-sqlite3";
import pg from "pg";
import type { InstanceBus } from "./bus.ts";
import { CATALOGUE_CHANNEL, type CacheKey, type CatalogueChange, keysOf } from "./catalogue-cache.ts";

export interface SqlReader {
  /** The first row, or undefined. */
  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /**
   * A value built from tables the app rarely writes (the shop's SKUs), kept until the database
   * changes: on SQLite until any other connection commits (Prisma's in this process, a seed, or
   * `npm run content` in another; `PRAGMA data_version`); on PostgreSQL, which has no such
   * counter, until a catalogue change arrives on the instance bus (with `REDIS_URL`; decision 038),
   * or for at most `CACHE_TTL_MS` while there is no bus or its subscription is down. The key names
   * the tables the value is read from (infra/catalogue-cache.ts). Never per-user data.
   */
  cached<T>(key: CacheKey, load: (reader: SqlReader) => Promise<T>): Promise<T>;
  /**
   * On SQLite, the database's version as this turn's snapshot sees it (`PRAGMA data_version`): the
   * same number for as long as no connection has committed since, a new one after any commit by
   * any connection or process. What was read at one version holds until it changes, which is what
   * the answer memo (server/answer-memo.ts) and the session memo (server/auth.ts) rest on. Null on
   * PostgreSQL, which has no such counter: nothing is memoised there.
   */
  version(): number | null;
  close(): Promise<void>;
}

/** How long a `cached` value lives on PostgreSQL without a healthy bus (SQLite's are exact). */
export const CACHE_TTL_MS = 1000;

/** Whether a DATABASE_URL names PostgreSQL (else it is a SQLite `file:`). */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** The file a `file:` DATABASE_URL names, resolved the way the Prisma adapter resolves it. */
export const sqliteFile = (url: string) => url.replace(/^file:/, "");

/** Each SQLite file's open readers' "end your snapshot", for the writes of this process. */
const snapshotEnders = new Map<string, Set<() => void>>();
const fileKey = (url: string) => path.resolve(sqliteFile(url));

/**
 * Ends the open read snapshots on this SQLite file: the Prisma client calls it around each of its
 * statements (infra/db.ts), so no read here misses a write this process has made.
 */
export function endReadSnapshots(url: string): void {
  const enders = snapshotEnders.get(fileKey(url));
  if (enders) for (const end of enders) end();
}

/**
 * A date as the Prisma SQLite adapter stores it (ISO 8601 with "+00:00"), so that SQL can compare
 * it with stored ones as text. tests/integration/hot-reads.test.ts holds the adapter to this. On
 * PostgreSQL the same text is a valid timestamp parameter, and dates read come back in this form.
 */
export const sqlDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

/**
 * A page's `LIMIT ? OFFSET ?`, as the reads here write it. SQLite (3.47 on) reads a bare `?` after
 * LIMIT while planning the statement, so each new binding expires it and every run is parsed and
 * planned again: 20 µs a plan-list query instead of 9 (better-sqlite3, SQLite 3.49). A cast is
 * not read at planning time. PostgreSQL reads it the same way.
 */
export const LIMIT_OFFSET = "LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)";

export interface ReaderOptions {
  /**
   * The instances' bus (REDIS_URL): on PostgreSQL, cached values are then kept until a change
   * message names their tables. SQLite's `data_version` is exact already and does not use it.
   */
  bus?: InstanceBus | null;
}

export function createSqlReader(url: string, options: ReaderOptions = {}): SqlReader {
  return isPostgresUrl(url) ? createPgReader(url, options.bus ?? null) : createSqliteReader(url);
}

function createSqliteReader(url: string): SqlReader {
  // Opened on the first read, as the Prisma client connects on its first query: building the app
  // touches no file (the migrations may not have run yet).
  let db: Database.Database | null = null;
  const statements = new Map<string, Statement>();
  let begin: Statement | null = null;
  let commit: Statement | null = null;
  const open = () => {
    if (!db) {
      db = new Database(sqliteFile(url), { fileMustExist: true });
      db.pragma("journal_mode = WAL");
      db.pragma("busy_timeout = 5000");
      begin = db.prepare("BEGIN");
      commit = db.prepare("COMMIT");
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
  // The turn's snapshot: a deferred BEGIN (the read lock is taken by the first statement).
  let inSnapshot = false;
  // The data version this snapshot reads (asked once per snapshot: it cannot change inside one).
  let snapshotVersion: number | null = null;
  const endSnapshot = () => {
    if (!inSnapshot) return;
    inSnapshot = false;
    snapshotVersion = null;
    if (db?.inTransaction) commit?.run();
  };
  const snapshot = () => {
    if (inSnapshot) return;
    open();
    begin?.run();
    inSnapshot = true;
    setImmediate(endSnapshot);
  };
  const key = fileKey(url);
  const enders = snapshotEnders.get(key) ?? new Set();
  snapshotEnders.set(key, enders.add(endSnapshot));
  const memo = new Map<string, { version: number; value: unknown }>();
  let versionStatement: Statement | null = null;
  const dataVersion = () => {
    versionStatement ??= open().prepare("PRAGMA data_version").pluck();
    snapshot();
    snapshotVersion ??= versionStatement.get() as number;
    return snapshotVersion;
  };
  // Async only in its signature (PostgreSQL's reads are not): the statement runs at once.
  const reader: SqlReader = {
    get: async <T>(sql: string, ...params: unknown[]) => {
      const statement = prepare(sql);
      snapshot();
      return statement.get(...params) as T | undefined;
    },
    all: async <T>(sql: string, ...params: unknown[]) => {
      const statement = prepare(sql);
      snapshot();
      return statement.all(...params) as T[];
    },
    async cached<T>(key: CacheKey, load: (reader: SqlReader) => Promise<T>): Promise<T> {
      // Asked before loading: a commit that lands during the load leaves the entry one version
      // behind, so the next call loads again.
      const version = dataVersion();
      const hit = memo.get(key);
      if (hit && hit.version === version) return hit.value as T;
      const value = await load(reader);
      memo.set(key, { version, value });
      return value;
    },
    version: dataVersion,
    close: async () => {
      endSnapshot();
      enders.delete(endSnapshot);
      if (enders.size === 0) snapshotEnders.delete(key);
      memo.clear();
      versionStatement = null;
      begin = null;
      commit = null;
      statements.clear();
      db?.close();
      db = null;
    },
  };
  return reader;
}

/** `timestamp(3)` text ("2026-01-02 03:04:05.6") as the SQLite adapter's ISO text. */
const pgTimestamp = (text: string) => sqlDate(new Date(`${text.replace(" ", "T")}Z`));

const PG_TYPES: Record<number, (text: string) => unknown> = {
  1114: pgTimestamp, // timestamp without time zone: what Prisma's DateTime is on PostgreSQL
  1184: (text) => sqlDate(new Date(text)), // timestamptz
  20: Number, // int8: count(*)
  1700: Number, // numeric
};

function createPgReader(url: string, bus: InstanceBus | null): SqlReader {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_READ_POOL_MAX ?? 5),
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        (format === undefined || format === "text") && PG_TYPES[oid]
          ? PG_TYPES[oid]
          : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
    },
  });
  // A dropped idle connection is replaced on the next read; it must not crash the process.
  pool.on("error", () => {});
  // One named statement per SQL text: each pooled connection prepares it once, then only binds.
  const statements = new Map<string, { name: string; text: string }>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      let n = 0;
      statement = { name: `r${statements.size}`, text: sql.replace(/\?/g, () => `$${++n}`) };
      statements.set(sql, statement);
    }
    return statement;
  };
  const values = (params: unknown[]) => params.map((p) => (p instanceof Date ? sqlDate(p) : p));
  const run = async <T>(sql: string, params: unknown[]) =>
    (await pool.query({ ...prepare(sql), values: values(params) })).rows as T[];
  const memo = new Map<string, { at: number; value: unknown }>();
  // Bumped by every invalidation: a load that began before one does not keep what it read.
  let generation = 0;
  const drop = (keys: readonly string[] | null) => {
    generation++;
    if (keys === null) memo.clear();
    else for (const key of keys) memo.delete(key);
  };
  const unlisten = bus?.listen(CATALOGUE_CHANNEL, (_channel, body) => {
    const tables = (body as Partial<CatalogueChange> | null)?.tables;
    drop(Array.isArray(tables) ? keysOf(tables) : null);
  });
  // Messages sent while the subscription was down are lost: nothing kept before it came back holds.
  const unreset = bus?.onResubscribed(() => drop(null));
  const reader: SqlReader = {
    get: async <T>(sql: string, ...params: unknown[]) => (await run<T>(sql, params))[0],
    all: <T>(sql: string, ...params: unknown[]) => run<T>(sql, params),
    async cached<T>(key: CacheKey, load: (reader: SqlReader) => Promise<T>): Promise<T> {
      const hit = memo.get(key);
      // With a subscribed bus a value lives until a change names its table; otherwise 1 s.
      if (hit && (bus?.healthy() || Date.now() - hit.at < CACHE_TTL_MS)) return hit.value as T;
      const at = Date.now();
      const before = generation;
      const value = await load(reader);
      if (generation === before) memo.set(key, { at, value });
      return value;
    },
    version: () => null,
    close: async () => {
      unlisten?.();
      unreset?.();
      memo.clear();
      await pool.end();
    },
  };
  return reader;
}
