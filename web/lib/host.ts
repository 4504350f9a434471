/**
 * The host application, when Avalive runs embedded (a micro-app, or framed by a host page):
 * instead of routing, some actions are messages to the host (spec section 2, "Embedded mode").
 */

declare global {
  interface Window {
    /** Set by the micro-app host framework when the page runs embedded. */
    __MICRO_APP_ENVIRONMENT__?: boolean;
    /** The micro-app framework's channel to the host. */
    microApp?: { dispatch(data: unknown): void };
  }
}

export type HostMessage =
  | { type: "editPlan"; data: { planId: string; roleId: string; roleType: string } }
  | { type: "editPerson"; data: { roleId: string; twoMenu?: string } }
  | { type: "noAuth"; data: { jump: string } }
  /** The idle rule's automatic exit (spec section 4): the host decides what leaving means. */
  | { type: "idleExit"; data: Record<string, never> };

export function isEmbedded(): boolean {
  if (window.__MICRO_APP_ENVIRONMENT__) return true;
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin parent: certainly framed
  }
}

/**
 * Tell the host; false when not embedded (the caller routes instead). A framed page posts to its
 * parent's origin only (taken from the referrer), never to "*".
 */
export function tellHost(message: HostMessage): boolean {
  if (!isEmbedded()) return false;
  if (window.microApp?.dispatch) {
    window.microApp.dispatch(message);
    return true;
  }
  let origin: string | null = null;
  try {
    origin = document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    origin = null;
  }
  if (!origin) return false;
  window.parent.postMessage(message, origin);
  return true;
}
