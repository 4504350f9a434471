/**
 * Who may use what the shop sells (docs/decisions/025). A plan catalogue item or a system avatar
 * that a ShopSku sells is open only to its owners (an Entitlement of kind "item" naming it), whatever
 * their membership; everything else keeps the membership rule. Two small reads per call: the shop's
 * products (a few dozen rows) and what the user owns.
 */

import type { Db } from "../../../infra/db.ts";
import { EQUITY_LOCKED, EQUITY_OPEN } from "../../../shared/membership.ts";

/** The Entitlement kind of a shop item; its ref is the CatalogueItem or Role id. */
export const ITEM_ENTITLEMENT = "item";

export interface ShopAccess {
  /** Asset id (CatalogueItem or Role) → the SKU that sells it. */
  skuOf: ReadonlyMap<string, string>;
  /** Asset ids the user owns. */
  owned: ReadonlySet<string>;
}

/** For callers that never meet shop items (or tests of the membership rule alone). */
export const NO_SHOP: ShopAccess = { skuOf: new Map(), owned: new Set() };

export async function loadShopAccess(db: Db, userId: string | null): Promise<ShopAccess> {
  const [skus, owned] = await Promise.all([
    db.shopSku.findMany({ select: { id: true, itemId: true, roleId: true } }),
    userId
      ? db.entitlement.findMany({ where: { userId, kind: ITEM_ENTITLEMENT }, select: { ref: true } })
      : Promise.resolve([]),
  ]);
  const skuOf = new Map<string, string>();
  for (const sku of skus) {
    const ref = sku.itemId ?? sku.roleId;
    if (ref) skuOf.set(ref, sku.id);
  }
  return { skuOf, owned: new Set(owned.map((o) => o.ref)) };
}

/** A shop asset's equity (1 owned, 2 not), or null when the shop does not sell it. */
export function shopEquity(assetId: string, access: ShopAccess): 1 | 2 | null {
  if (!access.skuOf.has(assetId)) return null;
  return access.owned.has(assetId) ? EQUITY_OPEN : EQUITY_LOCKED;
}
