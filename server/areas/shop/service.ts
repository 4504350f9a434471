/**
 * The digital shop (docs/decisions/025): search, the filter lists, a product's detail, free claims,
 * the user's goods and shop orders. Paid products are ordered through the order service (kind
 * "item"), whose verified payment grants them exactly once (./grant.ts).
 */

import type { Prisma } from "../../../infra/generated/prisma/client.ts";
import type { Language } from "../../../shared/constants.ts";
import { appearanceColumn, catalogueLookColumn, faceParamsColumn } from "../../../shared/json-column.ts";
import type { OrderPageBody } from "../../../shared/schemas/orders.ts";
import type {
  MyGoodsPage,
  MyGoodsQuery,
  ShopLabelCount,
  ShopOrderPage,
  ShopSearchBody,
  ShopSkuDetail,
  ShopSkuPage,
} from "../../../shared/schemas/shop.ts";
import { findShopProduct, SHOP_CLASSIFICATIONS, SHOP_TAGS } from "../../../shared/shop/catalogue.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { createOrderService } from "../orders/service.ts";
import { ITEM_ENTITLEMENT } from "./access.ts";
import { grantItem } from "./grant.ts";
import { labelsOf, priceOf, SKU_INCLUDE, type SkuRow, toSkuRecord } from "./products.ts";

/** The system avatars that model items for visitors (and users without a plan): a woman, a man. */
const SHOWCASE = { female: "sys-f-01", male: "sys-m-01" } as const;

const refOf = (row: { itemId: string | null; roleId: string | null }) => (row.itemId ?? row.roleId) as string;

export function createShopService(deps: Pick<Deps, "db" | "reads" | "clock" | "env">) {
  const { db, clock, env } = deps;
  const site = env.SITE;
  const orders = createOrderService(deps);

  /** Which of these assets the user owns (none for a visitor). */
  async function ownedAmong(userId: string | null, refs: string[]): Promise<Set<string>> {
    if (!userId || refs.length === 0) return new Set();
    const rows = await db.entitlement.findMany({
      where: { userId, kind: ITEM_ENTITLEMENT, ref: { in: refs } },
      select: { ref: true },
    });
    return new Set(rows.map((r) => r.ref));
  }

  /** A listed product, or one the user owns (owners may still look at what they bought). */
  async function visibleSku(id: string, userId: string | null): Promise<SkuRow> {
    const row = await db.shopSku.findUnique({ where: { id }, include: SKU_INCLUDE });
    if (!row) throw new BizError("NOT_FOUND");
    if (!row.listed && !(await ownedAmong(userId, [refOf(row)])).has(refOf(row))) throw new BizError("NOT_FOUND");
    return row;
  }

  async function labelCounts(kind: "classify" | "tag"): Promise<Map<string, number>> {
    const groups = await db.shopSkuLabel.groupBy({
      by: ["label"],
      where: { kind, sku: { listed: true } },
      _count: { _all: true },
    });
    return new Map(groups.map((g) => [g.label, g._count._all]));
  }

  /** The avatar the 3D preview dresses: the model itself, or a showcase avatar of the voice's sex. */
  async function showcaseOf(row: SkuRow) {
    const male = row.item?.kind === "voice" && catalogueLookColumn.decode(row.item.look).sex === 1;
    const sex = male ? "male" : "female";
    const role = row.role ?? (await db.role.findUnique({ where: { id: SHOWCASE[sex] } }));
    if (!role) throw new BizError("NOT_FOUND");
    return {
      sex: role.sex,
      faceParams: faceParamsColumn.decodeOr(role.faceParams, {}),
      appearance: appearanceColumn.decodeOr(role.appearance, {}),
    };
  }

  async function detail(id: string, userId: string | null, language: Language): Promise<ShopSkuDetail> {
    const row = await visibleSku(id, userId);
    const owned = (await ownedAmong(userId, [refOf(row)])).has(refOf(row));
    const record = toSkuRecord(row, site, language, owned);
    return {
      ...record,
      description: findShopProduct(row.id)?.description[language] ?? "",
      images: record.unlocks.img ? [record.unlocks.img] : [],
      showcase: await showcaseOf(row),
    };
  }

  return {
    detail,

    async classifyList(language: Language): Promise<ShopLabelCount[]> {
      const counts = await labelCounts("classify");
      return Object.entries(SHOP_CLASSIFICATIONS).map(([id, names]) => ({
        id,
        name: names[language],
        count: counts.get(id) ?? 0,
      }));
    },

    async tagList(language: Language): Promise<ShopLabelCount[]> {
      const counts = await labelCounts("tag");
      return Object.entries(SHOP_TAGS).map(([id, names]) => ({
        id,
        name: names[language],
        count: counts.get(id) ?? 0,
      }));
    },

    /** Listed products matching every filter given, in the order asked, one page. */
    async search(body: ShopSearchBody, userId: string | null, language: Language): Promise<ShopSkuPage> {
      const keyword = body.keyword?.trim().toLowerCase();
      const where: Prisma.ShopSkuWhereInput = {
        listed: true,
        ...(keyword ? { searchText: { contains: keyword } } : {}),
        AND: [
          ...(body.classifyId ? [{ labels: { some: { kind: "classify", label: body.classifyId } } }] : []),
          ...(body.tagId ? [{ labels: { some: { kind: "tag", label: body.tagId } } }] : []),
        ],
      };
      const price = site === "cn" ? "priceCn" : "priceIntl";
      const orderBy: Prisma.ShopSkuOrderByWithRelationInput[] =
        body.sort === "newest"
          ? [{ listedAt: "desc" }, { featured: "asc" }]
          : body.sort === "price"
            ? [{ [price]: body.order ?? "asc" }, { featured: "asc" }]
            : [{ sales: "desc" }, { featured: "asc" }];
      const [rows, total] = await Promise.all([
        db.shopSku.findMany({
          where,
          include: SKU_INCLUDE,
          orderBy,
          skip: (body.page - 1) * body.limit,
          take: body.limit,
        }),
        db.shopSku.count({ where }),
      ]);
      const owned = await ownedAmong(userId, rows.map(refOf));
      return { records: rows.map((row) => toSkuRecord(row, site, language, owned.has(refOf(row)))), total };
    },

    /** A free product, once per user: a second claim is refused (the grant's key makes it so). */
    async claimFree(userId: string, id: string, language: Language): Promise<ShopSkuDetail> {
      const row = await visibleSku(id, userId);
      if (!row.listed) throw new BizError("NOT_FOUND");
      if (priceOf(row, site) !== 0) throw new BizError("SHOP_NOT_FREE");
      const granted = await db
        .$transaction((tx) =>
          grantItem(tx, { userId, skuId: row.id, source: "shop-free", sourceId: null, now: clock.now() }),
        )
        .catch((error: unknown) => {
          // a concurrent claim wrote the row between the check and the insert (a server database)
          if ((error as { code?: string }).code === "P2002") return false;
          throw error;
        });
      if (!granted) throw new BizError("SHOP_ALREADY_OWNED");
      return detail(id, userId, language);
    },

    /** The user's goods from the shop, newest first, optionally of one classification. */
    async myGoods(userId: string, query: MyGoodsQuery, language: Language): Promise<MyGoodsPage> {
      const inClass = query.classifyId
        ? (
            await db.shopSku.findMany({
              where: { labels: { some: { kind: "classify", label: query.classifyId } } },
              select: { itemId: true, roleId: true },
            })
          ).map(refOf)
        : null;
      const where: Prisma.EntitlementWhereInput = {
        userId,
        kind: ITEM_ENTITLEMENT,
        ...(inClass ? { ref: { in: inClass } } : {}),
      };
      const [rows, total] = await Promise.all([
        db.entitlement.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { ref: "asc" }],
          skip: (query.page - 1) * query.limit,
          take: query.limit,
        }),
        db.entitlement.count({ where }),
      ]);
      const refs = rows.map((r) => r.ref);
      const orderIds = rows.flatMap((r) => (r.source === "shop-order" && r.sourceId ? [r.sourceId] : []));
      const [skus, paid] = await Promise.all([
        db.shopSku.findMany({
          where: { OR: [{ itemId: { in: refs } }, { roleId: { in: refs } }] },
          include: SKU_INCLUDE,
        }),
        db.order.findMany({ where: { userId, id: { in: orderIds } }, select: { id: true, orderNo: true } }),
      ]);
      const skuOf = new Map(skus.map((s) => [refOf(s), s]));
      const orderNo = new Map(paid.map((o) => [o.id, o.orderNo]));
      const records = rows.flatMap((r) => {
        const sku = skuOf.get(r.ref);
        if (!sku) return [];
        const record = toSkuRecord(sku, site, language, true);
        return [
          {
            skuId: sku.id,
            name: record.name,
            classifications: labelsOf(sku, "classify", language),
            unlocks: record.unlocks,
            acquiredAt: r.createdAt.toISOString(),
            source: r.source === "shop-order" ? ("order" as const) : ("free" as const),
            orderNo: (r.sourceId && orderNo.get(r.sourceId)) || null,
          },
        ];
      });
      return { records, total };
    },

    /** The user's shop orders (kind item), in the spending record's shape with each one's product. */
    orderPage: (userId: string, body: OrderPageBody, language: Language): Promise<ShopOrderPage> =>
      orders.page(userId, body, language, "item"),
  };
}
