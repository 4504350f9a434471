/**
 * Payment notifications per provider (issue 12): a valid one is accepted; a tampered body, a
 * stale timestamp, a wrong key, a replay and an amount mismatch are each refused with no state
 * change. And exactly once under concurrency, over a real socket.
 */

import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as alipay from "../../server/payments/alipay.ts";
import * as card from "../../server/payments/card.ts";
import { loadPaymentKeys } from "../../server/payments/keys.ts";
import { sendWithRetries } from "../../server/payments/routes.ts";
import * as wechat from "../../server/payments/wechat.ts";
import { ORDER_STATUS } from "../../shared/orders.ts";
import { P1, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let cn: TestApp;
let intl: TestApp;
beforeAll(async () => {
  [cn, intl] = await Promise.all([makeTestApp({ SITE: "cn" }), makeTestApp({ SITE: "intl" })]);
});
afterAll(async () => {
  await Promise.all([cn.close(), intl.close()]);
});

async function order(t: TestApp, skuId: string, channel: string) {
  const user = await t.user();
  const res = await t.request.put(`${V1}/order/create`).set("authorization", user.token).send({ skuId, channel });
  expect(res.body.code).toBe(200);
  return { user, order: res.body.data as { orderId: string; orderNo: string; amount: number; currency: string } };
}

/** Everything a notification could change, to compare before and after a refusal. */
async function state(t: TestApp, userId: string, orderNo: string) {
  const [o, events, memberships, hours, user] = await Promise.all([
    t.db.order.findUnique({ where: { orderNo }, select: { status: true, paidAt: true } }),
    t.db.paymentEvent.count({ where: { orderNo } }),
    t.db.membership.count({ where: { userId } }),
    t.db.cloudHourEntry.count({ where: { userId } }),
    t.db.user.findUnique({ where: { id: userId }, select: { vipType: true, vipExpiresAt: true } }),
  ]);
  return { o, events, memberships, hours, user };
}

const postForm = (t: TestApp, params: Record<string, string>) =>
  t.request.post(`${P1}/pay/notify/alipay`).type("form").send(new URLSearchParams(params).toString());
const postSigned = (
  t: TestApp,
  channel: "wechat" | "card",
  signed: { headers: Record<string, string>; body: string },
) => t.request.post(`${P1}/pay/notify/${channel}`).set(signed.headers).send(signed.body);

describe("Alipay (RSA2, form-encoded, text answer)", () => {
  it("accepts a valid notification once; refuses tampering, a wrong key, a wrong amount; a replay changes nothing", async () => {
    const { user, order: o } = await order(cn, "vip.gold.month", "alipay");
    const keys = loadPaymentKeys(cn.env).alipay;
    const before = await state(cn, user.id, o.orderNo);

    const tampered = alipay.sandboxNotification(o, "paid", keys, new Date());
    tampered.total_amount = "0.01";
    expect((await postForm(cn, tampered)).text).toBe("failure");

    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    const wrongKey = alipay.sandboxNotification(o, "paid", { ...keys, sandboxPrivateKey: other as string }, new Date());
    expect((await postForm(cn, wrongKey)).text).toBe("failure");

    // correctly signed, but for an amount the order does not have
    const mismatch = alipay.sandboxNotification({ ...o, amount: o.amount - 1 }, "paid", keys, new Date());
    expect((await postForm(cn, mismatch)).text).toBe("failure");
    const unknown = alipay.sandboxNotification({ ...o, orderNo: "AV00000000000000NOPE00" }, "paid", keys, new Date());
    expect((await postForm(cn, unknown)).text).toBe("failure");
    expect(await state(cn, user.id, o.orderNo)).toEqual(before);

    const valid = alipay.sandboxNotification(o, "paid", keys, new Date());
    const res = await postForm(cn, valid);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.text).toBe("success");
    const paid = await state(cn, user.id, o.orderNo);
    expect(paid.o?.status).toBe(ORDER_STATUS.paid);
    expect(paid.memberships).toBe(1);
    // Alipay retries with the same notify_id: answered success, applied nothing
    expect((await postForm(cn, valid)).text).toBe("success");
    expect(await state(cn, user.id, o.orderNo)).toEqual(paid);
  });

  it("signs the sorted parameters without sign and sign_type, skipping empty values", () => {
    expect(alipay.canonical({ b: "2", a: "1", sign: "x", sign_type: "RSA2", c: "" })).toBe("a=1&b=2");
  });
});

describe("WeChat Pay v3 (signed headers, AES-256-GCM resource)", () => {
  it("accepts a valid notification with 204; refuses bad signatures with 401 and the provider's error JSON", async () => {
    const { user, order: o } = await order(cn, "hours.10", "wechat");
    const keys = loadPaymentKeys(cn.env).wechat;
    const before = await state(cn, user.id, o.orderNo);

    const valid = wechat.sandboxNotification(o, "paid", keys, new Date());
    const tampered = { ...valid, body: valid.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS "') };
    const r1 = await postSigned(cn, "wechat", tampered);
    expect(r1.status).toBe(401);
    expect(r1.body).toMatchObject({ code: "FAIL" });
    const stale = wechat.sandboxNotification(o, "paid", keys, new Date(Date.now() - 301_000));
    expect((await postSigned(cn, "wechat", stale)).status).toBe(401);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    const wrongKey = wechat.sandboxNotification(o, "paid", { ...keys, sandboxPrivateKey: other as string }, new Date());
    expect((await postSigned(cn, "wechat", wrongKey)).status).toBe(401);
    const probe = { ...valid, headers: { ...valid.headers, "wechatpay-signature": "WECHATPAY/SIGNTEST/abc" } };
    expect((await postSigned(cn, "wechat", probe)).status).toBe(401);
    const wrongApiKey = wechat.sandboxNotification(o, "paid", { ...keys, apiV3Key: Buffer.alloc(32, 7) }, new Date());
    expect((await postSigned(cn, "wechat", wrongApiKey)).status).toBe(400);
    const mismatch = wechat.sandboxNotification({ ...o, amount: o.amount + 100 }, "paid", keys, new Date());
    expect((await postSigned(cn, "wechat", mismatch)).status).toBe(400);
    expect(await state(cn, user.id, o.orderNo)).toEqual(before);

    expect((await postSigned(cn, "wechat", valid)).status).toBe(204);
    const paid = await state(cn, user.id, o.orderNo);
    expect(paid).toMatchObject({ hours: 1, events: 1 });
    // a retry of the same notification, re-signed later: no second effect
    expect((await postSigned(cn, "wechat", wechat.resign(valid, keys, new Date()))).status).toBe(204);
    expect(await state(cn, user.id, o.orderNo)).toEqual(paid);
  });

  it("decrypts what it encrypts, and fails on a changed ciphertext", () => {
    const key = Buffer.alloc(32, 3);
    const resource = wechat.encrypt('{"out_trade_no":"x"}', key, "transaction");
    expect(wechat.decrypt(resource, key)).toBe('{"out_trade_no":"x"}');
    const bad = { ...resource, ciphertext: Buffer.from("x".repeat(40)).toString("base64") };
    expect(() => wechat.decrypt(bad, key)).toThrow();
  });
});

describe("card (Stripe-style HMAC)", () => {
  it("accepts a valid event; refuses tampering, a stale timestamp, a wrong secret and a wrong currency", async () => {
    const { user, order: o } = await order(intl, "vip.silver.month", "card");
    const secret = loadPaymentKeys(intl.env).card.webhookSecret;
    const before = await state(intl, user.id, o.orderNo);
    const valid = card.sandboxEvent(o, "paid", secret, new Date());
    expect((await postSigned(intl, "card", { ...valid, body: valid.body.replace(`${o.amount}`, "1") })).status).toBe(
      400,
    );
    expect(
      (await postSigned(intl, "card", card.sandboxEvent(o, "paid", secret, new Date(Date.now() - 400_000)))).status,
    ).toBe(400);
    expect(
      (await postSigned(intl, "card", card.sandboxEvent(o, "paid", "whsec_not_the_secret_at_all", new Date()))).status,
    ).toBe(400);
    expect(
      (await postSigned(intl, "card", card.sandboxEvent({ ...o, currency: "EUR" }, "paid", secret, new Date()))).status,
    ).toBe(400);
    expect(await state(intl, user.id, o.orderNo)).toEqual(before);
    const res = await postSigned(intl, "card", valid);
    expect(res.body).toEqual({ received: true });
    const paid = await state(intl, user.id, o.orderNo);
    expect(paid.user?.vipType).toBe("silver");
    expect((await postSigned(intl, "card", card.resign(valid, secret, new Date()))).body).toEqual({ received: true });
    expect(await state(intl, user.id, o.orderNo)).toEqual(paid);
  });
});

describe("exactly once, over a real socket", () => {
  it("50 concurrent copies of one notification: one extension, 50 success answers", async () => {
    const base = await intl.app.listen({ port: 0, host: "127.0.0.1" });
    const { user, order: o } = await order(intl, "vip.gold.month", "card");
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
    expect(await intl.db.membership.count({ where: { userId: user.id } })).toBe(1);
    expect(await intl.db.paymentEvent.count({ where: { orderNo: o.orderNo } })).toBe(1);
    // and 20 different events for the same order still extend once
    await Promise.all(
      Array.from({ length: 20 }, () => {
        const other = card.sandboxEvent(o, "paid", secret, new Date());
        return fetch(`${base}${P1}/pay/notify/card`, { method: "POST", headers: other.headers, body: other.body });
      }),
    );
    expect(await intl.db.membership.count({ where: { userId: user.id } })).toBe(1);
    const user2 = await intl.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(user2.vipType).toBe("gold");

    // 50 concurrent order creations: all made, no SQLITE_BUSY, numbers unique
    const buyer = await intl.user();
    const made = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${base}${V1}/order/create`, {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: buyer.token },
          body: JSON.stringify({ skuId: "hours.10", channel: "card" }),
        }).then((r) => r.json() as Promise<{ code: number; data: { orderNo: string } }>),
      ),
    );
    expect(made.map((m) => m.code)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(new Set(made.map((m) => m.data.orderNo)).size).toBe(50);
    expect(await intl.db.order.count({ where: { userId: buyer.id } })).toBe(50);
  });
});

describe("the sandbox's retries", () => {
  it("sends again until the provider's expected answer comes back", async () => {
    let calls = 0;
    const answers = [
      { status: 500, text: "failure" },
      { status: 200, text: "failure" },
      { status: 200, text: "success" },
    ];
    const first = await sendWithRetries(
      async () => answers[Math.min(calls++, 2)] as { status: number; text: string },
      (r) => r.status === 200 && r.text === "success",
      [10, 10, 10],
    );
    expect(first).toBe(false);
    await expect.poll(() => calls).toBe(3);
  });
});
