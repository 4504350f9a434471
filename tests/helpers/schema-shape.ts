/**
 * A database's schema as a provider-neutral description (tables, columns with their kind,
 * nullability and default, primary keys, indexes, foreign keys), to compare a migrated SQLite
 * database with a migrated PostgreSQL one (tests/integration/migrations.test.ts).
 */

import Database from "better-sqlite3";
import pg from "pg";

export interface Shape {
  [table: string]: {
    columns: string[];
    primaryKey: string;
    indexes: string[];
    foreignKeys: string[];
  };
}

const KIND: Record<string, string> = {
  text: "text",
  integer: "int",
  int: "int",
  datetime: "datetime",
  "timestamp(3) without time zone": "datetime",
  "timestamp without time zone": "datetime",
  boolean: "bool",
  real: "float",
  "double precision": "float",
  float: "float",
};
const kind = (type: string) => KIND[type.toLowerCase()] ?? `?${type}`;
/** Defaults as both write them: no casts, booleans as 0/1, a sequence as "auto". */
const normDefault = (value: string | null) =>
  value === null
    ? "-"
    : value.startsWith("nextval(")
      ? "auto"
      : value
          .replace(/::[a-z ]+$/i, "")
          .replace(/^true$/i, "1")
          .replace(/^false$/i, "0");
const ACTIONS: Record<string, string> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};

export function sqliteShape(file: string): Shape {
  const db = new Database(file, { readonly: true });
  try {
    const shape: Shape = {};
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma%'",
      )
      .pluck()
      .all() as string[];
    for (const table of tables) {
      const columns = db.prepare(`PRAGMA table_info("${table}")`).all() as {
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }[];
      const indexes = (
        db.prepare(`PRAGMA index_list("${table}")`).all() as { name: string; unique: number; origin: string }[]
      ).filter((index) => index.origin === "c");
      const foreignKeys = db.prepare(`PRAGMA foreign_key_list("${table}")`).all() as {
        id: number;
        table: string;
        from: string;
        to: string;
        on_update: string;
        on_delete: string;
      }[];
      const fkGroups = new Map<number, typeof foreignKeys>();
      for (const fk of foreignKeys) fkGroups.set(fk.id, [...(fkGroups.get(fk.id) ?? []), fk]);
      shape[table] = {
        columns: columns
          .map((c) => {
            // an INTEGER primary key is SQLite's rowid: it numbers itself, as a PostgreSQL serial does
            const auto = c.pk === 1 && kind(c.type) === "int" && columns.filter((k) => k.pk).length === 1;
            return `${c.name} ${kind(c.type)} ${c.notnull || c.pk ? "not null" : "null"} ${auto ? "auto" : normDefault(c.dflt_value)}`;
          })
          .sort(),
        primaryKey: columns
          .filter((c) => c.pk)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name)
          .join(","),
        indexes: indexes
          .map((index) => {
            const cols = (db.prepare(`PRAGMA index_info("${index.name}")`).all() as { name: string }[]).map(
              (c) => c.name,
            );
            return `${index.name} ${index.unique ? "unique" : ""}(${cols.join(",")})`;
          })
          .sort(),
        foreignKeys: [...fkGroups.values()]
          .map(
            (group) =>
              `(${group.map((fk) => fk.from).join(",")}) -> ${group[0]?.table}(${group.map((fk) => fk.to).join(",")}) delete ${group[0]?.on_delete} update ${group[0]?.on_update}`,
          )
          .sort(),
      };
    }
    return shape;
  } finally {
    db.close();
  }
}

export async function pgShape(url: string): Promise<Shape> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const shape: Shape = {};
    const q = async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
      (await client.query<T>(sql, values)).rows;
    const tables = await q<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_prisma%'",
    );
    for (const { table_name: table } of tables) {
      const columns = await q<{
        column_name: string;
        type: string;
        is_nullable: string;
        column_default: string | null;
      }>(
        `SELECT column_name, format_type(a.atttypid, a.atttypmod) AS type, is_nullable, column_default
         FROM information_schema.columns c JOIN pg_attribute a
           ON a.attrelid = format('%I', c.table_name)::regclass AND a.attname = c.column_name
         WHERE table_schema = 'public' AND table_name = $1`,
        [table],
      );
      const primary = await q<{ column: string }>(
        `SELECT a.attname AS column FROM pg_index i
         JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) ON true
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
         WHERE i.indrelid = format('%I', $1::text)::regclass AND i.indisprimary ORDER BY k.n`,
        [table],
      );
      const indexes = await q<{ name: string; unique: boolean; columns: string }>(
        `SELECT c.relname AS name, i.indisunique AS unique,
                (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum) AS columns
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         WHERE i.indrelid = format('%I', $1::text)::regclass AND NOT i.indisprimary`,
        [table],
      );
      const foreignKeys = await q<{ columns: string; target: string; targets: string; del: string; upd: string }>(
        `SELECT (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(f.conkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = k.attnum) AS columns,
                t.relname AS target,
                (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(f.confkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = f.confrelid AND a.attnum = k.attnum) AS targets,
                f.confdeltype AS del, f.confupdtype AS upd
         FROM pg_constraint f JOIN pg_class t ON t.oid = f.confrelid
         WHERE f.contype = 'f' AND f.conrelid = format('%I', $1::text)::regclass`,
        [table],
      );
      shape[table] = {
        columns: columns
          .map(
            (c) =>
              `${c.column_name} ${kind(c.type)} ${c.is_nullable === "NO" ? "not null" : "null"} ${normDefault(c.column_default)}`,
          )
          .sort(),
        primaryKey: primary.map((p) => p.column).join(","),
        indexes: indexes.map((i) => `${i.name} ${i.unique ? "unique" : ""}(${i.columns})`).sort(),
        foreignKeys: foreignKeys
          .map(
            (f) =>
              `(${f.columns}) -> ${f.target}(${f.targets}) delete ${ACTIONS[f.del] ?? f.del} update ${ACTIONS[f.upd] ?? f.upd}`,
          )
          .sort(),
      };
    }
    return shape;
  } finally {
    await client.end();
  }
}
