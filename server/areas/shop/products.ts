/** Shop products as the calls answer them: named in the request's language, priced for the site. */

import type { CatalogueItem, Role, ShopSku, ShopSkuLabel } from "../../../infra/generated/prisma/client.ts";
import type { Language, Site } from "../../../shared/constants.ts";
import { CURRENCY } from "../../../shared/orders.ts";
import type { ShopAsset, ShopLabel, ShopSkuRecord } from "../../../shared/schemas/shop.ts";
import { SHOP_CLASSIFICATIONS, SHOP_TAGS } from "../../../shared/shop/catalogue.ts";
import { mediaUrl } from "../files/service.ts";
import { toCatalogueRecord } from "../plans/catalogue.ts";
import { roleName } from "../roles/service.ts";

/** What every product read includes: the asset it unlocks and its labels. */
export const SKU_INCLUDE = { item: true, role: true, labels: true } as const;
export type SkuRow = ShopSku & { item: CatalogueItem | null; role: Role | null; labels: ShopSkuLabel[] };

export const priceOf = (row: Pick<ShopSku, "priceCn" | "priceIntl">, site: Site) =>
  site === "cn" ? row.priceCn : row.priceIntl;

/** The asset the product unlocks: a plan catalogue item, or an avatar model. */
export function assetOf(row: SkuRow, language: Language): ShopAsset {
  if (row.item) {
    const record = toCatalogueRecord(row.item, null, language);
    return {
      kind: record.kind,
      type: record.type,
      id: record.id,
      name: record.name,
      look: record.look,
      url: record.url,
      img: null,
      sex: null,
    };
  }
  if (row.role) {
    return {
      kind: "avatar",
      type: "avatar",
      id: row.role.id,
      name: roleName(row.role, language),
      look: null,
      url: null,
      img: row.role.imgKey ? mediaUrl(row.role.imgKey) : null,
      sex: row.role.sex,
    };
  }
  throw new Error(`shop product ${row.id} unlocks nothing`);
}

const CLASSIFY_ORDER = Object.keys(SHOP_CLASSIFICATIONS);
const TAG_ORDER = Object.keys(SHOP_TAGS);

export const classifyName = (id: string, language: Language) =>
  SHOP_CLASSIFICATIONS[id as keyof typeof SHOP_CLASSIFICATIONS]?.[language] ?? id;
export const tagName = (id: string, language: Language) => SHOP_TAGS[id as keyof typeof SHOP_TAGS]?.[language] ?? id;

/** A product's labels of one kind, in the catalogue's order, named. */
export function labelsOf(row: Pick<SkuRow, "labels">, kind: "classify" | "tag", language: Language): ShopLabel[] {
  const order = kind === "classify" ? CLASSIFY_ORDER : TAG_ORDER;
  const name = kind === "classify" ? classifyName : tagName;
  return row.labels
    .filter((l) => l.kind === kind)
    .map((l) => l.label)
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .map((id) => ({ id, name: name(id, language) }));
}

export function toSkuRecord(row: SkuRow, site: Site, language: Language, owned: boolean): ShopSkuRecord {
  const unlocks = assetOf(row, language);
  const price = priceOf(row, site);
  return {
    id: row.id,
    name: unlocks.name,
    classifications: labelsOf(row, "classify", language),
    tags: labelsOf(row, "tag", language),
    price,
    currency: CURRENCY[site].code,
    symbol: CURRENCY[site].symbol,
    free: price === 0,
    sales: row.sales,
    listedAt: row.listedAt.toISOString(),
    unlocks,
    owned,
  };
}
