/** Redis connections for both processes: the server's job runner and the worker. */

import type { ConnectionOptions } from "bullmq";
import { Redis } from "ioredis";

export const LOCAL_REDIS_URL = "redis://127.0.0.1:6379";

/** A redis:// or rediss:// URL as BullMQ connection options. */
export function redisOptions(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === "rediss:" ? {} : undefined,
  };
}

/**
 * A client for one quick exchange: it connects when asked (`connect()`), gives up after
 * `timeoutMs`, never retries nor queues commands while down, and keeps its errors to the caller.
 */
export function oneShotRedis(url: string, timeoutMs: number): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  return client;
}

/** Does a Redis answer at this URL within the time limit? */
export async function redisAnswers(url: string, timeoutMs = 500): Promise<boolean> {
  const client = oneShotRedis(url, timeoutMs);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * A connection for the rate-limit counters shared by every instance (@fastify/rate-limit's Redis
 * store). Short timeouts and one retry, as the plugin advises: a slow Redis must not hold requests.
 */
export function rateLimitRedis(url: string): Redis {
  const client = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableAutoPipelining: true });
  // Errors surface on the requests (and are skipped there); an unhandled 'error' event would crash.
  client.on("error", () => {});
  return client;
}
