import { describe, expect, it, vi } from "vitest";
import {
  AVATAR_EXPORTED,
  CREATOR_SOURCE,
  createFrameOutbox,
  FRAME_READY,
  frameEvent,
  hostReaction,
  matchesSubscription,
  parseFrameEvent,
  parseSubscribe,
  subscribeMessage,
} from "./frameProtocol.ts";

const exported = { url: "/media/cartoon-1.glb", userId: "u1", avatarId: "a1" };

describe("parseFrameEvent", () => {
  it("accepts objects and JSON strings from the creator", () => {
    const ready = { eventName: FRAME_READY, source: CREATOR_SOURCE, data: {} };
    expect(parseFrameEvent(ready)).toEqual(ready);
    expect(parseFrameEvent(JSON.stringify(ready))).toEqual(ready);
  });

  it("ignores other sources, broken JSON and non-objects", () => {
    expect(parseFrameEvent({ eventName: FRAME_READY, source: "someone-else", data: {} })).toBeNull();
    expect(parseFrameEvent("{not json")).toBeNull();
    expect(parseFrameEvent("42")).toBeNull();
    expect(parseFrameEvent(null)).toBeNull();
    expect(parseFrameEvent([1, 2])).toBeNull();
    expect(parseFrameEvent({ source: CREATOR_SOURCE })).toBeNull();
  });

  it("defaults missing data to an empty object", () => {
    expect(parseFrameEvent({ eventName: "v1.x", source: CREATOR_SOURCE })?.data).toEqual({});
  });
});

describe("hostReaction", () => {
  it("subscribes to v1.** when the frame is ready", () => {
    expect(hostReaction({ eventName: FRAME_READY, source: CREATOR_SOURCE, data: {} })).toEqual({
      type: "subscribe",
      message: { target: CREATOR_SOURCE, type: "subscribe", eventName: "v1.**" },
    });
  });

  it("takes an export with its url, userId and avatarId (object or string)", () => {
    const event = frameEvent(AVATAR_EXPORTED, exported);
    expect(hostReaction(event)).toEqual({ type: "exported", avatar: exported });
    expect(hostReaction(JSON.stringify(event))).toEqual({ type: "exported", avatar: exported });
  });

  it("ignores an export without a url, unknown events and foreign messages", () => {
    expect(hostReaction(frameEvent(AVATAR_EXPORTED, { userId: "u1" }))).toEqual({ type: "ignore" });
    expect(hostReaction(frameEvent(AVATAR_EXPORTED, { url: 5 }))).toEqual({ type: "ignore" });
    expect(hostReaction(frameEvent("v1.user.set", {}))).toEqual({ type: "ignore" });
    expect(hostReaction({ eventName: AVATAR_EXPORTED, source: "evil", data: exported })).toEqual({ type: "ignore" });
  });
});

describe("subscriptions", () => {
  it("parses the host's subscribe message, object or string", () => {
    expect(parseSubscribe(subscribeMessage())).toEqual(subscribeMessage());
    expect(parseSubscribe(JSON.stringify(subscribeMessage("v1.avatar.*")))?.eventName).toBe("v1.avatar.*");
    expect(parseSubscribe({ target: "other", type: "subscribe", eventName: "v1.**" })).toBeNull();
    expect(parseSubscribe({ target: CREATOR_SOURCE, type: "unsubscribe", eventName: "v1.**" })).toBeNull();
  });

  it("matches * (one segment) and ** (any number)", () => {
    expect(matchesSubscription("v1.**", "v1.avatar.exported")).toBe(true);
    expect(matchesSubscription("v1.**", "v1.frame.ready")).toBe(true);
    expect(matchesSubscription("v1.**", "v2.avatar.exported")).toBe(false);
    expect(matchesSubscription("v1.avatar.*", "v1.avatar.exported")).toBe(true);
    expect(matchesSubscription("v1.avatar.*", "v1.user.set")).toBe(false);
    expect(matchesSubscription("v1.*", "v1.avatar.exported")).toBe(false);
    expect(matchesSubscription("v1.avatar.exported", "v1.avatar.exported")).toBe(true);
  });
});

describe("createFrameOutbox (the frame side)", () => {
  it("always sends frame.ready, holds other events until the host subscribes", () => {
    const post = vi.fn();
    const outbox = createFrameOutbox(post);
    outbox.send(frameEvent(FRAME_READY));
    outbox.send(frameEvent(AVATAR_EXPORTED, exported));
    expect(post.mock.calls.map(([e]) => e.eventName)).toEqual([FRAME_READY]);
    expect(outbox.receive({ hello: 1 })).toBe(false);
    expect(outbox.receive(JSON.stringify(subscribeMessage()))).toBe(true);
    expect(post.mock.calls.map(([e]) => e.eventName)).toEqual([FRAME_READY, AVATAR_EXPORTED]);
    expect(post.mock.calls[1]?.[0]).toEqual({ eventName: AVATAR_EXPORTED, source: CREATOR_SOURCE, data: exported });
    outbox.send(frameEvent(AVATAR_EXPORTED, exported));
    expect(post).toHaveBeenCalledTimes(3);
  });

  it("keeps events the subscription does not cover", () => {
    const post = vi.fn();
    const outbox = createFrameOutbox(post);
    outbox.send(frameEvent(AVATAR_EXPORTED, exported));
    outbox.receive(subscribeMessage("v1.user.*"));
    expect(post).not.toHaveBeenCalled();
    outbox.receive(subscribeMessage("v1.avatar.exported"));
    expect(post).toHaveBeenCalledTimes(1);
  });
});
