/**
 * Alipay (open platform, RSA2), as its documentation describes (docs/decisions/019): the signed
 * string is every parameter except `sign` and `sign_type`, non-empty, sorted by key in ASCII order
 * and joined as `k=v` with `&`; the signature is SHA256withRSA, base64. Notifications are verified
 * with Alipay's public key; requests are signed with the app's private key.
 */

import { createSign, createVerify, randomBytes } from "node:crypto";
import { decimalToMinor, minorToDecimal } from "../../shared/orders.ts";
import type { PaymentEventInput } from "../areas/orders/service.ts";
import type { PaymentKeys } from "./keys.ts";

export type AlipayParams = Record<string, string>;

export function canonical(params: AlipayParams): string {
  return Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type" && params[k] !== undefined && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

export function sign(params: AlipayParams, privateKeyPem: string): string {
  return createSign("RSA-SHA256").update(canonical(params), "utf8").sign(privateKeyPem, "base64");
}

export function verify(params: AlipayParams, publicKeyPem: string): boolean {
  if (!params.sign || params.sign_type !== "RSA2") return false;
  try {
    return createVerify("RSA-SHA256").update(canonical(params), "utf8").verify(publicKeyPem, params.sign, "base64");
  } catch {
    return false;
  }
}

export type AlipayVerdict = { ok: true; event: PaymentEventInput | null } | { ok: false; reason: string };

/**
 * A form-encoded asynchronous notification: verified first, then read. A trade still waiting for
 * the buyer verifies but carries no event (nothing to apply).
 */
export function readNotification(params: AlipayParams, keys: PaymentKeys["alipay"]): AlipayVerdict {
  if (!verify(params, keys.alipayPublicKey)) return { ok: false, reason: "bad signature" };
  if (params.app_id !== keys.appId) return { ok: false, reason: "app_id is not ours" };
  if (!params.notify_id || !params.out_trade_no) return { ok: false, reason: "notify_id or out_trade_no missing" };
  const amount = decimalToMinor(params.total_amount ?? "");
  if (amount === null) return { ok: false, reason: "total_amount unreadable" };
  const status = params.trade_status;
  const outcome =
    status === "TRADE_SUCCESS" || status === "TRADE_FINISHED" ? "paid" : status === "TRADE_CLOSED" ? "failed" : null;
  if (!outcome) return { ok: true, event: null };
  return {
    ok: true,
    event: {
      provider: "alipay",
      eventId: params.notify_id,
      orderNo: params.out_trade_no,
      amount,
      currency: "CNY",
      outcome,
      // a trade Alipay closes unpaid was abandoned or cancelled by the buyer, not refused
      ...(outcome === "failed" ? { reason: "cancelled" as const } : {}),
    },
  };
}

/** What Alipay sends when a trade succeeds or closes: the sandbox builds and signs it the same way. */
export function sandboxNotification(
  order: { orderNo: string; amount: number },
  outcome: "paid" | "failed" | "cancelled",
  keys: PaymentKeys["alipay"],
  now: Date,
): AlipayParams {
  if (!keys.sandboxPrivateKey) throw new Error("the Alipay sandbox has no key: real keys are configured");
  const time = now.toISOString().replace("T", " ").slice(0, 19);
  const params: AlipayParams = {
    notify_time: time,
    notify_type: "trade_status_sync",
    notify_id: randomBytes(16).toString("hex"),
    app_id: keys.appId,
    charset: "utf-8",
    version: "1.0",
    sign_type: "RSA2",
    trade_no: `2026${randomBytes(10).toString("hex")}`,
    out_trade_no: order.orderNo,
    trade_status: outcome === "paid" ? "TRADE_SUCCESS" : "TRADE_CLOSED",
    total_amount: minorToDecimal(order.amount),
    receipt_amount: outcome === "paid" ? minorToDecimal(order.amount) : "0.00",
    buyer_pay_amount: outcome === "paid" ? minorToDecimal(order.amount) : "0.00",
    ...(outcome === "paid" ? { gmt_payment: time } : {}),
  };
  params.sign = sign(params, keys.sandboxPrivateKey);
  return params;
}
