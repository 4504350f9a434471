import { describe, expect, it } from "vitest";
import { SHOP_ROLES, SYSTEM_ROLES } from "../../prisma/roles.ts";
import { searchTextOf } from "../../prisma/shop.ts";
import { CATALOGUE, catalogueItem } from "../../shared/plan/catalogue.ts";
import { SHOP_EDITIONS } from "../../shared/plan/editions.ts";
import {
  isFree,
  SHOP_CLASSIFICATIONS,
  SHOP_PRODUCTS,
  SHOP_SKU_PREFIX,
  SHOP_TAGS,
  tagsOf,
} from "../../shared/shop/catalogue.ts";

/** Which shop classification each plan catalogue kind belongs to. */
const CLASS_OF_KIND: Record<string, string> = {
  outfit: "outfit",
  scene: "scene",
  pet: "pet",
  effect: "effect",
  interact: "interaction",
  voice: "voice",
};

describe("the shop's catalogue", () => {
  it("sells every shop edition and every shop avatar model exactly once, and nothing else", () => {
    const assets = SHOP_PRODUCTS.map((p) => p.asset.id);
    expect(new Set(assets).size).toBe(assets.length);
    expect(new Set(SHOP_PRODUCTS.map((p) => p.id)).size).toBe(SHOP_PRODUCTS.length);
    expect(assets.sort()).toEqual([...SHOP_EDITIONS.map((e) => e.id), ...SHOP_ROLES.map((r) => r.id)].sort());
    // the editions are not membership items: no tier, and no id clashes with the catalogue
    const ids = CATALOGUE.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of SHOP_EDITIONS) expect(catalogueItem(e.id)?.tier).toBeNull();
    expect(SYSTEM_ROLES.some((r) => r.id.startsWith("shop-"))).toBe(false);
  });

  it("classifies each product by what it unlocks, prices it in whole minor units and names it for search", () => {
    for (const p of SHOP_PRODUCTS) {
      expect(p.id.startsWith(SHOP_SKU_PREFIX), p.id).toBe(true);
      const kind = p.asset.kind === "role" ? "avatar" : CLASS_OF_KIND[catalogueItem(p.asset.id)?.kind ?? ""];
      expect(p.classify, p.id).toBe(kind);
      expect(p.classify in SHOP_CLASSIFICATIONS).toBe(true);
      for (const tag of tagsOf(p)) expect(tag in SHOP_TAGS, `${p.id} ${tag}`).toBe(true);
      for (const price of [p.price.cn, p.price.intl]) expect(Number.isInteger(price) && price >= 0, p.id).toBe(true);
      // free on one site is free on both: a claim means the same everywhere
      expect(p.price.cn === 0, p.id).toBe(p.price.intl === 0);
      expect(p.listedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const text of Object.values(p.description)) expect(text.trim(), p.id).not.toBe("");
      expect(searchTextOf(p)).toBe(searchTextOf(p).toLowerCase());
    }
    expect(SHOP_PRODUCTS.filter(isFree).length).toBeGreaterThan(0);
    expect(searchTextOf(SHOP_PRODUCTS[0] as (typeof SHOP_PRODUCTS)[number])).toContain("霓虹夜光连帽衫");
  });
});
