/** Catalogue records and a plan as the plan calls answer them, for the unit tests. */
import type { CatalogueRecord, PlanInfo, PlanInteract } from "../../../shared/schemas/plans.ts";

export function record(id: string, kind: string, type: string, extra: Partial<CatalogueRecord> = {}): CatalogueRecord {
  return { id, kind, type, name: id, tier: null, equityStatus: 1, look: {}, url: null, ...extra };
}

export const outfit = (id: string, slot: string, extra: Partial<CatalogueRecord> = {}) =>
  record(id, "outfit", slot, { look: { slot, style: "x", color: "#111111", accent: "#222222" }, ...extra });

export function interaction(
  id: string,
  event: CatalogueRecord,
  actionKind: string,
  action: CatalogueRecord,
): PlanInteract {
  return { id, event, actionKind, action, reply: null };
}

export function planInfo(extra: Partial<PlanInfo> = {}): PlanInfo {
  return {
    planId: "p1",
    name: "Aria draft",
    roleId: "sys-f-01",
    roleKind: "1",
    roleType: "2",
    used: false,
    updatedAt: "2026-01-01T00:00:00.000Z",
    role: {
      id: "sys-f-01",
      name: "Aria",
      sex: 2,
      kind: "system",
      img: null,
      faceParams: { "head.craniumHeight": 0.2 },
      appearance: { skinTone: 0.3 },
    },
    voice: null,
    outfits: [],
    scene: null,
    effects: [],
    pets: [],
    expressions: [],
    interactions: [],
    ...extra,
  };
}
