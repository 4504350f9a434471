/** The plan calls' payloads and answers (spec section 7 "Plans"; docs/api.md). */

import type { Static } from "typebox";
import * as Type from "typebox";
import type { ActionKind as ActionKindName, OUTFIT_SLOTS } from "../plan/catalogue.ts";
import { JsonObject, Page } from "./common.ts";
import { AppearanceSchema, FaceParamsSchema } from "./roles.ts";

const Id = Type.String({ minLength: 1, maxLength: 64 });
const PlanId = Type.Object({ planId: Id });

export const CatalogueQuery = Type.Object({
  /** Narrows the list: an outfit slot, "expression", "backdrop", "scene", "effect", a viewer event, "motion", "sound". */
  type: Type.Optional(Type.String({ maxLength: 32 })),
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 100 }),
});
export type CatalogueQuery = Static<typeof CatalogueQuery>;

export const CatalogueRecord = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  type: Type.String(),
  name: Type.String(),
  tier: Type.Union([Type.String(), Type.Null()]),
  /** 2: locked for the caller's membership, or sold in the shop and not the caller's; 1: open. */
  equityStatus: Type.Integer(),
  /** How it is drawn or played (shared/plan/looks.ts). */
  look: JsonObject,
  /** Sounds and voices: the synthesised audio to play. */
  url: Type.Union([Type.String(), Type.Null()]),
  /** Sold in the digital shop: the product that unlocks it (only its owners may use it). */
  skuId: Type.Optional(Type.String()),
});
export type CatalogueRecord = Static<typeof CatalogueRecord>;

export const CataloguePage = Type.Object({ records: Type.Array(CatalogueRecord), total: Type.Integer() });
export type CataloguePage = Static<typeof CataloguePage>;

export const PlanIdQuery = PlanId;

/**
 * A line for the plan's voice to say. The length rule (200 characters, shared/speech.ts) answers
 * its own code; the schema's bound only keeps bodies small.
 */
export const SpeakBody = Type.Object({ planId: Id, text: Type.String({ maxLength: 2000 }) });
export type SpeakBody = Static<typeof SpeakBody>;
export type PlanIdQuery = Static<typeof PlanIdQuery>;

/** Wear an outfit item (it replaces the one in its slot), or take a slot off with `slot` alone. */
export const WearBody = Type.Object({
  planId: Id,
  attributeId: Type.Optional(Id),
  slot: Type.Optional(
    Type.Union([Type.Literal("top"), Type.Literal("headwear"), Type.Literal("glasses"), Type.Literal("accessory")]),
  ),
});
export type WearBody = Static<typeof WearBody>;

export const AttributeBody = Type.Object({ planId: Id, attributeId: Id });
export type AttributeBody = Static<typeof AttributeBody>;

/** Delete a selection inside a plan; an empty selection answers SELECTION_REQUIRED. */
export const SelectionBody = Type.Object({ planId: Id, ids: Type.Array(Id, { maxItems: 200 }) });
export type SelectionBody = Static<typeof SelectionBody>;

export const SceneAssemblingBody = Type.Object({
  planId: Id,
  /** A backdrop or scene id; null clears it; absent leaves it. */
  sceneId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** The whole effect layer; absent leaves it. */
  effectIds: Type.Optional(Type.Array(Id, { maxItems: 20 })),
});
export type SceneAssemblingBody = Static<typeof SceneAssemblingBody>;

export const PetsAssemblingBody = Type.Object({ planId: Id, petIds: Type.Array(Id, { maxItems: 20 }) });
export type PetsAssemblingBody = Static<typeof PetsAssemblingBody>;

const ActionKind = Type.Union([
  Type.Literal("expression"),
  Type.Literal("motion"),
  Type.Literal("effect"),
  Type.Literal("sound"),
]);

export const InteractInput = Type.Object({
  interactId: Id,
  actionKind: ActionKind,
  actionId: Id,
  /**
   * What the avatar says in the plan's voice when it fires: at most 200 characters (1912), `{viewer}`
   * is the viewer's name; blank or absent says nothing (docs/decisions/040).
   */
  reply: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
export type InteractInput = Static<typeof InteractInput>;

// The literal unions above spell out shared/plan/catalogue.ts's lists (a mapped array would type as never).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameKinds: Same<Static<typeof ActionKind>, ActionKindName> = true;
const _sameSlots: Same<NonNullable<Static<typeof WearBody>["slot"]>, (typeof OUTFIT_SLOTS)[number]> = true;
void _sameKinds;
void _sameSlots;

export const InteractBody = Type.Object({ planId: Id, ...InteractInput.properties });
export type InteractBody = Static<typeof InteractBody>;
export const BatchInteractBody = Type.Object({ planId: Id, items: Type.Array(InteractInput, { maxItems: 50 }) });
export type BatchInteractBody = Static<typeof BatchInteractBody>;

export const UpdatePlanBody = Type.Object({
  planId: Id,
  name: Type.Optional(Type.String({ maxLength: 40 })),
  /** A voice id from getVoiceList; null clears it. */
  voiceId: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type UpdatePlanBody = Static<typeof UpdatePlanBody>;

export const PlanListQuery = Type.Object({
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type PlanListQuery = Static<typeof PlanListQuery>;

export const RoleIdQuery = Type.Object({ roleId: Id });
export type RoleIdQuery = Static<typeof RoleIdQuery>;
export const PlanIdsBody = Type.Object({ ids: Type.Array(Id, { maxItems: 100 }) });
export type PlanIdsBody = Static<typeof PlanIdsBody>;

export const PlanExpression = Type.Object({ id: Type.String(), attribute: CatalogueRecord });
export type PlanExpression = Static<typeof PlanExpression>;

export const PlanInteract = Type.Object({
  id: Type.String(),
  event: CatalogueRecord,
  actionKind: Type.String(),
  action: CatalogueRecord,
  /** Said in the plan's voice when it fires, or null. */
  reply: Type.Union([Type.String(), Type.Null()]),
});
export type PlanInteract = Static<typeof PlanInteract>;

export const PlanRole = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sex: Type.Integer(),
  kind: Type.String(),
  img: Type.Union([Type.String(), Type.Null()]),
  faceParams: FaceParamsSchema,
  appearance: AppearanceSchema,
});
export type PlanRole = Static<typeof PlanRole>;

export const PlanInfo = Type.Object({
  planId: Type.String(),
  name: Type.String(),
  roleId: Type.String(),
  /** '1' a system role, '2' one of the user's own. */
  roleKind: Type.String(),
  /** The avatar's sex value, as /plan's roleType query carries it. */
  roleType: Type.String(),
  used: Type.Boolean(),
  updatedAt: Type.String(),
  role: PlanRole,
  voice: Type.Union([CatalogueRecord, Type.Null()]),
  outfits: Type.Array(CatalogueRecord),
  scene: Type.Union([CatalogueRecord, Type.Null()]),
  effects: Type.Array(CatalogueRecord),
  pets: Type.Array(CatalogueRecord),
  expressions: Type.Array(PlanExpression),
  interactions: Type.Array(PlanInteract),
});
export type PlanInfo = Static<typeof PlanInfo>;

export const PlanCounts = Type.Object({
  outfits: Type.Integer(),
  expressions: Type.Integer(),
  scene: Type.Integer(),
  pets: Type.Integer(),
  effects: Type.Integer(),
  interactions: Type.Integer(),
});
export type PlanCounts = Static<typeof PlanCounts>;

export const PlanSummary = Type.Object({
  planId: Type.String(),
  name: Type.String(),
  roleId: Type.String(),
  roleKind: Type.String(),
  roleType: Type.String(),
  roleName: Type.String(),
  img: Type.Union([Type.String(), Type.Null()]),
  used: Type.Boolean(),
  updatedAt: Type.String(),
  counts: PlanCounts,
});
export type PlanSummary = Static<typeof PlanSummary>;

/**
 * An avatar's sex as a plan carries it ("1" male, "2" female): the spec's wire name is `roleType`,
 * in plan summaries and in /plan's query. Not a RoleKind (system or own), which is `roleKind` here.
 */
export type AvatarSex = PlanSummary["roleType"];

export const PlanPage = Type.Object({ records: Type.Array(PlanSummary), total: Type.Integer() });
export type PlanPage = Static<typeof PlanPage>;

export const PlanStatistics = Type.Object({
  /** Plans the user has, and how many the membership allows. */
  total: Type.Integer(),
  limit: Type.Integer(),
  usedPlanId: Type.Union([Type.String(), Type.Null()]),
  usedPlanName: Type.Union([Type.String(), Type.Null()]),
  /** Distinct avatars the plans are built on. */
  avatars: Type.Integer(),
  /** Interactions over all plans. */
  interactions: Type.Integer(),
  lastUpdatedAt: Type.Union([Type.String(), Type.Null()]),
});
export type PlanStatistics = Static<typeof PlanStatistics>;
