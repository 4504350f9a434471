import type { Static } from "typebox";
import * as Type from "typebox";
import { AppearanceSchema, FaceParamsSchema } from "./roles.ts";

/** What a cartoon GLB from the creator page describes; carried in its asset.extras.avatar. */
export const CartoonSpec = Type.Object({
  sex: Type.Union([Type.Literal(1), Type.Literal(2)]),
  faceParams: FaceParamsSchema,
  appearance: AppearanceSchema,
  /** The outfit's colour, #rrggbb. */
  outfit: Type.Optional(Type.String({ pattern: "^#[0-9a-fA-F]{6}$" })),
  name: Type.Optional(Type.String({ maxLength: 40 })),
});
export type CartoonSpec = Static<typeof CartoonSpec>;

export const CartoonUploadData = Type.Object({ url: Type.String(), avatarId: Type.String() });
export type CartoonUploadData = Static<typeof CartoonUploadData>;

export const CreateCartoonBody = Type.Object({ url: Type.String({ minLength: 1, maxLength: 512 }) });
export type CreateCartoonBody = Static<typeof CreateCartoonBody>;

export const ToonifyBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 512 }),
  /** The texture atlas' side in pixels. */
  textureSize: Type.Union([Type.Literal(512), Type.Literal(1024), Type.Literal(2048)], { default: 1024 }),
  /** T keeps the shoulders level; A relaxes them (the bust has no arms to pose). */
  pose: Type.Union([Type.Literal("T"), Type.Literal("A")], { default: "A" }),
});
export type ToonifyBody = Static<typeof ToonifyBody>;

export const ToonifyData = Type.Object({ planId: Type.String(), roleId: Type.String(), sex: Type.Integer() });
export type ToonifyData = Static<typeof ToonifyData>;
