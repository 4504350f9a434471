import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { loadPageTexts } from "../../lib/i18n/index.ts";
import { applyPageMeta } from "../meta.ts";
import type { RouteHandle } from "../routes.ts";

/** The deepest matched route's table entry; the router provides it (router.tsx AppRoutes). */
export const PageDefContext = createContext<RouteHandle["def"] | undefined>(undefined);

/** Title, keywords, description and viewport of the deepest matched route, in the current language. */
export function usePageMeta(): void {
  // t changes identity when the language changes, so the effect re-runs then too.
  const { t, i18n } = useTranslation();
  const def = useContext(PageDefContext);

  useEffect(() => {
    if (!def) return;
    let current = true;
    const apply = () => {
      if (!current) return;
      const page = t(`titles.${def.title}`);
      const brand = t("common.brand");
      applyPageMeta({
        // The home title already leads with the brand.
        title: def.title === "home" ? page : `${page} · ${brand}`,
        keywords: def.meta && i18n.exists(`meta.${def.meta}.keywords`) ? t(`meta.${def.meta}.keywords`) : undefined,
        description: t(`meta.${def.meta ?? "default"}.description`),
        zoomable: def.zoomable === true,
      });
    };
    // The shell's own pages have their title in the shell's texts; every other page's comes with
    // the pages' texts (web/lib/i18n), which its route loads anyway.
    if (i18n.exists(`titles.${def.title}`)) apply();
    else loadPageTexts().then(apply, () => undefined);
    return () => {
      current = false;
    };
  }, [def, t, i18n]);
}
