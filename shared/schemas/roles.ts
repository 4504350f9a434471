import Type, { type Static } from "typebox";
import { FaceParamsSchema } from "../avatar/params.ts";

export { FaceParamsSchema };
/** Stored face slider values: slider id (e.g. "head.craniumHeight") to -1..1; a missing slider is neutral. */
export type FaceParams = Static<typeof FaceParamsSchema>;

/** How an avatar looks beyond its face shape. */
export const AppearanceSchema = Type.Object({
  skinTone: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  hairColor: Type.Optional(Type.String({ pattern: "^#[0-9a-fA-F]{6}$" })),
  eyeColor: Type.Optional(Type.String({ pattern: "^#[0-9a-fA-F]{6}$" })),
});
export type Appearance = Static<typeof AppearanceSchema>;

const Sex = Type.Union([Type.Literal(1), Type.Literal(2)]);

export const RoleListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 200 }),
  page: Type.Integer({ minimum: 1, default: 1 }),
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

export const SysRoleRecord = Type.Object({
  ...RoleRecord.properties,
  faceParams: FaceParamsSchema,
  appearance: AppearanceSchema,
});

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

export const CustomRoleDetail = Type.Object({
  ...CustomRoleRecord.properties,
  faceParams: FaceParamsSchema,
  appearance: AppearanceSchema,
});
export type CustomRoleDetail = Static<typeof CustomRoleDetail>;

export const CustomRolePageBody = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  sex: Type.Optional(Type.Union([Type.Literal(""), Type.Literal(1), Type.Literal(2)])),
});
export type CustomRolePageBody = Static<typeof CustomRolePageBody>;

export const CustomRolePageData = Type.Object({ records: Type.Array(CustomRoleRecord), total: Type.Integer() });

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
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const InitData = Type.Object({ faceParams: FaceParamsSchema, appearance: AppearanceSchema, sex: Sex });

export const RoleAndCustomData = Type.Object({
  roles: Type.Array(SysRoleRecord),
  customRoles: Type.Array(CustomRoleDetail),
});

export const AddPlanBody = Type.Object({
  roleId: Type.String({ minLength: 1, maxLength: 64 }),
  /** '1' a system role (the Start design dialog's 'create a draft'), '2' one of the user's custom roles. */
  roleType: Type.Union([Type.Literal("1"), Type.Literal("2")], { default: "1" }),
  name: Type.Optional(Type.String({ maxLength: 40 })),
});
export type AddPlanBody = Static<typeof AddPlanBody>;

/** The spec's calls answer a bare id: create gives the new role id, addPlanInfo the new plan id. */
export const IdData = Type.String();
