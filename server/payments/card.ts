/**
 * Card payments through Stripe-style webhooks (docs/decisions/019): the `Stripe-Signature` header
 * `t=<unix s>,v1=<hex>[,v1=…]` holds HMAC-SHA256 of `t + "." + rawBody` under the endpoint secret,
 * compared in constant time, within 300 s. Events are deduplicated on their id.
 */

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { PaymentEventInput } from "../areas/orders/service.ts";

export const TOLERANCE_S = 300;
export const HEADER = "stripe-signature";

export const signature = (secret: string, t: string, rawBody: string) =>
  createHmac("sha256", secret).update(`${t}.${rawBody}`, "utf8").digest("hex");

export function verify(header: string | undefined, rawBody: string, secret: string, now: Date): string | null {
  if (!header) return "signature header missing";
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const v1 = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!t || !/^\d+$/.test(t) || !v1.length) return "signature header unreadable";
  if (Math.abs(now.getTime() / 1000 - Number(t)) > TOLERANCE_S) return "timestamp outside 300 s";
  const expected = Buffer.from(signature(secret, t, rawBody), "hex");
  const match = v1.some((v) => {
    const given = Buffer.from(v, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? null : "bad signature";
}

interface CardEvent {
  id?: string;
  type?: string;
  data?: { object?: { amount?: number; amount_total?: number; currency?: string; metadata?: { orderNo?: string } } };
}

export type CardVerdict = { ok: true; event: PaymentEventInput | null } | { ok: false; reason: string };

export function readEvent(header: string | undefined, rawBody: string, secret: string, now: Date): CardVerdict {
  const refused = verify(header, rawBody, secret, now);
  if (refused) return { ok: false, reason: refused };
  let event: CardEvent;
  try {
    event = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: "body is not JSON" };
  }
  const outcome =
    event.type === "payment_intent.succeeded" || event.type === "checkout.session.completed"
      ? "paid"
      : event.type === "payment_intent.payment_failed" || event.type === "payment_intent.canceled"
        ? "failed"
        : null;
  if (!outcome) return { ok: true, event: null };
  const object = event.data?.object;
  const amount = object?.amount ?? object?.amount_total;
  if (!event.id || !object?.metadata?.orderNo || !Number.isInteger(amount))
    return { ok: false, reason: "event incomplete" };
  return {
    ok: true,
    event: {
      provider: "card",
      eventId: event.id,
      orderNo: object.metadata.orderNo,
      amount: amount as number,
      currency: (object.currency ?? "").toUpperCase(),
      outcome,
      ...(outcome === "failed"
        ? { reason: event.type === "payment_intent.canceled" ? ("cancelled" as const) : ("declined" as const) }
        : {}),
    },
  };
}

/** The event the card provider would send, signed with the webhook secret. */
export function sandboxEvent(
  order: { orderNo: string; amount: number; currency: string },
  outcome: "paid" | "failed" | "cancelled",
  secret: string,
  now: Date,
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    id: `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    created: Math.floor(now.getTime() / 1000),
    type:
      outcome === "paid"
        ? "payment_intent.succeeded"
        : outcome === "cancelled"
          ? "payment_intent.canceled"
          : "payment_intent.payment_failed",
    data: {
      object: {
        id: `pi_${randomBytes(12).toString("hex")}`,
        object: "payment_intent",
        amount: order.amount,
        currency: order.currency.toLowerCase(),
        status: outcome === "paid" ? "succeeded" : outcome === "cancelled" ? "canceled" : "requires_payment_method",
        metadata: { orderNo: order.orderNo },
      },
    },
  });
  const t = String(Math.floor(now.getTime() / 1000));
  return {
    headers: { "content-type": "application/json", [HEADER]: `t=${t},v1=${signature(secret, t, body)}` },
    body,
  };
}

/** The same event delivered again: a fresh timestamp, signed anew; the event id stays. */
export function resign(previous: { headers: Record<string, string>; body: string }, secret: string, now: Date) {
  const t = String(Math.floor(now.getTime() / 1000));
  return {
    headers: { ...previous.headers, [HEADER]: `t=${t},v1=${signature(secret, t, previous.body)}` },
    body: previous.body,
  };
}
