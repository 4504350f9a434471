import { useEffect, useMemo } from "react";
import { createFrameOutbox, FRAME_READY, frameEvent } from "../../lib/frameProtocol.ts";

/** Opened with ?frameApi inside a frame: the page speaks the creator protocol to its parent. */
export function isFrameApi(search: string): boolean {
  return new URLSearchParams(search).has("frameApi") && typeof window !== "undefined" && window.parent !== window;
}

/**
 * The frame side: posts v1.frame.ready to the parent (addressed to its origin, which is ours:
 * the creator is served by the same site) and takes the host's subscribe message, from the
 * parent window and that origin only. Answers the outbox the page sends its events through.
 */
export function useFrameApi(enabled: boolean) {
  const outbox = useMemo(
    () => (enabled ? createFrameOutbox((event) => window.parent.postMessage(event, window.location.origin)) : null),
    [enabled],
  );
  useEffect(() => {
    if (!outbox) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== window.location.origin) return;
      outbox.receive(event.data);
    };
    window.addEventListener("message", onMessage);
    outbox.send(frameEvent(FRAME_READY));
    return () => window.removeEventListener("message", onMessage);
  }, [outbox]);
  return outbox;
}
