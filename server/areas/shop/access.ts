/**
 * Who may use what the shop sells (docs/decisions/025). A plan catalogue item or a system avatar
 * that a ShopSku sells is open only to its owners (an Entitlement of kind "item" naming it), whatever
 * their membership; everything else keeps the membership rule. Two small reads per call: the shop's
 * products (a few dozen rows) and what the user owns.
 */

import type { SqlReader } from "../../../infra/sql.ts";
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

/** What the shop sells and what the user owns: on the read connection, as the plan and role reads ask it (decision 027). */
export async function loadShopAccess(reads: SqlReader, userId: string | null): Promise<ShopAccess> {
  const [skuOf, owned] = await Promise.all([
    reads.cached("shop.skuOf", async (r) => {
      const map = new Map<string, string>();
      for (const sku of await r.all<{ id: string; itemId: string | null; roleId: string | null }>(
        'SELECT "id", "itemId", "roleId" FROM "ShopSku"',
      )) {
        const ref = sku.itemId ?? sku.roleId;
        if (ref) map.set(ref, sku.id);
      }
      return map as ReadonlyMap<string, string>;
    }),
    userId
      ? reads.all<{ ref: string }>(
          'SELECT "ref" FROM "Entitlement" WHERE "userId" = ? AND "kind" = ?',
          userId,
          ITEM_ENTITLEMENT,
        )
      : [],
  ]);
  return { skuOf, owned: new Set(owned.map((o) => o.ref)) };
}

/** A shop asset's equity (1 owned, 2 not), or null when the shop does not sell it. */
export function shopEquity(assetId: string, access: ShopAccess): 1 | 2 | null {
  if (!access.skuOf.has(assetId)) return null;
  return access.owned.has(assetId) ? EQUITY_OPEN : EQUITY_LOCKED;
}
