import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ToastHost } from "../../components/toast/ToastHost.tsx";
import { useUserInfoQuery } from "../../features/account/userSession.ts";
import { useSiteConfig } from "../../features/site/index.ts";
import { officialSiteTarget } from "../officialSite.ts";
import { PageShown } from "../pageShown.ts";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { ShellOverlays } from "./lazyParts.tsx";
import { ScrollRestoration } from "./ScrollRestoration.tsx";
import { usePageMeta } from "./usePageMeta.ts";
import "./layout.css";

/** The frame of every page: header, content, footer, and the shared overlays. */
export function RootLayout() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  useUserInfoQuery();
  usePageMeta();

  const officialSite = config.data?.officialSite ?? null;
  useEffect(() => {
    const target = officialSiteTarget(officialSite);
    if (target) window.location.replace(target);
  }, [officialSite]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t("common.skipToContent")}
      </a>
      <Header />
      <main id="main" className="main">
        {/* A page's chunk loads here. A navigation loads the next page's code before the address
            changes (guards.ts) and draws it at once; only a first load waits on an empty main
            (it keeps its height). */}
        <Suspense fallback={null}>
          <Outlet />
          <PageShown />
        </Suspense>
      </main>
      <Footer />
      <ToastHost />
      {/* the confirm dialog, the loading overlay and the idle notice, each loaded on first use */}
      <ShellOverlays />
      <ScrollRestoration />
    </>
  );
}
