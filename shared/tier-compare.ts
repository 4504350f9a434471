/**
 * The membership comparison (issue 47, docs/decisions/055): what each tier opens, counted from the
 * tables the server enforces, so the page cannot promise what the product does not give. Live modes
 * come from LIVE_MODES, plan and DIY-face limits from LIMITS, and the number of outfits, scenes,
 * pets, effects, interactions, sounds and voices from the plan catalogue (shop editions are sold
 * one by one, so no tier counts them). Tailored models are diamond's (docs/decisions/026).
 */

import { LIVE_MODES } from "./live.ts";
import { EQUITY_OPEN, equityStatus, LIMITS, VIP_TYPES, type VipType } from "./membership.ts";
import { CATALOGUE, type CatalogueKind } from "./plan/catalogue.ts";
import { SHOP_EDITIONS } from "./plan/editions.ts";

/** A row's cells, in VIP_TYPES order: a yes/no, or a count. */
export type CompareValue = boolean | number;
export interface CompareRow {
  /** The row's i18n key under member.compare.rows (web) and its meaning in docs/api.md. */
  key: string;
  group: "live" | "limits" | "catalogue" | "service";
  values: CompareValue[];
}

const CATALOGUE_ROWS: { key: string; kinds: CatalogueKind[] }[] = [
  { key: "outfits", kinds: ["outfit"] },
  { key: "expressions", kinds: ["expression", "motion"] },
  { key: "scenes", kinds: ["scene"] },
  { key: "pets", kinds: ["pet"] },
  { key: "effects", kinds: ["effect"] },
  { key: "interactions", kinds: ["interact"] },
  { key: "sounds", kinds: ["sound"] },
  { key: "voices", kinds: ["voice"] },
];

const shopOnly = new Set(SHOP_EDITIONS.map((e) => e.id));

/** What a member of `tier` may use of `kinds` in the catalogue. */
function openCount(tier: VipType, kinds: CatalogueKind[]): number {
  return CATALOGUE.filter(
    (item) => kinds.includes(item.kind) && !shopOnly.has(item.id) && equityStatus(item.tier, tier) === EQUITY_OPEN,
  ).length;
}

export function tierComparison(): { tiers: VipType[]; rows: CompareRow[] } {
  const tiers = [...VIP_TYPES];
  const rows: CompareRow[] = [
    ...LIVE_MODES.map((m) => ({
      key: `mode_${m.mode}`,
      group: "live" as const,
      values: tiers.map((t) => (m.vip as readonly string[]).includes(t)),
    })),
    { key: "plans", group: "limits", values: tiers.map((t) => LIMITS[t].plans) },
    { key: "diyFaces", group: "limits", values: tiers.map((t) => LIMITS[t].diyFaces) },
    ...CATALOGUE_ROWS.map((r) => ({
      key: r.key,
      group: "catalogue" as const,
      values: tiers.map((t) => openCount(t, r.kinds)),
    })),
    { key: "tailored", group: "service", values: tiers.map((t) => t === "diamond") },
  ];
  return { tiers, rows };
}
