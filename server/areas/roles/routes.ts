import type { FastifyRequest } from "fastify";
import Type from "typebox";
import { translate } from "../../../shared/messages.ts";
import { CartoonUploadData, CreateCartoonBody, ToonifyBody, ToonifyData } from "../../../shared/schemas/cartoon.ts";
import { Envelope } from "../../../shared/schemas/common.ts";
import {
  CustomRoleCreateBody,
  CustomRoleDetail,
  CustomRolePageBody,
  CustomRolePageData,
  CustomRoleUpdateBody,
  IdBody,
  IdData,
  IdParams,
  InitData,
  RoleAndCustomData,
  RoleListData,
  RoleListQuery,
  SysRoleRecord,
} from "../../../shared/schemas/roles.ts";
import { readUpload } from "../../multipart.ts";
import type { App } from "../../types.ts";
import { loadSysAttr, SysAttrData } from "./attributes.ts";
import { CARTOON_MAX_BYTES, createCartoonService } from "./cartoon.ts";
import { createPhotoCloneService } from "./photo.ts";
import { createRoleService } from "./service.ts";

const Nothing = Envelope(Type.Null());

/** v1: the system role list, the user's custom roles, and 'create a draft'. */
export async function roleRoutes(app: App) {
  const roles = createRoleService(app.deps);
  const photos = createPhotoCloneService(app.deps);
  const cartoons = createCartoonService(app.deps);
  const me = (request: FastifyRequest) => request.userId as string;
  const tags = ["roles"];

  app.get(
    "/base/role/getListPage",
    {
      schema: {
        tags,
        summary: "System avatars (limit 200, page 1, sex); equityStatus 2 when locked",
        querystring: RoleListQuery,
        response: { 200: Envelope(RoleListData) },
      },
    },
    async (request, reply) => reply.ok(await roles.list(me(request), request.query, request.language)),
  );

  const base = "/douyin/customRole";

  app.post(
    `${base}/pageList`,
    {
      schema: {
        tags,
        summary: "The user's avatars, newest first",
        body: CustomRolePageBody,
        response: { 200: Envelope(CustomRolePageData) },
      },
    },
    async (request, reply) => reply.ok(await roles.page(me(request), request.body)),
  );

  app.post(
    `${base}/create`,
    {
      schema: {
        tags,
        summary: "A DIY face from a system role (id, name); answers the new role id",
        body: CustomRoleCreateBody,
        response: { 200: Envelope(IdData) },
      },
    },
    async (request, reply) => reply.ok(await roles.create(me(request), request.body, request.language), "saved"),
  );

  app.post(
    `${base}/copy`,
    {
      schema: {
        tags,
        summary: "Copy one of the user's avatars; answers the new id",
        body: IdBody,
        response: { 200: Envelope(IdData) },
      },
    },
    async (request, reply) =>
      reply.ok(await roles.copy(me(request), request.body.id, translate("copySuffix", request.language)), "copied"),
  );

  app.post(
    `${base}/update`,
    {
      schema: {
        tags,
        summary: "Save the face (with faceParams) or rename",
        body: CustomRoleUpdateBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await roles.update(me(request), request.body);
      return reply.ok(null, request.body.faceParams ? "saved" : "updated");
    },
  );

  app.get(
    `${base}/detail/:id`,
    {
      schema: {
        tags,
        summary: "One of the user's avatars, with its face parameters",
        params: IdParams,
        response: { 200: Envelope(CustomRoleDetail) },
      },
    },
    async (request, reply) => reply.ok(await roles.detail(me(request), request.params.id)),
  );

  app.get(
    `${base}/detailInit/:id`,
    {
      schema: {
        tags,
        summary: "What the avatar started as (what reset restores)",
        params: IdParams,
        response: { 200: Envelope(InitData) },
      },
    },
    async (request, reply) => reply.ok(await roles.detailInit(me(request), request.params.id)),
  );

  app.get(
    `${base}/loadSysAttr`,
    {
      schema: {
        tags,
        summary: "The face editor's catalogue: slider groups, sliders, skin tones, hair colours",
        response: { 200: Envelope(SysAttrData) },
      },
    },
    async (request, reply) => reply.ok(loadSysAttr(request.language)),
  );

  app.get(
    `${base}/loadSysRole`,
    {
      schema: {
        tags,
        summary: "System avatars with their face parameters (to blend from)",
        response: { 200: Envelope(Type.Array(SysRoleRecord)) },
      },
    },
    async (request, reply) => reply.ok(await roles.systemRolesWithParams(me(request), request.language)),
  );

  app.get(
    `${base}/roleAndCustomList`,
    {
      schema: {
        tags,
        summary: "System avatars and the user's avatars, with parameters",
        response: { 200: Envelope(RoleAndCustomData) },
      },
    },
    async (request, reply) => reply.ok(await roles.roleAndCustom(me(request), request.language)),
  );

  app.post(
    `${base}/createPhoto/:sex`,
    {
      schema: {
        tags,
        summary: "Clone a face from a photo (multipart: file, optional requestId uuid); answers the new role id",
        consumes: ["multipart/form-data"],
        params: Type.Object({ sex: Type.Union([Type.Literal(1), Type.Literal(2)]) }),
        response: { 200: Envelope(IdData) },
      },
    },
    async (request, reply) => {
      const { bytes, fields } = await readUpload(request);
      const name = translate("photoCloneName", request.language);
      const roleId = await photos.clone(me(request), request.params.sex, bytes, fields.requestId, name);
      return reply.ok(roleId, "cloneSuccess");
    },
  );

  app.get(
    `${base}/photoProgress/:requestId`,
    {
      schema: {
        tags,
        summary: "How far a photo clone has come, 0..100",
        params: Type.Object({ requestId: Type.String({ maxLength: 64 }) }),
        response: { 200: Envelope(Type.Object({ percent: Type.Number() })) },
      },
    },
    async (request, reply) => reply.ok(photos.progressOf(me(request), request.params.requestId.toLowerCase())),
  );

  app.post(
    `${base}/cartoonUpload`,
    {
      schema: {
        tags,
        summary: "The creator page's export: a GLB (multipart field file) describing a cartoon avatar; answers its URL",
        consumes: ["multipart/form-data"],
        response: { 200: Envelope(CartoonUploadData) },
      },
    },
    async (request, reply) => {
      const { bytes } = await readUpload(request, "file", CARTOON_MAX_BYTES, "CARTOON_INVALID");
      return reply.ok(await cartoons.upload(me(request), bytes));
    },
  );

  app.post(
    `${base}/createCartoon`,
    {
      schema: {
        tags,
        summary: "Take a cartoon by its URL (own storage or a configured host); answers its id",
        body: CreateCartoonBody,
        response: { 200: Envelope(IdData) },
      },
    },
    async (request, reply) => reply.ok(await cartoons.create(me(request), request.body.url, request.host)),
  );

  app.post(
    `${base}/toonify`,
    {
      schema: {
        tags,
        summary: "Toonify a cartoon (url, textureSize 1024, pose T or A) into an avatar and its first plan",
        body: ToonifyBody,
        response: { 200: Envelope(ToonifyData) },
      },
    },
    async (request, reply) =>
      reply.ok(await cartoons.toonify(me(request), request.body, request.host, request.language), "saved"),
  );

  app.post(
    `${base}/reset/:id`,
    {
      schema: {
        tags,
        summary: "Restore the avatar's face to what it started as",
        params: IdParams,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await roles.reset(me(request), request.params.id);
      return reply.ok(null, "resetSuccess");
    },
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, summary: "Delete one of the user's avatars", params: IdParams, response: { 200: Nothing } } },
    async (request, reply) => {
      await roles.remove(me(request), request.params.id);
      return reply.ok(null);
    },
  );
}
