/**
 * Membership and cloud-hour commerce (spec sections 1, 4, 5, 7, 9; docs/decisions/018): the
 * catalogue with prices per site in the smallest currency unit, order statuses, channels and the
 * rules the server, the web and the tests share. Money is integers (fen or cents), never floats.
 */

import type { Site } from "./constants.ts";
import type { VipType } from "./membership.ts";

export const PAY_CHANNELS = ["alipay", "wechat", "card"] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** The site environment decides the channels: cn pays by Alipay or WeChat, international by card. */
export const channelsForSite = (site: Site): PayChannel[] => (site === "cn" ? ["alipay", "wechat"] : ["card"]);

export const CURRENCY: Record<Site, { code: "CNY" | "USD"; symbol: "¥" | "$" }> = {
  cn: { code: "CNY", symbol: "¥" },
  intl: { code: "USD", symbol: "$" },
};

/** Order statuses on the wire. Closed: unpaid past its time, it can no longer be paid. */
export const ORDER_STATUS = { pending: 1, paid: 2, failed: 3, closed: 4 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as OrderStatus[];
/**
 * Why an order did not pay (docs/decisions/055): the provider declined it (card refused, WeChat
 * PAYERROR), the payment was cancelled or closed at the provider (Alipay TRADE_CLOSED, WeChat
 * CLOSED or REVOKED), or the order ran out of time unpaid (closed after ORDER_CLOSE_MINUTES).
 */
export const FAIL_REASONS = ["declined", "cancelled", "expired"] as const;
export type FailReason = (typeof FAIL_REASONS)[number];
/** Statuses 'Proceed Pay' may pay again: the same order, never a new one. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.pending, ORDER_STATUS.failed];

/** The order list's filters (spec section 2 and 9). */
export const ORDER_RANGES = ["all", "today", "7d", "30d"] as const;
export type OrderRange = (typeof ORDER_RANGES)[number];

/** WeChat Pay's cap (spec section 5): 3000 RMB, in fen. */
export const WECHAT_CAP_FEN = 300_000;
/** An unpaid order closes 30 minutes after it was made (decision 018). */
export const ORDER_CLOSE_MINUTES = 30;
/** The one-time trial: a short silver membership, once per user (decision 018). */
export const TRIAL = { tier: "silver" as VipType, days: 3 } as const;
/** At most this many periods or packages in one order. */
export const MAX_QUANTITY = 12;

export const PERIODS = ["month", "season", "year"] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_DAYS: Record<Period, number> = { month: 30, season: 90, year: 365 };
const PERIOD_MONTHS: Record<Period, number> = { month: 1, season: 3, year: 12 };

/** Prices per site, in fen (cn) or cents (intl): month, season, year. */
const VIP_PRICES: Record<Site, Record<VipType, Record<Period, number>>> = {
  cn: {
    silver: { month: 3900, season: 9900, year: 33900 },
    gold: { month: 6900, season: 17900, year: 59900 },
    diamond: { month: 12900, season: 33900, year: 119900 },
    cloud: { month: 19900, season: 53900, year: 189900 },
  },
  intl: {
    silver: { month: 599, season: 1599, year: 5499 },
    gold: { month: 999, season: 2699, year: 8999 },
    diamond: { month: 1999, season: 5399, year: 17999 },
    cloud: { month: 2999, season: 7999, year: 27999 },
  },
};

/** Cloud-rendering hour packages (the supply-time list): hours and price per site. */
const HOUR_PACKAGES: { hours: number; price: Record<Site, number> }[] = [
  { hours: 10, price: { cn: 6000, intl: 999 } },
  { hours: 50, price: { cn: 27000, intl: 4499 } },
  { hours: 200, price: { cn: 98000, intl: 15999 } },
];

export const VIP_TIERS: readonly VipType[] = ["silver", "gold", "diamond", "cloud"];

/** What one SKU sells. Ids are stable: `vip.<tier>.<period>` and `hours.<n>`. */
export type Sku =
  | { id: string; kind: "vip"; tier: VipType; period: Period; days: number; price: number; monthly: number }
  | { id: string; kind: "hours"; hours: number; price: number };

export function skusFor(site: Site): Sku[] {
  const vip: Sku[] = VIP_TIERS.flatMap((tier) =>
    PERIODS.map((period) => ({
      id: `vip.${tier}.${period}`,
      kind: "vip" as const,
      tier,
      period,
      days: PERIOD_DAYS[period],
      price: VIP_PRICES[site][tier][period],
      // what the same time costs month by month: the page shows the saving
      monthly: VIP_PRICES[site][tier].month * PERIOD_MONTHS[period],
    })),
  );
  const hours: Sku[] = HOUR_PACKAGES.map((p) => ({
    id: `hours.${p.hours}`,
    kind: "hours" as const,
    hours: p.hours,
    price: p.price[site],
  }));
  return [...vip, ...hours];
}

export const findSku = (site: Site, id: string): Sku | undefined => skusFor(site).find((s) => s.id === id);

/** The App Store's product ids for the same SKUs (the iOS wrapper sells through in-app purchase). */
export const iosProductId = (sku: Sku): string =>
  sku.kind === "vip" ? `com.avalive.vip.${sku.tier}.${sku.period}` : `com.avalive.hours.${sku.hours}`;

/**
 * An order number a person can read out: `AV` + UTC date and time + 6 random characters. It says
 * nothing about how many orders there are.
 */
export function makeOrderNo(now: Date, random: (n: number) => number): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let tail = "";
  for (let i = 0; i < 6; i++) tail += alphabet[random(alphabet.length)];
  return `AV${stamp}${tail}`;
}

/** The start of the order list's range, as an instant, for a user in `timeZone`. */
export function rangeStart(range: OrderRange, now: Date, timeZone: string): Date | null {
  if (range === "all") return null;
  const days = range === "today" ? 0 : range === "7d" ? 6 : 29;
  // midnight today in the user's zone: shift by the zone's offset at `now`
  const offsetMs = zoneOffsetMs(now, timeZone);
  const local = new Date(now.getTime() + offsetMs);
  const localMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(localMidnight - days * 86_400_000 - offsetMs);
}

/** How far `timeZone` is ahead of UTC at `at`, in ms. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Yuan or dollars as a 2-decimal string from minor units, without floating point. */
export const minorToDecimal = (minor: number): string =>
  `${minor < 0 ? "-" : ""}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, "0")}`;

/** The inverse, for amounts providers send as strings ("88.00"); null if it is not such a string. */
export function decimalToMinor(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** "¥39.00" / "$5.99": for display. */
export const formatPrice = (minor: number, symbol: string): string => `${symbol}${minorToDecimal(minor)}`;
