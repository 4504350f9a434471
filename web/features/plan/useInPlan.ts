/**
 * 'Use in a plan' (My purchases, the shop): put an item the user owns into one of their plans with
 * the plan calls the editor makes, then open that plan on the menu the item is picked from, so the
 * preview shows it and the panel lists it. A refusal (a full pet or effect layer) is toasted by the
 * API client and the plan still opens there, to make room.
 */
import { endpoints } from "../../../shared/endpoints.ts";
import type { PlanSummary } from "../../../shared/schemas/plans.ts";
import { call, request } from "../../lib/api.ts";
import { i18n } from "../../lib/i18n/index.ts";
import { planLink } from "../../lib/links.ts";
import { queryClient } from "../../lib/queryClient.ts";
import { useSession } from "../../lib/session.ts";
import { planInfoKey } from "./api.ts";
import { levelsOf, type MenuState, openMenu } from "./menu.ts";

/** A catalogue item as the shop names what it unlocks. */
export interface PlanItemRef {
  kind: string;
  type: string;
  id: string;
}

/** The plan editor's menu an item is picked from. */
export function menuOfItem(item: Pick<PlanItemRef, "kind" | "type">): MenuState {
  switch (item.kind) {
    case "outfit":
      return openMenu("outfit", item.type);
    case "scene":
      return openMenu("scene", item.type);
    case "pet":
      return openMenu("pets");
    case "effect":
      return openMenu("effects");
    case "interact":
      return openMenu("interaction", item.type);
    case "voice":
      return openMenu("sounds");
    default:
      return openMenu("avatar");
  }
}

async function addTo(planId: string, item: PlanItemRef) {
  switch (item.kind) {
    case "outfit":
      return call(endpoints.planWear, { body: { planId, attributeId: item.id } });
    case "scene":
      return call(endpoints.planScene, { body: { planId, sceneId: item.id } });
    case "voice":
      return call(endpoints.planUpdate, { body: { planId, voiceId: item.id } });
    case "pet":
    case "effect": {
      const info = await request(endpoints.planInfo, { query: { planId } });
      const ids = (item.kind === "pet" ? info.pets : info.effects).map((r) => r.id);
      if (ids.includes(item.id)) return;
      const next = [...ids, item.id];
      return item.kind === "pet"
        ? call(endpoints.planPets, { body: { planId, petIds: next } })
        : call(endpoints.planScene, { body: { planId, effectIds: next } });
    }
    // an interaction needs its action chosen: the form opens on its event
    default:
      return;
  }
}

/** Puts the item into the plan and answers the plan editor's address, opened on the item's menu. */
export async function putInPlan(
  plan: Pick<PlanSummary, "planId" | "roleId" | "roleType">,
  item: PlanItemRef,
): Promise<string> {
  try {
    await addTo(plan.planId, item);
  } catch {
    // toasted by the API client; the editor opens on the item's menu all the same
  }
  const name = (level: number, type: string) => i18n.t(level === 1 ? `plan.menus.${type}` : `plan.subs.${type}`);
  const session = useSession.getState();
  // the editor keeps the stored menu only for the plan it last showed: this one
  session.setCurrentPlan({ planId: plan.planId, roleId: plan.roleId, roleType: plan.roleType });
  session.setPlanMenuLevels(levelsOf(menuOfItem(item), name));
  await queryClient.invalidateQueries({ queryKey: planInfoKey(plan.planId) });
  return planLink({ planId: plan.planId, roleId: plan.roleId, avatarSex: plan.roleType });
}
