import { useTranslation } from "react-i18next";
import { PLAN_LIMITS } from "../../../../shared/plan/catalogue.ts";
import type { CatalogueRecord } from "../../../../shared/schemas/plans.ts";
import { toast } from "../../../components/toast/toastStore.ts";
import { useCatalogue, usePetsAssembling, useSceneAssembling } from "../api.ts";
import { CatalogueGrid } from "../CatalogueGrid.tsx";
import { toggleLimited } from "../menu.ts";
import { usePlanStudio } from "../studioContext.ts";
import { useIntent } from "../useIntent.ts";

/** A grid of toggles holding at most `max` (pets beside the avatar, effects layered over the scene). */
function ToggleGrid({
  kind,
  records,
  loading,
  chosen,
  max,
  onChange,
}: {
  kind: "pets" | "effects";
  records: readonly CatalogueRecord[];
  loading: boolean;
  chosen: readonly CatalogueRecord[];
  max: number;
  onChange(ids: string[]): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const change = useIntent(onChange);
  const ids = change.intent?.value ?? chosen.map((c) => c.id);
  return (
    <div className="plan-panel__section" data-testid={`plan-${kind}`}>
      <div className="plan-panel__row">
        <p className="plan-panel__hint">{t(`plan.${kind}.hint`, { max })}</p>
        <span className="plan-panel__count" aria-live="polite" data-testid={`plan-${kind}-count`}>
          {t("plan.chosenCount", { count: ids.length, max })}
        </span>
      </div>
      <CatalogueGrid
        label={t(`plan.menus.${kind}`)}
        records={records}
        loading={loading}
        isOn={(r) => ids.includes(r.id)}
        onPick={(r) => {
          const next = toggleLimited(ids, r.id, max);
          if (next.refused) toast.error(t(`plan.${kind}.limit`, { max }));
          else change.run(next.ids);
        }}
      />
    </div>
  );
}

export function PetsPanel() {
  const { info, planId } = usePlanStudio();
  const list = useCatalogue("pets");
  const assemble = usePetsAssembling(planId);
  return (
    <ToggleGrid
      kind="pets"
      records={list.data?.records ?? []}
      loading={list.isPending}
      chosen={info.pets}
      max={PLAN_LIMITS.pets}
      onChange={(petIds) => assemble.mutateAsync(petIds)}
    />
  );
}

export function EffectsPanel() {
  const { info, planId } = usePlanStudio();
  const list = useCatalogue("scenes", "effect");
  const assemble = useSceneAssembling(planId);
  return (
    <ToggleGrid
      kind="effects"
      records={list.data?.records ?? []}
      loading={list.isPending}
      chosen={info.effects}
      max={PLAN_LIMITS.effects}
      onChange={(effectIds) => assemble.mutateAsync({ effectIds })}
    />
  );
}
