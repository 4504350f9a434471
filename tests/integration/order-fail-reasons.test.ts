/**
 * Issue 47 (docs/decisions/055): a failed payment says why (declined, cancelled, expired) through
 * each provider's own notification, 'Proceed Pay' clears it; the tiers compared from the tables
 * the server enforces; a lower tier refused.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_MODES } from "../../shared/live.ts";
import { LIMITS } from "../../shared/membership.ts";
import { ORDER_STATUS } from "../../shared/orders.ts";
import { P1, testClock, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let cn: TestApp;
let intl: TestApp;
const clock = testClock();

beforeAll(async () => {
  [cn, intl] = await Promise.all([makeTestApp({ SITE: "cn" }, { clock }), makeTestApp({ SITE: "intl" })]);
});
afterAll(async () => {
  await Promise.all([cn.close(), intl.close()]);
});

const create = (t: TestApp, token: string, body: object) =>
  t.request.put(`${V1}/order/create`).set("authorization", token).set("language", "EN").send(body);
const status = async (t: TestApp, token: string, orderId: string) =>
  (await t.request.get(`${V1}/order/status/${orderId}`).set("authorization", token)).body;

async function decide(t: TestApp, payUrl: string, decision: "pay" | "fail" | "cancel", form: object = {}) {
  const path = payUrl.split("?")[0] as string;
  const res = await t.request.post(`${path}/${decision}`).type("form").send(form);
  expect(res.status).toBe(303);
  return res.headers.location as string;
}

describe("why a payment failed", () => {
  it("WeChat Pay: PAYERROR is declined, CLOSED is cancelled; 'Proceed Pay' clears the reason", async () => {
    const user = await cn.user();
    const order = (await create(cn, user.token, { skuId: "vip.silver.month", channel: "wechat" })).body.data;
    expect((await status(cn, user.token, order.orderId)).data.failReason).toBeNull();
    expect(await decide(cn, order.payUrl, "fail")).toContain("outcome=failed");
    expect((await status(cn, user.token, order.orderId)).data).toMatchObject({
      status: ORDER_STATUS.failed,
      failReason: "declined",
    });
    const again = (await cn.request.post(`${V1}/order/pay/${order.orderId}`).set("authorization", user.token).send({}))
      .body.data;
    expect((await status(cn, user.token, order.orderId)).data).toMatchObject({
      status: ORDER_STATUS.pending,
      failReason: null,
    });
    expect(await decide(cn, again.payUrl, "cancel")).toContain("outcome=cancelled");
    expect((await status(cn, user.token, order.orderId)).data).toMatchObject({
      status: ORDER_STATUS.failed,
      failReason: "cancelled",
    });
    expect(await cn.db.order.findUniqueOrThrow({ where: { id: order.orderId } })).toMatchObject({
      failReason: "cancelled",
    });
  });

  it("Alipay: a trade closed unpaid is cancelled", async () => {
    const user = await cn.user();
    const order = (await create(cn, user.token, { skuId: "vip.gold.month", channel: "alipay" })).body.data;
    await decide(cn, order.payUrl, "fail");
    expect((await status(cn, user.token, order.orderId)).data.failReason).toBe("cancelled");
  });

  it("card: a declined card is declined, a cancelled payment intent cancelled", async () => {
    const user = await intl.user();
    const order = (await create(intl, user.token, { skuId: "vip.silver.month", channel: "card" })).body.data;
    expect(await decide(intl, order.payUrl, "pay", { number: "4000 0000 0000 0002" })).toContain("outcome=failed");
    expect((await status(intl, user.token, order.orderId)).data.failReason).toBe("declined");
    const again = (
      await intl.request.post(`${V1}/order/pay/${order.orderId}`).set("authorization", user.token).send({})
    ).body.data;
    await decide(intl, again.payUrl, "cancel");
    expect((await status(intl, user.token, order.orderId)).data.failReason).toBe("cancelled");
    // another user asking for the order learns nothing of it
    const other = await intl.user();
    expect((await status(intl, other.token, order.orderId)).code).toBe(1212);
  });

  it("an order left unpaid past 30 minutes is expired, and a paid one has no reason", async () => {
    const user = await cn.user();
    const order = (await create(cn, user.token, { skuId: "hours.10", channel: "alipay" })).body.data;
    clock.advance(31 * 60_000);
    try {
      expect((await status(cn, user.token, order.orderId)).data).toMatchObject({
        status: ORDER_STATUS.closed,
        failReason: "expired",
      });
    } finally {
      clock.advance(-31 * 60_000);
    }
    const paid = (await create(cn, user.token, { skuId: "hours.10", channel: "alipay" })).body.data;
    await decide(cn, paid.payUrl, "pay");
    expect((await status(cn, user.token, paid.orderId)).data).toMatchObject({
      status: ORDER_STATUS.paid,
      failReason: null,
    });
  });
});

describe("the tiers compared", () => {
  it("answers the live modes, limits and catalogue counts per tier, in the caller's language, to visitors", async () => {
    const res = await cn.request.get(`${P1}/vip/compare`).set("language", "ZH_CN");
    expect(res.body.code).toBe(200);
    const { tiers, tierNames, rows } = res.body.data as {
      tiers: string[];
      tierNames: string[];
      rows: { key: string; values: (boolean | number)[] }[];
    };
    expect(tiers).toEqual(["silver", "gold", "diamond", "cloud"]);
    expect(tierNames).toEqual(["白银会员", "黄金会员", "钻石会员", "云会员"]);
    const row = (key: string) => rows.find((r) => r.key === key)?.values;
    expect(row("mode_halfBody")).toEqual([false, true, true, false]);
    const cloudTiers: readonly string[] = LIVE_MODES.find((m) => m.mode === "cloud")?.vip ?? [];
    expect(row("mode_cloud")).toEqual(tiers.map((t) => cloudTiers.includes(t)));
    expect(row("plans")).toEqual(tiers.map((t) => LIMITS[t as keyof typeof LIMITS].plans));
    expect(row("tailored")).toEqual([false, false, true, false]);
    // a higher tier opens at least what a lower one does, and diamond more outfits than silver
    const outfits = row("outfits") as number[];
    expect(outfits[0]).toBeLessThan(outfits[1] as number);
    expect(outfits[1]).toBeLessThan(outfits[2] as number);
  });

  it("a gold member is refused silver (1408) and may buy diamond", async () => {
    const user = await intl.user();
    await intl.db.user.update({
      where: { id: user.id },
      data: { vipType: "gold", vipExpiresAt: new Date(Date.now() + 86_400_000 * 30) },
    });
    expect((await create(intl, user.token, { skuId: "vip.silver.month", channel: "card" })).body.code).toBe(1408);
    expect((await create(intl, user.token, { skuId: "vip.diamond.month", channel: "card" })).body.code).toBe(200);
    expect(await intl.db.order.count({ where: { userId: user.id } })).toBe(1);
  });
});
