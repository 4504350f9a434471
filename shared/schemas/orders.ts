/** Membership, cloud hours, orders and payment: payloads and answers (docs/api.md "Membership and orders"). */

import type { Static } from "typebox";
import * as Type from "typebox";
import { Page } from "./common.ts";

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Channel = Type.Union([Type.Literal("alipay"), Type.Literal("wechat"), Type.Literal("card")]);
const Tier = Type.Union([Type.Literal("silver"), Type.Literal("gold"), Type.Literal("diamond"), Type.Literal("cloud")]);
const Money = {
  /** In the smallest unit: fen on the cn site, cents on the international one. */
  price: Type.Integer(),
  currency: Type.Union([Type.Literal("CNY"), Type.Literal("USD")]),
  symbol: Type.String(),
};

export const VipSku = Type.Object({
  id: Type.String(),
  tier: Tier,
  period: Type.Union([Type.Literal("month"), Type.Literal("season"), Type.Literal("year")]),
  days: Type.Integer(),
  name: Type.String(),
  tierName: Type.String(),
  periodName: Type.String(),
  benefits: Type.Array(Type.String()),
  ...Money,
  /** What the same months cost one by one: the page shows the saving. */
  originalPrice: Type.Integer(),
});
export type VipSku = Static<typeof VipSku>;

/** The tiers compared (docs/decisions/055): each row's values follow `tiers`' order. */
export const VipCompare = Type.Object({
  tiers: Type.Array(Tier),
  tierNames: Type.Array(Type.String()),
  rows: Type.Array(
    Type.Object({
      key: Type.String(),
      group: Type.Union([
        Type.Literal("live"),
        Type.Literal("limits"),
        Type.Literal("catalogue"),
        Type.Literal("service"),
      ]),
      values: Type.Array(Type.Union([Type.Boolean(), Type.Integer()])),
    }),
  ),
});
export type VipCompare = Static<typeof VipCompare>;

export const HourPackage = Type.Object({ id: Type.String(), hours: Type.Integer(), name: Type.String(), ...Money });
export type HourPackage = Static<typeof HourPackage>;

export const IosSku = Type.Object({
  id: Type.String(),
  /** The App Store product id. */
  productId: Type.String(),
  name: Type.String(),
  tier: Type.Union([Tier, Type.Null()]),
  hours: Type.Union([Type.Integer(), Type.Null()]),
  ...Money,
});
export type IosSku = Static<typeof IosSku>;

export const NamedValue = Type.Object({ value: Type.Integer(), name: Type.String() });
export type NamedValue = Static<typeof NamedValue>;

export const MembershipWindow = Type.Object({
  tier: Tier,
  tierName: Type.String(),
  startsAt: Type.String({ format: "date-time" }),
  endsAt: Type.String({ format: "date-time" }),
  source: Type.Union([Type.Literal("order"), Type.Literal("trial"), Type.Literal("seed")]),
  orderNo: Type.Union([Type.String(), Type.Null()]),
});
export type MembershipWindow = Static<typeof MembershipWindow>;

export const UserVip = Type.Object({
  /** The membership that counts now, or null (never had one, or it ended). */
  current: Type.Union([
    Type.Object({
      tier: Tier,
      tierName: Type.String(),
      expiresAt: Type.String({ format: "date-time" }),
      benefits: Type.Array(Type.String()),
    }),
    Type.Null(),
  ]),
  /** True when the user had a membership and it ended: the page shows the renew text. */
  expired: Type.Boolean(),
  history: Type.Array(MembershipWindow),
  cloudHours: Type.Object({ balanceMinutes: Type.Integer() }),
  trialAvailable: Type.Boolean(),
  trial: Type.Object({ tier: Tier, days: Type.Integer() }),
});
export type UserVip = Static<typeof UserVip>;

export const CreateOrderBody = Type.Object({
  skuId: Id,
  channel: Channel,
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
});
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const RepayBody = Type.Object({ channel: Type.Optional(Channel) });
export type RepayBody = Static<typeof RepayBody>;

export const OrderIdParams = Type.Object({ orderId: Id });
export type OrderIdParams = Static<typeof OrderIdParams>;

/** What the checkout needs: the order and where to pay it. */
export const PayTicket = Type.Object({
  orderId: Type.String(),
  orderNo: Type.String(),
  status: Type.Integer(),
  productName: Type.String(),
  channel: Channel,
  quantity: Type.Integer(),
  amount: Type.Integer(),
  currency: Money.currency,
  symbol: Type.String(),
  expiresAt: Type.String({ format: "date-time" }),
  /** The provider's checkout page (here the local sandbox), as a path on this server. */
  payUrl: Type.String(),
  /** What the QR code holds: the absolute checkout URL. */
  qrText: Type.String(),
});
export type PayTicket = Static<typeof PayTicket>;

export const OrderStatusData = Type.Object({
  orderId: Type.String(),
  orderNo: Type.String(),
  status: Type.Integer(),
  statusName: Type.String(),
  paidAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  /** Why the order did not pay (failed or closed), else null (docs/decisions/055). */
  failReason: Type.Union([Type.Literal("declined"), Type.Literal("cancelled"), Type.Literal("expired"), Type.Null()]),
});
export type OrderStatusData = Static<typeof OrderStatusData>;

export const OrderPageBody = Type.Object({
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  range: Type.Optional(
    Type.Union([Type.Literal("all"), Type.Literal("today"), Type.Literal("7d"), Type.Literal("30d")]),
  ),
  /** IANA zone the ranges are counted in; default the site's (Asia/Shanghai on cn, UTC otherwise). */
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
});
export type OrderPageBody = Static<typeof OrderPageBody>;

export const OrderRow = Type.Object({
  orderId: Type.String(),
  orderNo: Type.String(),
  productName: Type.String(),
  channel: Channel,
  channelName: Type.String(),
  quantity: Type.Integer(),
  amount: Type.Integer(),
  currency: Money.currency,
  symbol: Type.String(),
  createdAt: Type.String({ format: "date-time" }),
  status: Type.Integer(),
  statusName: Type.String(),
});
export type OrderRow = Static<typeof OrderRow>;

export const OrderPage = Type.Object({ records: Type.Array(OrderRow), total: Type.Integer() });
export type OrderPage = Static<typeof OrderPage>;
