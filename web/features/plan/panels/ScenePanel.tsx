import { useTranslation } from "react-i18next";
import { useCatalogue, useSceneAssembling } from "../api.ts";
import { CatalogueGrid } from "../CatalogueGrid.tsx";
import { usePlanStudio } from "../studioContext.ts";
import { useIntent } from "../useIntent.ts";

/** Backdrops and scenes: one at a time for the whole plan; the chosen one again (or 'none') clears it. */
export function ScenePanel({ type }: { type: string }) {
  const { t } = useTranslation();
  const { info, planId } = usePlanStudio();
  const list = useCatalogue("scenes", type);
  const assemble = useSceneAssembling(planId);
  const change = useIntent((sceneId: string | null) => assemble.mutateAsync({ sceneId }));
  const records = list.data?.records ?? [];
  // While a change is saving, show the scene asked for (it may belong to the other kind's list).
  const current = change.intent
    ? change.intent.value === null
      ? null
      : (records.find((r) => r.id === change.intent?.value) ?? info.scene)
    : info.scene;
  const set = (sceneId: string | null) => change.run(sceneId);

  return (
    <div className="plan-panel__section" data-testid={`plan-scene-${type}`}>
      <p className="plan-panel__hint">
        {current ? t("plan.scene.current", { name: current.name }) : t("plan.scene.hint")}
      </p>
      <CatalogueGrid
        label={t(`plan.subs.${type}`)}
        records={records}
        loading={list.isPending}
        isOn={(r) => r.id === current?.id}
        onPick={(r) => set(r.id === current?.id ? null : r.id)}
        none={{ on: current === null, label: t("plan.none"), onPick: () => current && set(null) }}
      />
    </div>
  );
}
