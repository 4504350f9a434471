/**
 * How an interaction reaches the studio and the OBS sources: one channel per user
 * (docs/decisions/035, 038). Two implementations behind one interface:
 * - in-process (no `REDIS_URL`): an EventEmitter; every socket of a user is on this instance;
 * - across instances (`REDIS_URL`): the same emitter for this instance's sockets, and the message
 *   published on the instance bus's channel `live:<userId>` (infra/bus.ts, under `QUEUE_PREFIX:`),
 *   which every instance hears through its one pattern subscription and hands to its own sockets
 *   of that user. A webhook landing on instance A reaches the studio or the OBS source on B; a key
 *   rotated on A closes B's sources at once.
 *
 * `publish` answers how many sockets the push reached. Across instances each instance keeps its
 * count of open sockets per user in a Redis hash (`QUEUE_PREFIX:live:sockets:<userId>`, one field
 * per instance: `count:expiresAt`), written when a socket opens or closes and refreshed every
 * 10 s; a crashed instance's field stops counting after 30 s.
 */
import { EventEmitter } from "node:events";
import type { InstanceBus } from "../../../infra/bus.ts";
import type { LiveServerMessage } from "../../../shared/live.ts";

export interface LivePush {
  /**
   * Sends to every socket of the user, on every instance. Answers how many sockets it reached;
   * never rejects (a Redis failure reaches this instance's sockets only, and is logged).
   */
  publish(userId: string, message: LiveServerMessage): Promise<number>;
  /**
   * Fire and forget, for the face relay's 30 frames a second: to every socket of the user on every
   * instance, like `publish`, but without counting the sockets reached (no Redis read per frame).
   */
  cast(userId: string, message: LiveServerMessage): void;
  subscribe(userId: string, listener: (message: LiveServerMessage) => void): () => void;
  close(): Promise<void>;
}

/** The bus channel prefix of live pushes: `live:<userId>`. */
export const LIVE_CHANNEL = "live:";
/** How long an instance's socket count is believed without a refresh. */
export const PRESENCE_TTL_MS = 30_000;
const PRESENCE_REFRESH_MS = 10_000;

function localEmitter() {
  const emitter = new EventEmitter();
  // one listener per open socket: a busy streamer may have the studio and two OBS scenes open
  emitter.setMaxListeners(0);
  return {
    count: (userId: string) => emitter.listenerCount(userId),
    emit(userId: string, message: LiveServerMessage) {
      const count = emitter.listenerCount(userId);
      emitter.emit(userId, message);
      return count;
    },
    on(userId: string, listener: (message: LiveServerMessage) => void) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
  };
}

export function createLocalPush(): LivePush {
  const local = localEmitter();
  return {
    publish: async (userId, message) => local.emit(userId, message),
    cast: (userId, message) => void local.emit(userId, message),
    subscribe: (userId, listener) => local.on(userId, listener),
    close: async () => {},
  };
}

export function createRedisPush(bus: InstanceBus, log?: { warn(obj: object, msg: string): void }): LivePush {
  const local = localEmitter();
  const redis = bus.commands;
  const presenceKey = (userId: string) => `${bus.prefix}:live:sockets:${userId}`;
  /** Users with sockets here, for the refresh. */
  const present = new Set<string>();
  let closed = false;

  const writePresence = (userId: string) => {
    if (closed) return;
    const count = local.count(userId);
    const key = presenceKey(userId);
    const write =
      count > 0
        ? redis
            .multi()
            .hset(key, bus.instanceId, `${count}:${Date.now() + PRESENCE_TTL_MS}`)
            .pexpire(key, PRESENCE_TTL_MS * 2)
            .exec()
        : redis.hdel(key, bus.instanceId);
    write.catch((error: Error) => log?.warn({ err: error.message }, "live push: socket count not written"));
  };
  const refresh = setInterval(() => {
    for (const userId of present) writePresence(userId);
  }, PRESENCE_REFRESH_MS);
  refresh.unref();

  /** Sockets of the user on the other instances, as they last reported. */
  async function elsewhere(userId: string): Promise<number> {
    try {
      const fields = await redis.hgetall(presenceKey(userId));
      const now = Date.now();
      let sum = 0;
      for (const [instance, value] of Object.entries(fields)) {
        if (instance === bus.instanceId) continue;
        const [count, until] = value.split(":").map(Number);
        if ((until ?? 0) > now) sum += count ?? 0;
      }
      return sum;
    } catch {
      return 0;
    }
  }

  const unlisten = bus.listen(LIVE_CHANNEL, (channel, body) => {
    local.emit(channel.slice(LIVE_CHANNEL.length), body as LiveServerMessage);
  });

  return {
    async publish(userId, message) {
      // this instance's sockets at once, in order; the others through Redis
      const here = local.emit(userId, message);
      const [, there] = await Promise.all([bus.publish(`${LIVE_CHANNEL}${userId}`, message), elsewhere(userId)]);
      return here + there;
    },
    cast(userId, message) {
      local.emit(userId, message);
      // bus.publish never rejects: a Redis failure loses this frame elsewhere, the next one follows
      void bus.publish(`${LIVE_CHANNEL}${userId}`, message);
    },
    subscribe(userId, listener) {
      const off = local.on(userId, listener);
      present.add(userId);
      writePresence(userId);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        off();
        if (local.count(userId) === 0) present.delete(userId);
        writePresence(userId);
      };
    },
    async close() {
      closed = true;
      clearInterval(refresh);
      unlisten();
      const writes = [...present].map((userId) => redis.hdel(presenceKey(userId), bus.instanceId).catch(() => 0));
      present.clear();
      await Promise.all(writes);
    },
  };
}
