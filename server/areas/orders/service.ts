/**
 * Orders, memberships and cloud hours (docs/decisions/018). Orders are made here and paid at a
 * provider; a verified notification comes back through `recordPaymentEvent`, which records it under
 * its provider event id and applies its effect in one transaction, exactly once.
 */

import { randomBytes, randomInt } from "node:crypto";
import { locked, lockRow, serializable } from "../../../infra/db.ts";
import type { Order, Prisma } from "../../../infra/generated/prisma/client.ts";
import { LIMIT_OFFSET, sqlDate } from "../../../infra/sql.ts";
import type { Language, Site } from "../../../shared/constants.ts";
import { rankOf, type VipType } from "../../../shared/membership.ts";
import { translate } from "../../../shared/messages.ts";
import {
  CURRENCY,
  channelsForSite,
  FAIL_REASONS,
  type FailReason,
  findSku,
  iosProductId,
  isTimeZone,
  makeOrderNo,
  ORDER_CLOSE_MINUTES,
  ORDER_STATUS,
  ORDER_STATUSES,
  type OrderRange,
  PAYABLE_STATUSES,
  type PayChannel,
  rangeStart,
  type Sku,
  skusFor,
  TRIAL,
  VIP_TIERS,
  WECHAT_CAP_FEN,
} from "../../../shared/orders.ts";
import type {
  HourPackage,
  IosSku,
  NamedValue,
  OrderPage,
  OrderPageBody,
  OrderRow,
  OrderStatusData,
  PayTicket,
  UserVip,
  VipCompare,
  VipSku,
} from "../../../shared/schemas/orders.ts";
import { SHOP_SKU_PREFIX } from "../../../shared/shop/catalogue.ts";
import { tierComparison } from "../../../shared/tier-compare.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { ITEM_ENTITLEMENT } from "../shop/access.ts";
import { grantItem } from "../shop/grant.ts";
import { assetOf, priceOf, SKU_INCLUDE } from "../shop/products.ts";

const DAY_MS = 86_400_000;
type Tx = Prisma.TransactionClient;

export interface PaymentEventInput {
  provider: PayChannel;
  /** notify_id (Alipay), the notification id (WeChat Pay), event.id (card). */
  eventId: string;
  orderNo: string;
  /** In the smallest unit, as the provider stated it. */
  amount: number;
  currency: string;
  outcome: "paid" | "failed";
  /** Why a failed payment failed, as the provider put it; declined when it says no more. */
  reason?: "declined" | "cancelled";
}

/** The reason the status answer gives: only for an order that failed or closed. */
function failReasonOf(order: { status: number; failReason: string | null }): FailReason | null {
  if (order.status !== ORDER_STATUS.failed && order.status !== ORDER_STATUS.closed) return null;
  const reason = order.failReason as FailReason | null;
  if (reason && FAIL_REASONS.includes(reason)) return reason;
  // closed before the column existed: only time closes an order
  return order.status === ORDER_STATUS.closed ? "expired" : "declined";
}

const comparison = tierComparison();

export const tierName = (tier: string, language: Language) => translate(`tier_${tier as VipType}`, language);
export const benefitsOf = (tier: string, language: Language) =>
  translate(`benefits_${tier as VipType}`, language).split("|");

/** The product's name in `language`, as the order keeps it. */
function productName(sku: Sku, language: Language): string {
  if (sku.kind === "hours") return translate("hoursPackage", language, { hours: sku.hours });
  const sep = language === "EN" ? " · " : " ";
  return `${tierName(sku.tier, language)}${sep}${translate(`period_${sku.period}`, language)}`;
}

/** A membership's value per day on this site, in minor units (its monthly price over 30 days). */
function dailyValue(site: Site, tier: string): number {
  const month = skusFor(site).find((s) => s.kind === "vip" && s.tier === tier && s.period === "month");
  return month ? month.price / 30 : 1;
}

/** The columns the order list reads, as SQLite gives them (dates are ISO text). */
interface OrderListRow {
  id: string;
  skuId: string;
  orderNo: string;
  productName: string;
  channel: string;
  quantity: number;
  amount: number;
  currency: string;
  createdAt: string;
  status: number;
}

export function createOrderService(deps: Pick<Deps, "db" | "reads" | "clock" | "env">) {
  const { db, reads, clock, env } = deps;
  const site = env.SITE;
  const money = CURRENCY[site];
  const defaultZone = site === "cn" ? "Asia/Shanghai" : "UTC";

  /** Unpaid orders past their time close; a closed order cannot start a payment. */
  async function closeExpired(where: Prisma.OrderWhereInput = {}) {
    await db.order.updateMany({
      where: { ...where, status: ORDER_STATUS.pending, closesAt: { lte: clock.now() } },
      data: { status: ORDER_STATUS.closed, failReason: "expired" },
    });
  }

  /** `origin`: this server as the caller reached it, for the QR code's absolute URL. */
  function ticket(order: Order, language: Language, origin: string): PayTicket {
    const payUrl = `/pay-sandbox/${order.channel}/${order.payId}?lang=${language}`;
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      status: order.status,
      productName: order.productName,
      channel: order.channel as PayChannel,
      quantity: order.quantity,
      amount: order.amount,
      currency: order.currency as "CNY" | "USD",
      symbol: money.symbol,
      expiresAt: order.closesAt.toISOString(),
      payUrl,
      qrText: `${origin}${payUrl}`,
    };
  }

  function checkChannel(channel: PayChannel, amount: number) {
    if (!channelsForSite(site).includes(channel)) throw new BizError("CHANNEL_NOT_OFFERED");
    if (channel === "wechat" && amount > WECHAT_CAP_FEN) throw new BizError("WECHAT_LIMIT");
  }

  /** The user's membership now: the User row holds the current window (seeded, bought or trial). */
  async function currentOf(tx: Tx | typeof db, userId: string) {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { vipType: true, vipExpiresAt: true },
    });
    const now = clock.now();
    const active = user.vipType && (!user.vipExpiresAt || user.vipExpiresAt > now);
    return active
      ? { tier: user.vipType as string, expiresAt: user.vipExpiresAt ?? new Date(now.getTime() + 3650 * DAY_MS) }
      : null;
  }

  /**
   * Add `days` of `tier` (decision 018): the same tier stacks from its expiry; a tier of the same
   * or higher rank starts now and the old one's remaining value carries over, converted at each
   * tier's price per day; a lower tier's value extends the current, higher one the same way.
   */
  async function grantVip(
    tx: Tx,
    userId: string,
    tier: string,
    days: number,
    source: "order" | "trial",
    orderId?: string,
  ) {
    const now = clock.now();
    const current = await currentOf(tx, userId);
    let vipType = tier;
    let startsAt = now;
    let expiresAt: Date;
    if (!current) {
      expiresAt = new Date(now.getTime() + days * DAY_MS);
    } else if (current.tier === tier) {
      startsAt = current.expiresAt;
      expiresAt = new Date(current.expiresAt.getTime() + days * DAY_MS);
    } else if (rankOf(tier) >= rankOf(current.tier)) {
      const leftMs = current.expiresAt.getTime() - now.getTime();
      const carried = (leftMs * dailyValue(site, current.tier)) / dailyValue(site, tier);
      expiresAt = new Date(now.getTime() + days * DAY_MS + Math.floor(carried));
    } else {
      vipType = current.tier;
      startsAt = current.expiresAt;
      const converted = (days * DAY_MS * dailyValue(site, tier)) / dailyValue(site, current.tier);
      expiresAt = new Date(current.expiresAt.getTime() + Math.floor(converted));
    }
    await tx.user.update({ where: { id: userId }, data: { vipType, vipExpiresAt: expiresAt } });
    await tx.membership.create({
      data: { userId, tier: vipType, startsAt, endsAt: expiresAt, source, orderId: orderId ?? null },
    });
  }

  /**
   * Every attempt is kept (decision 048): the buyer may already have paid an earlier one (the first
   * QR code) when 'Proceed Pay' switched the channel, and that provider's confirmation still counts.
   */
  async function recordAttempt(order: Pick<Order, "id" | "channel" | "payId" | "createdAt">) {
    await db.paymentAttempt.create({
      data: { orderId: order.id, channel: order.channel, payId: order.payId, createdAt: clock.now() },
    });
  }

  /** 'Proceed Pay': a new payment attempt for the same order (never a second order). */
  async function repay(
    userId: string,
    orderId: string,
    channel: PayChannel | undefined,
    language: Language,
    origin: string,
  ) {
    await closeExpired({ id: orderId });
    const order = await db.order.findFirst({ where: { id: orderId, userId } });
    if (!order) throw new BizError("NOT_FOUND");
    if (order.status === ORDER_STATUS.paid) throw new BizError("ORDER_PAID");
    if (!PAYABLE_STATUSES.includes(order.status as 1 | 3)) throw new BizError("ORDER_CLOSED");
    const next = channel ?? (order.channel as PayChannel);
    checkChannel(next, order.amount);
    const updated = await db.order.update({
      where: { id: order.id },
      data: {
        channel: next,
        status: ORDER_STATUS.pending,
        failReason: null,
        payId: randomBytes(16).toString("hex"),
      },
    });
    await recordAttempt(updated);
    return ticket(updated, language, origin);
  }

  /**
   * An order for a shop item (docs/decisions/025): one at a time, never for a free item or one the
   * user owns. An unpaid order for the same item is paid again rather than doubled; the check and
   * the insert share a transaction, so two quick clicks make one order.
   */
  async function createItemOrder(
    userId: string,
    input: { skuId: string; channel: PayChannel; quantity?: number },
    language: Language,
    origin: string,
  ): Promise<PayTicket> {
    if ((input.quantity ?? 1) !== 1) throw new BizError("SHOP_ONE_AT_A_TIME");
    const sku = await db.shopSku.findUnique({ where: { id: input.skuId }, include: SKU_INCLUDE });
    if (!sku?.listed) throw new BizError("SKU_UNKNOWN");
    const amount = priceOf(sku, site);
    if (amount === 0) throw new BizError("SHOP_ITEM_FREE");
    checkChannel(input.channel, amount);
    const ref = (sku.itemId ?? sku.roleId) as string;
    const owned = await db.entitlement.findUnique({
      where: { userId_kind_ref: { userId, kind: ITEM_ENTITLEMENT, ref } },
    });
    if (owned) throw new BizError("SHOP_ALREADY_OWNED");
    const now = clock.now();
    // One open order per user and product: SERIALIZABLE on PostgreSQL (decision 032).
    const made = await serializable(db, async (tx) => {
      await tx.order.updateMany({
        where: { userId, skuId: sku.id, status: ORDER_STATUS.pending, closesAt: { lte: now } },
        data: { status: ORDER_STATUS.closed },
      });
      const open = await tx.order.findFirst({
        where: { userId, skuId: sku.id, status: { in: [...PAYABLE_STATUSES] } },
        orderBy: { createdAt: "desc" },
      });
      if (open) return { reuse: open.id };
      return tx.order.create({
        data: {
          orderNo: makeOrderNo(now, randomInt),
          userId,
          skuId: sku.id,
          kind: "item",
          productName: assetOf(sku, language).name,
          channel: input.channel,
          quantity: 1,
          amount,
          currency: money.code,
          payId: randomBytes(16).toString("hex"),
          closesAt: new Date(now.getTime() + ORDER_CLOSE_MINUTES * 60_000),
          createdAt: now,
        },
      });
    });
    if ("reuse" in made) return repay(userId, made.reuse, input.channel, language, origin);
    await recordAttempt(made);
    return ticket(made, language, origin);
  }

  return {
    vipSkus(language: Language): VipSku[] {
      return skusFor(site).flatMap((sku) =>
        sku.kind === "vip"
          ? [
              {
                id: sku.id,
                tier: sku.tier,
                period: sku.period,
                days: sku.days,
                name: productName(sku, language),
                tierName: tierName(sku.tier, language),
                periodName: translate(`period_${sku.period}`, language),
                benefits: benefitsOf(sku.tier, language),
                price: sku.price,
                originalPrice: sku.monthly,
                currency: money.code,
                symbol: money.symbol,
              },
            ]
          : [],
      );
    },

    hourPackages(language: Language): HourPackage[] {
      return skusFor(site).flatMap((sku) =>
        sku.kind === "hours"
          ? [
              {
                id: sku.id,
                hours: sku.hours,
                name: productName(sku, language),
                price: sku.price,
                currency: money.code,
                symbol: money.symbol,
              },
            ]
          : [],
      );
    },

    /** The comparison table's data, computed once: it depends on code only. */
    vipCompare(language: Language): VipCompare {
      const { tiers, rows } = comparison;
      return { tiers, tierNames: tiers.map((t) => tierName(t, language)), rows };
    },

    iosSkus(language: Language): IosSku[] {
      return skusFor(site).map((sku) => ({
        id: sku.id,
        productId: iosProductId(sku),
        name: productName(sku, language),
        tier: sku.kind === "vip" ? sku.tier : null,
        hours: sku.kind === "hours" ? sku.hours : null,
        price: sku.price,
        currency: money.code,
        symbol: money.symbol,
      }));
    },

    statusList(language: Language): NamedValue[] {
      return ORDER_STATUSES.map((value) => ({ value, name: translate(`status_${value}`, language) }));
    },

    async create(
      userId: string,
      input: { skuId: string; channel: PayChannel; quantity?: number },
      language: Language,
      origin: string,
    ): Promise<PayTicket> {
      if (input.skuId.startsWith(SHOP_SKU_PREFIX)) return createItemOrder(userId, input, language, origin);
      const sku = findSku(site, input.skuId);
      if (!sku) throw new BizError("SKU_UNKNOWN");
      const quantity = input.quantity ?? 1;
      const amount = sku.price * quantity;
      checkChannel(input.channel, amount);
      if (sku.kind === "vip") {
        const current = await currentOf(db, userId);
        if (current && rankOf(sku.tier) < rankOf(current.tier)) {
          throw new BizError("DOWNGRADE_REFUSED", {
            tier: tierName(current.tier, language),
            date: current.expiresAt.toISOString().slice(0, 10),
          });
        }
      }
      const now = clock.now();
      const order = await db.order.create({
        data: {
          orderNo: makeOrderNo(now, randomInt),
          userId,
          skuId: sku.id,
          kind: sku.kind,
          tier: sku.kind === "vip" ? sku.tier : null,
          days: sku.kind === "vip" ? sku.days * quantity : null,
          minutes: sku.kind === "hours" ? sku.hours * 60 * quantity : null,
          productName: productName(sku, language),
          channel: input.channel,
          quantity,
          amount,
          currency: money.code,
          payId: randomBytes(16).toString("hex"),
          closesAt: new Date(now.getTime() + ORDER_CLOSE_MINUTES * 60_000),
          createdAt: now,
        },
      });
      await recordAttempt(order);
      return ticket(order, language, origin);
    },

    repay,

    async status(userId: string, orderId: string, language: Language): Promise<OrderStatusData> {
      await closeExpired({ id: orderId });
      const order = await db.order.findFirst({ where: { id: orderId, userId } });
      if (!order) throw new BizError("NOT_FOUND");
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        status: order.status,
        statusName: translate(`status_${order.status as 1}`, language),
        paidAt: order.paidAt?.toISOString() ?? null,
        failReason: failReasonOf(order),
      };
    },

    /** The user's orders, newest first; `kind` narrows them (the shop's: "item"). A hot read: prepared statements. */
    async page(
      userId: string,
      body: OrderPageBody,
      language: Language,
      kind?: string,
    ): Promise<OrderPage & { records: (OrderRow & { skuId: string })[] }> {
      // Close what has run out first, but write only when something has (reads cost microseconds).
      const now = clock.now();
      const pending = await reads.all<{ closesAt: string }>(
        'SELECT "closesAt" FROM "Order" WHERE "userId" = ? AND "status" = ?',
        userId,
        ORDER_STATUS.pending,
      );
      if (pending.some((o) => new Date(o.closesAt) <= now)) await closeExpired({ userId });
      const zone = body.timeZone && isTimeZone(body.timeZone) ? body.timeZone : defaultZone;
      const from = rangeStart((body.range ?? "all") as OrderRange, now, zone);
      const since = from ? sqlDate(from) : null;
      const only = kind ?? null;
      const rows = await reads.all<OrderListRow>(
        `SELECT "id", "skuId", "orderNo", "productName", "channel", "quantity", "amount", "currency", "createdAt", "status"
         FROM "Order" WHERE "userId" = ? AND (CAST(? AS TEXT) IS NULL OR "createdAt" >= ?)
           AND (CAST(? AS TEXT) IS NULL OR "kind" = ?)
         ORDER BY "createdAt" DESC, "id" DESC ${LIMIT_OFFSET}`,
        userId,
        since,
        since,
        only,
        only,
        body.limit,
        (body.page - 1) * body.limit,
      );
      const total =
        (
          await reads.get<{ n: number }>(
            `SELECT count(*) AS "n" FROM "Order"
             WHERE "userId" = ? AND (CAST(? AS TEXT) IS NULL OR "createdAt" >= ?)
               AND (CAST(? AS TEXT) IS NULL OR "kind" = ?)`,
            userId,
            since,
            since,
            only,
            only,
          )
        )?.n ?? 0;
      const records = rows.map((o) => ({
        orderId: o.id,
        skuId: o.skuId,
        orderNo: o.orderNo,
        productName: o.productName,
        channel: o.channel as PayChannel,
        channelName: translate(`channel_${o.channel as PayChannel}`, language),
        quantity: o.quantity,
        amount: o.amount,
        currency: o.currency as "CNY" | "USD",
        symbol: CURRENCY[o.currency === "CNY" ? "cn" : "intl"].symbol,
        createdAt: new Date(o.createdAt).toISOString(),
        status: o.status,
        statusName: translate(`status_${o.status as 1}`, language),
      }));
      return { records, total };
    },

    async userVip(userId: string, language: Language): Promise<UserVip> {
      const [current, user, history, hours, trial] = await Promise.all([
        currentOf(db, userId),
        db.user.findUniqueOrThrow({ where: { id: userId }, select: { vipType: true } }),
        db.membership.findMany({
          where: { userId },
          orderBy: { createdAt: "desc" },
          take: 50,
          include: { order: { select: { orderNo: true } } },
        }),
        db.cloudHourEntry.aggregate({ where: { userId }, _sum: { minutes: true } }),
        db.trialClaim.findUnique({ where: { userId } }),
      ]);
      return {
        current: current
          ? {
              tier: current.tier as VipType,
              tierName: tierName(current.tier, language),
              expiresAt: current.expiresAt.toISOString(),
              benefits: benefitsOf(current.tier, language),
            }
          : null,
        expired: !current && Boolean(user.vipType || history.length),
        history: history.map((m) => ({
          tier: m.tier as VipType,
          tierName: tierName(m.tier, language),
          startsAt: m.startsAt.toISOString(),
          endsAt: m.endsAt.toISOString(),
          source: m.source as "order" | "trial" | "seed",
          orderNo: m.order?.orderNo ?? null,
        })),
        cloudHours: { balanceMinutes: hours._sum.minutes ?? 0 },
        trialAvailable: !trial && !current,
        trial: { tier: TRIAL.tier, days: TRIAL.days },
      };
    },

    /** The one-time trial, exactly once: the claim's primary key is the user. */
    async startTrial(userId: string) {
      await locked(db, async (tx) => {
        await lockRow(db, tx, "User", userId);
        if (await tx.trialClaim.findUnique({ where: { userId } })) throw new BizError("TRIAL_USED");
        if (await currentOf(tx, userId)) throw new BizError("TRIAL_USED");
        await tx.trialClaim.create({ data: { userId } });
        await grantVip(tx, userId, TRIAL.tier, TRIAL.days, "trial");
      });
    },

    /** The order a provider's notification names, for the adapters' own checks. */
    findByOrderNo: (orderNo: string) => db.order.findUnique({ where: { orderNo } }),
    /** The order of a payment attempt, the current one or an earlier one (then as that attempt saw it). */
    async findByPayId(payId: string): Promise<Order | null> {
      const order = await db.order.findUnique({ where: { payId } });
      if (order) return order;
      const attempt = await db.paymentAttempt.findUnique({ where: { payId } });
      if (!attempt) return null;
      const of = await db.order.findUnique({ where: { id: attempt.orderId } });
      return of && { ...of, channel: attempt.channel, payId: attempt.payId };
    },

    /**
     * Record a verified notification and apply it, exactly once (decision 018). Its order, amount
     * and currency must match, or it is refused and nothing is written. The transaction runs
     * alone for its order and its user (SQLite runs one writer at a time; on PostgreSQL it takes
     * the order's and the user's row locks first, decision 032), so the check for a recorded event
     * id, the membership extension and the insert under the unique constraint see no
     * interleaving; a duplicate answers "duplicate".
     */
    async recordPaymentEvent(event: PaymentEventInput): Promise<"applied" | "duplicate"> {
      const order = await db.order.findUnique({ where: { orderNo: event.orderNo } });
      if (!order) throw new BizError("NOT_FOUND");
      // Any attempt's provider may confirm it, whichever channel the order shows now (decision 048):
      // a buyer who paid the first QR code before switching is not charged for nothing.
      const current = order.channel === event.provider;
      if (!current && !(await db.paymentAttempt.findFirst({ where: { orderId: order.id, channel: event.provider } })))
        throw new BizError("NOT_FOUND");
      if (order.amount !== event.amount || order.currency !== event.currency) throw new BizError("PAY_ERROR");
      return locked(db, async (tx) => {
        // the order's notifications one at a time, and the user's membership changes one at a time
        await lockRow(db, tx, "Order", order.id);
        await lockRow(db, tx, "User", order.userId);
        const seen = await tx.paymentEvent.findUnique({
          where: { provider_eventId: { provider: event.provider, eventId: event.eventId } },
        });
        if (seen) return "duplicate" as const;
        const now = clock.now();
        let result = "applied";
        if (event.outcome === "paid") {
          // A payment the provider confirms is honoured, even on an order closed meanwhile.
          const won = await tx.order.updateMany({
            where: { id: order.id, status: { not: ORDER_STATUS.paid } },
            data: { status: ORDER_STATUS.paid, paidAt: now },
          });
          if (won.count === 1) {
            if (order.kind === "vip" && order.tier && order.days)
              await grantVip(tx, order.userId, order.tier, order.days, "order", order.id);
            if (order.kind === "hours" && order.minutes)
              await tx.cloudHourEntry.create({
                data: { userId: order.userId, minutes: order.minutes, reason: "order", orderId: order.id },
              });
            if (order.kind === "item") {
              const granted = await grantItem(tx, {
                userId: order.userId,
                skuId: order.skuId,
                source: "shop-order",
                sourceId: order.id,
                now,
              });
              // owned already (another order, a free claim): the payment is recorded, nothing granted twice
              if (!granted) result = "already-owned";
            }
          } else result = "duplicate-order";
        } else if (!current) {
          // an earlier attempt's failure says nothing of the attempt under way
          result = "stale-failure";
        } else {
          await tx.order.updateMany({
            where: { id: order.id, status: ORDER_STATUS.pending },
            data: { status: ORDER_STATUS.failed, failReason: event.reason ?? "declined" },
          });
        }
        await tx.paymentEvent.create({
          data: {
            provider: event.provider,
            eventId: event.eventId,
            orderNo: event.orderNo,
            outcome: event.outcome,
            amount: event.amount,
            result,
            createdAt: now,
          },
        });
        return "applied" as const;
      });
    },

    closeExpired,
    tiers: VIP_TIERS,
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
