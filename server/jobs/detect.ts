import { Redis } from "ioredis";

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

export const LOCAL_REDIS_URL = "redis://127.0.0.1:6379";
