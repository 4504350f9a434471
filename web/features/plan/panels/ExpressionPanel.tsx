import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PLAN_LIMITS } from "../../../../shared/plan/catalogue.ts";
import type { CatalogueRecord } from "../../../../shared/schemas/plans.ts";
import { toast } from "../../../components/toast/toastStore.ts";
import { messageText } from "../../../lib/i18n/index.ts";
import { useAddExpression, useCatalogue, useDeleteExpressions, useExpressionList } from "../api.ts";
import { CatalogueGrid } from "../CatalogueGrid.tsx";
import { keepListed, toggleSelected } from "../menu.ts";
import { previewActionOf } from "../planLook.ts";
import { attempt, usePlanStudio } from "../studioContext.ts";
import { CheckList, PlayButton } from "./CheckList.tsx";

/**
 * Expressions: a click tries one on the avatar; 'Add' puts it in the plan's list, which the live
 * stream plays from; the list deletes a selection.
 */
export function ExpressionPanel() {
  const { t } = useTranslation();
  const { info, planId, play } = usePlanStudio();
  const catalogue = useCatalogue("outfits", "expression");
  const list = useExpressionList(planId);
  const add = useAddExpression(planId);
  const remove = useDeleteExpressions(planId);
  const [picked, setPicked] = useState<CatalogueRecord | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const expressions = list.data ?? info.expressions;
  const chosen = keepListed(selected, expressions);
  const added = picked !== null && expressions.some((e) => e.attribute.id === picked.id);
  const full = expressions.length >= PLAN_LIMITS.expressions;

  const tryOn = (record: CatalogueRecord) => {
    setPicked(record);
    const action = previewActionOf("expression", record);
    if (action) play(action);
  };
  const onAdd = async () => {
    if (!picked || added) return;
    if (full) {
      toast.error(t("plan.expression.limit", { max: PLAN_LIMITS.expressions }));
      return;
    }
    await attempt(add.mutateAsync(picked.id));
  };
  const onDelete = async () => {
    if (chosen.size === 0) {
      toast.error(messageText("selectionRequired"));
      return;
    }
    if (await attempt(remove.mutateAsync([...chosen]))) setSelected(new Set());
  };

  return (
    <div className="plan-panel__section">
      <p className="plan-panel__hint">{t("plan.expression.hint")}</p>
      <CatalogueGrid
        label={t("plan.menus.expression")}
        records={catalogue.data?.records ?? []}
        loading={catalogue.isPending}
        isOn={(r) => r.id === picked?.id}
        onPick={tryOn}
        testId="expression-catalogue"
      />
      <div className="plan-panel__bar">
        <span className="plan-panel__picked">
          {picked ? t("plan.expression.picked", { name: picked.name }) : t("plan.expression.pickFirst")}
        </span>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="plan-expression-add"
          disabled={!picked || added || add.isPending}
          onClick={onAdd}
        >
          {added ? t("plan.expression.added") : t("plan.expression.add")}
        </button>
      </div>

      <CheckList
        title={t("plan.expression.listTitle", { count: expressions.length, max: PLAN_LIMITS.expressions })}
        empty={t("plan.expression.empty")}
        testId="plan-expressions"
        deleteTestId="plan-expressions-delete"
        items={expressions.map((e) => ({
          id: e.id,
          label: e.attribute.name,
          record: e.attribute,
          extra: (
            <PlayButton
              label={t("plan.play", { name: e.attribute.name })}
              onClick={() => tryOn(e.attribute)}
              testId={`plan-expression-play-${e.id}`}
            />
          ),
        }))}
        selected={chosen}
        onToggle={(id) => setSelected(toggleSelected(chosen, id))}
        onDelete={onDelete}
        deleting={remove.isPending}
      />
    </div>
  );
}
