/**
 * Membership orders against the real app (issue 12): the catalogue per site, order rules, the
 * sandbox providers' signed notifications, exactly-once effects, the trial and expiry.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../shared/messages.ts";
import { ORDER_STATUS, WECHAT_CAP_FEN } from "../../shared/orders.ts";
import { P1, testClock, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const DAY = 86_400_000;
let cn: TestApp;
let intl: TestApp;
const clock = testClock();

beforeAll(async () => {
  [cn, intl] = await Promise.all([makeTestApp({ SITE: "cn" }, { clock }), makeTestApp({ SITE: "intl" })]);
});
afterAll(async () => {
  await Promise.all([cn.close(), intl.close()]);
});

const create = (t: TestApp, token: string, body: object, language = "EN") =>
  t.request.put(`${V1}/order/create`).set("authorization", token).set("language", language).send(body);
const status = (t: TestApp, token: string, orderId: string) =>
  t.request.get(`${V1}/order/status/${orderId}`).set("authorization", token);
const userVip = (t: TestApp, token: string) => t.request.get(`${V1}/vip/userVip/list`).set("authorization", token);

/** Pay (or fail) through the sandbox provider's page, as a payer would. */
async function payAtSandbox(t: TestApp, payUrl: string, decision: "pay" | "fail" = "pay", form: object = {}) {
  const path = payUrl.split("?")[0] as string;
  const page = await t.request.get(payUrl);
  expect(page.status).toBe(200);
  const res = await t.request.post(`${path}/${decision}`).type("form").send(form);
  expect(res.status).toBe(303);
  return res.headers.location as string;
}

describe("the catalogue", () => {
  it("prices every tier and period in fen with ¥ on cn, in cents with $ on intl, with benefits", async () => {
    const c = (await cn.request.get(`${P1}/vip/sku/list`).set("language", "ZH_CN")).body.data;
    const i = (await intl.request.get(`${P1}/vip/sku/list`)).body.data;
    expect(c).toHaveLength(12);
    expect(i).toHaveLength(12);
    expect(c.find((s: { id: string }) => s.id === "vip.silver.month")).toMatchObject({
      price: 3900,
      currency: "CNY",
      symbol: "¥",
      tierName: "白银会员",
    });
    expect(i.find((s: { id: string }) => s.id === "vip.gold.year")).toMatchObject({
      price: 8999,
      currency: "USD",
      symbol: "$",
    });
    for (const sku of [...c, ...i]) {
      expect(Number.isInteger(sku.price)).toBe(true);
      expect(sku.benefits.length).toBeGreaterThan(1);
    }
    const hours = (await cn.request.get(`${P1}/vip/supplyTime/list`)).body.data;
    expect(hours.map((h: { hours: number }) => h.hours)).toEqual([10, 50, 200]);
    const ios = (await intl.request.get(`${P1}/vip/iosSku/list`)).body.data;
    expect(ios.find((s: { id: string }) => s.id === "vip.diamond.year").productId).toBe("com.avalive.vip.diamond.year");
    const statuses = (await cn.request.get(`${P1}/order/statusList`).set("language", "ZH_TN")).body.data;
    expect(statuses.map((s: { value: number }) => s.value)).toEqual([1, 2, 3, 4]);
  });
});

describe("orders", () => {
  it("follow the site's channels and WeChat's 3000 yuan cap, in three languages", async () => {
    const user = await cn.user();
    expect((await create(cn, user.token, { skuId: "vip.gold.month", channel: "card" })).body.code).toBe(1404);
    expect(
      (await create(intl, (await intl.user()).token, { skuId: "vip.gold.month", channel: "alipay" })).body.code,
    ).toBe(1404);
    expect((await create(cn, user.token, { skuId: "nope", channel: "alipay" })).body.code).toBe(1403);
    // 200 hours x 3 = 2940 yuan: allowed; x 4 = 3920 yuan: refused
    const under = await create(cn, user.token, { skuId: "hours.200", channel: "wechat", quantity: 3 });
    expect(under.body.data.amount).toBeLessThanOrEqual(WECHAT_CAP_FEN);
    for (const [language, text] of Object.entries(MESSAGES.wechatLimit)) {
      const over = await create(cn, user.token, { skuId: "hours.200", channel: "wechat", quantity: 4 }, language);
      expect(over.body).toMatchObject({ code: 1402, message: text, data: null });
    }
    expect(MESSAGES.wechatLimit.EN).toBe("WeChat payment limit 3000 yuan, choose another method");
  });

  it("record the product in the buyer's language, an order number that reveals no count, and close unpaid", async () => {
    const user = await cn.user();
    const res = await create(cn, user.token, { skuId: "vip.diamond.season", channel: "alipay" }, "ZH_CN");
    expect(res.body.data).toMatchObject({ productName: "钻石会员 季卡", amount: 33900, currency: "CNY", status: 1 });
    expect(res.body.data.orderNo).toMatch(/^AV\d{14}[A-Z2-9]{6}$/);
    expect(res.body.data.qrText).toMatch(/^http:\/\/.+\/pay-sandbox\/alipay\/[0-9a-f]{32}/);
    // another user cannot see it
    const other = await cn.user();
    expect((await status(cn, other.token, res.body.data.orderId)).body.code).toBe(1212);
    // nor start a payment of it ('Proceed Pay' with another user's order id)
    const stolen = await cn.request
      .post(`${V1}/order/pay/${res.body.data.orderId}`)
      .set("authorization", other.token)
      .send({});
    expect(stolen.body).toMatchObject({ code: 1212, data: null });
    // 30 minutes later it is closed, and can be neither paid nor paid again
    clock.advance(31 * 60_000);
    try {
      expect((await status(cn, user.token, res.body.data.orderId)).body.data.status).toBe(ORDER_STATUS.closed);
      const again = await cn.request
        .post(`${V1}/order/pay/${res.body.data.orderId}`)
        .set("authorization", user.token)
        .send({});
      expect(again.body.code).toBe(1405);
      const location = await payAtSandbox(cn, res.body.data.payUrl);
      expect(location).toContain("outcome=closed");
    } finally {
      clock.advance(-31 * 60_000);
    }
  });

  it("pays through the Alipay sandbox and extends the membership; 'Proceed Pay' reuses the order", async () => {
    const user = await cn.user();
    const order = (await create(cn, user.token, { skuId: "vip.gold.month", channel: "alipay" })).body.data;
    expect(await payAtSandbox(cn, order.payUrl, "fail")).toContain("outcome=failed");
    expect((await status(cn, user.token, order.orderId)).body.data.status).toBe(ORDER_STATUS.failed);
    const again = (await cn.request.post(`${V1}/order/pay/${order.orderId}`).set("authorization", user.token).send({}))
      .body.data;
    expect(again.orderNo).toBe(order.orderNo);
    expect(again.payUrl).not.toBe(order.payUrl);
    expect(await payAtSandbox(cn, again.payUrl)).toContain("outcome=paid");
    expect((await status(cn, user.token, order.orderId)).body.data.status).toBe(ORDER_STATUS.paid);
    expect(await cn.db.order.count({ where: { userId: user.id } })).toBe(1);
    const vip = (await userVip(cn, user.token)).body.data;
    expect(vip.current.tier).toBe("gold");
    const info = await cn.request.get(`${V1}/base/account/getUserInfo`).set("authorization", user.token);
    expect(info.body.data.vipType).toBe("gold");
  });

  it("pays by WeChat Pay and by card through their sandboxes", async () => {
    const user = await cn.user();
    const order = (await create(cn, user.token, { skuId: "hours.10", channel: "wechat", quantity: 2 })).body.data;
    await payAtSandbox(cn, order.payUrl);
    expect((await userVip(cn, user.token)).body.data.cloudHours.balanceMinutes).toBe(1200);
    const buyer = await intl.user();
    const cardOrder = (await create(intl, buyer.token, { skuId: "vip.silver.year", channel: "card" })).body.data;
    expect(await payAtSandbox(intl, cardOrder.payUrl, "pay", { number: "4000 0000 0000 0002" })).toContain(
      "outcome=failed",
    );
    expect(await payAtSandbox(intl, cardOrder.payUrl, "pay", { number: "4242 4242 4242 4242" })).toContain(
      "outcome=paid",
    );
    expect((await userVip(intl, buyer.token)).body.data.current.tier).toBe("silver");
  });
});

describe("memberships", () => {
  const pay = async (t: TestApp, token: string, skuId: string) => {
    const order = (await create(t, token, { skuId, channel: t === cn ? "alipay" : "card" })).body.data;
    await payAtSandbox(t, order.payUrl);
    return (await userVip(t, token)).body.data;
  };

  it("stack the same tier from its expiry, carry value into an upgrade, refuse a downgrade order", async () => {
    const user = await cn.user();
    const first = await pay(cn, user.token, "vip.silver.month");
    const second = await pay(cn, user.token, "vip.silver.month");
    expect(Date.parse(second.current.expiresAt) - Date.parse(first.current.expiresAt)).toBe(30 * DAY);
    const upgraded = await pay(cn, user.token, "vip.gold.month");
    expect(upgraded.current.tier).toBe("gold");
    // 30 days of gold plus about 60 days of silver at silver's daily value over gold's
    const days = (Date.parse(upgraded.current.expiresAt) - clock.now().getTime()) / DAY;
    expect(days).toBeGreaterThan(30 + 60 * (3900 / 6900) - 1);
    expect(days).toBeLessThan(30 + 60 * (3900 / 6900) + 1);
    const down = await create(cn, user.token, { skuId: "vip.silver.month", channel: "alipay" });
    expect(down.body.code).toBe(1408);
  });

  it("end as a non-member, keeping what the user made", async () => {
    const user = await cn.user({ vipType: "gold", vipExpiresAt: new Date(Date.now() - DAY) });
    const vip = (await userVip(cn, user.token)).body.data;
    expect(vip).toMatchObject({ current: null, expired: true });
    const info = await cn.request.get(`${V1}/base/account/getUserInfo`).set("authorization", user.token);
    expect(info.body.data.vipType).toBeUndefined();
  });

  it("offer a one-time trial, exactly once under 20 concurrent claims", async () => {
    const user = await cn.user();
    expect((await userVip(cn, user.token)).body.data).toMatchObject({ trialAvailable: true, current: null });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cn.request.post(`${V1}/vip/trial`).set("authorization", user.token).send({})),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 1407)).toHaveLength(19);
    const vip = (await userVip(cn, user.token)).body.data;
    expect(vip).toMatchObject({ trialAvailable: false, current: { tier: "silver" } });
    expect(await cn.db.membership.count({ where: { userId: user.id, source: "trial" } })).toBe(1);
  });
});

describe("order list", () => {
  it("filters by today, 7 and 30 days in the user's time zone, and pages", async () => {
    const user = await intl.user();
    const now = Date.now();
    const make = (daysAgo: number, n: number) =>
      intl.db.order.create({
        data: {
          orderNo: `AVTEST${daysAgo}${n}${user.id.slice(-6)}`,
          userId: user.id,
          skuId: "vip.gold.month",
          kind: "vip",
          tier: "gold",
          days: 30,
          productName: "Gold member · 1 month",
          channel: "card",
          quantity: 1,
          amount: 999,
          currency: "USD",
          payId: `${daysAgo}${n}`.padEnd(32, "a") + user.id.slice(-4),
          closesAt: new Date(now + 3600_000),
          createdAt: new Date(now - daysAgo * DAY),
        },
      });
    for (const [daysAgo, count] of [
      [0, 2],
      [3, 3],
      [20, 4],
      [60, 1],
    ] as const)
      for (let n = 0; n < count; n++) await make(daysAgo, n);
    const list = (body: object) =>
      intl.request.post(`${V1}/order/pageList`).set("authorization", user.token).send(body);
    expect((await list({ range: "all" })).body.data.total).toBe(10);
    expect((await list({ range: "today", timeZone: "UTC" })).body.data.total).toBeGreaterThanOrEqual(2);
    expect((await list({ range: "7d", timeZone: "UTC" })).body.data.total).toBe(5);
    expect((await list({ range: "30d", timeZone: "UTC" })).body.data.total).toBe(9);
    const page2 = (await list({ page: 2, limit: 4 })).body.data;
    expect(page2.records).toHaveLength(4);
    expect(page2.records[0]).toMatchObject({ channelName: "Card", symbol: "$", statusName: "Pending payment" });
    // another user's list is their own
    expect(
      (
        await intl.request
          .post(`${V1}/order/pageList`)
          .set("authorization", (await intl.user()).token)
          .send({})
      ).body.data.total,
    ).toBe(0);
  });
});
