/**
 * The avatar creator's frame protocol (the one the shut-down third-party creator spoke, which the
 * host page still expects): JSON messages {eventName, source, data} from the frame, and the
 * host's subscribe message {target, type: 'subscribe', eventName}. Either side may receive an
 * object or its JSON string. No three.js here: the host side (Cartoon face tab) imports this.
 */

export const CREATOR_SOURCE = "avalive-creator";
export const FRAME_READY = "v1.frame.ready";
export const AVATAR_EXPORTED = "v1.avatar.exported";

export interface FrameEvent {
  eventName: string;
  source: string;
  data: Record<string, unknown>;
}

export interface ExportedAvatar {
  url: string;
  userId: string;
  avatarId: string;
}

export interface SubscribeMessage {
  target: string;
  type: "subscribe";
  eventName: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An object, or a JSON string of one; anything else is null. */
function asObject(raw: unknown): Record<string, unknown> | null {
  if (typeof raw === "string") {
    try {
      const parsed: unknown = JSON.parse(raw);
      return isObject(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return isObject(raw) ? raw : null;
}

/** A message from the creator frame, or null if it is not one (other scripts post messages too). */
export function parseFrameEvent(raw: unknown): FrameEvent | null {
  const message = asObject(raw);
  if (!message || message.source !== CREATOR_SOURCE || typeof message.eventName !== "string") return null;
  return { eventName: message.eventName, source: CREATOR_SOURCE, data: isObject(message.data) ? message.data : {} };
}

/** The data of an export event, if complete. */
export function exportedAvatar(event: FrameEvent): ExportedAvatar | null {
  const { url, userId, avatarId } = event.data;
  if (typeof url !== "string" || url === "") return null;
  return {
    url,
    userId: typeof userId === "string" ? userId : "",
    avatarId: typeof avatarId === "string" ? avatarId : "",
  };
}

export const subscribeMessage = (eventName = "v1.**"): SubscribeMessage => ({
  target: CREATOR_SOURCE,
  type: "subscribe",
  eventName,
});

/** The host's subscribe message, as the frame receives it; null for anything else. */
export function parseSubscribe(raw: unknown): SubscribeMessage | null {
  const message = asObject(raw);
  if (!message || message.target !== CREATOR_SOURCE || message.type !== "subscribe") return null;
  if (typeof message.eventName !== "string" || message.eventName === "") return null;
  return { target: CREATOR_SOURCE, type: "subscribe", eventName: message.eventName };
}

/**
 * Whether a subscription pattern covers an event: dot-separated segments, '*' one segment,
 * '**' any number (so 'v1.**' is every v1 event).
 */
export function matchesSubscription(pattern: string, eventName: string): boolean {
  const p = pattern.split(".");
  const e = eventName.split(".");
  const match = (i: number, j: number): boolean => {
    if (i === p.length) return j === e.length;
    if (p[i] === "**")
      return (
        i === p.length - 1 || Array.from({ length: e.length - j + 1 }, (_, k) => j + k).some((k) => match(i + 1, k))
      );
    if (j === e.length) return false;
    return (p[i] === "*" || p[i] === e[j]) && match(i + 1, j + 1);
  };
  return match(0, 0);
}

export const frameEvent = (eventName: string, data: Record<string, unknown> = {}): FrameEvent => ({
  eventName,
  source: CREATOR_SOURCE,
  data,
});

/** What the host does with a message from the frame. */
export type HostAction =
  | { type: "subscribe"; message: SubscribeMessage }
  | { type: "exported"; avatar: ExportedAvatar }
  | { type: "ignore" };

export function hostReaction(raw: unknown): HostAction {
  const event = parseFrameEvent(raw);
  if (!event) return { type: "ignore" };
  if (event.eventName === FRAME_READY) return { type: "subscribe", message: subscribeMessage() };
  if (event.eventName === AVATAR_EXPORTED) {
    const avatar = exportedAvatar(event);
    return avatar ? { type: "exported", avatar } : { type: "ignore" };
  }
  return { type: "ignore" };
}

/**
 * The frame's side: events wait until the host has subscribed to them (as the original creator
 * did); frame.ready is always sent, since it is what asks the host to subscribe.
 */
export function createFrameOutbox(post: (event: FrameEvent) => void) {
  const patterns: string[] = [];
  const pending: FrameEvent[] = [];
  const covered = (name: string) => patterns.some((p) => matchesSubscription(p, name));
  return {
    send(event: FrameEvent) {
      if (event.eventName === FRAME_READY || covered(event.eventName)) post(event);
      else pending.push(event);
    },
    /** A message from the host; answers whether it was a subscription. */
    receive(raw: unknown): boolean {
      const sub = parseSubscribe(raw);
      if (!sub) return false;
      if (!patterns.includes(sub.eventName)) patterns.push(sub.eventName);
      for (let i = 0; i < pending.length; ) {
        const event = pending[i] as FrameEvent;
        if (covered(event.eventName)) {
          pending.splice(i, 1);
          post(event);
        } else i++;
      }
      return true;
    },
    get subscribed() {
      return patterns.length > 0;
    },
  };
}
