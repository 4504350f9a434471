/**
 * The digital shop's products (shared/shop/catalogue.ts) into ShopSku and ShopSkuLabel: inserted
 * when missing, refreshed when their definition changed, never touching `sales`. A product that
 * left the code is unlisted, not deleted: its owners keep what they bought. It writes the shop's
 * avatar models first (prisma/roles.ts SHOP_ROLES); the plan catalogue, which holds the shop
 * editions, must be seeded before it.
 */

import type { CatalogueTable } from "../infra/catalogue-cache.ts";
import type { Db } from "../infra/db.ts";
import { roleNamesColumn } from "../shared/json-column.ts";
import { catalogueItem } from "../shared/plan/catalogue.ts";
import { SHOP_CLASSIFICATIONS, SHOP_PRODUCTS, SHOP_TAGS, type ShopProduct, tagsOf } from "../shared/shop/catalogue.ts";
import { SHOP_ROLES, upsertRoles } from "./roles.ts";

/** Every name of the product and its labels, lower case: what a keyword is looked for in. */
export function searchTextOf(product: ShopProduct): string {
  const names: string[] = [];
  if (product.asset.kind === "item") {
    const item = catalogueItem(product.asset.id);
    if (!item) throw new Error(`shop product ${product.id}: no catalogue item ${product.asset.id}`);
    names.push(item.names.EN, item.names.ZH_CN, item.names.ZH_TN);
  } else {
    const role = SHOP_ROLES.find((r) => r.id === product.asset.id);
    if (!role) throw new Error(`shop product ${product.id}: no system role ${product.asset.id}`);
    const other = roleNamesColumn.decode(role.names);
    names.push(role.name, other.ZH_CN ?? "", other.ZH_TN ?? "");
  }
  const labels = [SHOP_CLASSIFICATIONS[product.classify], ...tagsOf(product).map((tag) => SHOP_TAGS[tag])];
  for (const texts of labels) names.push(texts.EN, texts.ZH_CN, texts.ZH_TN);
  return names.join("\n").toLowerCase();
}

const labelsOf = (product: ShopProduct) => [
  { kind: "classify", label: product.classify },
  ...tagsOf(product).map((tag) => ({ kind: "tag", label: tag })),
];

const labelKey = (labels: { kind: string; label: string }[]) =>
  labels
    .map((l) => `${l.kind}:${l.label}`)
    .sort()
    .join(",");

/** The shop's products and avatar models; answers the cached catalogue tables it changed (decision 038). */
export async function seedShop(db: Db): Promise<CatalogueTable[]> {
  const roles = await upsertRoles(db, SHOP_ROLES);
  const existing = new Map((await db.shopSku.findMany({ include: { labels: true } })).map((r) => [r.id, r]));
  const writes = [];
  for (const [featured, product] of SHOP_PRODUCTS.entries()) {
    const row = {
      id: product.id,
      itemId: product.asset.kind === "item" ? product.asset.id : null,
      roleId: product.asset.kind === "role" ? product.asset.id : null,
      priceCn: product.price.cn,
      priceIntl: product.price.intl,
      searchText: searchTextOf(product),
      featured,
      listedAt: new Date(`${product.listedAt}T00:00:00Z`),
      listed: true,
    };
    const labels = labelsOf(product);
    const current = existing.get(product.id);
    const same =
      current &&
      current.itemId === row.itemId &&
      current.roleId === row.roleId &&
      current.priceCn === row.priceCn &&
      current.priceIntl === row.priceIntl &&
      current.searchText === row.searchText &&
      current.featured === row.featured &&
      current.listedAt.getTime() === row.listedAt.getTime() &&
      current.listed &&
      labelKey(current.labels) === labelKey(labels);
    if (same) continue;
    writes.push(
      db.shopSku.upsert({ where: { id: row.id }, create: row, update: row }),
      db.shopSkuLabel.deleteMany({ where: { skuId: row.id } }),
      db.shopSkuLabel.createMany({ data: labels.map((l) => ({ skuId: row.id, ...l })) }),
    );
  }
  const known = new Set(SHOP_PRODUCTS.map((p) => p.id));
  const gone = [...existing.values()].filter((r) => !known.has(r.id) && r.listed).map((r) => r.id);
  if (gone.length) writes.push(db.shopSku.updateMany({ where: { id: { in: gone } }, data: { listed: false } }));
  if (writes.length) await db.$transaction(writes);
  return [...(roles ? (["Role"] as const) : []), ...(writes.length ? (["ShopSku"] as const) : [])];
}
