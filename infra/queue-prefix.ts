/**
 * The default Redis key prefix (queues, rate-limit counters, the instance bus), derived from the
 * database's identity when QUEUE_PREFIX is unset (docs/decisions/048): a random site id kept in the
 * database, hashed with the database's address. Servers on one database (the scaled profile) derive
 * the same prefix and share their jobs; servers on different databases (two checkouts, a demo beside
 * a test run) never see each other's jobs, even when one database is a copy of the other's file.
 */

import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import type { Db } from "./db.ts";
import { isPostgresUrl } from "./sql.ts";

const SITE_ID = "siteId";

/** This installation's site id, made once (two servers booting at once keep the first one written). */
export async function siteIdOf(db: Db): Promise<string> {
  const found = await db.siteSetting.findUnique({ where: { key: SITE_ID } });
  if (found) return found.value;
  await db.siteSetting.createMany({ data: [{ key: SITE_ID, value: randomBytes(16).toString("hex") }] }).catch(() => {
    // another server wrote it first: read theirs below
  });
  return (await db.siteSetting.findUniqueOrThrow({ where: { key: SITE_ID } })).value;
}

/** The database's address without credentials or options; a SQLite file by its absolute path. */
export function databaseIdentity(url: string): string {
  if (!isPostgresUrl(url)) return `file:${path.resolve(url.replace(/^file:/, "").split("?")[0] ?? "")}`;
  const parsed = new URL(url);
  return `postgres://${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}

export async function derivedQueuePrefix(db: Db, databaseUrl: string): Promise<string> {
  // an unmigrated database (a tool's, a unit test's) has no site id yet: its address alone then
  const siteId = await siteIdOf(db).catch(() => "");
  const digest = createHash("sha256")
    .update(`${siteId}\n${databaseIdentity(databaseUrl)}`)
    .digest("hex");
  return `avalive-${digest.slice(0, 16)}`;
}

/** Whether this server talks to Redis at all (otherwise no prefix is needed, and none is derived). */
export const usesRedis = (env: { REDIS_URL?: string; JOBS_MODE: string }) =>
  env.REDIS_URL !== undefined || env.JOBS_MODE !== "in-process";
