/** From the plan's answer to what the preview draws and plays (web/three/plan/types.ts). */
import { styleOfKind } from "../../../shared/avatar/index.ts";
import { OUTFIT_SLOTS, PLAN_LIMITS } from "../../../shared/plan/catalogue.ts";
import type { CatalogueRecord, PlanInfo } from "../../../shared/schemas/plans.ts";
import type { PlanLook, PreviewAction, PreviewItem } from "../../three/plan/types.ts";

const item = (record: CatalogueRecord): PreviewItem => ({ id: record.id, look: record.look });

/** The outfit slot an item fills: its look says it, its list type says it too. */
export function slotOf(record: CatalogueRecord): string {
  const slot = record.look.slot;
  return typeof slot === "string" ? slot : record.type;
}

/**
 * The standing look of a plan: the avatar, at most one outfit per slot (in slot order), the scene,
 * and the pets and effects up to their limits. Names and tiers stay behind: the preview draws looks.
 */
export function buildPlanLook(info: PlanInfo): PlanLook {
  const bySlot = new Map<string, CatalogueRecord>();
  for (const outfit of info.outfits) bySlot.set(slotOf(outfit), outfit);
  const outfits = OUTFIT_SLOTS.flatMap((slot) => {
    const worn = bySlot.get(slot);
    return worn ? [item(worn)] : [];
  });
  return {
    role: {
      sex: info.role.sex === 1 ? 1 : 2,
      faceParams: info.role.faceParams,
      appearance: info.role.appearance,
      style: styleOfKind(info.role.kind),
    },
    outfits,
    scene: info.scene ? item(info.scene) : null,
    pets: info.pets.slice(0, PLAN_LIMITS.pets).map(item),
    effects: info.effects.slice(0, PLAN_LIMITS.effects).map(item),
  };
}

/** What the preview plays for an action: sounds are not drawn (they play through an Audio element). */
export function previewActionOf(kind: string, record: Pick<CatalogueRecord, "look">): PreviewAction | null {
  if (kind === "expression" || kind === "motion" || kind === "effect") return { kind, look: record.look };
  return null;
}
