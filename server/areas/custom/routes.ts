import type { FastifyRequest } from "fastify";
import { CUSTOM_LIMITS } from "../../../shared/custom.ts";
import { customMadeEndpoints as custom } from "../../../shared/endpoints.ts";
import { readUploads } from "../../multipart.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createCustomService } from "./service.ts";

/** p1: the tailored-model form's options, for visitors too (the /customized page explains them). */
export async function customMadePublicRoutes(app: App) {
  const service = createCustomService(app.deps);
  route(app, custom.customSelectInit, async (request, reply) => reply.ok(service.selectInit(request.language)));
}

/** v1: the user's tailored-model requests: create, list, one, cancel. */
export async function customMadeRoutes(app: App) {
  const service = createCustomService(app.deps);
  const me = (request: FastifyRequest) => request.userId as string;

  route(app, custom.customCreate, async (request, reply) => {
    const upload = await readUploads(request, { field: "photos", maxFiles: CUSTOM_LIMITS.maxPhotos });
    return reply.ok(await service.create(me(request), upload, request.language), "customSubmitted");
  });

  route(app, custom.customMyMade, async (request, reply) =>
    reply.ok(await service.page(me(request), request.body, request.language)),
  );

  route(app, custom.customDetail, async (request, reply) =>
    reply.ok(await service.detail(me(request), request.params.id, request.language)),
  );

  route(app, custom.customCancel, async (request, reply) =>
    reply.ok(await service.cancel(me(request), request.params.id, request.language), "customCancelled"),
  );
}
