import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { loadPageTexts } from "../../lib/i18n/index.ts";
import { useSession } from "../../lib/session.ts";

// Its texts are the avatar pages' (not the shell's): they load beside its code, and so does
// TanStack Query, which its tabs use (the shell does not load it: docs/decisions/030).
const StartDesignDialog = lazy(() =>
  Promise.all([import("./StartDesignDialog.tsx"), import("../../lib/QueryProvider.tsx"), loadPageTexts()]).then(
    ([m, { QueryProvider }]) => ({
      default: () => (
        <QueryProvider>
          <m.StartDesignDialog />
        </QueryProvider>
      ),
    }),
  ),
);

/**
 * Mounted once under the router: shows the 'Start design' dialog while the session's start-design
 * flag is set (startDesign() sets it after the membership gate). Its code loads on first use.
 */
export function StartDesignHost() {
  const open = useSession((s) => s.startDesignOpen && s.token !== null);
  const { pathname } = useLocation();
  // Leaving the page (the dialog's own actions navigate) closes it.
  useEffect(() => {
    if (pathname) useSession.getState().setStartDesignOpen(false);
  }, [pathname]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StartDesignDialog />
    </Suspense>
  );
}
