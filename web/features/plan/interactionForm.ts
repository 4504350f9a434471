/** The 'Add interaction' form's rules and the quick set, as plain functions. */

import { ACTION_KINDS, type ActionKind, PLAN_LIMITS } from "../../../shared/plan/catalogue.ts";
import type { CatalogueRecord, PlanInteract } from "../../../shared/schemas/plans.ts";
import { SPEECH_MAX_CHARS, speechLength } from "../../../shared/speech.ts";
import type { InteractInput } from "./api.ts";

export const EQUITY_LOCKED = 2;

export interface InteractionDraft {
  interactId: string;
  actionKind: ActionKind | "";
  actionId: string;
  /** Said in the plan's voice when it fires (decision 040): optional, `{viewer}` the viewer's name. */
  reply?: string;
}

export const EMPTY_DRAFT: InteractionDraft = { interactId: "", actionKind: "", actionId: "", reply: "" };

/** i18n keys under plan.interaction.errors; "locked" and "shopLocked" are the server's messages. */
export type InteractionError =
  | "event"
  | "kind"
  | "action"
  | "locked"
  | "shopLocked"
  | "duplicate"
  | "limit"
  | "replyTooLong";

export const isActionKind = (value: string): value is ActionKind => (ACTION_KINDS as readonly string[]).includes(value);

/**
 * Why a draft cannot be added, or null when it can: each part chosen (and still on offer), nothing
 * locked (the page says 'No privileges' for "locked", and that the shop sells it for "shopLocked"),
 * not already in the plan, and room left.
 */
export function validateInteraction(
  draft: InteractionDraft,
  context: {
    events: readonly CatalogueRecord[];
    actions: readonly CatalogueRecord[];
    existing: readonly PlanInteract[];
  },
): InteractionError | null {
  const event = context.events.find((e) => e.id === draft.interactId);
  if (!event) return "event";
  if (!draft.actionKind || !isActionKind(draft.actionKind)) return "kind";
  const action = context.actions.find((a) => a.id === draft.actionId && a.type === draft.actionKind);
  if (!action) return "action";
  const locked = [event, action].filter((r) => r.equityStatus === EQUITY_LOCKED);
  if (locked.some((r) => !r.skuId)) return "locked";
  if (locked.length) return "shopLocked";
  const same = context.existing.some(
    (i) => i.event.id === draft.interactId && i.actionKind === draft.actionKind && i.action.id === draft.actionId,
  );
  if (same) return "duplicate";
  if (context.existing.length >= PLAN_LIMITS.interactions) return "limit";
  if (speechLength(draft.reply ?? "") > SPEECH_MAX_CHARS) return "replyTooLong";
  return null;
}

/** The quick set: one reaction per viewer event, in this order, each the first open item of its kind. */
const QUICK_SET: { event: string; kind: ActionKind }[] = [
  { event: "gift", kind: "effect" },
  { event: "like", kind: "motion" },
  { event: "comment", kind: "expression" },
  { event: "follow", kind: "sound" },
];

/**
 * What the quick set adds: for each viewer event the first open event item and the first open
 * action of its kind, skipping events the plan already reacts to, within the plan's room.
 */
export function quickSetItems(
  events: readonly CatalogueRecord[],
  actionsByKind: Partial<Record<ActionKind, readonly CatalogueRecord[]>>,
  existing: readonly PlanInteract[],
): InteractInput[] {
  const open = (r: CatalogueRecord) => r.equityStatus !== EQUITY_LOCKED;
  const covered = new Set(existing.map((i) => i.event.type));
  const room = Math.max(0, PLAN_LIMITS.interactions - existing.length);
  const items: InteractInput[] = [];
  for (const { event, kind } of QUICK_SET) {
    if (covered.has(event)) continue;
    const trigger = events.find((e) => e.type === event && open(e));
    const action = actionsByKind[kind]?.find(open);
    if (trigger && action) items.push({ interactId: trigger.id, actionKind: kind, actionId: action.id });
  }
  return items.slice(0, room);
}
