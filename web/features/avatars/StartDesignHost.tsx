import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { loadPageTexts } from "../../lib/i18n/index.ts";
import { useSession } from "../../lib/session.ts";

// Its texts are the avatar pages' (not the shell's): they load beside its code.
const StartDesignDialog = lazy(() =>
  Promise.all([import("./StartDesignDialog.tsx"), loadPageTexts()]).then(([m]) => ({ default: m.StartDesignDialog })),
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
