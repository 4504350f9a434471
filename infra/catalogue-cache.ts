/**
 * The catalogue values the hot reads keep in memory (`reads.cached`, infra/sql.ts; decisions 027,
 * 032, 038), the tables each is built from, and the message that tells every instance one of those
 * tables changed. Never per-user data.
 */

import { publishOnce } from "./bus.ts";

export type CatalogueTable = "Role" | "ShopSku";

/** Each cached value and the tables it is read from: a change to one of them drops the value. */
export const CACHED_TABLES = {
  /** The system avatars' list rows (the role list). */
  "roles.list": ["Role"],
  /** Which asset each shop SKU sells. */
  "shop.skuOf": ["ShopSku"],
} as const satisfies Record<string, readonly CatalogueTable[]>;

export type CacheKey = keyof typeof CACHED_TABLES;

/** The bus channel (infra/bus.ts) of catalogue changes; the message is `{tables}`. */
export const CATALOGUE_CHANNEL = "catalogue";

export interface CatalogueChange {
  tables: CatalogueTable[];
}

/** The cached values a change to these tables makes stale. */
export function keysOf(tables: readonly string[]): CacheKey[] {
  return (Object.keys(CACHED_TABLES) as CacheKey[]).filter((key) =>
    (CACHED_TABLES[key] as readonly string[]).some((table) => tables.includes(table)),
  );
}

/**
 * Tells the running instances that these tables changed (the seed, `npm run content`, run in their
 * own processes). Only with `REDIS_URL`: without it there is one instance, whose SQLite reader
 * sees every commit (`PRAGMA data_version`) and whose PostgreSQL reader keeps values 1 s.
 * Answers null without Redis, false when Redis did not take the message.
 */
export async function announceCatalogueChange(
  env: { REDIS_URL?: string; QUEUE_PREFIX: string },
  tables: readonly CatalogueTable[],
): Promise<boolean | null> {
  if (!env.REDIS_URL || tables.length === 0) return null;
  const change: CatalogueChange = { tables: [...tables] };
  return publishOnce(env.REDIS_URL, env.QUEUE_PREFIX, CATALOGUE_CHANNEL, change);
}
