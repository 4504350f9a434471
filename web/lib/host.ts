/**
 * The host of Avalive, when Avalive does not run on its own (spec sections 1, 2 "Embedded mode";
 * the protocol is shared/host/messages.ts, documented in docs/embedded.md). Some actions are then
 * messages to the host instead of routes, and the host may send messages (a token, a route).
 *
 * The mode, detected in this order every time it is asked (a host may set itself up late):
 *   ios        window.webkit.messageHandlers.avalive exists: the iOS wrapper's web view registered
 *              its handler. Messages go to it; native messages arrive as same-origin window messages.
 *   micro-app  window.__MICRO_APP_ENVIRONMENT__ is set: a micro-app container runs Avalive inside its
 *              page. Messages go through microApp.dispatch; its data (getData, addDataListener) comes in.
 *   frame      window.self !== window.top: a host page frames Avalive (which HOST_ORIGINS' CSP
 *              frame-ancestors allows). Messages are posted to the framing page's origin only.
 *   standalone none of these: routes as usual.
 *
 * Messages in are taken only from the configured host origins (HOST_ORIGINS, served in the site
 * config), matched exactly, or from Avalive's own origin (the iOS wrapper's native side, and our own
 * frames, which could write the token into storage anyway). Any other origin's protocol message is
 * ignored and logged. Until the configuration is known, messages both ways wait.
 */

import {
  type AppMessage,
  type HostToAppMessage,
  isAllowedOrigin,
  isTokenText,
  NATIVE_HANDLER,
  parseHostData,
  parseHostMessage,
  TOKEN_PARAM,
} from "../../shared/host/messages.ts";

export type { AppMessage, HostToAppMessage } from "../../shared/host/messages.ts";

interface NativeHandler {
  postMessage(message: unknown): void;
}

declare global {
  interface Window {
    /** Set by the micro-app host framework when the page runs embedded. */
    __MICRO_APP_ENVIRONMENT__?: boolean;
    /** The micro-app framework's channel to the host (micro-app's child API). */
    microApp?: {
      dispatch(data: unknown): void;
      getData?(): unknown;
      addDataListener?(listener: (data: unknown) => void, autoTrigger?: boolean): void;
      removeDataListener?(listener: (data: unknown) => void): void;
    };
    /** The iOS wrapper's web view (WKScriptMessageHandler). */
    webkit?: { messageHandlers?: Record<string, NativeHandler | undefined> };
  }
}

export type HostMode = "ios" | "micro-app" | "frame" | "standalone";

const nativeHandler = (): NativeHandler | null => window.webkit?.messageHandlers?.[NATIVE_HANDLER] ?? null;

export function hostMode(): HostMode {
  if (typeof window === "undefined") return "standalone";
  if (nativeHandler()) return "ios";
  if (window.__MICRO_APP_ENVIRONMENT__) return "micro-app";
  try {
    return window.self !== window.top ? "frame" : "standalone";
  } catch {
    return "frame"; // a cross-origin parent: certainly framed
  }
}

/** Anything but standalone: a host (or the iOS wrapper) is there to be told. */
export const isEmbedded = (): boolean => hostMode() !== "standalone";

/**
 * The framing page's origin: location.ancestorOrigins (Chromium, WebKit) is set by the browser and
 * survives a host's no-referrer policy; the referrer is the fallback.
 */
function parentOrigin(): string | null {
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

let allowed: readonly string[] | null = null;
const waitingOut: { message: AppMessage; target: string }[] = [];
const waitingIn: { message: HostToAppMessage; origin: string }[] = [];
const handlers = new Set<(message: HostToAppMessage) => void>();

const trusted = (origin: string): boolean =>
  origin === window.location.origin || (allowed !== null && isAllowedOrigin(origin, allowed));

function postToParent(message: AppMessage, target: string): boolean {
  if (!trusted(target)) {
    console.warn(`Avalive: not telling ${target} "${message.type}": not an allowed host origin (HOST_ORIGINS)`);
    return false;
  }
  window.parent.postMessage(message, target);
  return true;
}

/**
 * Tell the host; false when there is no host to tell (the caller routes instead). In a frame the
 * message goes to the framing page's origin, never to "*", and only when that origin is allowed.
 */
export function tellHost(message: AppMessage): boolean {
  switch (hostMode()) {
    case "ios":
      nativeHandler()?.postMessage(message);
      return true;
    case "micro-app":
      if (!window.microApp?.dispatch) return false;
      window.microApp.dispatch(message);
      return true;
    case "frame": {
      const target = parentOrigin();
      if (!target || target === "null") return false;
      if (allowed === null) {
        waitingOut.push({ message, target });
        return true;
      }
      return postToParent(message, target);
    }
    default:
      return false;
  }
}

function deliver(message: HostToAppMessage, origin: string): void {
  if (!trusted(origin)) {
    // the message's content (a token) is never logged
    console.warn(
      `Avalive: ignored a "${message.type}" message from ${origin || "(no origin)"}: not an allowed host origin`,
    );
    return;
  }
  for (const handle of handlers) handle(message);
}

function onWindowMessage(event: MessageEvent): void {
  const message = parseHostMessage(event.data);
  if (!message) return; // not ours: other scripts post messages too
  if (allowed === null) {
    if (waitingIn.length < 20) waitingIn.push({ message, origin: event.origin });
    return;
  }
  deliver(message, event.origin);
}

function onMicroAppData(data: unknown): void {
  // the container runs us inside its own page: its data needs no origin check
  for (const message of parseHostData(data)) for (const handle of handlers) handle(message);
}

/**
 * The host origins from the configuration (the site config's hostOrigins). Messages that waited
 * for it are delivered or refused now.
 */
export function setHostOrigins(origins: readonly string[]): void {
  allowed = [...origins];
  for (const { message, target } of waitingOut.splice(0)) postToParent(message, target);
  for (const { message, origin } of waitingIn.splice(0)) deliver(message, origin);
}

/** Receive the host's messages (window messages, and a micro-app container's data). Returns the stop. */
export function listenToHost(handle: (message: HostToAppMessage) => void): () => void {
  handlers.add(handle);
  if (handlers.size === 1) {
    window.addEventListener("message", onWindowMessage);
    window.microApp?.addDataListener?.(onMicroAppData, true);
  }
  return () => {
    handlers.delete(handle);
    if (handlers.size > 0) return;
    window.removeEventListener("message", onWindowMessage);
    window.microApp?.removeDataListener?.(onMicroAppData);
  };
}

/**
 * A token handed over in the address (`?token=`), removed from the address bar at once (it would
 * otherwise stay in the history, in bookmarks and in what the user copies). Call before the
 * router starts, so that its guards see the token.
 */
export function takeTokenFromAddress(): string | null {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(TOKEN_PARAM)) return null;
  const token = url.searchParams.get(TOKEN_PARAM);
  url.searchParams.delete(TOKEN_PARAM);
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  return isTokenText(token) ? token : null;
}

/** Back to the state of a fresh page (tests). */
export function resetHostBridge(): void {
  allowed = null;
  waitingOut.length = 0;
  waitingIn.length = 0;
  handlers.clear();
  window.removeEventListener("message", onWindowMessage);
}
