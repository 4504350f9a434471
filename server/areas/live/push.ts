/**
 * How an interaction reaches the studio and the OBS sources: one channel per user. In-process now
 * (an EventEmitter): every socket of a user is on the instance that fired the event only while
 * there is one instance. With several instances behind a balancer, put Redis pub/sub behind the
 * same interface (publish to `live:<userId>`, subscribe per connected user); nothing else changes.
 */
import { EventEmitter } from "node:events";
import type { LiveServerMessage } from "../../../shared/live.ts";

export interface LivePush {
  /** Sends to every socket of the user; answers how many listeners it reached here. */
  publish(userId: string, message: LiveServerMessage): number;
  subscribe(userId: string, listener: (message: LiveServerMessage) => void): () => void;
}

export function createLocalPush(): LivePush {
  const emitter = new EventEmitter();
  // one listener per open socket: a busy streamer may have the studio and two OBS scenes open
  emitter.setMaxListeners(0);
  return {
    publish(userId, message) {
      const count = emitter.listenerCount(userId);
      emitter.emit(userId, message);
      return count;
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
  };
}
