import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanSummary } from "../../../shared/schemas/plans.ts";
import { confirm } from "../../components/confirm/confirmStore.ts";
import { ListState } from "../../components/list-state/ListState.tsx";
import { Pager } from "../../components/pager/Pager.tsx";
import { StartDesignButton } from "../../components/StartDesignButton.tsx";
import { toast } from "../../components/toast/toastStore.ts";
import { HTML_LANG, messageText } from "../../lib/i18n/index.ts";
import { useLanguage } from "../../lib/session.ts";
import { useDeletePlans, usePlanList, usePlanStatistics, useUsePlan } from "./api.ts";
import { keepListed, toggleSelected } from "./menu.ts";
import { PlanCard } from "./PlanCard.tsx";
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
  const use = useUsePlan();
  const remove = useDeletePlans();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, PLANS_PER_PAGE);
  const chosen = keepListed(
    selected,
    records.map((r) => ({ id: r.planId })),
  );

  const run = async (work: Promise<{ message: string }>) => {
    try {
      toast.success((await work).message);
      return true;
    } catch {
      return false;
    }
  };
  const deletePlans = async (ids: string[], message: string) => {
    const ok = await confirm({
      title: t("myplan.deleteTitle"),
      message,
      confirmText: t("myplan.delete"),
      danger: true,
    });
    if (!ok) return;
    if (await run(remove.mutateAsync(ids))) {
      setSelected(new Set());
      // The last plan of the last page went: show the page before.
      if (ids.length >= records.length && page > 1) setPage(page - 1);
    }
  };
  const onDeleteSelected = () => {
    if (chosen.size === 0) {
      toast.error(messageText("selectionRequired"));
      return;
    }
    void deletePlans([...chosen], t("myplan.deleteSelectedMessage", { count: chosen.size }));
  };
  const onDelete = (plan: PlanSummary) =>
    void deletePlans([plan.planId], t("myplan.deleteMessage", { name: plan.name }));
  const allOnPage = records.length > 0 && chosen.size === records.length;

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
        <div className="my-plan__toolbar">
          <label className="my-plan__select-all">
            <input
              type="checkbox"
              checked={allOnPage}
              onChange={() => setSelected(allOnPage ? new Set() : new Set(records.map((r) => r.planId)))}
              data-testid="plan-select-all"
            />
            {t("myplan.selectAll")}
          </label>
          <span className="my-plan__selected" aria-live="polite">
            {chosen.size > 0 && t("myplan.selected", { count: chosen.size })}
          </span>
          <button
            type="button"
            className="btn btn--ghost my-plan__delete"
            onClick={onDeleteSelected}
            disabled={remove.isPending}
            data-testid="plan-delete-selected"
          >
            {t("myplan.deleteSelected")}
          </button>
        </div>
        <ul className="my-plan__grid" aria-label={t("titles.myplan")} data-testid="plan-list">
          {records.map((plan) => (
            <PlanCard
              key={plan.planId}
              plan={plan}
              updated={date(plan.updatedAt)}
              selected={chosen.has(plan.planId)}
              onSelect={() => setSelected(toggleSelected(chosen, plan.planId))}
              onUse={() => void run(use.mutateAsync(plan.planId))}
              using={use.isPending}
              onDelete={() => onDelete(plan)}
            />
          ))}
        </ul>
        <Pager page={page} pages={pages} onPage={setPage} testId="plan-page" />
      </ListState>
    </div>
  );
}

/** The workbench's child: the same list inside the workbench frame. */
export function WorkbenchMyPlan() {
  return <MyPlanPage framed />;
}
