import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanSummary } from "../../../shared/schemas/plans.ts";
import { confirm } from "../../components/confirm/confirmStore.ts";
import { toast } from "../../components/toast/toastStore.ts";
import { HTML_LANG, messageText } from "../../lib/i18n/index.ts";
import { useLanguage } from "../../lib/session.ts";
import { useDeletePlans, useUsePlan } from "./api.ts";
import { keepListed, toggleSelected } from "./menu.ts";
import { PlanCard } from "./PlanCard.tsx";
import "./myplan.css";

/**
 * Plans as cards, with their actions: open, use, delete one, select and delete several. My
 * drafts shows a page of them; an avatar's detail page, the plans built on it.
 */
export function PlanGrid({
  records,
  label,
  onDeleted,
}: {
  records: PlanSummary[];
  /** The list's accessible name. */
  label: string;
  /** After a delete went through (My drafts steps back a page when its last plans went). */
  onDeleted?(ids: string[]): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const use = useUsePlan();
  const remove = useDeletePlans();
  const [selected, setSelected] = useState<Set<string>>(new Set());
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
      onDeleted?.(ids);
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
    <>
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
      <ul className="my-plan__grid" aria-label={label} data-testid="plan-list">
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
    </>
  );
}
