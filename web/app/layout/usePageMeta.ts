import { createContext, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { applyPageMeta } from "../meta.ts";
import type { RouteHandle } from "../routes.ts";

/** The deepest matched route's table entry; the router provides it (router.tsx AppRoutes). */
export const PageDefContext = createContext<RouteHandle["def"] | undefined>(undefined);

/** Title, keywords, description and viewport of the deepest matched route, in the current language. */
export function usePageMeta(): void {
  // t changes identity when the language changes, so the effect re-runs then too; and when texts
  // arrive (a page's title and metadata come with the pages' texts, after the shell's: web/lib/i18n).
  const { t, i18n } = useTranslation();
  const [textsAdded, setTextsAdded] = useState(0);
  useEffect(() => {
    const added = () => setTextsAdded((n) => n + 1);
    i18n.store.on("added", added);
    return () => i18n.store.off("added", added);
  }, [i18n]);
  const def = useContext(PageDefContext);

  useEffect(() => {
    // the title waits for its texts (textsAdded counts their arrivals)
    if (!def || textsAdded < 0 || !i18n.exists(`titles.${def.title}`)) return;
    const page = t(`titles.${def.title}`);
    const brand = t("common.brand");
    applyPageMeta({
      // The home title already leads with the brand.
      title: def.title === "home" ? page : `${page} · ${brand}`,
      keywords: def.meta && i18n.exists(`meta.${def.meta}.keywords`) ? t(`meta.${def.meta}.keywords`) : undefined,
      description: t(`meta.${def.meta ?? "default"}.description`),
      zoomable: def.zoomable === true,
    });
  }, [def, t, i18n, textsAdded]);
}
