/**
 * Payment notifications (`/web-api/p1/pay/notify/{channel}`) and the local sandbox provider
 * (`/pay-sandbox/...`), docs/decisions/019. A notification is verified before anything is read
 * from it, recorded under its event id with its effect in one transaction, and answered the way
 * its provider expects. Anything that does not verify or match is refused, logged and changes
 * nothing.
 */

import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as Type from "typebox";
import { LANGUAGES, type Language } from "../../shared/constants.ts";
import { formatPrice, ORDER_STATUS, PAY_CHANNELS, type PayChannel } from "../../shared/orders.ts";
import { createOrderService, type PaymentEventInput } from "../areas/orders/service.ts";
import { BizError } from "../errors.ts";
import type { App } from "../types.ts";
import * as alipay from "./alipay.ts";
import * as card from "./card.ts";
import { loadPaymentKeys } from "./keys.ts";
import { sandboxPage } from "./sandbox-page.ts";
import * as wechat from "./wechat.ts";

declare module "fastify" {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const tags = ["payments"];

/** p1: where providers send notifications. The raw body is kept: signatures cover its bytes. */
export async function paymentNotifyRoutes(app: App) {
  const orders = createOrderService(app.deps);
  const { env, clock } = app.deps;
  // Alipay posts its notification form-encoded (the API's own calls take JSON only: decision 047)
  await app.register(formbody);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch {
      // an unreadable body still gets its signature checked and refused, not a parser error
      done(null, {});
    }
  });

  /** Record an event; false when its order, amount or currency does not match. */
  async function apply(request: FastifyRequest, event: PaymentEventInput | null): Promise<boolean> {
    if (!event) return true;
    try {
      const result = await orders.recordPaymentEvent(event);
      request.log.info(
        { provider: event.provider, eventId: event.eventId, orderNo: event.orderNo, result },
        "payment notification",
      );
      return true;
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      request.log.warn(
        { provider: event.provider, eventId: event.eventId, orderNo: event.orderNo, refused: error.codeName },
        "payment notification refused",
      );
      return false;
    }
  }

  app.post(
    "/pay/notify/alipay",
    {
      schema: {
        tags,
        summary: "Alipay's asynchronous notification (form-encoded, RSA2); answers text success or failure",
        hide: false,
      },
    },
    async (request, reply) => {
      const params = Object.fromEntries(
        Object.entries((request.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
      const verdict = alipay.readNotification(params, loadPaymentKeys(env).alipay);
      if (!verdict.ok) {
        request.log.warn({ provider: "alipay", reason: verdict.reason }, "payment notification refused");
        return reply.type("text/plain").send("failure");
      }
      return reply.type("text/plain").send((await apply(request, verdict.event)) ? "success" : "failure");
    },
  );

  app.post(
    "/pay/notify/wechat",
    {
      schema: {
        tags,
        summary: "WeChat Pay v3 notification (signed headers, AES-256-GCM resource); 204 or 4xx {code: FAIL}",
      },
    },
    async (request, reply) => {
      const h = request.headers;
      const header = (name: string) => (typeof h[name] === "string" ? (h[name] as string) : undefined);
      const verdict = wechat.readNotification(
        {
          timestamp: header("wechatpay-timestamp"),
          nonce: header("wechatpay-nonce"),
          signature: header("wechatpay-signature"),
          serial: header("wechatpay-serial"),
        },
        request.rawBody ?? "",
        loadPaymentKeys(env).wechat,
        clock.now(),
      );
      if (!verdict.ok) {
        request.log.warn({ provider: "wechat", reason: verdict.reason }, "payment notification refused");
        return reply.status(verdict.status).send({ code: "FAIL", message: verdict.reason });
      }
      if (!(await apply(request, verdict.event)))
        return reply.status(400).send({ code: "FAIL", message: "order mismatch" });
      return reply.status(204).send();
    },
  );

  app.post(
    "/pay/notify/card",
    { schema: { tags, summary: "Card webhook (Stripe-Signature t=…,v1=… HMAC-SHA256); 200 {received: true}" } },
    async (request, reply) => {
      const verdict = card.readEvent(
        typeof request.headers[card.HEADER] === "string" ? (request.headers[card.HEADER] as string) : undefined,
        request.rawBody ?? "",
        loadPaymentKeys(env).card.webhookSecret,
        clock.now(),
      );
      if (!verdict.ok) {
        request.log.warn({ provider: "card", reason: verdict.reason }, "payment notification refused");
        return reply.status(400).send({ received: false, error: verdict.reason });
      }
      if (!(await apply(request, verdict.event)))
        return reply.status(400).send({ received: false, error: "order mismatch" });
      return reply.send({ received: true });
    },
  );
}

/** How the sandbox reaches this server's notify URL: over HTTP when it listens, else in-process. */
async function deliver(app: FastifyInstance, channel: PayChannel, headers: Record<string, string>, body: string) {
  const url = `/web-api/p1/pay/notify/${channel}`;
  const address = app.server.address();
  if (address && typeof address === "object") {
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    const res = await fetch(
      `http://${host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host}:${address.port}${url}`,
      {
        method: "POST",
        headers,
        body,
      },
    );
    return { status: res.status, text: await res.text() };
  }
  const res = await app.inject({ method: "POST", url, headers, payload: body });
  return { status: res.statusCode, text: res.body };
}

/** The answer each provider waits for before it stops retrying. */
const accepted = (channel: PayChannel, res: { status: number; text: string }) =>
  channel === "alipay" ? res.status === 200 && res.text === "success" : res.status >= 200 && res.status < 300;

/** Retry delays of the sandbox: the providers' schedules (minutes to hours), compressed to seconds. */
export const SANDBOX_RETRY_MS = [500, 1000, 2000, 4000, 8000];

/**
 * Send one notification like the provider does: the same notification (same id, same signature
 * material re-signed per attempt where the provider re-signs) until it is accepted or the
 * schedule ends. Answers the first attempt's result; later attempts run in the background.
 */
export async function sendWithRetries(
  send: () => Promise<{ status: number; text: string }>,
  ok: (res: { status: number; text: string }) => boolean,
  delays = SANDBOX_RETRY_MS,
  log?: { warn(o: object, m: string): void },
): Promise<boolean> {
  const attempt = () => send().then(ok, () => false);
  if (await attempt()) return true;
  void (async () => {
    for (const ms of delays) {
      await new Promise((r) => setTimeout(r, ms).unref());
      if (await attempt()) return;
    }
    log?.warn({}, "sandbox notification never accepted");
  })();
  return false;
}

const Params = Type.Object({
  channel: Type.Union(PAY_CHANNELS.map((c) => Type.Literal(c))),
  payId: Type.String({ pattern: "^[0-9a-f]{32}$" }),
});
const Query = Type.Object({ lang: Type.Optional(Type.String()), outcome: Type.Optional(Type.String()) });

const langOf = (value: string | undefined, fallback: Language): Language =>
  LANGUAGES.includes(value as Language) ? (value as Language) : fallback;

/** The sandbox provider's checkout pages: not the product's API (hidden from the OpenAPI document). */
export async function paymentSandboxRoutes(app: App) {
  const orders = createOrderService(app.deps);
  const { env, clock } = app.deps;
  // the checkout pages post HTML forms
  await app.register(formbody);

  async function load(request: FastifyRequest<{ Params: { channel: PayChannel; payId: string } }>) {
    await orders.closeExpired({ payId: request.params.payId });
    const order = await orders.findByPayId(request.params.payId);
    return order && order.channel === request.params.channel ? order : null;
  }

  const page = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .status(status)
      .header(
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'",
      )
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(html);

  app.get<{ Params: { channel: PayChannel; payId: string }; Querystring: { lang?: string; outcome?: string } }>(
    "/pay-sandbox/:channel/:payId",
    { schema: { hide: true, params: Params, querystring: Query } },
    async (request, reply) => {
      const language = langOf(request.query.lang, request.language);
      const order = await load(request);
      if (!order)
        return page(reply, await sandboxPage({ kind: "missing", language, channel: request.params.channel }), 404);
      const payable = order.status === ORDER_STATUS.pending || order.status === ORDER_STATUS.failed;
      return page(
        reply,
        await sandboxPage({
          kind:
            request.query.outcome === "paid" ||
            request.query.outcome === "failed" ||
            request.query.outcome === "cancelled"
              ? request.query.outcome
              : payable
                ? "checkout"
                : "closed",
          language,
          channel: request.params.channel,
          productName: order.productName,
          amount: formatPrice(order.amount, order.currency === "CNY" ? "¥" : "$"),
          orderNo: order.orderNo,
          action: `/pay-sandbox/${order.channel}/${order.payId}`,
          selfUrl: `${request.protocol}://${request.host}/pay-sandbox/${order.channel}/${order.payId}?lang=${language}`,
        }),
      );
    },
  );

  app.post<{
    Params: { channel: PayChannel; payId: string; decision: "pay" | "fail" | "cancel" };
    Querystring: { lang?: string };
  }>(
    "/pay-sandbox/:channel/:payId/:decision",
    {
      schema: {
        hide: true,
        params: Type.Object({
          ...Params.properties,
          decision: Type.Union([Type.Literal("pay"), Type.Literal("fail"), Type.Literal("cancel")]),
        }),
        querystring: Query,
      },
    },
    async (request, reply) => {
      const language = langOf(
        request.query.lang ?? (request.body as { lang?: string } | undefined)?.lang,
        request.language,
      );
      const order = await load(request);
      const back = (outcome: string) =>
        reply.redirect(
          `/pay-sandbox/${request.params.channel}/${request.params.payId}?lang=${language}&outcome=${outcome}`,
          303,
        );
      if (!order || (order.status !== ORDER_STATUS.pending && order.status !== ORDER_STATUS.failed))
        return back("closed");
      // the card form: Stripe's test numbers, 4000 0000 0000 0002 is declined
      const number = String((request.body as { number?: string } | undefined)?.number ?? "").replace(/\s/g, "");
      const outcome =
        request.params.decision === "cancel"
          ? "cancelled"
          : request.params.decision === "fail" || number === "4000000000000002"
            ? "failed"
            : "paid";
      const keys = loadPaymentKeys(env);
      const now = clock.now();
      const channel = order.channel as PayChannel;
      const build = () => {
        if (channel === "alipay") {
          const params = alipay.sandboxNotification(order, outcome, keys.alipay, now);
          return {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(params).toString(),
          };
        }
        if (channel === "wechat") return wechat.sandboxNotification(order, outcome, keys.wechat, clock.now());
        return card.sandboxEvent(order, outcome, keys.card.webhookSecret, clock.now());
      };
      // Alipay repeats the very same notification (same notify_id); the others re-sign per attempt
      // with the same event id, as their timestamps move on.
      const first = build();
      const eventBody = first.body;
      const send = () => {
        if (channel === "alipay") return deliver(app, channel, first.headers, eventBody);
        const again =
          channel === "wechat"
            ? wechat.resign(first, keys.wechat, clock.now())
            : card.resign(first, keys.card.webhookSecret, clock.now());
        return deliver(app, channel, again.headers, again.body);
      };
      await sendWithRetries(send, (res) => accepted(channel, res), SANDBOX_RETRY_MS, request.log);
      return back(outcome);
    },
  );
}
