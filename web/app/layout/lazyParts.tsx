/**
 * The parts of the site's frame a logged-out visitor on the landing page never sees, loaded on
 * first use instead of with the shell (docs/decisions/030): the user's menu and the idle watch
 * (logged in only), the shared confirm dialog and the loading overlay (shown only when asked).
 * A part whose code has arrived is drawn at once, with no round through Suspense; and when the
 * page opens with a token, main.tsx waits for the logged-in parts with the texts, so a logged-in
 * user's first screen is drawn whole, as before.
 */

import { type ComponentType, Suspense, use } from "react";
import { useStore } from "zustand";
import { confirmStore } from "../../components/confirm/confirmStore.ts";
import { loadingStore } from "../../components/loading/loadingStore.ts";
import { useSession } from "../../lib/session.ts";

const Nothing: ComponentType = () => null;

interface LazyPart {
  Part: ComponentType;
  preload(): Promise<unknown>;
  loaded(): boolean;
}

function lazyPart(load: () => Promise<ComponentType>): LazyPart {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      // A failed download draws nothing; the next render asks again.
      () => {
        pending = null;
        return Nothing;
      },
    );
    return pending;
  };
  function Part() {
    const Component = loaded ?? use(preload());
    return <Component />;
  }
  return { Part, preload, loaded: () => loaded !== null };
}

const userMenu = lazyPart(() => import("./UserMenu.tsx").then((m) => m.UserMenu));
const idleWatch = lazyPart(() => import("../../components/idle/IdleWatch.tsx").then((m) => m.IdleWatch));
const confirmDialog = lazyPart(() => import("../../components/confirm/ConfirmDialog.tsx").then((m) => m.ConfirmDialog));
const loadingOverlay = lazyPart(() =>
  import("../../components/loading/LoadingOverlay.tsx").then((m) => m.LoadingOverlay),
);

/** The parts a logged-in user sees from the first screen on: main.tsx awaits them when there is a token. */
export function preloadLoggedIn(): Promise<unknown> | undefined {
  if (!useSession.getState().token) return undefined;
  return Promise.all([userMenu.preload(), idleWatch.preload()]);
}

/** The header's user menu (logged in only). */
export function UserMenu() {
  return (
    <Suspense fallback={null}>
      <userMenu.Part />
    </Suspense>
  );
}

/** Drawn once wanted, and kept once loaded (each part draws nothing itself while it has nothing to show). */
function Slot({ part, wanted }: { part: LazyPart; wanted: boolean }) {
  if (!wanted && !part.loaded()) return null;
  return (
    <Suspense fallback={null}>
      <part.Part />
    </Suspense>
  );
}

/** The shared overlays of the site's frame: the confirm dialog, the loading overlay, the idle notice. */
export function ShellOverlays() {
  const asking = useStore(confirmStore, (s) => s.queue.length > 0);
  const loading = useStore(loadingStore, (s) => s.count > 0);
  const token = useSession((s) => s.token);
  return (
    <>
      <Slot part={confirmDialog} wanted={asking} />
      <Slot part={loadingOverlay} wanted={loading} />
      <Slot part={idleWatch} wanted={token !== null} />
    </>
  );
}
