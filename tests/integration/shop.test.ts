/**
 * The digital shop (issue 14, docs/decisions/025) against the real app: search with each filter
 * and sort, the filter lists, a product's detail, free claims, a paid purchase through the card
 * sandbox adapter (exactly once under 50 concurrent notifications), owner scoping, and the plan
 * editor's and Start design's gating of what the shop sells.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { seedShop } from "../../prisma/shop.ts";
import * as card from "../../server/payments/card.ts";
import { loadPaymentKeys } from "../../server/payments/keys.ts";
import { ORDER_STATUS } from "../../shared/orders.ts";
import { isFree, SHOP_CLASSIFICATIONS, SHOP_PRODUCTS, SHOP_TAGS } from "../../shared/shop/catalogue.ts";
import { P1, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let intl: TestApp;
let cn: TestApp;
beforeAll(async () => {
  [intl, cn] = await Promise.all([makeTestApp({ SITE: "intl" }), makeTestApp({ SITE: "cn" })]);
  for (const t of [intl, cn]) {
    await seedRoles(t.db);
    await seedCatalogue(t.db);
    await seedShop(t.db);
  }
});
afterAll(async () => {
  await Promise.all([intl?.close(), cn?.close()]);
});

type User = Awaited<ReturnType<TestApp["user"]>>;
interface Sku {
  id: string;
  name: string;
  price: number;
  free: boolean;
  owned: boolean;
  sales: number;
  listedAt: string;
  currency: string;
  symbol: string;
  classifications: { id: string; name: string }[];
  tags: { id: string; name: string }[];
  unlocks: { kind: string; type: string; id: string; name: string };
}

const B = `${V1}/base`;
const HOODIE = "shop.outfit.neon-hoodie";
const HOODIE_ITEM = "outfit.neon-hoodie";
const FREE_TEE = "shop.outfit.sunset-tee";
const SKYE = "shop.avatar.f-01";

const search = async (t: TestApp, body: object, token?: string, language = "EN") => {
  const req = t.request.post(`${P1}/shop/sku/search`).set("language", language);
  const res = await (token ? req.set("authorization", token) : req).send(body);
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data as { records: Sku[]; total: number };
};
const ids = (records: { id: string }[]) => records.map((r) => r.id);
const item = (t: TestApp, id: string, token?: string, language = "EN") => {
  const req = t.request.get(`${P1}/shop/sku/item/${id}`).set("language", language);
  return token ? req.set("authorization", token) : req;
};
const claim = (t: TestApp, user: User, id: string, language = "EN") =>
  t.request.post(`${V1}/shop/pay/free/${id}`).set("authorization", user.token).set("language", language);
const post = (t: TestApp, user: User, path: string, body: object = {}) =>
  t.request.post(path).set("authorization", user.token).send(body);
const get = (t: TestApp, user: User, path: string) => t.request.get(path).set("authorization", user.token);
const order = (t: TestApp, user: User, body: object) =>
  t.request.put(`${V1}/order/create`).set("authorization", user.token).send(body);

/** Buys a product on the international site: an order, then the card processor's signed event. */
async function buy(user: User, skuId: string) {
  const res = await order(intl, user, { skuId, channel: "card" });
  expect(res.body.code, res.body.message).toBe(200);
  const o = res.body.data as { orderId: string; orderNo: string; amount: number; currency: string };
  const event = card.sandboxEvent(o, "paid", loadPaymentKeys(intl.env).card.webhookSecret, new Date());
  const paid = await intl.request.post(`${P1}/pay/notify/card`).set(event.headers).send(event.body);
  expect(paid.body).toEqual({ received: true });
  return o;
}

describe("the filter lists", () => {
  it("list every classification and tag with its number of products, localised", async () => {
    const classify = await intl.request.get(`${P1}/shop/classify/getList`).set("language", "ZH_CN");
    expect(classify.body.code).toBe(200);
    expect(classify.body.data).toEqual(
      Object.entries(SHOP_CLASSIFICATIONS).map(([id, names]) => ({
        id,
        name: names.ZH_CN,
        count: SHOP_PRODUCTS.filter((p) => p.classify === id).length,
      })),
    );
    const tags = (await intl.request.get(`${P1}/shop/tag/getList`)).body.data as { id: string; count: number }[];
    expect(tags.map((t) => t.id)).toEqual(Object.keys(SHOP_TAGS));
    expect(tags.find((t) => t.id === "free")?.count).toBe(SHOP_PRODUCTS.filter(isFree).length);
    expect(tags.find((t) => t.id === "cyber")?.count).toBe(
      SHOP_PRODUCTS.filter((p) => p.tags.includes("cyber")).length,
    );
  });
});

describe("search", () => {
  it("answers every listed product, hot first (the catalogue's order while nothing has sold), paged", async () => {
    const first = await search(intl, { page: 1, limit: 12 });
    expect(first.total).toBe(SHOP_PRODUCTS.length);
    expect(ids(first.records)).toEqual(SHOP_PRODUCTS.slice(0, 12).map((p) => p.id));
    const second = await search(intl, { sort: "hot", page: 2, limit: 12 });
    expect(ids(second.records)).toEqual(SHOP_PRODUCTS.slice(12, 24).map((p) => p.id));
    const hoodie = first.records.find((r) => r.id === HOODIE);
    expect(hoodie).toMatchObject({
      name: "Neon night hoodie",
      price: 299,
      currency: "USD",
      symbol: "$",
      free: false,
      owned: false,
      classifications: [{ id: "outfit", name: "Outfits" }],
      tags: [
        { id: "streamer", name: "Streamer picks" },
        { id: "cyber", name: "Neon & cyber" },
      ],
      unlocks: { kind: "outfit", type: "top", id: HOODIE_ITEM, name: "Neon night hoodie" },
    });
  });

  it("finds by keyword in any language, ignoring case, in names and labels", async () => {
    expect(ids((await search(intl, { keyword: "HOODIE" })).records)).toEqual([HOODIE]);
    expect(ids((await search(intl, { keyword: "锦鲤" })).records)).toEqual(["shop.pet.koi"]);
    const zh = await search(intl, { keyword: "霓虹夜光" }, undefined, "ZH_CN");
    expect(zh.records[0]).toMatchObject({ id: HOODIE, name: "霓虹夜光连帽衫" });
    // a label's name matches too: every product tagged Sci-fi
    expect(ids((await search(intl, { keyword: "sci-fi", limit: 48 })).records).sort()).toEqual(
      SHOP_PRODUCTS.filter((p) => p.tags.includes("scifi"))
        .map((p) => p.id)
        .sort(),
    );
  });

  it("filters by classification, by tag, and by both", async () => {
    const pets = await search(intl, { classifyId: "pet", limit: 48 });
    expect(ids(pets.records)).toEqual(SHOP_PRODUCTS.filter((p) => p.classify === "pet").map((p) => p.id));
    const free = await search(intl, { tagId: "free", limit: 48 });
    expect(ids(free.records)).toEqual(SHOP_PRODUCTS.filter(isFree).map((p) => p.id));
    expect(free.records.every((r) => r.free && r.price === 0)).toBe(true);
    const both = await search(intl, { classifyId: "outfit", tagId: "cute", limit: 48 });
    expect(ids(both.records)).toEqual(
      SHOP_PRODUCTS.filter((p) => p.classify === "outfit" && p.tags.includes("cute")).map((p) => p.id),
    );
    expect(both.total).toBe(both.records.length);
  });

  it("sorts by newest and by price both ways, in the site's currency", async () => {
    const newest = (await search(intl, { sort: "newest", limit: 48 })).records;
    const times = newest.map((r) => Date.parse(r.listedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(newest[0]?.listedAt).toBe("2026-11-12T00:00:00.000Z");

    const cheap = (await cn.request.post(`${P1}/shop/sku/search`).send({ sort: "price", limit: 48 })).body.data;
    const prices = (cheap.records as Sku[]).map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(cheap.records[0]).toMatchObject({ price: 0, currency: "CNY", symbol: "¥" });
    const dear = (await search(cn, { sort: "price", order: "desc", limit: 3 })).records;
    expect(dear.map((r) => r.price)).toEqual([6800, 6800, 5800]);
    expect(dear[0]?.unlocks.kind).toBe("avatar");
  });

  it("answers an empty page for no match and for a page past the end; refuses an unknown sort", async () => {
    expect(await search(intl, { keyword: "no such thing anywhere" })).toEqual({ records: [], total: 0 });
    expect(await search(intl, { classifyId: "nonsense" })).toEqual({ records: [], total: 0 });
    expect(await search(intl, { page: 99, limit: 12 })).toEqual({ records: [], total: SHOP_PRODUCTS.length });
    const bad = await intl.request.post(`${P1}/shop/sku/search`).send({ sort: "cheapest" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("sort");
  });
});

describe("a product's detail", () => {
  it("answers price, description, what it unlocks and a showcase avatar; unknown is 1212", async () => {
    const res = await item(intl, HOODIE, undefined, "ZH_CN");
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      id: HOODIE,
      name: "霓虹夜光连帽衫",
      price: 299,
      owned: false,
      description: "黑色连帽衫配荧光绿饰边，在舞台灯光下格外亮眼。",
      images: [],
      unlocks: { kind: "outfit", type: "top", look: { slot: "top", style: "hoodie" } },
      showcase: { sex: 2 },
    });
    expect(Object.keys(res.body.data.showcase.faceParams).length).toBeGreaterThan(5);
    const avatar = (await item(intl, SKYE)).body.data;
    expect(avatar.unlocks).toMatchObject({ kind: "avatar", id: "shop-f-01", name: "Skye", sex: 2, look: null });
    const voice = (await item(intl, "shop.voice.radio-host")).body.data;
    expect(voice.unlocks.url).toBe("/web-api/p1/media/sound/voice.radio-host.wav");
    expect(voice.showcase.sex).toBe(1);
    expect((await item(intl, "shop.nothing")).body).toEqual({ code: 1212, message: "Not found", data: null });
    // a bad token is not ignored on the public shop: code 600, as everywhere
    expect((await item(intl, HOODIE, "not-a-token")).body.code).toBe(600);
  });

  it("says whether the caller owns it: the owner yes, another user and a visitor no", async () => {
    const a = await intl.user({ vipType: "gold" });
    const b = await intl.user({ vipType: "gold" });
    await buy(a, HOODIE);
    expect((await item(intl, HOODIE, a.token)).body.data.owned).toBe(true);
    expect((await item(intl, HOODIE, b.token)).body.data.owned).toBe(false);
    expect((await item(intl, HOODIE)).body.data.owned).toBe(false);
    const listed = await search(intl, { keyword: "hoodie" }, a.token);
    expect(listed.records[0]?.owned).toBe(true);
    expect((await search(intl, { keyword: "hoodie" }, b.token)).records[0]?.owned).toBe(false);
  });
});

describe("free products", () => {
  it("are claimed once; the second claim is refused in the caller's language", async () => {
    const user = await intl.user();
    const first = await claim(intl, user, FREE_TEE);
    expect(first.body).toMatchObject({
      code: 200,
      message: "Added to My purchases",
      data: { id: FREE_TEE, owned: true },
    });
    const again = await claim(intl, user, FREE_TEE);
    expect(again.body).toEqual({ code: 1801, message: "You already own this item", data: null });
    expect((await claim(intl, user, FREE_TEE, "ZH_CN")).body.message).toBe("你已拥有该商品");
    expect(await intl.db.entitlement.count({ where: { userId: user.id, kind: "item" } })).toBe(1);
    // 10 concurrent claims by another user: one grant
    const other = await intl.user();
    const codes = await Promise.all(Array.from({ length: 10 }, () => claim(intl, other, FREE_TEE)));
    expect(codes.map((r) => r.body.code).sort((x, y) => x - y)).toEqual([200, ...Array(9).fill(1801)]);
    expect((await intl.db.shopSku.findUniqueOrThrow({ where: { id: FREE_TEE } })).sales).toBe(2);
  });

  it("a paid product cannot be claimed, nor a free one ordered; unknown ids are not found", async () => {
    const user = await intl.user();
    expect((await claim(intl, user, HOODIE)).body).toEqual({
      code: 1802,
      message: "This item is not free: buy it instead",
      data: null,
    });
    expect((await claim(intl, user, "shop.nothing")).body.code).toBe(1212);
    expect((await order(intl, user, { skuId: FREE_TEE, channel: "card" })).body.code).toBe(1804);
    expect((await order(intl, user, { skuId: "shop.nothing", channel: "card" })).body.code).toBe(1403);
    expect((await order(intl, user, { skuId: HOODIE, channel: "card", quantity: 2 })).body.code).toBe(1805);
    expect((await order(intl, user, { skuId: HOODIE, channel: "alipay" })).body.code).toBe(1404);
    expect((await intl.request.post(`${V1}/shop/pay/free/${FREE_TEE}`)).body.code).toBe(600);
  });
});

describe("a paid product", () => {
  it("goes through the order and the card sandbox's signed notification, exactly once under 50 at a time", async () => {
    const base = await intl.app.listen({ port: 0, host: "127.0.0.1" });
    const user = await intl.user({ vipType: "silver" });
    const sku = "shop.pet.golden-bot";
    const made = await order(intl, user, { skuId: sku, channel: "card" });
    expect(made.body.data).toMatchObject({
      productName: "Golden hover bot",
      amount: 599,
      currency: "USD",
      quantity: 1,
    });
    // an unpaid order for the same item is paid again, not doubled
    const again = await order(intl, user, { skuId: sku, channel: "card" });
    expect(again.body.data.orderNo).toBe(made.body.data.orderNo);
    expect(await intl.db.order.count({ where: { userId: user.id } })).toBe(1);

    const o = again.body.data as { orderId: string; orderNo: string; amount: number; currency: string };
    const secret = loadPaymentKeys(intl.env).card.webhookSecret;
    const event = card.sandboxEvent(o, "paid", secret, new Date());
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${base}${P1}/pay/notify/card`, { method: "POST", headers: event.headers, body: event.body }).then((r) =>
          r.json(),
        ),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 50 }, () => ({ received: true })));
    // and 20 different events for the same order: still one grant
    await Promise.all(
      Array.from({ length: 20 }, () => {
        const other = card.sandboxEvent(o, "paid", secret, new Date());
        return fetch(`${base}${P1}/pay/notify/card`, { method: "POST", headers: other.headers, body: other.body });
      }),
    );
    expect(await intl.db.entitlement.count({ where: { userId: user.id, kind: "item" } })).toBe(1);
    expect(await intl.db.entitlement.findFirst({ where: { userId: user.id } })).toMatchObject({
      ref: "pet.golden-bot",
      source: "shop-order",
      sourceId: o.orderId,
    });
    expect(await intl.db.paymentEvent.count({ where: { orderNo: o.orderNo } })).toBe(21);
    expect((await intl.db.shopSku.findUniqueOrThrow({ where: { id: sku } })).sales).toBe(1);
    expect((await get(intl, user, `${V1}/order/status/${o.orderId}`)).body.data.status).toBe(ORDER_STATUS.paid);

    // owned now: not sold again; hot puts it first
    expect((await order(intl, user, { skuId: sku, channel: "card" })).body.code).toBe(1801);
    expect((await search(intl, { classifyId: "pet" })).records[0]?.id).toBe(sku);

    // the user's shop orders and goods list it
    const orders = await post(intl, user, `${V1}/shop/order/pageList`, { page: 1, limit: 10 });
    expect(orders.body.data).toMatchObject({
      total: 1,
      records: [{ orderNo: o.orderNo, skuId: sku, productName: "Golden hover bot", status: 2, amount: 599 }],
    });
    const goods = await get(intl, user, `${V1}/shop/myGoods/getListPage?page=1&limit=12`);
    expect(goods.body.data).toMatchObject({
      total: 1,
      records: [{ skuId: sku, source: "order", orderNo: o.orderNo, unlocks: { kind: "pet", id: "pet.golden-bot" } }],
    });
  });

  it("pays in fen by Alipay on the domestic site", async () => {
    const user = await cn.user({ vipType: "gold" });
    const res = await order(cn, user, { skuId: SKYE, channel: "alipay" });
    expect(res.body.data).toMatchObject({ amount: 6800, currency: "CNY", symbol: "¥", productName: "丝凯" });
  });
});

describe("another user's shop", () => {
  it("never shows another user's orders or goods, and what A bought is not B's", async () => {
    const a = await intl.user({ vipType: "gold" });
    const b = await intl.user({ vipType: "gold" });
    const o = await buy(a, "shop.effect.club-lights");
    await claim(intl, a, "shop.backdrop.mint");
    const pageOf = async (user: User) =>
      (await post(intl, user, `${V1}/shop/order/pageList`, { page: 1, limit: 50 })).body.data;
    expect((await pageOf(a)).total).toBe(1);
    expect(await pageOf(b)).toEqual({ records: [], total: 0 });
    expect((await get(intl, a, `${V1}/shop/myGoods/getListPage`)).body.data.total).toBe(2);
    expect((await get(intl, a, `${V1}/shop/myGoods/getListPage?classifyId=effect`)).body.data.total).toBe(1);
    expect((await get(intl, b, `${V1}/shop/myGoods/getListPage`)).body.data).toEqual({ records: [], total: 0 });
    // A's order by id, from B: not found, nothing changes
    expect((await get(intl, b, `${V1}/order/status/${o.orderId}`)).body.code).toBe(1212);
    expect((await post(intl, b, `${V1}/order/pay/${o.orderId}`, {})).body.code).toBe(1212);
    // A's effect is not B's: B's plan refuses it
    const planId = (await post(intl, b, `${B}/planInfo/addPlanInfo`, { roleId: "sys-f-01", roleType: "1" })).body
      .data as string;
    const scene = await post(intl, b, `${B}/planSceneAttribute/addSceneAssembling`, {
      planId,
      effectIds: ["effect.club-lights"],
    });
    expect(scene.body.code).toBe(1803);
    expect((await item(intl, "shop.effect.club-lights", b.token)).body.data.owned).toBe(false);
  });
});

describe("the plan editor and Start design", () => {
  it("list a shop item locked (2) with its SKU until bought, refuse it in every assembling call, then open it", async () => {
    const user = await intl.user({ vipType: "diamond" });
    const planId = (await post(intl, user, `${B}/planInfo/addPlanInfo`, { roleId: "sys-f-01", roleType: "1" })).body
      .data as string;
    const tops = async () =>
      (await get(intl, user, `${B}/digitalmanAttribute/getListPage?type=top`)).body.data.records as {
        id: string;
        equityStatus: number;
        skuId?: string;
      }[];
    // a diamond member keeps every membership item, but the shop's are the owners' only
    const before = await tops();
    expect(before.find((r) => r.id === "outfit.qipao-red")).toMatchObject({ equityStatus: 1 });
    expect(before.find((r) => r.id === "outfit.qipao-red")?.skuId).toBeUndefined();
    expect(before.find((r) => r.id === HOODIE_ITEM)).toMatchObject({ equityStatus: 2, skuId: HOODIE });

    const LOCKED = { code: 1803, message: "This item is sold in the shop: buy it to use it", data: null };
    const wear = () =>
      post(intl, user, `${B}/planDigitalmanAttribute/addPlanDigitalmanAttribute`, {
        planId,
        attributeId: HOODIE_ITEM,
      });
    expect((await wear()).body).toEqual(LOCKED);
    expect(
      (await post(intl, user, `${B}/planSceneAttribute/addSceneAssembling`, { planId, sceneId: "scene.aurora" })).body,
    ).toEqual(LOCKED);
    expect(
      (await post(intl, user, `${B}/planPetsAttribute/addPetsAssembling`, { planId, petIds: ["pet.koi"] })).body,
    ).toEqual(LOCKED);
    expect(
      (await post(intl, user, `${B}/planInfo/updatePlanInfo`, { planId, voiceId: "voice.storyteller" })).body,
    ).toEqual(LOCKED);
    const interaction = await post(intl, user, `${B}/interactAttribute/addInteractAttributeExp`, {
      planId,
      interactId: "interact.like-storm",
      actionKind: "motion",
      actionId: "motion.nod",
    });
    expect(interaction.body).toEqual(LOCKED);
    const voices = (await get(intl, user, `${B}/baseProductLabel/getVoiceList`)).body.data as {
      id: string;
      equityStatus: number;
    }[];
    expect(voices.find((v) => v.id === "voice.storyteller")?.equityStatus).toBe(2);
    expect(voices.find((v) => v.id === "voice.robot")?.equityStatus).toBe(1);

    await buy(user, HOODIE);
    expect((await tops()).find((r) => r.id === HOODIE_ITEM)).toMatchObject({ equityStatus: 1, skuId: HOODIE });
    expect((await wear()).body.code).toBe(200);
    const info = (await get(intl, user, `${B}/planInfo/getPlanInfo?planId=${planId}`)).body.data;
    expect(info.outfits).toMatchObject([{ id: HOODIE_ITEM, equityStatus: 1 }]);
  });

  it("show a shop avatar model in Start design only once owned, and refuse a plan on it until then", async () => {
    const user = await intl.user({ vipType: "gold" });
    const roleIds = async () =>
      (
        (await get(intl, user, `${V1}/base/role/getListPage?limit=200&page=1`)).body.data.records as {
          id: string;
          equityStatus: number;
        }[]
      ).map((r) => [r.id, r.equityStatus]);
    const before = await roleIds();
    expect(before).toHaveLength(16);
    expect(before.some(([id]) => id === "shop-f-01")).toBe(false);
    const draft = () => post(intl, user, `${B}/planInfo/addPlanInfo`, { roleId: "shop-f-01", roleType: "1" });
    expect((await draft()).body.code).toBe(1803);
    expect((await post(intl, user, `${V1}/douyin/customRole/create`, { id: "shop-f-01" })).body.code).toBe(1803);
    expect((await get(intl, user, `${V1}/douyin/customRole/loadSysRole`)).body.data).toHaveLength(16);

    await buy(user, SKYE);
    const after = await roleIds();
    expect(after).toHaveLength(17);
    expect(after).toContainEqual(["shop-f-01", 1]);
    expect((await draft()).body.code).toBe(200);
    expect((await get(intl, user, `${V1}/douyin/customRole/loadSysRole`)).body.data).toHaveLength(17);
  });
});
