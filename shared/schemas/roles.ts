import type { Static } from "typebox";
import * as Type from "typebox";
import { BEARD_STYLES, GLASSES_STYLES, HAIR_STYLES } from "../avatar/look.ts";
import { FaceParamsSchema } from "../avatar/params.ts";
import { Page } from "./common.ts";

export { FaceParamsSchema };
/**
 * Face slider values as stored and sent: slider id (e.g. "head.craniumHeight") to -1..1; a missing
 * slider is neutral. (shared/avatar's `FaceParams` is the complete set, every slider present.)
 */
export type StoredFaceParams = Static<typeof FaceParamsSchema>;

/** How an avatar looks beyond its face shape. */
export const AppearanceSchema = Type.Object({
  skinTone: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  hairColor: Type.Optional(Type.String({ pattern: "^#[0-9a-fA-F]{6}$" })),
  eyeColor: Type.Optional(Type.String({ pattern: "^#[0-9a-fA-F]{6}$" })),
  /** The clothing's colour the avatar was made in (the cartoon creator's outfit); a plan's top overrides it. */
  outfitColor: Type.Optional(Type.String({ pattern: "^#[0-9a-fA-F]{6}$" })),
  /** The hair's cut (the creator's choice, the photo's, or the face editor's); absent: each sex's cut (short male, long female). */
  hairStyle: Type.Optional(
    Type.Union([
      Type.Literal(HAIR_STYLES[0]),
      Type.Literal(HAIR_STYLES[1]),
      Type.Literal(HAIR_STYLES[2]),
      Type.Literal(HAIR_STYLES[3]),
    ]),
  ),
  /** Glasses ("none" or absent: none); photo cloning sets "square" where the photo wears glasses (decision 046). */
  glasses: Type.Optional(
    Type.Union([Type.Literal(GLASSES_STYLES[0]), Type.Literal(GLASSES_STYLES[1]), Type.Literal(GLASSES_STYLES[2])]),
  ),
  /** Facial hair in the hair's colour ("none" or absent: none); photo cloning reads it (decision 046). */
  beard: Type.Optional(
    Type.Union([
      Type.Literal(BEARD_STYLES[0]),
      Type.Literal(BEARD_STYLES[1]),
      Type.Literal(BEARD_STYLES[2]),
      Type.Literal(BEARD_STYLES[3]),
      Type.Literal(BEARD_STYLES[4]),
    ]),
  ),
});
export type Appearance = Static<typeof AppearanceSchema>;

/** An avatar's sex: 1 male, 2 female. */
export const SexSchema = Type.Union([Type.Literal(1), Type.Literal(2)]);
export type Sex = Static<typeof SexSchema>;
const Sex = SexSchema;

export const RoleListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 200 }),
  page: Page,
  /** Empty for all, 1 male, 2 female. */
  sex: Type.Optional(
    Type.Union([Type.Literal(""), Type.Literal("1"), Type.Literal("2"), Type.Literal(1), Type.Literal(2)]),
  ),
});
export type RoleListQuery = Static<typeof RoleListQuery>;

export const RoleRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  img: Type.Union([Type.String(), Type.Null()]),
  sex: Type.Integer(),
  /** 2: locked for the user's membership; 1: open. */
  equityStatus: Type.Integer(),
  tier: Type.Union([Type.String(), Type.Null()]),
});
export type RoleRecord = Static<typeof RoleRecord>;

export const RoleListData = Type.Object({ records: Type.Array(RoleRecord), total: Type.Integer() });
export type RoleListData = Static<typeof RoleListData>;

export const SysRoleRecord = Type.Object({
  ...RoleRecord.properties,
  faceParams: FaceParamsSchema,
  appearance: AppearanceSchema,
});
export type SysRoleRecord = Static<typeof SysRoleRecord>;

export const CustomRoleRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  sex: Type.Integer(),
  kind: Type.String(),
  img: Type.Union([Type.String(), Type.Null()]),
  sourceRoleId: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
});
export type CustomRoleRecord = Static<typeof CustomRoleRecord>;

/** A portrait rendered again (customRolePortrait): the picture's address. */
export const PortraitData = Type.Object({ img: Type.String() });
export type PortraitData = Static<typeof PortraitData>;

export const CustomRoleDetail = Type.Object({
  ...CustomRoleRecord.properties,
  faceParams: FaceParamsSchema,
  appearance: AppearanceSchema,
  /**
   * A photo clone's face texture (decision 049), where its clone job stored one: the URL of the
   * 1024² PNG the realistic bust's skin, lips, ears, eyes and brows read through the head's layout
   * (shared/avatar/uv.ts). Only the avatar's own detail carries it.
   */
  faceTexture: Type.Optional(Type.String()),
});
export type CustomRoleDetail = Static<typeof CustomRoleDetail>;

export const CustomRolePageBody = Type.Object({
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  sex: Type.Optional(Type.Union([Type.Literal(""), Type.Literal(1), Type.Literal(2)])),
});
export type CustomRolePageBody = Static<typeof CustomRolePageBody>;

export const CustomRolePageData = Type.Object({ records: Type.Array(CustomRoleRecord), total: Type.Integer() });
export type CustomRolePageData = Static<typeof CustomRolePageData>;

/** Create a DIY face from a system role (or copy-create from one of the user's own). */
export const CustomRoleCreateBody = Type.Object({
  id: Type.String({ maxLength: 64 }),
  name: Type.Optional(Type.String({ maxLength: 40 })),
  faceParams: Type.Optional(FaceParamsSchema),
  appearance: Type.Optional(AppearanceSchema),
});
export type CustomRoleCreateBody = Static<typeof CustomRoleCreateBody>;

export const CustomRoleUpdateBody = Type.Object({
  id: Type.String({ maxLength: 64 }),
  name: Type.Optional(Type.String({ maxLength: 40 })),
  description: Type.Optional(Type.String({ maxLength: 200 })),
  faceParams: Type.Optional(FaceParamsSchema),
  appearance: Type.Optional(AppearanceSchema),
});
export type CustomRoleUpdateBody = Static<typeof CustomRoleUpdateBody>;

export const IdBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type IdBody = Static<typeof IdBody>;
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type IdParams = Static<typeof IdParams>;

/** What an avatar started as (what reset restores). */
export const InitData = Type.Object({ faceParams: FaceParamsSchema, appearance: AppearanceSchema, sex: Sex });
export type InitData = Static<typeof InitData>;

export const RoleAndCustomData = Type.Object({
  roles: Type.Array(SysRoleRecord),
  customRoles: Type.Array(CustomRoleDetail),
});
export type RoleAndCustomData = Static<typeof RoleAndCustomData>;

/** Whose avatar a plan is built on: '1' a system role, '2' one of the user's custom roles. */
export const RoleKindSchema = Type.Union([Type.Literal("1"), Type.Literal("2")]);
export type RoleKind = Static<typeof RoleKindSchema>;

export const AddPlanBody = Type.Object({
  roleId: Type.String({ minLength: 1, maxLength: 64 }),
  /** The spec's wire name for the role's kind (a RoleKind, not the avatar's sex): '1' system (the default), '2' own. */
  roleType: Type.Union([Type.Literal("1"), Type.Literal("2")], { default: "1" }),
  name: Type.Optional(Type.String({ maxLength: 40 })),
});
export type AddPlanBody = Static<typeof AddPlanBody>;

/** The spec's calls answer a bare id: create gives the new role id, addPlanInfo the new plan id. */
export const IdData = Type.String();
export type IdData = Static<typeof IdData>;

/** loadSysAttr: what the face editor offers, localised. */
const ColorOption = Type.Object({ id: Type.String(), color: Type.String() });
export const SysAttrData = Type.Object({
  groups: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  sliders: Type.Array(
    Type.Object({
      id: Type.String(),
      group: Type.String(),
      name: Type.String(),
      min: Type.Number(),
      max: Type.Number(),
    }),
  ),
  skinTones: Type.Array(Type.Object({ value: Type.Number(), color: Type.String() })),
  hairColors: Type.Array(ColorOption),
  eyeColors: Type.Array(ColorOption),
});
export type SysAttrData = Static<typeof SysAttrData>;

/** Photo cloning: `createPhoto/{sex}` and `photoProgress/{requestId}`. */
export const PhotoSexParams = Type.Object({ sex: SexSchema });
export type PhotoSexParams = Static<typeof PhotoSexParams>;
export const PhotoProgressParams = Type.Object({ requestId: Type.String({ maxLength: 64 }) });
export type PhotoProgressParams = Static<typeof PhotoProgressParams>;
export const PhotoProgressData = Type.Object({ percent: Type.Number() });
export type PhotoProgressData = Static<typeof PhotoProgressData>;

/** Export an avatar as a file (docs/decisions/034): glTF 2.0 binary or VRM 1.0. */
export const ExportQuery = Type.Object({ format: Type.Union([Type.Literal("glb"), Type.Literal("vrm")]) });
export type ExportQuery = Static<typeof ExportQuery>;
/** The exported model's bytes (model/gltf-binary), for the OpenAPI document. */
export const ModelFile = Type.Unsafe<Uint8Array>({ type: "string", format: "binary" });
