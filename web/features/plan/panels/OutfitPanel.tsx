import { useTranslation } from "react-i18next";
import { useCatalogue, useWear } from "../api.ts";
import { CatalogueGrid } from "../CatalogueGrid.tsx";
import { slotOf } from "../planLook.ts";
import { usePlanStudio } from "../studioContext.ts";
import { useIntent } from "../useIntent.ts";

/** Outfit, one slot at a time: the worn item is pressed; a click wears it; 'none' takes the slot off. */
export function OutfitPanel({ slot }: { slot: string }) {
  const { t } = useTranslation();
  const { info, planId } = usePlanStudio();
  const list = useCatalogue("outfits", slot);
  const wear = useWear(planId);
  const saved = info.outfits.find((o) => slotOf(o) === slot) ?? null;
  const change = useIntent((id: string | null) => wear.mutateAsync(id ? { attributeId: id } : { slot }));
  const records = list.data?.records ?? [];
  const worn = change.intent ? (records.find((r) => r.id === change.intent?.value) ?? null) : saved;
  const slotName = t(`plan.subs.${slot}`);

  return (
    <div className="plan-panel__section" data-testid={`plan-outfit-${slot}`}>
      <p className="plan-panel__hint">
        {worn ? t("plan.outfit.wearing", { name: worn.name }) : t("plan.outfit.nothing", { slot: slotName })}
      </p>
      <CatalogueGrid
        label={slotName}
        records={records}
        loading={list.isPending}
        isOn={(r) => r.id === worn?.id}
        onPick={(r) => {
          if (r.id !== worn?.id) change.run(r.id);
        }}
        none={{
          on: worn === null,
          label: t("plan.none"),
          onPick: () => {
            if (worn) change.run(null);
          },
        }}
      />
    </div>
  );
}
