// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_OVERDUE } from "../../shared/host/messages.ts";
import { toastStore } from "../components/toast/toastStore.ts";
import { ApiError, request } from "./api.ts";
import {
  type HostToAppMessage,
  hostMode,
  isEmbedded,
  listenToHost,
  resetHostBridge,
  setHostOrigins,
  takeTokenFromAddress,
  tellHost,
} from "./host.ts";
import { handOverLogout } from "./hostLogout.ts";
import { setNavigate } from "./navigation.ts";
import { useSession } from "./session.ts";

const message = { type: "editPlan", data: { planId: "p", roleId: "r", roleType: "2" } } as const;
const HOST = "https://host.example.com";

/** A window message as a browser delivers it, from `origin`. */
const arrive = (data: unknown, origin: string) => window.dispatchEvent(new MessageEvent("message", { data, origin }));

/** Framed by a page at `origin` (jsdom is never framed: the framing is faked). */
function framedBy(origin: string) {
  vi.spyOn(window, "top", "get").mockReturnValue({} as Window & typeof globalThis);
  vi.spyOn(document, "referrer", "get").mockReturnValue(`${origin}/studio?x=1`);
  return vi.spyOn(window.parent, "postMessage").mockImplementation(() => {});
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  window.__MICRO_APP_ENVIRONMENT__ = undefined;
  window.microApp = undefined;
  window.webkit = undefined;
  resetHostBridge();
  vi.restoreAllMocks();
});

describe("the mode", () => {
  it("is standalone on its own, and nothing is told (the caller routes)", () => {
    expect(hostMode()).toBe("standalone");
    expect(isEmbedded()).toBe(false);
    expect(tellHost(message)).toBe(false);
  });

  it("is ios when the wrapper registered its handler, before anything else", () => {
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { avalive: { postMessage } } };
    window.__MICRO_APP_ENVIRONMENT__ = true;
    expect(hostMode()).toBe("ios");
    expect(tellHost(message)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(message);
  });

  it("is not ios for another app's handlers", () => {
    window.webkit = { messageHandlers: { somethingElse: { postMessage: vi.fn() } } };
    expect(hostMode()).toBe("standalone");
  });

  it("dispatches through the micro-app channel when there is one", () => {
    const dispatch = vi.fn();
    window.__MICRO_APP_ENVIRONMENT__ = true;
    window.microApp = { dispatch };
    expect(hostMode()).toBe("micro-app");
    expect(tellHost(message)).toBe(true);
    expect(dispatch).toHaveBeenCalledWith(message);
  });
});

describe("telling a framing host", () => {
  it("posts to the framing page's origin only, once the allowed origins are known", () => {
    const post = framedBy(HOST);
    expect(hostMode()).toBe("frame");
    expect(tellHost(message)).toBe(true);
    expect(post).not.toHaveBeenCalled(); // waits for the configuration
    setHostOrigins([HOST]);
    expect(post).toHaveBeenCalledWith(message, HOST);
    expect(tellHost({ type: "pageLoad", data: { path: "/" } })).toBe(true);
    expect(post).toHaveBeenLastCalledWith({ type: "pageLoad", data: { path: "/" } }, HOST);
  });

  it("does not tell a framing page whose origin is not allowed", () => {
    const post = framedBy("https://host.example.com.evil");
    setHostOrigins([HOST]);
    expect(tellHost(message)).toBe(false);
    expect(post).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("https://host.example.com.evil"));
  });

  it("does not post anywhere when the parent's origin is unknown", () => {
    const post = framedBy(HOST);
    vi.spyOn(document, "referrer", "get").mockReturnValue("");
    setHostOrigins([HOST]);
    expect(tellHost(message)).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });
});

describe("messages from the host", () => {
  const token = { type: "token", data: { token: "t.o.k" } };

  it("takes them from an allowed origin, and from its own", () => {
    const got: HostToAppMessage[] = [];
    listenToHost((m) => got.push(m));
    setHostOrigins([HOST]);
    arrive(token, HOST);
    arrive({ type: "language", data: { language: "ZH_TN" } }, window.location.origin);
    expect(got).toEqual([token, { type: "language", data: { language: "ZH_TN" } }]);
  });

  it.each([
    ["another port", "https://host.example.com:8443"],
    ["a suffix", "https://host.example.com.evil"],
    ["another scheme", "http://host.example.com"],
    ["null", "null"],
  ])("ignores and logs %s", (_name, origin) => {
    const got: HostToAppMessage[] = [];
    listenToHost((m) => got.push(m));
    setHostOrigins([HOST]);
    arrive(token, origin);
    expect(got).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`"token" message from ${origin}`);
    expect(String(warn.mock.calls[0]?.[0])).not.toContain("t.o.k"); // the token itself is never logged
  });

  it("holds what arrives before the configuration, then decides", () => {
    const got: HostToAppMessage[] = [];
    listenToHost((m) => got.push(m));
    arrive(token, HOST);
    arrive(token, "https://evil.example");
    expect(got).toEqual([]);
    setHostOrigins([HOST]);
    expect(got).toEqual([token]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("trusts no host when none is configured", () => {
    const got: HostToAppMessage[] = [];
    listenToHost((m) => got.push(m));
    setHostOrigins([]);
    arrive(token, HOST);
    expect(got).toEqual([]);
  });

  it("stays quiet about messages that are not the protocol's", () => {
    const got: HostToAppMessage[] = [];
    listenToHost((m) => got.push(m));
    setHostOrigins([HOST]);
    arrive({ eventName: "v1.frame.ready", source: "avalive-creator", data: {} }, "https://evil.example");
    arrive("hello", HOST);
    expect(got).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("reads a micro-app container's data", () => {
    let listener: ((data: unknown) => void) | undefined;
    window.__MICRO_APP_ENVIRONMENT__ = true;
    window.microApp = {
      dispatch: vi.fn(),
      addDataListener: (l, autoTrigger) => {
        listener = l;
        if (autoTrigger) l({ token: "from-data", language: "EN" });
      },
    };
    const got: HostToAppMessage[] = [];
    listenToHost((m) => got.push(m));
    listener?.({ type: "pushRoute", data: { path: "/myplan" } });
    expect(got).toEqual([
      { type: "token", data: { token: "from-data" } },
      { type: "language", data: { language: "EN" } },
      { type: "pushRoute", data: { path: "/myplan" } },
    ]);
  });

  it("stops listening", () => {
    const got: HostToAppMessage[] = [];
    const stop = listenToHost((m) => got.push(m));
    setHostOrigins([HOST]);
    stop();
    arrive(token, HOST);
    expect(got).toEqual([]);
  });
});

describe("a token in the address", () => {
  it("is taken and removed from the address bar, the rest kept", () => {
    window.history.replaceState(null, "", "/myPerson?a=1&token=abc.def&b=2#top");
    expect(takeTokenFromAddress()).toBe("abc.def");
    expect(window.location.pathname + window.location.search + window.location.hash).toBe("/myPerson?a=1&b=2#top");
  });

  it("is removed even when it is not a token", () => {
    window.history.replaceState(null, "", "/?token=a%20b");
    expect(takeTokenFromAddress()).toBeNull();
    expect(window.location.search).toBe("");
  });

  it("is nothing without the parameter", () => {
    window.history.replaceState(null, "", "/plan?planId=1");
    expect(takeTokenFromAddress()).toBeNull();
    expect(window.location.search).toBe("?planId=1");
  });
});

describe("code 600 per mode", () => {
  it("standalone: the app routes as usual", () => {
    expect(handOverLogout()).toBe(false);
  });

  it("embedded: the host hears 'token overdue' once per token", () => {
    const dispatch = vi.fn();
    window.__MICRO_APP_ENVIRONMENT__ = true;
    window.microApp = { dispatch };
    useSession.getState().setToken("first");
    expect(handOverLogout()).toBe(true);
    expect(handOverLogout()).toBe(true);
    expect(dispatch.mock.calls).toEqual([[{ type: TOKEN_OVERDUE, data: {} }]]);
    useSession.getState().setToken("second");
    expect(handOverLogout()).toBe(true);
    expect(dispatch).toHaveBeenCalledTimes(2);
  });

  it("through the API client: the session ends, the host is told, nothing routes and no toast shows", async () => {
    const dispatch = vi.fn();
    const routed = vi.fn();
    setNavigate(routed);
    window.__MICRO_APP_ENVIRONMENT__ = true;
    window.microApp = { dispatch };
    useSession.getState().setToken("revoked");
    const answer = JSON.stringify({ code: 600, message: "Please log in again", data: null });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(answer, { headers: { "content-type": "application/json" } })),
    );
    const calls = await Promise.allSettled([request("/web-api/v1/a"), request("/web-api/v1/b")]);
    vi.unstubAllGlobals();
    expect(calls.map((c) => c.status === "rejected" && c.reason instanceof ApiError && c.reason.kind)).toEqual([
      "logout",
      "logout",
    ]);
    expect(useSession.getState().token).toBeNull();
    expect(dispatch.mock.calls).toEqual([[{ type: TOKEN_OVERDUE, data: {} }]]);
    expect(routed).not.toHaveBeenCalled();
    expect(toastStore.getState().toasts).toEqual([]);
  });

  it("iOS wrapper: logout with the reason", () => {
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { avalive: { postMessage } } };
    useSession.getState().setToken("third");
    expect(handOverLogout()).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: "logout", data: { reason: "tokenOverdue" } });
  });
});
