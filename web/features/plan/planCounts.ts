/** What a plan card says it holds: "3 outfits · 2 pets · 3 interactions". */
import type { PlanSummary } from "../../../shared/schemas/plans.ts";

type Counts = PlanSummary["counts"];

/** In the order of the plan menu; zeros are left out. */
const ORDER: (keyof Counts)[] = ["outfits", "expressions", "scene", "pets", "interactions", "effects"];

export function countParts(counts: Counts): { key: keyof Counts; count: number }[] {
  return ORDER.filter((key) => counts[key] > 0).map((key) => ({ key, count: counts[key] }));
}

/** The pages a list of `total` plans takes at `size` per page (at least one). */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));
