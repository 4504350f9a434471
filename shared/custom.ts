/**
 * Tailored models (spec sections 1 and 2, /customized; docs/decisions/026): a diamond member asks
 * the studio for an avatar made to measure. The request's states and the moves between them, the
 * form's options and its rules live here, shared by the server, the operator command and the web.
 * Money is integers in the site's smallest unit (fen or cents), never floats.
 */

import type { CodeName } from "./codes.ts";
import type { Site } from "./constants.ts";
import { CURRENCY } from "./orders.ts";

export const CUSTOM_STATUSES = ["submitted", "quoted", "producing", "delivered", "rejected", "cancelled"] as const;
export type CustomStatus = (typeof CUSTOM_STATUSES)[number];

/** The moves a request can make: who makes them, from which states, and where they lead. */
export const CUSTOM_ACTIONS = {
  /** The studio prices the request (again, while the user has not accepted). */
  quote: { by: "operator", from: ["submitted", "quoted"], to: "quoted" },
  /** The user accepted the quote: the studio starts modelling. */
  produce: { by: "operator", from: ["quoted"], to: "producing" },
  /** The model is done: it becomes one of the user's avatars. */
  deliver: { by: "operator", from: ["producing"], to: "delivered" },
  /** The studio cannot take it (a reason is required). */
  reject: { by: "operator", from: ["submitted", "quoted", "producing"], to: "rejected" },
  /** The user withdraws it before production starts. */
  cancel: { by: "user", from: ["submitted", "quoted"], to: "cancelled" },
} as const satisfies Record<string, { by: "operator" | "user"; from: readonly CustomStatus[]; to: CustomStatus }>;
export type CustomAction = keyof typeof CUSTOM_ACTIONS;

export const canDo = (action: CustomAction, status: string): boolean =>
  (CUSTOM_ACTIONS[action].from as readonly string[]).includes(status);

/** States nothing leaves. */
export const FINAL_STATUSES: readonly CustomStatus[] = ["delivered", "rejected", "cancelled"];

/** The looks the studio models in. */
export const CUSTOM_STYLES = ["realistic", "stylised", "anime", "cartoon"] as const;
export type CustomStyle = (typeof CUSTOM_STYLES)[number];
export const isCustomStyle = (value: string): value is CustomStyle =>
  (CUSTOM_STYLES as readonly string[]).includes(value);

/**
 * The system avatar (prisma/roles.ts) each style starts from when no reference photo shows a face
 * the fit can use (a mascot, a drawing): female, male.
 */
export const STYLE_BASE_ROLES: Record<CustomStyle, { 1: string; 2: string }> = {
  realistic: { 2: "sys-f-03", 1: "sys-m-03" },
  stylised: { 2: "sys-f-01", 1: "sys-m-01" },
  anime: { 2: "sys-f-02", 1: "sys-m-02" },
  cartoon: { 2: "sys-f-04", 1: "sys-m-04" },
};

export const CUSTOM_LIMITS = {
  minPhotos: 1,
  maxPhotos: 5,
  descriptionMax: 2000,
  /** The earliest deadline: the studio needs this many days from today. */
  minLeadDays: 14,
  /** The latest deadline one may ask for. */
  maxLeadDays: 365,
  rejectReasonMax: 500,
} as const;

export const BUDGET_RANGES = ["entry", "standard", "premium", "brand"] as const;
export type BudgetRange = (typeof BUDGET_RANGES)[number];

/** Per site, in fen (cn) or cents (intl): the lowest and highest budget and what each range buys. */
const BUDGETS: Record<Site, { min: number; max: number; bounds: Record<BudgetRange, [number, number | null]> }> = {
  cn: {
    min: 200_000,
    max: 100_000_000,
    bounds: {
      entry: [200_000, 500_000],
      standard: [500_000, 1_500_000],
      premium: [1_500_000, 5_000_000],
      brand: [5_000_000, null],
    },
  },
  intl: {
    min: 30_000,
    max: 15_000_000,
    bounds: {
      entry: [30_000, 80_000],
      standard: [80_000, 250_000],
      premium: [250_000, 800_000],
      brand: [800_000, null],
    },
  },
};

export function budgetRules(site: Site) {
  const rules = BUDGETS[site];
  return {
    min: rules.min,
    max: rules.max,
    currency: CURRENCY[site].code,
    symbol: CURRENCY[site].symbol,
    ranges: BUDGET_RANGES.map((id) => ({ id, min: rules.bounds[id][0], max: rules.bounds[id][1] })),
  };
}

/** "¥5,000" or "$1,234.50" from minor units: whole amounts without decimals, groups of three. */
export function formatMoney(minor: number, symbol: string): string {
  const whole = Math.trunc(minor / 100);
  const cents = Math.abs(minor % 100);
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${minor < 0 ? "-" : ""}${symbol}${grouped}${cents ? `.${String(cents).padStart(2, "0")}` : ""}`;
}

/** The site's own time zone: "today" for deadlines is counted there. */
export const siteZone = (site: Site): string => (site === "cn" ? "Asia/Shanghai" : "UTC");

/** The calendar date (YYYY-MM-DD) at `at` in `timeZone`. */
export function dateIn(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The deadlines one may choose today: from `min` to `max`, both included. */
export function deadlineBounds(now: Date, site: Site) {
  const today = dateIn(now, siteZone(site));
  return {
    today,
    min: addDays(today, CUSTOM_LIMITS.minLeadDays),
    max: addDays(today, CUSTOM_LIMITS.maxLeadDays),
    minDays: CUSTOM_LIMITS.minLeadDays,
    maxDays: CUSTOM_LIMITS.maxLeadDays,
  };
}

export interface CustomFieldsInput {
  description?: string | null;
  style?: string | null;
  /** Minor units, as typed into a form field or sent in one: digits only. */
  budget?: string | number | null;
  /** YYYY-MM-DD */
  deadline?: string | null;
}

export interface CustomFields {
  description: string;
  style: CustomStyle;
  budget: number;
  deadline: string;
}

export type CustomProblem = { code: CodeName; params?: Record<string, string | number> };

/**
 * The form's rules, in the order the form shows its fields: description, style, budget, deadline.
 * The first problem is answered, with the code the server sends and the web shows. `budget` and
 * `deadline` are the site's rules as `budgetRules` and `deadlineBounds` give them (the web has
 * them from the select-init call, so it judges by the server's today, not the browser's clock).
 */
export function checkCustomFields(
  input: CustomFieldsInput,
  budget: { min: number; max: number; symbol: string },
  deadline: { today: string; min: string; max: string; minDays: number; maxDays: number },
): { ok: true; value: CustomFields } | ({ ok: false } & CustomProblem) {
  const description = (input.description ?? "").trim();
  if (!description) return { ok: false, code: "DESCRIPTION_REQUIRED" };
  if (description.length > CUSTOM_LIMITS.descriptionMax)
    return { ok: false, code: "DESCRIPTION_TOO_LONG", params: { max: CUSTOM_LIMITS.descriptionMax } };

  const style = (input.style ?? "").trim();
  if (!isCustomStyle(style)) return { ok: false, code: "CUSTOM_STYLE_REQUIRED" };

  const budgetText = String(input.budget ?? "").trim();
  const amount = /^\d{1,12}$/.test(budgetText) ? Number(budgetText) : Number.NaN;
  if (!Number.isSafeInteger(amount) || amount < budget.min || amount > budget.max) {
    return {
      ok: false,
      code: "CUSTOM_BUDGET_INVALID",
      params: { min: formatMoney(budget.min, budget.symbol), max: formatMoney(budget.max, budget.symbol) },
    };
  }

  const day = (input.deadline ?? "").trim();
  if (!isIsoDate(day)) return { ok: false, code: "CUSTOM_DEADLINE_INVALID" };
  if (day <= deadline.today) return { ok: false, code: "CUSTOM_DEADLINE_PAST" };
  if (day < deadline.min) return { ok: false, code: "CUSTOM_DEADLINE_TOO_SOON", params: { days: deadline.minDays } };
  if (day > deadline.max) return { ok: false, code: "CUSTOM_DEADLINE_TOO_FAR", params: { days: deadline.maxDays } };

  return { ok: true, value: { description, style, budget: amount, deadline: day } };
}

/** The number of reference photos: at least one, at most five. */
export function checkPhotoCount(count: number): CustomProblem | null {
  if (count < CUSTOM_LIMITS.minPhotos) return { code: "CUSTOM_PHOTOS_REQUIRED" };
  if (count > CUSTOM_LIMITS.maxPhotos)
    return { code: "CUSTOM_TOO_MANY_PHOTOS", params: { max: CUSTOM_LIMITS.maxPhotos } };
  return null;
}

/**
 * A request number a person can read out: `CM` + UTC date and time + 6 random characters (the
 * order numbers' pattern); it says nothing about how many requests exist.
 */
export function makeRequestNo(now: Date, random: (n: number) => number): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let tail = "";
  for (let i = 0; i < 6; i++) tail += alphabet[random(alphabet.length)];
  return `CM${stamp}${tail}`;
}
