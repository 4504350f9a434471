/**
 * Render slots for cloud sessions (docs/decisions/037): at most `capacity` sessions render at once
 * on the whole site. Each busy slot is a lease (the session's id with an expiry): the instance
 * streaming the session renews it; one that crashes stops renewing and its slots free themselves
 * when their leases lapse, so nothing leaks.
 *
 * With REDIS_URL the leases are one sorted set in Redis (member: session id, score: expiry in ms
 * by Redis's own clock), changed only by Lua scripts, so taking a slot is one atomic step however
 * many instances ask at once. Without Redis (one instance) the same rule runs in memory.
 */
import { Redis } from "ioredis";

export interface RenderSlots {
  readonly capacity: number;
  /** Take (or renew) the session's slot; false when all are busy with other sessions. */
  acquire(sessionId: string): Promise<boolean>;
  /** Renew a held slot's lease (takes it again if it lapsed and one is free); false if none could be held. */
  renew(sessionId: string): Promise<boolean>;
  release(sessionId: string): Promise<void>;
  /** Slots busy now (leases not lapsed). */
  busy(): Promise<number>;
  close(): Promise<void>;
}

/** KEYS[1] the set; ARGV: id, capacity, lease ms. 1: held (new or renewed), 0: all busy. */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
redis.call('PEXPIRE', KEYS[1], lease)
return 1
`;

/** KEYS[1] the set. The number of leases not lapsed. */
const BUSY = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])
`;

export function createRedisSlots(url: string, key: string, capacity: number, leaseMs: number): RenderSlots {
  const client = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 2, lazyConnect: false });
  // failures surface on the calls (a start is then refused with an error); an unhandled 'error' would crash
  client.on("error", () => {});
  const acquire = async (id: string) =>
    capacity > 0 && (await client.eval(ACQUIRE, 1, key, id, capacity, leaseMs)) === 1;
  return {
    capacity,
    acquire,
    renew: acquire,
    async release(id) {
      await client.zrem(key, id);
    },
    async busy() {
      return Number(await client.eval(BUSY, 1, key));
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

export function createMemorySlots(capacity: number, leaseMs: number, now: () => number = Date.now): RenderSlots {
  const leases = new Map<string, number>();
  const prune = () => {
    const t = now();
    for (const [id, until] of leases) if (until <= t) leases.delete(id);
  };
  const acquire = async (id: string) => {
    prune();
    if (!leases.has(id) && leases.size >= capacity) return false;
    leases.set(id, now() + leaseMs);
    return true;
  };
  return {
    capacity,
    acquire,
    renew: acquire,
    async release(id) {
      leases.delete(id);
    },
    async busy() {
      prune();
      return leases.size;
    },
    async close() {
      leases.clear();
    },
  };
}
