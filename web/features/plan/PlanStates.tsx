import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function PlanLoading({ label }: { label: string }) {
  return (
    <div className="plan-loading" role="status" aria-busy="true">
      <span className="plan-loading__ring" aria-hidden="true" />
      {label}
    </div>
  );
}

/** A plan that cannot be opened (not the user's, deleted, no link): say so and lead to the list. */
export function PlanMissing({ title, body, onRetry }: { title: string; body: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page container plan-missing" data-testid="plan-missing">
      <h1 className="page__title">{title}</h1>
      <p className="page__subtitle">{body}</p>
      <div className="plan-missing__actions">
        <Link className="btn btn--primary" to="/workbench/myplan" data-testid="plan-to-list">
          {t("plan.toMyPlans")}
        </Link>
        {onRetry && (
          <button type="button" className="btn btn--ghost" onClick={onRetry}>
            {t("common.retry")}
          </button>
        )}
      </div>
    </div>
  );
}
