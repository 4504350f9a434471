import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import "./status-page.css";

/** A real 404 for paths outside the route table. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="status-page container" data-testid="not-found">
      <p className="status-page__code" aria-hidden="true">
        {t("notFound.code")}
      </p>
      <h1>{t("titles.notFound")}</h1>
      <p>{t("notFound.body")}</p>
      <Link to="/" className="btn btn--primary btn--lg">
        {t("common.backHome")}
      </Link>
    </section>
  );
}
