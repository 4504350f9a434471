import { formatPrice } from "../../../shared/orders.ts";

/** "¥39" for whole amounts, "$5.99" otherwise: minor units in, no floating point. */
export function displayPrice(minor: number, symbol: string): string {
  const text = formatPrice(minor, symbol);
  return text.endsWith(".00") ? text.slice(0, -3) : text;
}

/** How much a longer period saves against paying month by month, in whole percent. */
export function savingPercent(price: number, monthly: number): number {
  if (monthly <= price) return 0;
  return Math.floor(((monthly - price) * 100) / monthly);
}
