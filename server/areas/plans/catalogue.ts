/** The plan catalogue as the list calls answer it: localised, with the caller's equityStatus. */

import { soundUrl } from "../../../shared/audio/index.ts";
import type { Language } from "../../../shared/constants.ts";
import { catalogueLookColumn, catalogueNamesColumn } from "../../../shared/json-column.ts";
import { equityStatus } from "../../../shared/membership.ts";
import type { CatalogueKind } from "../../../shared/plan/catalogue.ts";
import type { CatalogueRecord } from "../../../shared/schemas/plans.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { NO_SHOP, type ShopAccess, shopEquity } from "../shop/access.ts";

export interface CatalogueRow {
  id: string;
  kind: string;
  type: string;
  names: string;
  tier: string | null;
  look: string;
}

const AUDIBLE = new Set(["sound", "voice"]);

/**
 * An item as the lists answer it. Its equityStatus is the membership rule's, except for an item the
 * shop sells (docs/decisions/025): open to its owners only, and carrying the `skuId` to buy it by.
 */
export function toCatalogueRecord(
  row: CatalogueRow,
  vipType: string | null,
  language: Language,
  shop: ShopAccess = NO_SHOP,
): CatalogueRecord {
  const names = catalogueNamesColumn.decode(row.names);
  const sold = shopEquity(row.id, shop);
  const skuId = shop.skuOf.get(row.id);
  return {
    id: row.id,
    kind: row.kind,
    type: row.type,
    name: names[language] ?? names.EN,
    tier: row.tier,
    equityStatus: sold ?? equityStatus(row.tier, vipType),
    look: catalogueLookColumn.decode(row.look),
    url: AUDIBLE.has(row.kind) ? soundUrl(row.id) : null,
    ...(skuId ? { skuId } : {}),
  };
}

/** The caller's membership and what they own from the shop: what an item's equity depends on. */
export interface Equity {
  vip: string | null;
  /** A membership ended and not renewed: a locked item answers 1208 (renew) rather than 1201. */
  lapsed?: boolean;
  shop: ShopAccess;
}

export function createCatalogue({ db }: Pick<Deps, "db">) {
  return {
    /** One page of items of these kinds, optionally of one type, in catalogue order. */
    async page(
      kinds: readonly CatalogueKind[],
      query: { type?: string; page: number; limit: number },
      equity: Equity,
      language: Language,
    ) {
      const where = { kind: { in: [...kinds] }, ...(query.type ? { type: query.type } : {}) };
      const [rows, total] = await Promise.all([
        db.catalogueItem.findMany({
          where,
          orderBy: { sort: "asc" },
          skip: (query.page - 1) * query.limit,
          take: query.limit,
        }),
        db.catalogueItem.count({ where }),
      ]);
      return { records: rows.map((row) => toCatalogueRecord(row, equity.vip, language, equity.shop)), total };
    },

    /**
     * The items with these ids, each of one of these kinds and open to the caller: an unknown id
     * (or one of another kind) is not found, one above the membership is locked, one the shop sells
     * and the caller does not own is locked with the shop's message. Answers them in the order
     * asked, without repeats.
     */
    async usable(ids: readonly string[], kinds: readonly CatalogueKind[], equity: Equity) {
      const unique = [...new Set(ids)];
      const rows = await db.catalogueItem.findMany({ where: { id: { in: unique } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return unique.map((id) => {
        const row = byId.get(id);
        if (!row || !kinds.includes(row.kind as CatalogueKind)) throw new BizError("NOT_FOUND");
        const sold = shopEquity(row.id, equity.shop);
        if (sold === 2) throw new BizError("SHOP_ITEM_LOCKED");
        if (sold === null && equityStatus(row.tier, equity.vip) !== 1)
          throw new BizError(equity.lapsed ? "MEMBERSHIP_EXPIRED" : "LOCKED");
        return row;
      });
    },
  };
}
