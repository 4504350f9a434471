/**
 * WeChat Pay API v3, as its documentation describes (docs/decisions/019): a notification is
 * verified over `timestamp\nnonce\nbody\n` (raw body bytes) with SHA256withRSA and the platform
 * public key named by `Wechatpay-Serial`, within 300 s; probe signatures (`WECHATPAY/SIGNTEST/`)
 * fail. Its `resource` is decrypted with AES-256-GCM under the APIv3 key (IV = nonce, AAD =
 * associated_data, the last 16 bytes of the ciphertext are the tag).
 */

import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from "node:crypto";
import type { PaymentEventInput } from "../areas/orders/service.ts";
import type { PaymentKeys } from "./keys.ts";

export const TOLERANCE_S = 300;

export interface WechatHeaders {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  serial?: string;
}

export const message = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

export function verifySignature(
  h: WechatHeaders,
  rawBody: string,
  keys: PaymentKeys["wechat"],
  now: Date,
): string | null {
  if (!h.timestamp || !h.nonce || !h.signature || !h.serial) return "signature headers missing";
  if (h.serial !== keys.platformSerial) return "unknown Wechatpay-Serial";
  if (h.signature.startsWith("WECHATPAY/SIGNTEST/")) return "probe signature";
  const ts = Number(h.timestamp);
  if (!Number.isInteger(ts) || Math.abs(now.getTime() / 1000 - ts) > TOLERANCE_S) return "timestamp outside 300 s";
  try {
    const ok = createVerify("RSA-SHA256")
      .update(message(h.timestamp, h.nonce, rawBody), "utf8")
      .verify(keys.platformPublicKey, h.signature, "base64");
    return ok ? null : "bad signature";
  } catch {
    return "bad signature";
  }
}

export interface Resource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

export function decrypt(resource: Resource, apiV3Key: Buffer): string {
  const data = Buffer.from(resource.ciphertext, "base64");
  const decipher = createDecipheriv("aes-256-gcm", apiV3Key, Buffer.from(resource.nonce, "utf8"));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString("utf8");
}

export function encrypt(plaintext: string, apiV3Key: Buffer, associatedData: string): Resource {
  const nonce = randomBytes(9).toString("base64url").slice(0, 12);
  const cipher = createCipheriv("aes-256-gcm", apiV3Key, Buffer.from(nonce, "utf8"));
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: "AEAD_AES_256_GCM",
    ciphertext: body.toString("base64"),
    associated_data: associatedData,
    nonce,
    original_type: "transaction",
  };
}

export type WechatVerdict =
  | { ok: true; event: PaymentEventInput | null }
  | { ok: false; status: 400 | 401; reason: string };

/** Verify, decrypt and read a notification. */
export function readNotification(
  h: WechatHeaders,
  rawBody: string,
  keys: PaymentKeys["wechat"],
  now: Date,
): WechatVerdict {
  const refused = verifySignature(h, rawBody, keys, now);
  if (refused) return { ok: false, status: 401, reason: refused };
  let body: { id?: string; resource?: Resource };
  let tx: {
    out_trade_no?: string;
    trade_state?: string;
    mchid?: string;
    amount?: { total?: number; currency?: string };
  };
  try {
    body = JSON.parse(rawBody);
    if (!body.id || !body.resource) return { ok: false, status: 400, reason: "id or resource missing" };
    tx = JSON.parse(decrypt(body.resource, keys.apiV3Key));
  } catch {
    return { ok: false, status: 400, reason: "resource cannot be decrypted" };
  }
  if (tx.mchid && tx.mchid !== keys.mchId) return { ok: false, status: 400, reason: "mchid is not ours" };
  const outcome =
    tx.trade_state === "SUCCESS"
      ? "paid"
      : tx.trade_state && ["PAYERROR", "CLOSED", "REVOKED"].includes(tx.trade_state)
        ? "failed"
        : null;
  if (!outcome) return { ok: true, event: null };
  if (!tx.out_trade_no || !Number.isInteger(tx.amount?.total))
    return { ok: false, status: 400, reason: "transaction incomplete" };
  return {
    ok: true,
    event: {
      provider: "wechat",
      eventId: body.id,
      orderNo: tx.out_trade_no,
      amount: tx.amount?.total as number,
      currency: tx.amount?.currency ?? "CNY",
      outcome,
      // PAYERROR: the bank or WeChat refused it; CLOSED and REVOKED: the payment was called off
      ...(outcome === "failed"
        ? { reason: tx.trade_state === "PAYERROR" ? ("declined" as const) : ("cancelled" as const) }
        : {}),
    },
  };
}

/** The notification WeChat Pay would send, signed by the sandbox's platform key. */
export function sandboxNotification(
  order: { orderNo: string; amount: number },
  outcome: "paid" | "failed" | "cancelled",
  keys: PaymentKeys["wechat"],
  now: Date,
): { headers: Record<string, string>; body: string } {
  if (!keys.sandboxPrivateKey) throw new Error("the WeChat Pay sandbox has no key: real keys are configured");
  const transaction = {
    mchid: keys.mchId,
    appid: "wxd678efh567hg6787",
    out_trade_no: order.orderNo,
    transaction_id: `4200${randomBytes(12).toString("hex")}`,
    trade_type: "NATIVE",
    trade_state: outcome === "paid" ? "SUCCESS" : outcome === "cancelled" ? "CLOSED" : "PAYERROR",
    trade_state_desc: outcome === "paid" ? "支付成功" : outcome === "cancelled" ? "已关闭" : "支付失败",
    success_time: now.toISOString(),
    amount: { total: order.amount, payer_total: order.amount, currency: "CNY", payer_currency: "CNY" },
  };
  const body = JSON.stringify({
    id: randomBytes(18).toString("hex"),
    create_time: now.toISOString(),
    resource_type: "encrypt-resource",
    event_type: outcome === "paid" ? "TRANSACTION.SUCCESS" : "TRANSACTION.FAIL",
    summary: outcome === "paid" ? "支付成功" : "支付失败",
    resource: encrypt(JSON.stringify(transaction), keys.apiV3Key, "transaction"),
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(16).toString("hex");
  const signature = createSign("RSA-SHA256")
    .update(message(timestamp, nonce, body), "utf8")
    .sign(keys.sandboxPrivateKey, "base64");
  return {
    headers: {
      "content-type": "application/json",
      "wechatpay-timestamp": timestamp,
      "wechatpay-nonce": nonce,
      "wechatpay-signature": signature,
      "wechatpay-serial": keys.platformSerial,
      "wechatpay-signature-type": "WECHATPAY2-SHA256-RSA2048",
    },
    body,
  };
}

/** The same notification sent again later: a fresh timestamp and nonce, signed anew. */
export function resign(
  previous: { headers: Record<string, string>; body: string },
  keys: PaymentKeys["wechat"],
  now: Date,
): { headers: Record<string, string>; body: string } {
  if (!keys.sandboxPrivateKey) throw new Error("the WeChat Pay sandbox has no key: real keys are configured");
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(16).toString("hex");
  const signature = createSign("RSA-SHA256")
    .update(message(timestamp, nonce, previous.body), "utf8")
    .sign(keys.sandboxPrivateKey, "base64");
  return {
    headers: {
      ...previous.headers,
      "wechatpay-timestamp": timestamp,
      "wechatpay-nonce": nonce,
      "wechatpay-signature": signature,
    },
    body: previous.body,
  };
}
