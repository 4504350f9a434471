import { useEffect } from "react";
import { useLocation } from "react-router";

type Listener = (path: string) => void;
const listeners = new Set<Listener>();

/** Hear each page once it is on screen, its code loaded (the host's pageLoad/pageChange, hostBridge.ts). */
export function onPageShown(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Placed beside the routed page inside the same Suspense boundary: React commits it only together
 * with the page, so its effect runs once the page's chunk has arrived and the page is drawn.
 */
export function PageShown(): null {
  const { pathname, search } = useLocation();
  useEffect(() => {
    for (const listener of listeners) listener(pathname + search);
  }, [pathname, search]);
  return null;
}
