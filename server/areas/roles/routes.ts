import type { FastifyReply, FastifyRequest } from "fastify";
import { roleEndpoints as roles } from "../../../shared/endpoints.ts";
import { translate } from "../../../shared/messages.ts";
import { ErrorEnvelope } from "../../../shared/schemas/common.ts";
import { ModelFile } from "../../../shared/schemas/roles.ts";
import { readUpload } from "../../multipart.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { invalidField } from "../../validation.ts";
import { loadSysAttr } from "./attributes.ts";
import { CARTOON_MAX_BYTES, createCartoonService } from "./cartoon.ts";
import { attachment, createExportService, type ExportedModel } from "./export.ts";
import { createPhotoCloneService } from "./photo.ts";
import { createRoleService } from "./service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** v1: the system role list, the user's custom roles, and 'create a draft'. */
export async function roleRoutes(app: App) {
  const service = createRoleService(app.deps);
  const photos = createPhotoCloneService(app.deps);
  const cartoons = createCartoonService(app.deps);
  const exports = createExportService(app.deps);
  const me = (request: FastifyRequest) => request.userId as string;

  // The hot reads (docs/decisions/027): kept per user until the database changes.
  route(
    app,
    roles.roleList,
    async (request, reply) => reply.ok(await service.list(me(request), request.query, request.language)),
    { memo: true },
  );

  route(app, roles.customRolePage, async (request, reply) => reply.ok(await service.page(me(request), request.body)), {
    memo: true,
  });

  route(app, roles.customRoleCreate, async (request, reply) =>
    reply.ok(await service.create(me(request), request.body, request.language), "saved"),
  );

  route(app, roles.customRoleCopy, async (request, reply) =>
    reply.ok(await service.copy(me(request), request.body.id, translate("copySuffix", request.language)), "copied"),
  );

  route(app, roles.customRoleUpdate, async (request, reply) => {
    await service.update(me(request), request.body);
    return reply.ok(null, request.body.faceParams ? "saved" : "updated");
  });

  route(app, roles.customRoleDetail, async (request, reply) =>
    reply.ok(await service.detail(me(request), request.params.id)),
  );

  route(app, roles.customRoleInit, async (request, reply) =>
    reply.ok(await service.detailInit(me(request), request.params.id)),
  );

  route(app, roles.sysAttr, async (request, reply) => reply.ok(loadSysAttr(request.language)));

  route(app, roles.sysRoles, async (request, reply) =>
    reply.ok(await service.systemRolesWithParams(me(request), request.language)),
  );

  route(app, roles.roleAndCustomList, async (request, reply) =>
    reply.ok(await service.roleAndCustom(me(request), request.language)),
  );

  route(app, roles.photoCreate, async (request, reply) => {
    const { bytes, fields } = await readUpload(request);
    // the document says a uuid: anything else is refused rather than replaced by one of ours
    if (fields.requestId !== undefined && !UUID.test(fields.requestId)) throw invalidField("body", "requestId");
    const name = translate("photoCloneName", request.language);
    const roleId = await photos.clone(me(request), request.params.sex, bytes, fields.requestId, name);
    return reply.ok(roleId, "cloneSuccess");
  });

  route(app, roles.photoProgress, async (request, reply) =>
    reply.ok(await photos.progressOf(me(request), request.params.requestId.toLowerCase())),
  );

  route(app, roles.cartoonUpload, async (request, reply) => {
    const { bytes } = await readUpload(request, "file", CARTOON_MAX_BYTES, "CARTOON_INVALID");
    return reply.ok(await cartoons.upload(me(request), bytes));
  });

  route(app, roles.cartoonCreate, async (request, reply) =>
    reply.ok(await cartoons.create(me(request), request.body.url, request.host)),
  );

  route(app, roles.toonify, async (request, reply) =>
    reply.ok(await cartoons.toonify(me(request), request.body, request.host, request.language), "saved"),
  );

  route(app, roles.customRoleReset, async (request, reply) => {
    await service.reset(me(request), request.params.id);
    return reply.ok(null, "resetSuccess");
  });

  route(app, roles.customRolePortrait, async (request, reply) =>
    reply.ok(await service.portrait(me(request), request.params.id)),
  );

  route(app, roles.customRoleDelete, async (request, reply) => {
    await service.remove(me(request), request.params.id);
    return reply.ok(null);
  });

  /** The model file itself; failures (not found, locked) answer the envelope as any call does. */
  const sendModel = (reply: FastifyReply, model: ExportedModel, format: "glb" | "vrm") =>
    reply
      .header("content-disposition", attachment(model.name, format))
      // the user's own avatar, built for this request: no shared cache keeps it
      .header("cache-control", "private, no-store")
      .type("model/gltf-binary")
      .send(Buffer.from(model.bytes.buffer, model.bytes.byteOffset, model.bytes.byteLength));
  const modelAnswer = {
    responses: {
      200: {
        description:
          "The model (glTF 2.0 binary; VRM 1.0 is GLB with VRMC_vrm), Content-Disposition attachment named after the avatar. Failures answer the JSON envelope (1212 not found, 1201 locked, 1803 a shop avatar not owned).",
        content: {
          "model/gltf-binary": { schema: ModelFile },
          "application/json": { schema: ErrorEnvelope },
        },
      },
    },
  };

  route(
    app,
    roles.customRoleExport,
    async (request, reply) =>
      sendModel(
        reply,
        await exports.custom(me(request), request.params.id, request.query.format),
        request.query.format,
      ),
    modelAnswer,
  );

  route(
    app,
    roles.roleExport,
    async (request, reply) =>
      sendModel(
        reply,
        await exports.system(me(request), request.params.id, request.query.format, request.language),
        request.query.format,
      ),
    modelAnswer,
  );
}
