/** What the shop's 3D preview draws: the user's plan (or a showcase avatar) with the product put on. */
import { OUTFIT_SLOTS, PLAN_LIMITS } from "../../../shared/plan/catalogue.ts";
import type { ShopAsset, ShowcaseAvatar } from "../../../shared/schemas/shop.ts";
import type { PlanLook, PreviewItem } from "../../three/plan/types.ts";

/** The kinds the preview can show on the avatar; interactions and voices are not drawn. */
export const DRAWN_KINDS = ["outfit", "scene", "pet", "effect", "avatar"] as const;
export const isDrawn = (kind: string) => (DRAWN_KINDS as readonly string[]).includes(kind);

/** A bare showcase avatar: no outfit, scene, pet or effect. */
export function showcaseLook(avatar: ShowcaseAvatar): PlanLook {
  return {
    role: { sex: avatar.sex === 1 ? 1 : 2, faceParams: avatar.faceParams, appearance: avatar.appearance },
    outfits: [],
    scene: null,
    pets: [],
    effects: [],
  };
}

const slotOf = (item: PreviewItem) => (typeof item.look.slot === "string" ? item.look.slot : "");

/**
 * The look with the product on: an outfit replaces the one in its slot, a scene the scene, a pet
 * or an effect joins the others (the oldest leaves when the plan's limit is reached). An avatar
 * model is shown as itself, bare.
 */
export function withProduct(base: PlanLook, asset: ShopAsset, showcase: ShowcaseAvatar): PlanLook {
  if (asset.kind === "avatar") return showcaseLook(showcase);
  const item: PreviewItem = { id: asset.id, look: asset.look ?? {} };
  const others = (items: PreviewItem[]) => items.filter((i) => i.id !== item.id);
  switch (asset.kind) {
    case "outfit": {
      const outfits = [...base.outfits.filter((o) => slotOf(o) !== slotOf(item)), item];
      const order = (o: PreviewItem) => (OUTFIT_SLOTS as readonly string[]).indexOf(slotOf(o));
      return { ...base, outfits: outfits.sort((a, b) => order(a) - order(b)) };
    }
    case "scene":
      return { ...base, scene: item };
    case "pet":
      return { ...base, pets: [...others(base.pets), item].slice(-PLAN_LIMITS.pets) };
    case "effect":
      return { ...base, effects: [...others(base.effects), item].slice(-PLAN_LIMITS.effects) };
    default:
      return base;
  }
}
