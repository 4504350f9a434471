import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import "./status-page.css";

/**
 * Shown when a page crashes or its code fails to load (a stale chunk after a deploy, say).
 * The header is gone with the crashed layout, so this page stands alone.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    document.title = `${t("titles.error")} · ${t("common.brand")}`;
  }, [error, t]);
  return (
    <section className="status-page container" role="alert">
      <h1>{t("titles.error")}</h1>
      <p>{t("errorPage.body")}</p>
      <button type="button" className="btn btn--primary btn--lg" onClick={() => window.location.reload()}>
        {t("errorPage.reload")}
      </button>
    </section>
  );
}
