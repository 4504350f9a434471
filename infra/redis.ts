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

/** Does a Redis answer at this URL within the time limit? */
export async function redisAnswers(url: string, timeoutMs = 500): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
