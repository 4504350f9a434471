import { use } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { loadPageTexts } from "../lib/i18n/index.ts";
import "./not-available.css";

/**
 * The honest state of a page that belongs to a later release: its title and a plain
 * "not available yet", never a fake screen.
 */
export function NotAvailable({ titleKey }: { titleKey: string }) {
  // the pages' titles come with the pages' texts (web/lib/i18n), which the shell may not have yet
  use(loadPageTexts());
  const { t } = useTranslation();
  return (
    <section className="not-available" data-testid="not-available">
      <h1 className="page__title">{t(`titles.${titleKey}`)}</h1>
      <div className="not-available__card card">
        <svg className="not-available__art" viewBox="0 0 96 96" aria-hidden="true">
          <circle cx="48" cy="48" r="44" fill="var(--accent-soft)" />
          <path
            d="M30 62h36M34 62V40l14-10 14 10v22"
            fill="none"
            stroke="var(--accent)"
            strokeWidth="4"
            strokeLinejoin="round"
          />
          <path d="M44 62V50h8v12" fill="none" stroke="var(--accent-2)" strokeWidth="4" strokeLinejoin="round" />
        </svg>
        <h2>{t("common.notAvailableTitle")}</h2>
        <p>{t("common.notAvailableBody")}</p>
        <p className="not-available__hint">{t("common.notAvailableHint")}</p>
        <Link className="btn btn--primary" to="/">
          {t("common.backHome")}
        </Link>
      </div>
    </section>
  );
}
