/**
 * Messages between the instances of one site, through Redis pub/sub (docs/decisions/038): the
 * catalogue caches' invalidations (infra/sql.ts) and the live studio's pushes
 * (server/areas/live/push.ts). Only with `REDIS_URL` set; without it nothing here is made and a
 * single instance keeps everything in its process, as before.
 *
 * Two connections: one publishes (and runs the few plain commands the users of the bus need), one
 * is in subscriber mode. Channels are under `QUEUE_PREFIX:` like the queues and the rate limits, so
 * sites sharing a Redis do not hear each other. Pub/sub delivers at most once and only to who is
 * subscribed at that moment: while the subscriber is disconnected, messages are lost. So the bus
 * says whether it is `healthy()` (subscribed now), and tells its users when it subscribed again
 * (`onResubscribed`): what they kept meanwhile may be stale.
 */

import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { oneShotRedis } from "./redis.ts";

export interface BusLog {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

export interface InstanceBus {
  /** This process's id: a message carries it, and its own messages are not handed back to it. */
  readonly instanceId: string;
  readonly prefix: string;
  /** Subscribed now: what other instances publish arrives. */
  healthy(): boolean;
  /** Publishes under the prefix; false when Redis refused or did not answer (never throws). */
  publish(channel: string, payload: object): Promise<boolean>;
  /** Messages on channels starting with `channelPrefix` (under the site prefix), from other instances. */
  listen(channelPrefix: string, listener: (channel: string, payload: unknown) => void): () => void;
  /** Called each time the subscription is (re)established: messages may have been missed before it. */
  onResubscribed(listener: () => void): () => void;
  /** The connection for plain commands (counters, hashes), shared with publishing. */
  readonly commands: Redis;
  close(): Promise<void>;
}

/** The envelope every message travels in. */
interface Envelope {
  from: string;
  body: unknown;
}

export function createInstanceBus(url: string, prefix: string, log?: BusLog): InstanceBus {
  const instanceId = randomUUID();
  const commands = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableAutoPipelining: true });
  commands.on("error", () => {});
  // Subscribed again by hand on every 'ready' (not ioredis's autoResubscribe), so that `healthy`
  // turns true only once Redis has acknowledged the subscription.
  const subscriber = new Redis(url, {
    connectTimeout: 500,
    autoResubscribe: false,
    maxRetriesPerRequest: null,
    // keep trying: while it is down the users of the bus fall back (the caches to their TTL)
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  const pattern = `${prefix}:bus:*`;
  const channelOf = (channel: string) => `${prefix}:bus:${channel}`;
  let subscribed = false;
  let closed = false;
  const listeners = new Set<{ prefix: string; listener: (channel: string, payload: unknown) => void }>();
  const resubscribed = new Set<() => void>();
  let lastError = "";

  subscriber.on("error", (error: Error) => {
    if (error.message !== lastError) log?.warn({ err: error.message }, "instance bus: Redis subscriber error");
    lastError = error.message;
  });
  subscriber.on("close", () => {
    subscribed = false;
  });
  subscriber.on("ready", () => {
    subscriber.psubscribe(pattern).then(
      () => {
        if (closed) return;
        subscribed = true;
        lastError = "";
        for (const listener of resubscribed) listener();
      },
      (error: Error) => log?.warn({ err: error.message }, "instance bus: subscribing failed"),
    );
  });
  subscriber.on("pmessage", (_pattern: string, fullChannel: string, text: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === instanceId) return;
    const channel = fullChannel.slice(`${prefix}:bus:`.length);
    for (const entry of listeners) {
      if (!channel.startsWith(entry.prefix)) continue;
      try {
        entry.listener(channel, envelope.body);
      } catch (error) {
        log?.warn({ err: error instanceof Error ? error.message : String(error), channel }, "instance bus listener");
      }
    }
  });

  return {
    instanceId,
    prefix,
    healthy: () => subscribed,
    async publish(channel, payload) {
      try {
        await commands.publish(channelOf(channel), JSON.stringify({ from: instanceId, body: payload }));
        return true;
      } catch (error) {
        log?.warn(
          { err: error instanceof Error ? error.message : String(error), channel },
          "instance bus: publish failed",
        );
        return false;
      }
    },
    listen(channelPrefix, listener) {
      const entry = { prefix: channelPrefix, listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    onResubscribed(listener) {
      resubscribed.add(listener);
      return () => resubscribed.delete(listener);
    },
    commands,
    async close() {
      closed = true;
      subscribed = false;
      listeners.clear();
      resubscribed.clear();
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        commands.quit().catch(() => commands.disconnect()),
      ]);
    },
  };
}

/** Resolves once the bus is subscribed, or false after `ms` (for boot and tests). */
export async function busReady(bus: InstanceBus, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!bus.healthy()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * One message from a process that is not an instance (the seed, `npm run content`): a connection
 * for this message only. False when Redis did not take it; the instances then see the change
 * when their subscription comes back (they drop what they kept) or, if it never went, not at all:
 * the caller says so.
 */
export async function publishOnce(url: string, prefix: string, channel: string, payload: object): Promise<boolean> {
  const client = oneShotRedis(url, 1000);
  try {
    await client.connect();
    await client.publish(`${prefix}:bus:${channel}`, JSON.stringify({ from: "script", body: payload }));
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
