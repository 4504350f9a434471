/**
 * PostgreSQL for the integration suite (`npm run test:integration:pg`, TEST_DATABASE=postgres):
 * the global setup migrates one template database per run; each test file gets its own database
 * copied from it (CREATE DATABASE … TEMPLATE, a file copy on the server: about 0.1 s), dropped
 * when the file's app closes, and every database of the run is dropped at the end.
 */

import pg from "pg";

export const onPostgres = () => process.env.TEST_DATABASE === "postgres";

/** The server's maintenance database; the run's databases are made from here. */
export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** The URL of another database on the same server. */
export function pgUrl(database: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const ident = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
  return `"${name}"`;
};

export async function createDatabase(name: string, template?: string) {
  await adminQuery(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ""}`);
  // A test database need not survive a crash of the server: commits do not wait for the disk.
  // (Isolation and locking are unchanged; only durability is.)
  await adminQuery(`ALTER DATABASE ${ident(name)} SET synchronous_commit TO off`);
}

export async function dropDatabase(name: string) {
  await adminQuery(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
}

/** Drop every database whose name starts with `prefix` (what a run made, if a file did not close). */
export async function dropDatabases(prefix: string) {
  const rows = await adminQuery<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [
    prefix,
  ]);
  for (const { datname } of rows) await dropDatabase(datname);
}
