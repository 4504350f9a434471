/** The digital shop: payloads and answers (docs/api.md "Shop"; docs/decisions/025). */

import type { Static } from "typebox";
import * as Type from "typebox";
import { JsonObject, Page } from "./common.ts";
import { OrderRow } from "./orders.ts";
import { AppearanceSchema, FaceParamsSchema } from "./roles.ts";

const Label = Type.String({ minLength: 1, maxLength: 32 });

export const ShopIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type ShopIdParams = Static<typeof ShopIdParams>;

/** A classification or a tag, named in the request's language. */
export const ShopLabel = Type.Object({ id: Type.String(), name: Type.String() });
export type ShopLabel = Static<typeof ShopLabel>;

/** The filter lists: each label with how many listed products carry it. */
export const ShopLabelCount = Type.Object({ id: Type.String(), name: Type.String(), count: Type.Integer() });
export type ShopLabelCount = Static<typeof ShopLabelCount>;

export const ShopSearchBody = Type.Object({
  /** Matched in the names of the product and its labels, in every language, ignoring case. */
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
  classifyId: Type.Optional(Label),
  tagId: Type.Optional(Label),
  sort: Type.Union([Type.Literal("hot"), Type.Literal("newest"), Type.Literal("price")], { default: "hot" }),
  /** For price: low to high (asc, the default) or high to low. */
  order: Type.Optional(Type.Union([Type.Literal("asc"), Type.Literal("desc")])),
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 48, default: 12 }),
});
export type ShopSearchBody = Static<typeof ShopSearchBody>;

/**
 * What a product unlocks: a plan catalogue item (kind outfit, scene, pet, effect, interact or voice,
 * with its list `type` and `look`) or an avatar model (kind avatar, with its portrait and sex).
 */
export const ShopAsset = Type.Object({
  kind: Type.String(),
  type: Type.String(),
  id: Type.String(),
  name: Type.String(),
  look: Type.Union([JsonObject, Type.Null()]),
  /** Voices: the sample to play. */
  url: Type.Union([Type.String(), Type.Null()]),
  /** Avatar models: the portrait. */
  img: Type.Union([Type.String(), Type.Null()]),
  sex: Type.Union([Type.Integer(), Type.Null()]),
});
export type ShopAsset = Static<typeof ShopAsset>;

export const ShopSkuRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  classifications: Type.Array(ShopLabel),
  tags: Type.Array(ShopLabel),
  /** In the site currency's smallest unit (fen or cents); 0 when free. */
  price: Type.Integer(),
  currency: Type.Union([Type.Literal("CNY"), Type.Literal("USD")]),
  symbol: Type.String(),
  free: Type.Boolean(),
  /** How many users own it through the shop ('hot' sorts by it). */
  sales: Type.Integer(),
  listedAt: Type.String({ format: "date-time" }),
  unlocks: ShopAsset,
  /** Whether the caller owns it (false for visitors). */
  owned: Type.Boolean(),
});
export type ShopSkuRecord = Static<typeof ShopSkuRecord>;

export const ShopSkuPage = Type.Object({ records: Type.Array(ShopSkuRecord), total: Type.Integer() });
export type ShopSkuPage = Static<typeof ShopSkuPage>;

/** An avatar the 3D preview can dress: the product's own for avatar models, a showcase one otherwise. */
export const ShowcaseAvatar = Type.Object({
  sex: Type.Integer(),
  faceParams: FaceParamsSchema,
  appearance: AppearanceSchema,
});
export type ShowcaseAvatar = Static<typeof ShowcaseAvatar>;

export const ShopSkuDetail = Type.Object({
  ...ShopSkuRecord.properties,
  description: Type.String(),
  /** Raster pictures (an avatar model's portrait); items are drawn from `unlocks.look`. */
  images: Type.Array(Type.String()),
  showcase: ShowcaseAvatar,
});
export type ShopSkuDetail = Static<typeof ShopSkuDetail>;

export const MyGoodsQuery = Type.Object({
  classifyId: Type.Optional(Label),
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 48, default: 12 }),
});
export type MyGoodsQuery = Static<typeof MyGoodsQuery>;

export const MyGoodsRecord = Type.Object({
  skuId: Type.String(),
  name: Type.String(),
  classifications: Type.Array(ShopLabel),
  unlocks: ShopAsset,
  acquiredAt: Type.String({ format: "date-time" }),
  /** order: bought; free: claimed. */
  source: Type.Union([Type.Literal("order"), Type.Literal("free")]),
  orderNo: Type.Union([Type.String(), Type.Null()]),
});
export type MyGoodsRecord = Static<typeof MyGoodsRecord>;

export const MyGoodsPage = Type.Object({ records: Type.Array(MyGoodsRecord), total: Type.Integer() });
export type MyGoodsPage = Static<typeof MyGoodsPage>;

export const ShopOrderRow = Type.Object({ ...OrderRow.properties, skuId: Type.String() });
export type ShopOrderRow = Static<typeof ShopOrderRow>;

export const ShopOrderPage = Type.Object({ records: Type.Array(ShopOrderRow), total: Type.Integer() });
export type ShopOrderPage = Static<typeof ShopOrderPage>;
