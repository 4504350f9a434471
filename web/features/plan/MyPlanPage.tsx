import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListState } from "../../components/list-state/ListState.tsx";
import { Pager } from "../../components/pager/Pager.tsx";
import { StartDesignButton } from "../../components/StartDesignButton.tsx";
import { HTML_LANG } from "../../lib/i18n/index.ts";
import { useLanguage } from "../../lib/session.ts";
import { usePlanList, usePlanStatistics } from "./api.ts";
import { PlanGrid } from "./PlanGrid.tsx";
import { pageCount } from "./planCounts.ts";
import "./myplan.css";

export const PLANS_PER_PAGE = 20;

/** /myplan and /workbench/myplan: the statistics, then the user's plans: open, use, delete. */
export function MyPlanPage({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const list = usePlanList(page, PLANS_PER_PAGE);
  const stats = usePlanStatistics();
  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, PLANS_PER_PAGE);
  // The last plans of the last page went: show the page before.
  const onDeleted = (ids: string[]) => {
    if (ids.length >= records.length && page > 1) setPage(page - 1);
  };

  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(HTML_LANG[language]) : "—");

  return (
    <div className={framed ? "my-plan" : "page container my-plan"} data-testid="my-plan">
      <div className="my-plan__head">
        <div>
          <h1 className="page__title">{t("titles.myplan")}</h1>
          <p className="page__subtitle">{t("myplan.subtitle")}</p>
        </div>
        <StartDesignButton className="btn btn--primary btn--lg">{t("avatars.startDesign")}</StartDesignButton>
      </div>

      <dl className="my-plan__stats card" aria-label={t("myplan.statsLabel")} data-testid="plan-stats">
        <div>
          <dt>{t("myplan.plans")}</dt>
          <dd data-testid="plan-stats-total">
            {stats.data ? t("myplan.plansValue", { total: stats.data.total, limit: stats.data.limit }) : "—"}
          </dd>
        </div>
        <div>
          <dt>{t("myplan.avatars")}</dt>
          <dd>{stats.data?.avatars ?? "—"}</dd>
        </div>
        <div>
          <dt>{t("myplan.interactions")}</dt>
          <dd>{stats.data?.interactions ?? "—"}</dd>
        </div>
        <div>
          <dt>{t("myplan.lastUpdated")}</dt>
          <dd>{date(stats.data?.lastUpdatedAt ?? null)}</dd>
        </div>
        <div className="my-plan__stat-used">
          <dt>{t("myplan.inUse")}</dt>
          <dd data-testid="plan-stats-used">{stats.data?.usedPlanName ?? t("myplan.noneInUse")}</dd>
        </div>
      </dl>

      <ListState
        query={list}
        isEmpty={total === 0}
        errorText={t("myplan.loadError")}
        empty={{
          title: t("myplan.empty"),
          body: t("myplan.emptyBody"),
          action: <StartDesignButton className="btn btn--primary">{t("avatars.startDesign")}</StartDesignButton>,
          testId: "my-plan-empty",
        }}
      >
        <PlanGrid records={records} label={t("titles.myplan")} onDeleted={onDeleted} />
        <Pager page={page} pages={pages} onPage={setPage} testId="plan-page" />
      </ListState>
    </div>
  );
}

/** The workbench's child: the same list inside the workbench frame. */
export function WorkbenchMyPlan() {
  return <MyPlanPage framed />;
}
